"""What Mordheim's validators take in a pack (rules/engine/params.py): the rulebook's
numbers (500 gc, 3-15 fighters, 6 heroes, groups of 1-5) as a pack's defaults."""

from rules.engine.params import number, shape

PARAMS = {
    "gold_budget": shape(default=number(1)),
    "warband_size": shape(min=number(1, 1000), max=number(1, 1000)),
    "hero_limit": shape(max=number(0, 1000)),
    "henchman_group": shape(min=number(1, 1000), max=number(1, 1000)),
}
