"""The pack pages: my packs and a game's directory (``pages``), a pack's settings and
uploads (``settings``), the differences between two versions (``diff``), the editor
(``editor``, its cells in ``cells``), a pack from a BattleScribe catalogue
(``catalogue_import``), and who may see or change a pack (``access``)."""
