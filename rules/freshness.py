"""How late one process may see another's change of what a request reads on every call
(the game data, a pack's row): re-read at most this often, in one small query, and
never served older than this. A change made in the same process is seen at once."""

FRESH_FOR = 1.0  # seconds
