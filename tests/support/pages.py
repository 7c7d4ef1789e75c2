"""Helpers for the HTML page tests: read a page the way a browser does and post its form back.

No JavaScript is involved: ``Builder.submit`` sends exactly the fields the rendered
``<form>`` holds (header fields, per-entry fields named by entry id, checked boxes) plus
the pressed button's ``action``, the way a browser without JS submits it;
``Builder.send`` sends only the fields it is given, the way the page's script does.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

from armylists.builder import workspaces
from armylists.lists import documents
from armylists.models import Workspace
from armylists.web import sessions

CAPTAIN = "nordgaard-gestir-captain"
WITCH = "nordgaard-ravenwitch"
OGRE = "nordgaard-ogre-huscarl"
SHIELDWALL = "nordgaard-huscarl-shieldwall"
HOPLITES = "halodynes-hoplites"
AXE = "nordgaard-bearded-axe"
MAIL = "nordgaard-chainmail"
SHIELD = "nordgaard-round-shield"
MEAD = "nordgaard-mead-of-valour"
STAFF = "nordgaard-raven-staff"

BUILD_URL = "/g/godslayer/build/"
START_URL = "/g/godslayer/"

VOID = {
    "area",
    "base",
    "br",
    "col",
    "embed",
    "hr",
    "img",
    "input",
    "link",
    "meta",
    "source",
    "track",
    "wbr",
}


# --- a tiny DOM -------------------------------------------------------------------------


class Node:
    def __init__(self, tag: str, attrs: dict, parent: Node | None = None):
        self.tag, self.attrs, self.parent = tag, attrs, parent
        self.children: list[Node | str] = []

    def __repr__(self):
        return f"<{self.tag} {self.attrs}>"

    def iter(self):
        yield self
        for child in self.children:
            if isinstance(child, Node):
                yield from child.iter()

    def find_all(self, tag: str | None = None, **attrs) -> list[Node]:
        """Descendants by tag and attributes; ``data_code=None`` means "has data-code"."""
        wanted = {k.replace("_", "-"): v for k, v in attrs.items()}
        return [
            node
            for node in self.iter()
            if node is not self
            and (tag is None or node.tag == tag)
            and all(
                k in node.attrs and (v is None or node.attrs[k] == v) for k, v in wanted.items()
            )
        ]

    def find(self, tag: str | None = None, **attrs) -> Node | None:
        found = self.find_all(tag, **attrs)
        return found[0] if found else None

    @property
    def text(self) -> str:
        parts = []
        for child in self.children:
            parts.append(child if isinstance(child, str) else child.text)
        return " ".join(" ".join(parts).split())


class _TreeBuilder(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("#document", {})
        self.current = self.root

    def handle_starttag(self, tag, attrs):
        node = Node(tag, {k: ("" if v is None else v) for k, v in attrs}, self.current)
        self.current.children.append(node)
        if tag not in VOID:
            self.current = node

    def handle_startendtag(self, tag, attrs):
        node = Node(tag, {k: ("" if v is None else v) for k, v in attrs}, self.current)
        self.current.children.append(node)

    def handle_endtag(self, tag):
        node = self.current
        while node is not None and node.tag != tag:
            node = node.parent
        if node is not None and node.parent is not None:
            self.current = node.parent

    def handle_data(self, data):
        self.current.children.append(data)


def parse_html(html: str) -> Node:
    builder = _TreeBuilder()
    builder.feed(html)
    builder.close()
    return builder.root


def form_fields(form: Node) -> dict[str, list[str]]:
    """What a browser submits for ``form`` (without the pressed button)."""
    data: dict[str, list[str]] = {}
    for node in form.iter():
        name = node.attrs.get("name")
        if not name or "disabled" in node.attrs:
            continue
        if node.tag == "input":
            kind = node.attrs.get("type", "text")
            if kind in {"submit", "button", "image", "reset", "file"}:
                continue
            if kind in {"checkbox", "radio"} and "checked" not in node.attrs:
                continue
            data.setdefault(name, []).append(
                node.attrs.get("value", "on" if kind in {"checkbox", "radio"} else "")
            )
        elif node.tag == "textarea":
            data.setdefault(name, []).append(node.text)
        elif node.tag == "select":
            options = node.find_all("option")
            chosen = [o for o in options if "selected" in o.attrs] or options[:1]
            for option in chosen:
                data.setdefault(name, []).append(option.attrs.get("value", option.text))
    return data


# --- pages ------------------------------------------------------------------------------


class Page:
    """A rendered HTML response, with the builder's and read-only lists' parts at hand."""

    def __init__(self, response):
        self.response = response
        self.status = response.status_code
        self.html = response.content.decode()
        self.root = parse_html(self.html)

    def __contains__(self, text: str) -> bool:
        """In the markup, or in the text a reader sees (entities decoded)."""
        return text in self.html or text in self.text

    def testid(self, testid: str) -> list[Node]:
        return self.root.find_all(data_testid=testid)

    @property
    def text(self) -> str:
        return self.root.text

    # the builder

    @property
    def builder_form(self) -> Node:
        for form in self.root.find_all("form"):
            if "data-builder" in form.attrs:
                return form
        raise AssertionError("no builder form on the page")

    def fields(self) -> dict[str, list[str]]:
        return form_fields(self.builder_form)

    @property
    def ids(self) -> list[str]:
        """The entry ids of the list shown, in order."""
        return [node.attrs["data-entry-id"] for node in self.testid("entry")]

    @property
    def pick_ids(self) -> list[str]:
        """The ids of the special-action purchases shown, in order."""
        return [node.attrs["data-pick-id"] for node in self.testid("special-action")]

    @property
    def actions(self) -> list[str]:
        return [
            b.attrs.get("value", "") for b in self.builder_form.find_all("button", name="action")
        ]

    @property
    def entries(self) -> list[dict]:
        """One dict per shown entry: card key, violation codes and the row's text."""
        rows = []
        for node in self.testid("entry"):
            points = node.find(data_testid="entry-points")
            rows.append(
                {
                    "id": node.attrs.get("data-entry-id"),
                    "card": node.attrs.get("data-card") or None,
                    "codes": [li.attrs["data-code"] for li in node.find_all("li", data_code=None)],
                    "points": int(points.text.split()[0])
                    if points is not None and points.text.split()[0].isdigit()
                    else None,
                    "text": node.text,
                    "node": node,
                }
            )
        return rows

    @property
    def cards(self) -> list[str]:
        return [e["card"] for e in self.entries]

    @property
    def entry_codes(self) -> list[list[str]]:
        return [e["codes"] for e in self.entries]

    @property
    def list_codes(self) -> list[str]:
        """Codes of the violations about the whole list (not one entry)."""
        return [
            li.attrs["data-code"]
            for ul in self.root.find_all("ul", **{"class": "violations global"})
            for li in ul.find_all("li", data_code=None)
        ]

    @property
    def all_codes(self) -> list[str]:
        return [n.attrs["data-code"] for n in self.root.find_all(data_code=None)]

    @property
    def total(self) -> int:
        [total] = self.testid("total")
        return int(total.find("strong").text)

    @property
    def errors(self) -> list[str]:
        return [p.text for p in self.root.find_all("p", **{"class": "notice error"})]

    @property
    def messages(self) -> list[str]:
        ul = self.root.find("ul", **{"class": "messages"})
        return [li.text for li in ul.find_all("li")] if ul is not None else []


