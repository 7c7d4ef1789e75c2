"""The docs a newcomer reads hold together: README.md is a front page of at most 250 lines,
every link in it and in docs/ resolves (files and images exist, an anchor names a heading of
its page by GitHub's rules, an external link has the shape of one), every page of docs/ can
be reached from the front page, and docs/layout.md is what scripts/layout_doc.py writes from
the code now. No database and no network: external links are checked for their shape only,
and pytest-django refuses these tests any database access (they pass with DATABASE_URL
pointing at no server).
"""

import difflib
import re
from collections import deque
from functools import cache
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from markdown_it import MarkdownIt

from scripts import layout_doc
from tests.support.paths import ROOT

README_LINES = 250
IMAGES = {".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp"}
HTML_LINK = re.compile(r"""(?:href|src)\s*=\s*["']([^"']+)["']""")
MARKDOWN = MarkdownIt("commonmark").enable("table")


def pages(root: Path = ROOT) -> list[Path]:
    """Every Markdown page a reader is sent to: the front page, the history and docs/."""
    found = [root / "README.md", root / "CHANGELOG.md", *sorted((root / "docs").rglob("*.md"))]
    return [page for page in found if page.exists()]


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped (letters of
    any script, digits, `_` and `-` stay), each space a hyphen."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


@cache
def parsed(page: Path) -> tuple[tuple[str, ...], tuple[tuple[str, int, str], ...]]:
    """The page's anchors (a repeated heading gets -1, -2, … as on GitHub) and its links:
    (target, line, kind) for every link, image and HTML href/src outside code."""
    tokens = MARKDOWN.parse(page.read_text(encoding="utf-8"))
    anchors: list[str] = []
    links: list[tuple[str, int, str]] = []
    for i, token in enumerate(tokens):
        line = token.map[0] + 1 if token.map else 0
        if token.type == "heading_open":
            text = "".join(c.content for c in tokens[i + 1].children
                           if c.type in ("text", "code_inline"))
            base = slug(text)
            anchors.append(base if base not in anchors else
                           next(f"{base}-{n}" for n in range(1, 100)
                                if f"{base}-{n}" not in anchors))
        if token.type == "html_block":
            links += [(href, line, "html") for href in HTML_LINK.findall(token.content)]
        for child in token.children or ():
            if child.type == "link_open":
                links.append((child.attrGet("href") or "", line, "link"))
            elif child.type == "image":
                links.append((child.attrGet("src") or "", line, "image"))
            elif child.type == "html_inline":
                links += [(href, line, "html") for href in HTML_LINK.findall(child.content)]
    return tuple(anchors), tuple(links)


def external_problem(target: str) -> str | None:
    parts = urlsplit(target)
    host = parts.hostname or ""
    if re.search(r"\s", target) or not ("." in host or host == "localhost"):
        return "not the shape of a web address"
    return None


def local_file(page: Path, path: str, root: Path) -> Path:
    # A path starting with / is from the repository's root, as GitHub reads it.
    base = root if path.startswith("/") else page.parent
    return (base / unquote(path).lstrip("/")).resolve()


def link_problem(page: Path, target: str, kind: str, root: Path = ROOT) -> str | None:
    """What is wrong with one link of a page, or None when it resolves."""
    parts = urlsplit(target)
    if parts.scheme in ("http", "https"):
        return external_problem(target)
    if parts.scheme == "mailto":
        return None if "@" in parts.path else "not an e-mail address"
    if parts.scheme or not target:
        return f"a link must be a relative path or http(s), not {target!r}"
    file = local_file(page, parts.path, root) if parts.path else page
    if not file.is_relative_to(root.resolve()):
        return "points outside the repository"
    if not file.exists():
        return f"no such file: {file.relative_to(root.resolve())}"
    if kind == "image" and file.suffix.lower() not in IMAGES:
        return "an image link to something that is no image"
    if parts.fragment:
        if file.suffix != ".md":
            return "an anchor into a file that is not a Markdown page"
        if parts.fragment not in parsed(file)[0]:
            return f"no heading with the anchor #{parts.fragment} in {file.name}"
    return None


def problems(root: Path = ROOT) -> list[str]:
    found = []
    for page in pages(root):
        for target, line, kind in parsed(page)[1]:
            problem = link_problem(page, target, kind, root)
            if problem:
                found.append(f"{page.relative_to(root)}:{line}: {target}: {problem}")
    return found


def reachable(start: Path, root: Path = ROOT) -> set[Path]:
    """Every Markdown page reached from `start` by following its links."""
    seen, queue = {start.resolve()}, deque([start])
    while queue:
        page = queue.popleft()
        for target, _line, kind in parsed(page)[1]:
            parts = urlsplit(target)
            if kind == "image" or parts.scheme or not parts.path.endswith(".md"):
                continue
            file = local_file(page, parts.path, root)
            if file.exists() and file not in seen:
                seen.add(file)
                queue.append(file)
    return seen


def test_the_readme_is_a_front_page_of_at_most_250_lines():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_LINES, (
        f"README.md has {len(lines)} lines; at most {README_LINES}: move detail to docs/")


