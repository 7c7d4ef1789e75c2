"""A list from a file: an exported list document saved as a new list, or a BattleScribe /
New Recruit roster turned into a list of its game (``rosters``), on the import page
(``views``, which opens a roster in the builder) and over the API (``api``)."""
