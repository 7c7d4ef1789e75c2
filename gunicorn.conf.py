"""gunicorn reads this file from the directory it starts in (the project's root): the
app's answers carry no Server header naming the software and its version."""

from gunicorn.http import wsgi

_default_headers = wsgi.Response.default_headers


def _without_server(self):
    return [line for line in _default_headers(self) if not line.startswith("Server:")]


wsgi.Response.default_headers = _without_server
