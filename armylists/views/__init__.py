"""HTML pages. Thin and generic: they read forms, call services and selectors, and render;
what is particular to a game comes from its presenter (``armylists.presenters``).

- ``builder``: a new list's first step, the draft and a saved list being edited;
- ``lists``: my lists, history, share links, delete, import, export, print;
- ``shared``: a list read through its share link;
- ``cards``: a profile card; ``scoring``: points after a game; ``home``: home, sign-up.
"""
