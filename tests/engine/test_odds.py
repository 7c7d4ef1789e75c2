"""The dice counting under the matchup odds (rules/systems/odds.py), against counts done
by hand: of the 36 rolls of 2D6, a total of 7 or more comes up 6+5+4+3+2+1 = 21 times."""

from fractions import Fraction as F

import pytest

from rules.systems import odds

# 2D6 totals, rolls of 36: 2:1 3:2 4:3 5:4 6:5 7:6 8:5 9:4 10:3 11:2 12:1
AT_LEAST = {1: 36, 2: 36, 3: 35, 4: 33, 5: 30, 6: 26, 7: 21, 8: 15, 9: 10, 10: 6, 11: 3,
            12: 1, 13: 0}


@pytest.mark.parametrize(("target", "count"), AT_LEAST.items())
def test_it_counts_2d6_at_least_a_target(target, count):
    assert odds.count_2d6(0, target) == count


@pytest.mark.parametrize(("bonus", "target", "count"), [
    (5, 12, 21),  # 2D6 + 5 >= 12 is 2D6 >= 7
    (-2, 5, 21),
    (3, 4, 36),
    (0, 14, 0),
])
def test_it_adds_the_bonus_to_the_roll(bonus, target, count):
    assert odds.count_2d6(bonus, target) == count


@pytest.mark.parametrize(("bonus", "target", "count"), [
    (0, 7, 21),  # no double decides anything here
    (0, 2, 35),  # a double 1 fails though 2 >= 2
    (10, 5, 35),
    (0, 13, 1),  # a double 6 passes though 12 < 13
    (-5, 20, 1),
])
def test_it_lets_doubles_decide_when_asked(bonus, target, count):
    assert odds.count_2d6(bonus, target, doubles_decide=True) == count


@pytest.mark.parametrize(("value", "count"), [(1, 6), (4, 3), (6, 1), (7, 0)])
def test_it_counts_a_d6_at_least_a_value(value, count):
    assert odds.count_d6(value) == count


def test_it_gives_every_2d6_total_its_share():
    totals = odds.two_d6_totals()
    assert totals[7] == F(6, 36) and totals[2] == totals[12] == F(1, 36)
    assert sum(totals.values()) == 1 and odds.expected(totals) == 7


def test_it_takes_out_after_k_attacks_from_independent_chances():
    # a coin: one point off with chance 1/2, a target with 2 points
    coin = {0: F(1, 2), 1: F(1, 2)}
    within = odds.take_out_within(2, lambda left: coin, 3)
    # 2 attacks: both land (1/4); 3 attacks: at least 2 of 3 (4/8)
    assert within == [F(0), F(1, 4), F(1, 2)]


def test_it_follows_the_target_as_its_chances_change():
    # the first point is hard to take (1/3), the last one easy (1/1)
    within = odds.take_out_within(2, lambda left: {0: F(2, 3), 1: F(1, 3)} if left == 2
                                  else {1: F(1)}, 2)
    assert within == [F(0), F(1, 3)]


def test_it_counts_points_lost_up_to_all_of_them():
    lost = odds.lost_within(1, lambda left: {0: F(1, 2), 2: F(1, 2)}, 2)
    assert lost == {0: F(1, 4), 1: F(3, 4)}


def test_it_writes_a_distribution_without_gaps():
    assert odds.as_numbers({0: F(1, 2), 3: F(1, 2)}) == {"0": 0.5, "1": 0.0, "2": 0.0, "3": 0.5}
    assert odds.as_numbers({2: F(1)}) == {"0": 0.0, "1": 0.0, "2": 1.0}
    assert odds.percent(F(21, 36)) == "58.3 %"
