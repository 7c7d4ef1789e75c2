"""A battle recorded step by step on the campaign page, kept on the server as a draft
(``services.campaign_battles``): the page's steps, what each adds to the
battle, and the choices the campaign rules still wait for.

Each step's form adds its part (``KEYS``) and drops the parts of the steps after it
(they depend on it); the battle is then resolved up to that step (``UNTIL``), its dice
rolled and stored in the draft, so a reload or a later visit shows the same dice. A
choice the rules cannot make for the player (a skill, WS or BS, two skill lists, a
location's option) comes back as ``pending``: ``choice_fields`` offers each as a field
named by its path, ``with_choices`` puts the answers where the rules look for them.
"""

from __future__ import annotations

import copy
import re

from django.utils.translation import gettext as _

from armylists.presenters.names import local_name, stat_labels

STEPS = ("battle", "experience", "exploration", "trading", "review")
KEYS = {
    "battle": ("won", "opponent_rating", "old_wound_rolls", "injuries", "captured"),
    "experience": ("enemies_out_of_action", "experience", "advances"),
    "exploration": ("exploration",),
    "trading": ("sell_shards", "sales", "purchases", "recruits", "dismissals", "hires", "moves",
                "veterans"),
}
# The last step of the campaign rules each page step resolves.
UNTIL = {"battle": "injuries", "experience": "experience", "exploration": "exploration",
         "trading": "rating", "review": "rating"}
KEPT_CHOICES = ("choice", "spell", "skill_lists", "promotion", "rest", "name",
                "promoted_entry_id", "rerolled")
_TOKEN = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)|\[([0-9]{1,3})\]")


def next_step(done: str | None) -> str:
    """The step after ``done`` (the first when nothing is done)."""
    if not done:
        return STEPS[0]
    return STEPS[min(STEPS.index(done) + 1, len(STEPS) - 1)]


def done_steps(done: str | None) -> tuple[str, ...]:
    """Every step saved so far: ``done`` and the steps before it (saving a step drops
    the ones after it, so the saved steps are always a prefix)."""
    if not done:
        return ()
    return STEPS[:STEPS.index(done) + 1]


def merge(data: dict, step: str, part: dict) -> dict:
    """The draft with ``step``'s part replaced and the later steps' parts dropped. New
    advance dice keep the choices made on the same dice before."""
    later = {key for name in STEPS[STEPS.index(step):] for key in KEYS.get(name, ())}
    out = {k: v for k, v in data.items() if k not in later}
    part = copy.deepcopy(part)
    if step == "experience":
        _keep_choices(part.get("advances") or [], data.get("advances") or [])
    out.update(part)
    return out


def _keep_choices(new: list[dict], old: list[dict]) -> None:
    seen: dict[str, int] = {}
    earlier: dict[str, list[dict]] = {}
    for row in old:
        earlier.setdefault(row.get("entry_id"), []).append(row)
    for row in new:
        n = seen[row["entry_id"]] = seen.get(row["entry_id"], -1) + 1
        before = earlier.get(row["entry_id"], [])
        if n < len(before) and (before[n].get("roll"), before[n].get("sub_roll")) == (
                row.get("roll"), row.get("sub_roll")):
            row.update({k: before[n][k] for k in KEPT_CHOICES if before[n].get(k) is not None})


def advance_dice(data: dict) -> dict[str, str]:
    """The advance dice stored for each fighter, as the experience step writes them."""
    out: dict[str, list[str]] = {}
    for row in data.get("advances") or []:
        if row.get("roll") is None:
            continue
        text = str(row["roll"]) + (f"/{row['sub_roll']}" if row.get("sub_roll") else "")
        out.setdefault(row["entry_id"], []).append(text)
    return {who: " ".join(dice) for who, dice in out.items()}


# -- choices still owed ---------------------------------------------------------------


def choice_fields(pending: list[dict], catalogue=None) -> list[dict]:
    """One field per pending choice: ``name`` (``c:<path>``), ``label`` (in words: whose
    choice and among what), ``options`` (value, label), ``multiple`` (how many to pick,
    when more than one), or a number. ``catalogue``: the game's, for its stat labels."""
    labels = stat_labels(catalogue) if catalogue is not None else {}
    cards = {c.name: local_name(c) for c in catalogue.cards.values()} if catalogue else {}
    fields = []
    for item in pending:
        if item.get("fighter"):  # a group called by its card's name: in the reader's words
            item = {**item, "fighter": cards.get(item["fighter"], item["fighter"])}
        stats = _is_stat_choice(item, catalogue)
        options = [(str(o), _("+1 %(stat)s") % {"stat": labels.get(o, o)} if stats else str(o))
                   for o in item.get("options") or []]
        many = item.get("choose") or item.get("up_to")  # a list of that many
        fields.append({
            "name": f"c:{item['path']}",
            "path": item["path"],
            "label": _label(item, [label for _value, label in options], stats, labels),
            "options": options,
            "multiple": many or None,
            "number": not options,
        })
    return fields


