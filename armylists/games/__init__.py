"""One package per game: its web side beside its templates (``templates/systems/<game>/``)
and its rules (``rules/systems/<game>/``). Each defines the game's ``Presenter`` (the
protocol in ``armylists/presenters/``) and, through it, its own pages, API endpoints,
roster importer, text and card layouts. Nothing generic imports this package: the
presenters' registry finds the games by the name in ``settings.MUSTER_GAMES_PACKAGE``.
"""