class Builder:
    """A browser tab on one builder page: it keeps the last page and submits its form."""

    def __init__(self, client, url: str = BUILD_URL, htmx: bool = False):
        self.client, self.url = client, url
        self.headers = {"HX-Request": "true"} if htmx else {}
        self.page: Page | None = None

    def open(self) -> Page:
        response = self.client.get(self.url, headers=self.headers)
        assert response.status_code == 200, response
        self.page = self._page(response)
        return self.page

    def _page(self, response) -> Page:
        page = Page(response)
        page.document = self.document
        return page

    def submit(self, action: str, fields: dict | None = None, *, status: int = 200):
        """Press the button ``action`` after setting ``fields`` (name -> value or list): the
        whole form goes, as a browser without JavaScript sends it."""
        assert self.page is not None, "open() first"
        data = self.page.fields()
        for name, value in (fields or {}).items():
            data[name] = value if isinstance(value, list) else [str(value)]
        return self._post(data, action, status)

    def send(self, action: str = "update", fields: dict | None = None, *, status: int = 200):
        """Post only ``fields`` and ``action``, as the page's script does."""
        data = {k: v if isinstance(v, list) else [str(v)] for k, v in (fields or {}).items()}
        return self._post(data, action, status)

    def field(self, index: int, name: str) -> str:
        """The form field ``name`` of the entry shown at ``index`` (fields are named by
        entry id: ``e.<id>.count``)."""
        return f"e.{self.page.ids[index]}.{name}"

    def _by_id(self, data: dict, action: str) -> tuple[dict, str]:
        """Tests name entries by their place on the page (``e1-count``, ``remove:1``), for
        short tables; the page names them by id, and so does what is posted."""
        ids = self.page.ids if self.page is not None else []
        picks = self.page.pick_ids if self.page is not None else []
        out = {}
        for name, value in data.items():
            found = re.fullmatch(r"e(\d+)-(custom_)?(.+)", name)
            if found:
                field = f"custom-{found[3]}" if found[2] else found[3]
                name = f"e.{ids[int(found[1])]}.{field}"
            found = re.fullmatch(r"a(\d+)-(.+)", name)
            if found:
                name = f"a.{picks[int(found[1])]}.{found[2]}"
            out[name] = value
        verb, sep, arg = action.partition(":")
        head, rest = arg.partition(":")[0], arg.partition(":")[2]
        if verb in ("remove", "duplicate", "up", "down") and head.isdigit():
            action = f"{verb}:{ids[int(head)]}" + (f":{rest}" if rest else "")
        if verb == "remove_action" and arg.isdigit():
            action = f"{verb}:{picks[int(arg)]}"
        return out, action

    def _post(self, data, action, status):
        data, action = self._by_id(data, action)
        data["action"] = [action]
        response = self.client.post(self.url, data, headers=self.headers)
        assert response.status_code == status, (response.status_code, response.content[:2000])
        if response.status_code in {200, 400, 409} and not response.has_header("HX-Redirect"):
            self.page = self._page(response)
        return response

    def add(self, *cards: str) -> Page:
        for card in cards:
            self.submit(f"add:{card}")
        return self.page

    @property
    def document(self) -> dict | None:
        """The list on this builder page, as the server keeps it: its workspace in this
        browser, else the saved list."""
        holder = self.client.session.get("builder")
        saved = re.fullmatch(r"/lists/(\d+)/", self.url)
        key = f"list:{saved[1]}" if saved else f"draft:{self.url.split('/')[2]}"
        found = Workspace.objects.filter(holder=holder, key=key).first()
        if found is not None:
            return found.document
        if saved:
            from armylists.models import ArmyList

            army_list = ArmyList.objects.filter(pk=saved[1]).first()
            return army_list.document if army_list else None
        return None


