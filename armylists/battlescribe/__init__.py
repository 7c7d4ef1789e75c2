"""BattleScribe and New Recruit files read into plain data, hardened against hostile XML:
rosters (``rosters``) and catalogues (``catalogues``), and their names matched to our game
data's forgivingly (``names``). No models and no game's names: what a game makes of the
data is in its own package (``armylists/games/<game>/``)."""
