"""The matchup endpoint's documented example: a request and its real answer with the
shipped sample pack (tests/api/test_matchup.py checks that the answer is still this)."""

MATCHUP_EXAMPLE = {
    "attacker": {"card": "knight-errant", "items": [], "options": ["rune-blade"],
                 "wounds_taken": 0},
    "defender": {"card": "orc-chieftain", "items": [], "options": [], "wounds_taken": 1},
    "weapon": None,
    "attack": "melee",
    "modifiers": {"cover": None},
    "attacks": 2,
}

# Probabilities rounded to 4 places here; the API gives them in full.
MATCHUP_RESULT_EXAMPLE = {'hit_probability': 0.9722,
 'hit_fraction': '35/36',
 'wound_test_fraction': '33/36',
 'wound_probability': 0.8912,
 'wound_fraction': '1155/1296',
 'take_out_per_attack_probability': 0.0,
 'attacks_per_action': 2,
 'damage_distribution': {'0': 0.0118, '1': 0.1939, '2': 0.7942},
 'expected_damage': 1.7824,
 'take_out_probability': 0.7942,
 'take_out_within': {'1': 0.7942, '2': 0.9953},
 'attacks': 2,
 'wounds_to_take_out': 2,
 'attacker': {'name': 'Knight Errant',
              'wounds_taken': 0,
              'row': {'KG_N': 8,
                      'A_N': 2,
                      'KG_F': None,
                      'A_F': None,
                      'STAE': 6,
                      'BEW': 11,
                      'WID': 11,
                      'AGI': 9,
                      'ZG': None,
                      'Mana': None}},
 'defender': {'name': 'Orc Chieftain',
              'wounds_taken': 1,
              'row': {'KG_N': 5,
                      'A_N': 2,
                      'KG_F': None,
                      'A_F': None,
                      'STAE': 7,
                      'BEW': 10,
                      'WID': 10,
                      'AGI': 5,
                      'ZG': None,
                      'Mana': None}},
 'weapon': None,
 'steps': ['Knight Errant (0 wounds taken) attacks Orc Chieftain (1 wound taken), melee: 2 '
           'attacks per attack action (#A (N)).',
           'To hit: 2D6 + KG (N) 8 >= AGI 5: 35 of 36 rolls (a double 1 always fails, a '
           'double 6 always passes).',
           'To wound: 2D6 + STÄ 6 >= WID 10: 33 of 36 rolls.',
           'One attack wounds with 35 x 33 of 1296 (89.1 %).',
           'Orc Chieftain is out after 2 wounds more (one more than the last row of its '
           'sheet).',
           'Expected wounds per attack action: 1.78.',
           'One attack action takes Orc Chieftain out with 79.4 %, 2 attack actions with '
           '99.5 %.']}
