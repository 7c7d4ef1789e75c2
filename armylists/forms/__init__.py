"""HTML forms: the start of a new list, the builder's post, import, accounts, scoring."""
