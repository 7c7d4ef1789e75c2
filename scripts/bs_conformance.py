"""Run WarHub's battlescribe-spec roster specs against our evaluator, through our adapter
(``bs_spec_adapter.py``, the suite's adapter protocol), and count what passes.

    .venv/bin/python scripts/bs_conformance.py SPEC_REPO [CATEGORY ...] [--verbose]

SPEC_REPO is a checkout of github.com/WarHub/battlescribe-spec or a bare git directory of
it (its HEAD is read); the specs are read from there, never copied. CATEGORY names the
folders under specs/roster/ to run (default: cost modifier condition constraint scope
entry-link). The suite's own runner is .NET; this one follows its rules as its
RosterRunner and docs/error-assertions.md state them: steps run in order,
``${{ steps.<id>.<output> }}`` resolved, each ``expectedState`` checks only what it
names (lists element by element, no extra elements), and a state that names no errors
expects none. Expectations are the reference engine's ("battlescribe": its per-engine
overrides apply, a spec it skips is skipped). Prints one line per failure with
--verbose, then passed/run per category.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import yaml
from bs_spec_checks import Checks  # noqa: E402  (beside this script)

HERE = Path(__file__).resolve().parent
ADAPTER = HERE / "bs_spec_adapter.py"
DEFAULT_CATEGORIES = ("cost", "modifier", "condition", "constraint", "scope", "entry-link")
ENGINE = "battlescribe"  # whose expectations we hold ourselves to
EXPRESSION = re.compile(r"\$\{\{\s*steps\.([^.\s}]+)\.([^\s}]+)\s*\}\}")
ACTION_FIELDS = ("forceEntryId", "entryId", "catalogueId", "forceId", "selectionId",
                 "costTypeId", "count", "value", "customName", "customNotes",
                 "categoryEntryId", "content")


class Loader(yaml.SafeLoader):
    """YAML 1.2's booleans (true/false only): the specs' ``on:`` is a key, not a flag."""


Loader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:bool"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
Loader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
)


class Specs:
    """The spec files of a checkout or a bare git directory."""

    def __init__(self, repo: Path):
        self.repo = repo
        self.bare = not (repo / "specs").is_dir()

    def git(self, *args: str) -> str:
        return subprocess.run(["git", f"--git-dir={self.repo}", *args], check=True,
                              capture_output=True, text=True).stdout

    def commit(self) -> str:
        if self.bare:
            return self.git("rev-parse", "HEAD").strip()
        return subprocess.run(["git", "-C", str(self.repo), "rev-parse", "HEAD"],
                              capture_output=True, text=True).stdout.strip() or "?"

    def files(self, category: str) -> list[str]:
        folder = f"specs/roster/{category}"
        if self.bare:
            names = self.git("ls-tree", "--name-only", f"HEAD:{folder}").split()
        else:
            names = sorted(p.name for p in (self.repo / folder).iterdir())
        return [f"{folder}/{n}" for n in sorted(names) if n.endswith((".yaml", ".yml"))]

    def read(self, path: str) -> dict:
        raw = self.git("show", f"HEAD:{path}") if self.bare else (self.repo / path).read_text()
        return yaml.load(raw, Loader=Loader)  # noqa: S506 (a safe loader)


class Adapter:
    def __init__(self):
        self.process = subprocess.Popen(
            [sys.executable, str(ADAPTER)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            text=True, bufsize=1,
        )
        self.sequence = 0

    def ask(self, message: dict) -> dict:
        self.sequence += 1
        message = {**message, "corrId": self.sequence}
        self.process.stdin.write(json.dumps(message) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError("the adapter stopped")
        return json.loads(line)

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait(timeout=30)


def with_defaults(spec: dict) -> tuple[dict, list[dict]]:
    """The setup as the suite sends it: an unnamed game system or catalogue is named
    after the spec (SpecLoader.ApplySetupDefaults)."""
    setup = spec["setup"]
    system = dict(setup.get("gameSystem") or {})
    system.setdefault("id", spec["id"])
    system.setdefault("name", spec["id"])
    catalogues = []
    several = len(setup.get("catalogues") or []) > 1
    for i, catalogue in enumerate(setup.get("catalogues") or []):
        catalogue = dict(catalogue)
        catalogue.setdefault("gameSystemId", system["id"])
        catalogue.setdefault("name", f"{spec['id']}-{i + 1}" if several else spec["id"])
        catalogues.append(catalogue)
    return system, catalogues


class Run:
    def __init__(self, adapter: Adapter, spec: dict):
        self.adapter = adapter
        self.spec = spec
        self.outputs: dict[str, dict] = {}
        self.failures: list[str] = []

    def resolve(self, value):
        if not isinstance(value, str):
            return value

        def lookup(match: re.Match) -> str:
            found = self.outputs.get(match.group(1), {})
            for part in match.group(2).split("."):
                found = found.get(part, {}) if isinstance(found, dict) else {}
            return found if isinstance(found, str) else ""

        return EXPRESSION.sub(lookup, value)

    def action(self, i: int, step: dict) -> bool:
        step = {**step, **((step.get("engines") or {}).get(ENGINE) or {})}
        message = {"type": "action", "action": step["action"]}
        for name in ACTION_FIELDS:
            if step.get(name) is not None:
                message[name] = self.resolve(step[name])
        reply = self.adapter.ask(message)
        if reply.get("type") != "actionResult" or not reply.get("ok"):
            self.failures.append(f"step {i}: {step['action']} failed: {reply.get('error')}")
            return False
        if step.get("id"):
            self.outputs[step["id"]] = reply.get("outputs") or {}
        return True

    def expect(self, i: int, expected: dict) -> None:
        override = (expected.get("engines") or {}).get(ENGINE) or {}
        expected = {**expected, **{k: v for k, v in override.items() if v is not None}}
        state = self.adapter.ask({"type": "getState"})
        errors = self.adapter.ask({"type": "getErrors"}).get("errors", [])
        self.failures += Checks(i, state, errors).check(expected)

    def run(self) -> list[str]:
        system, catalogues = with_defaults(self.spec)
        reply = self.adapter.ask({"type": "setup", "version": "1.0", "gameSystem": system,
                                  "catalogues": catalogues})
        if reply.get("errors"):
            return [f"setup: {reply['errors']}"]
        try:
            for i, step in enumerate(self.spec["steps"]):
                if {ENGINE, "muster"} & set(step.get("skipEngines") or ()):
                    continue
                if "action" in step:
                    if not self.action(i, step):
                        break
                elif "expectedState" in step:
                    self.expect(i, step["expectedState"] or {})
                else:
                    self.failures.append(f"step {i}: not a roster step we run")
        finally:
            self.adapter.ask({"type": "teardown"})
        return self.failures


def main(argv: list[str]) -> int:
    verbose = "--verbose" in argv
    args = [a for a in argv if a != "--verbose"]
    if not args:
        print(__doc__)
        return 2
    specs = Specs(Path(args[0]))
    categories = args[1:] or list(DEFAULT_CATEGORIES)
    adapter = Adapter()
    passed, ran, skipped = Counter(), Counter(), Counter()
    try:
        for category in categories:
            for path in specs.files(category):
                spec = specs.read(path)
                engines = spec.get("engines") or {}
                if engines.get(ENGINE) == "skip" or "dataSource" in spec["setup"]:
                    skipped[category] += 1
                    continue
                ran[category] += 1
                failures = Run(adapter, spec).run()
                if failures:
                    if verbose:
                        print(f"FAIL {path}")
                        for failure in failures[:8]:
                            print(f"    {failure}")
                else:
                    passed[category] += 1
    finally:
        adapter.close()
    print(f"battlescribe-spec {specs.commit()}")
    print("| Category | Passed | Run | Skipped |")
    print("|---|---|---|---|")
    for category in categories:
        print(f"| {category} | {passed[category]} | {ran[category]} | {skipped[category]} |")
    print(f"| all | {sum(passed.values())} | {sum(ran.values())} | {sum(skipped.values())} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
