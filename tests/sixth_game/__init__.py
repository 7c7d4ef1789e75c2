"""A sixth game that exists only in the tests: its rules module and its pack, nothing
else. It proves that a new game needs no change to the generic views, services or
templates, and that the neutral presenter renders its pages sensibly."""