def test_every_link_in_the_readme_and_docs_resolves():
    checked = sum(len(parsed(page)[1]) for page in pages())
    assert checked > 50, "the checker found almost no links: is it reading the pages?"
    assert problems() == []


def test_every_page_of_the_docs_is_reached_from_the_front_page():
    unreached = {page.resolve() for page in pages()} - reachable(ROOT / "README.md")
    assert sorted(str(p.relative_to(ROOT)) for p in unreached) == [], (
        "link each page from README.md or docs/README.md")


def test_the_layout_page_is_what_the_code_says_now():
    written = layout_doc.TARGET.read_text(encoding="utf-8")
    expected = layout_doc.render()
    diff = "".join(list(difflib.unified_diff(
        written.splitlines(True), expected.splitlines(True),
        "docs/layout.md (committed)", "docs/layout.md (from the code now)"))[:60])
    assert written == expected, (
        f"docs/layout.md is stale: run `{layout_doc.REGENERATE}` and commit it\n{diff}")


HEADINGS = """# Muster

## Packs (API)
## `loadpack` at every `make run`
## Two commands — and more
## Größe der Liste
## Packs (API)
"""


@pytest.mark.parametrize("target, kind, problem", [
    ("other.md", "link", None),
    ("other.md#the-part", "link", None),
    ("sub/deep.md", "link", None),
    ("#packs-api", "link", None),
    ("#packs-api-1", "link", None),  # the second heading of that name
    ("#loadpack-at-every-make-run", "link", None),
    ("#two-commands--and-more", "link", None),
    ("#größe-der-liste", "link", None),
    ("pic.png", "image", None),
    ("/other.md", "link", None),  # from the repository's root
    ("https://github.com/BSData/mordheim", "link", None),
    ("http://127.0.0.1:8000/api/docs/", "link", None),
    ("mailto:club@example.org", "link", None),
    ("missing.md", "link", "no such file: missing.md"),
    ("other.md#nowhere", "link", "no heading with the anchor #nowhere in other.md"),
    ("#packs-api-2", "link", "no heading with the anchor #packs-api-2 in page.md"),
    ("#Packs-API", "link", "no heading with the anchor #Packs-API in page.md"),
    ("missing.png", "image", "no such file: missing.png"),
    ("other.md", "image", "an image link to something that is no image"),
    ("pic.png#top", "link", "an anchor into a file that is not a Markdown page"),
    ("../outside.md", "link", "points outside the repository"),
    ("https://exa mple.org/", "link", "not the shape of a web address"),
    ("https:///no-host", "link", "not the shape of a web address"),
    ("ftp://example.org/file", "link", "a link must be a relative path or http(s), not "
                                       "'ftp://example.org/file'"),
])
def test_the_link_checker_tells_a_broken_link_from_a_good_one(tmp_path, target, kind, problem):
    root = tmp_path / "repo"
    (root / "sub").mkdir(parents=True)
    (root / "page.md").write_text(HEADINGS, encoding="utf-8")
    (root / "other.md").write_text("# The part\n", encoding="utf-8")
    (root / "sub" / "deep.md").write_text("# Deep\n", encoding="utf-8")
    (root / "pic.png").write_bytes(b"\x89PNG")
    (tmp_path / "outside.md").write_text("# Out\n", encoding="utf-8")
    assert link_problem(root / "page.md", target, kind, root) == problem


def test_the_link_checker_reads_links_images_and_html_but_not_code(tmp_path):
    page = tmp_path / "page.md"
    page.write_text(
        "# Title\n\nSee [the guide](guide.md) and ![a shot](shot.png).\n\n"
        "A `[not a link](nowhere.md)` in code.\n\n```\n[nor here](nowhere.md)\n```\n\n"
        '<p><img src="html.png"></p>\n\n| a | b |\n|---|---|\n| [cell](cell.md) | x |\n',
        encoding="utf-8")
    assert parsed(page) == (("title",), (("guide.md", 3, "link"), ("shot.png", 3, "image"),
                                          ("html.png", 11, "html"), ("cell.md", 15, "link")))


@pytest.mark.parametrize("docstring, sentence", [
    ("One line.", "One line."),
    ("No full stop", "No full stop"),
    ("Reads packs (e.g. `fixtures/x.yaml`). More here.", "Reads packs (e.g. `fixtures/x.yaml`)."),
    ("Wraps\nover lines. Second.", "Wraps over lines."),
    ("Ends at the paragraph\n\nnot after it. Really.", "Ends at the paragraph"),
    ("Names `a. b` in code. Then more.", "Names `a. b` in code."),
    ("Is it? Yes.", "Is it?"),
    (None, "(no docstring)"),
])
def test_the_layout_page_takes_a_docstrings_first_sentence(docstring, sentence):
    assert layout_doc.first_sentence(docstring) == sentence


def test_the_layout_page_shows_docstring_text_as_written():
    assert layout_doc.markdown("`/s/<token>/` and <token>, *.yaml, [x]") == (
        r"`/s/<token>/` and &lt;token>, \*.yaml, \[x\]")
