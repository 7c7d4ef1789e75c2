"""Dice that roll what a test says, for the Mordheim campaign tests."""



class Dice:
    """An rng that rolls exactly the given D6 results, and complains when it runs out."""

    def __init__(self, *rolls):
        self.rolls = list(rolls)

    def randint(self, low, high):
        assert (low, high) == (1, 6)
        assert self.rolls, "rolled more dice than scripted"
        return self.rolls.pop(0)