# --- data ---------------------------------------------------------------------------------


def plain(rows):
    """Entries or special actions without their ids (for comparing with what was sent)."""
    return [{k: v for k, v in row.items() if k != "id"} for row in rows]


def draft_of(client, system: str = "godslayer"):
    """This browser's draft of ``system`` as the server keeps it (None: there is none)."""
    found = Workspace.objects.filter(
        holder=client.session.get("builder"), key=f"draft:{system}", discarded=False
    ).first()
    return found.document if found else None


def field(page, index: int, name: str) -> str:
    """The name of field ``name`` of the entry shown at ``index`` (``e.<id>.<name>``)."""
    return f"e.{page.ids[index]}.{name}"


def document(*entries, name="Nordgaard raid", battle_size=160, faction="nordgaard") -> dict:
    data = {
        "format": "muster-list/1",
        "system": "godslayer",
        "name": name,
        "faction": faction,
        "battle_size": battle_size,
        "role": None,
        "special_actions": [],
    }
    data["entries"] = [
        {
            "count": 1,
            "size": None,
            "items": [],
            "options": [],
            **({"card": e} if isinstance(e, str) else e),
        }
        for e in entries
    ]
    return data


def start_draft(client, *, faction="nordgaard", battle_size=160, name="Nordgaard raid"):
    """Step one of a new list, as the start page posts it."""
    response = client.post(
        START_URL, {"faction": faction, "battle_size": battle_size, "name": name}
    )
    assert response.status_code == 302 and response.url == BUILD_URL, response
    return response


def csrf_token(page: Page) -> str:
    node = page.root.find("input", name="csrfmiddlewaretoken")
    assert node is not None, "no CSRF token on the page"
    return node.attrs["value"]


def list_document(size: int) -> dict:
    data = documents.document_new(
        system="godslayer", faction="nordgaard", battle_size=5000, name=f"{size} entries"
    ).to_dict()
    data["entries"] = [
        {"count": 1, "size": None, "items": [], "options": [], **ENTRIES[i % len(ENTRIES)]}
        for i in range(size)
    ]
    return data


# Cycled through: models with and without items, units of several sizes.
ENTRIES = [
    {"card": CAPTAIN, "items": [AXE, MAIL, SHIELD]},
    {"card": OGRE, "count": 2},
    {"card": SHIELDWALL, "size": 6},
    {"card": WITCH, "items": [STAFF, MEAD]},
    {"card": "nordgaard-berserker"},
    {"card": "nordgaard-tundra-archers", "size": 5, "count": 2},
]


def with_draft(client, data):
    """A draft of ``data`` for this browser, as the start page makes one."""
    session = client.session
    holder = sessions.holder_of(session)
    session.save()
    workspaces.draft_start(holder=holder, document=documents.document_read(data=data))