def _is_stat_choice(item: dict, catalogue) -> bool:
    """Whether the options are characteristics (an advance's "WS or BS")."""
    order = (catalogue.attributes.get("stat_order") or []) if catalogue is not None else []
    options = item.get("options") or []
    return bool(options and order and all(o in order for o in options))


def _or(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return _("%(some)s or %(last)s") % {"some": ", ".join(words[:-1]), "last": words[-1]}


def _label(item: dict, options: list[str], stats: bool, labels: dict) -> str:
    path, fighter = item["path"], item.get("fighter")
    if path.endswith("skill_lists"):
        if fighter:
            return _("%(fighter)s becomes a hero: choose two skill lists") % {"fighter": fighter}
        return _("Choose two skill lists for the new hero")
    if path.endswith("discard"):
        return _("Exploration: choose the dice to discard")
    if path.endswith("rerolls"):
        return _("Exploration: choose the dice to roll again")
    if item.get("stat"):
        stat = labels.get(item["stat"], item["stat"])
        if item.get("who") == "leader":
            return _("The location's test: your leader's %(stat)s (type it from his profile)") % {
                "stat": stat}
        return _("The location's test: the hero's %(stat)s (type it from his profile)") % {
            "stat": stat}
    if fighter and stats:
        return _("%(fighter)s's advance: %(options)s") % {"fighter": fighter,
                                                          "options": _or(options)}
    if fighter and item.get("or_spell"):
        return _("%(fighter)s's advance: a new skill (or a spell)") % {"fighter": fighter}
    if fighter:
        return _("%(fighter)s's advance: a new skill") % {"fighter": fighter}
    if item.get("or_spell"):
        return _("Choose a new skill")
    if path.endswith("choose.option"):
        return _("The location offers a choice: %(options)s") % {"options": _or(options)}
    return _("Choose one: %(options)s") % {"options": _or(options)}


def with_choices(data: dict, pending: list[dict], post) -> tuple[dict, list[str]]:
    """The draft with the answers of ``post`` put at each pending path; the labels of
    the answers that are not among the options."""
    out, wrong = copy.deepcopy(data), []
    for field in choice_fields(pending):
        options = {value: raw for value, raw in zip(
            [v for v, _label in field["options"]], pending_options(pending, field["path"]),
            strict=True)}
        if field["multiple"]:
            values = post.getlist(field["name"])
            if not values:
                continue
            if any(v not in options for v in values) or len(values) > field["multiple"]:
                wrong.append(field["label"])
                continue
            _put(out, field, [options[v] for v in values], wrong)
            continue
        value = (post.get(field["name"]) or "").strip()
        if not value:
            continue
        if field["number"]:
            if not re.fullmatch(r"[0-9]{1,2}", value):
                wrong.append(field["label"])
                continue
            _put(out, field, int(value), wrong)
        elif value in options:
            _put(out, field, options[value], wrong)
        else:
            wrong.append(field["label"])
    return out, wrong


def pending_options(pending: list[dict], path: str) -> list:
    for item in pending:
        if item["path"] == path:
            return list(item.get("options") or [])
    return []


def _put(data: dict, field: dict, value, wrong: list[str]) -> None:
    try:
        set_path(data, field["path"], value)
    except (IndexError, KeyError, TypeError):  # the draft changed shape meanwhile
        wrong.append(field["label"])


def set_path(data: dict, path: str, value) -> None:
    """``data`` with ``value`` at ``path`` (``advances[0].promotion.choice``): objects
    made where missing, list indexes within the list."""
    tokens = [(m[1], m[2]) for m in _TOKEN.finditer(path)]
    node = data
    for n, (name, index) in enumerate(tokens):
        last = n == len(tokens) - 1
        key = name if name else int(index)
        if last:
            node[key] = value
            return
        if name:
            child = node.get(key)
            if not isinstance(child, (dict, list)):
                child = node[key] = {}
        else:
            child = node[key]
        node = child
