"""The pages of saved lists: the home page and the published schemas (``home``), my lists
(``my_lists``), a list's history, share link, deletion, export and print (``lists``), a
shared list (``shared``), the play view, a profile card (``cards``), the Copy panels
(``text``) and points after a game (``scoring``)."""
