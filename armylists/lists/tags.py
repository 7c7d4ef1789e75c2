"""The owner's tags on a list: read, bounded and normalised here, for the API and the
pages alike. A tag is 1-40 characters with no control characters; case does not tell
two tags apart ("Club" and "club" are one tag, kept in lower case); a list carries at
most 20."""

from __future__ import annotations

import unicodedata

from django.utils.translation import gettext

from armylists.models import ArmyList

MAX_TAGS = 20
MAX_TAG_LENGTH = 40


class TagError(ValueError):
    """Tags that cannot be kept; ``problems``: (path, message, code) triples, the path
    an index into the tags sent ("" for the whole)."""

    def __init__(self, problems: list[tuple[str, str, str]]):
        self.problems = problems
        super().__init__("; ".join(message for _, message, _ in problems))


def _has_control(text: str) -> bool:
    return any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn") for c in text)


def tag_normal(raw: str) -> str:
    """One tag as kept: spaces at either end dropped, runs of spaces as one, lower case."""
    return " ".join(raw.split()).casefold()


def tag_problem(raw) -> tuple[str, str] | None:
    """Why ``raw`` is not a tag (message, code), or None if it is one."""
    if not isinstance(raw, str):
        return gettext("a tag is text"), "invalid"
    if _has_control(raw):
        return gettext("a tag may not hold control characters"), "invalid"
    normal = tag_normal(raw)
    if not normal:
        return gettext("a tag may not be empty"), "blank"
    if len(normal) > MAX_TAG_LENGTH:
        return (
            gettext("a tag is at most %(n)s characters") % {"n": MAX_TAG_LENGTH},
            "max_length",
        )
    return None


def tags_read(raw) -> list[str]:
    """The tags to keep from what was sent, in the order given, each once; TagError with
    every problem if any is not a tag or there are more than MAX_TAGS."""
    if not isinstance(raw, list):
        raise TagError([("", gettext("tags are a list of texts"), "not_a_list")])
    problems = []
    for i, value in enumerate(raw):
        found = tag_problem(value)
        if found is not None:
            problems.append((f"[{i}]", *found))
    if problems:
        raise TagError(problems)
    kept = list(dict.fromkeys(tag_normal(value) for value in raw))
    if len(kept) > MAX_TAGS:
        message = gettext("a list carries at most %(n)s tags") % {"n": MAX_TAGS}
        raise TagError([("", message, "max_length")])
    return kept


def tags_from_text(text: str) -> list[str]:
    """Tags typed into one field, separated by commas (the page's form)."""
    return tags_read([part for part in text.split(",") if part.strip()])


def list_set_tags(*, army_list: ArmyList, tags: list[str]) -> ArmyList:
    """Give the list these tags (already read by tags_read). Not a save of the list: no
    new version, and "last saved" stays as it was."""
    army_list.tags = tags
    ArmyList.objects.filter(pk=army_list.pk).update(tags=tags)
    return army_list
