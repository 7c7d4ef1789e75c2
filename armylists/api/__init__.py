"""The API's base, under every feature's endpoints: errors as JSON (``errors``), request
bodies read and bounded (``parsers``, ``strict``, ``fields``), JSON written
(``renderers``), tokens and throttles (``auth_token``), the answers and pages many
endpoints share (``responses``, ``pagination``), the list document in the schema
(``schema``) and answers from memory while the database is down (``kept``). The
features' own endpoints are in their packages (``armylists/<feature>/api``)."""
