"""Writes docs/layout.md from the code itself: each package's and module's docstring, first
sentence, grouped by top-level package and sub-package.

The page cannot drift from the tree: tests/setup/test_docs.py fails when docs/layout.md
differs from what this script writes now. It only reads files (no import of the code), so it
works on whatever tree exists. Run from anywhere:

    .venv/bin/python scripts/layout_doc.py          # rewrites docs/layout.md
    .venv/bin/python scripts/layout_doc.py --check  # exit 1 when docs/layout.md is stale
"""

import ast
import inspect
import re
import sys
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET = ROOT / "docs" / "layout.md"
REGENERATE = ".venv/bin/python scripts/layout_doc.py"
# Folders that hold no code of the project's own (tests/ mirrors the code, see
# docs/development.md) and folders inside a package that are not read.
NOT_CODE = {"tests", "var", "node_modules", "docs", "static", "templates", "locale"}
SKIPPED = {"migrations", "__pycache__"}
# A full stop after these does not end a sentence.
ABBREVIATIONS = {"e.g", "i.e", "etc", "cf", "vs", "approx"}
NO_DOCSTRING = "(no docstring)"
# What a module without a docstring is by Django's conventions (its file name).
CONVENTIONS = {
    "manage.py": "Django's command-line utility (`manage.py <command>`).",
    "admin.py": "The app's models registered in Django's admin.",
    "apps.py": "The app's configuration (Django's AppConfig).",
    "urls.py": "The URL routes of this package.",
}

HEADER = f"""# Layout: where the code lives

<!-- Written by scripts/layout_doc.py from the code's docstrings: do not edit by hand.
     Regenerate with `{REGENERATE}`; tests/setup/test_docs.py fails when it is stale. -->

Every package and module of the project with the first sentence of its docstring, by
top-level package and sub-package (migrations left out). How the layers may import one
another, where tests go and what the folders without Python hold:
[development.md](development.md).
"""


def docstring(path: Path) -> str | None:
    """The module's docstring, read from its first tokens only (no parse of the whole file)."""
    skip = {tokenize.ENCODING, tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE}
    with path.open("rb") as source:
        tokens = tokenize.tokenize(source.readline)
        first = next((tok for tok in tokens if tok.type not in skip), None)
        if first is None or first.type != tokenize.STRING:
            return None
        after = next((tok for tok in tokens if tok.type != tokenize.COMMENT), None)
    if after is not None and after.type not in (tokenize.NEWLINE, tokenize.ENDMARKER):
        return None  # a string that is part of an expression, not a docstring
    try:
        text = ast.literal_eval(first.string)
    except (ValueError, SyntaxError):  # an f-string is not a docstring
        return None
    return inspect.cleandoc(text) if isinstance(text, str) else None


def command_help(path: Path) -> str | None:
    """A management command's ``help`` text (what `manage.py help <command>` prints)."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == [
                "help"] and isinstance(node.value, ast.Constant):
            return str(node.value.value)
    return None


def model_names(path: Path) -> list[str]:
    """The classes a models module defines at its top level, in file order."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [node.name for node in tree.body if isinstance(node, ast.ClassDef)]


def described(path: Path) -> str:
    """What the page says of one module: its docstring's first sentence (for a models
    module, with its classes), else what a management command's help or Django's
    conventions for where it lives say."""
    text = docstring(path)
    if text and path.name == "models.py":
        return f"{first_sentence(text)} Classes: {', '.join(model_names(path)) or 'none'}."
    if text:
        return first_sentence(text)
    where = path.parent.name
    if where == "commands" and path.parent.parent.name == "management":
        text = command_help(path)
        name = f"`manage.py {path.stem}`"
        return f"{name}: {first_sentence(text)}" if text else f"{name} (no docstring of its own)."
    if where == "settings":
        return f"The `{path.stem}` settings (no docstring of its own)."
    if where == "templatetags":
        return f"Template tags and filters (`{{% load {path.stem} %}}`; no docstring of its own)."
    return CONVENTIONS.get(path.name, NO_DOCSTRING)


def first_sentence(text: str | None) -> str:
    """The docstring's first sentence: up to the first full stop (or ! or ?) outside
    backticks that is followed by a space, within its first paragraph."""
    if not text:
        return NO_DOCSTRING
    paragraph = " ".join(text.split("\n\n", 1)[0].split())
    in_code = False
    for i, char in enumerate(paragraph):
        if char == "`":
            in_code = not in_code
        elif char in ".!?" and not in_code and paragraph[i + 1:i + 2] in ("", " "):
            word = paragraph[:i].rsplit(" ", 1)[-1].lstrip("(").lower()
            if word not in ABBREVIATIONS:
                return paragraph[:i + 1]
    return paragraph


def markdown(text: str) -> str:
    """Text safe to show as Markdown: outside code spans, `<`, `*`, `[` and `]` are shown
    as written rather than read as HTML, emphasis or links."""
    parts = text.split("`")
    for i in range(0, len(parts), 2):  # even parts are outside backticks
        parts[i] = re.sub(r"([*\[\]])", r"\\\1", parts[i].replace("<", "&lt;"))
    return "`".join(parts)


def roots() -> list[Path]:
    """Top-level folders holding Python, in name order."""
    return sorted(
        path for path in ROOT.iterdir()
        if path.is_dir() and not path.name.startswith(".") and path.name not in NOT_CODE
        and path.name not in SKIPPED and any(path.rglob("*.py"))
    )


def folders(root: Path) -> list[Path]:
    """The root and every folder under it that holds Python, skipping migrations."""
    found = [root]
    for path in sorted(root.rglob("*")):
        inside = path.relative_to(root).parts
        if path.is_dir() and not SKIPPED & set(inside) and any(path.glob("*.py")):
            found.append(path)
    return found


def folder_section(folder: Path, level: str) -> list[str]:
    """A heading for the folder, its package's sentence and a line per module; nothing for
    a folder with neither (e.g. ``management/``, which only holds ``commands/``)."""
    package = docstring(folder / "__init__.py") if (folder / "__init__.py").exists() else None
    modules = sorted(p for p in folder.glob("*.py") if p.name != "__init__.py")
    if not package and not modules and level != "##":
        return []
    lines = [f"{level} {folder.relative_to(ROOT).as_posix()}/", ""]
    if package:  # an empty __init__.py says nothing
        lines += [markdown(first_sentence(package)), ""]
    lines += [f"- `{p.name}`: {markdown(described(p))}" for p in modules]
    return lines + ([""] if modules else [])


def top_level_modules() -> list[str]:
    modules = sorted(ROOT.glob("*.py"))
    if not modules:
        return []
    lines = ["## Top level", ""]
    lines += [f"- `{p.name}`: {markdown(described(p))}" for p in modules]
    return lines + [""]


def render() -> str:
    """docs/layout.md as the code says it now."""
    lines = [HEADER]
    lines += top_level_modules()
    for root in roots():
        for folder in folders(root):
            lines += folder_section(folder, "##" if folder == root else "###")
    return "\n".join(lines).rstrip("\n") + "\n"


def main(argv: list[str]) -> int:
    text = render()
    if "--check" in argv:
        current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
        if current != text:
            print(f"docs/layout.md is stale: run `{REGENERATE}` and commit it")
            return 1
        return 0
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
