"""The bounds of a list document, shared by the document and its checks."""

# The bounds of the schema file, by name (the schema file states them for clients).
MAX_BODY_BYTES = 2_500_000
MAX_ENTRIES = 5000
MAX_SPECIAL_ACTIONS = 500
MAX_KEYS = 100  # items or options of one entry
MAX_COUNT = 1000
MAX_POINTS = 100_000
ID_PATTERN = r"^[A-Za-z0-9_-]{1,32}$"
