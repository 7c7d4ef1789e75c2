"""What Boarding Action's validators take in a pack (rules/engine/params.py)."""

from rules.engine.params import number, shape, words

BASE_MM = number(1, 1000)

PARAMS = {
    "battle_size": shape(limit=number(1), free_special_action_points=number()),
    "special_action_role": shape(roles=words(most=16)),
    # Any "<unit type>_max_base_mm" limits that type's bases.
    "forbidden_unit": shape(
        {"^[a-z][a-z0-9_]{0,40}_max_base_mm$": {**BASE_MM,
                                                "description": "<unit type>_max_base_mm"}},
        forbidden_types=words(most=64),
        allowed_types=words(most=64),
    ),
    # Word stems of flight gear; "tags", the exact keywords older packs carry.
    "forbidden_wargear": shape(stems=words(), tags=words()),
    "side_corridor": shape(max_base_mm=BASE_MM, barred_types=words(most=64)),
}
