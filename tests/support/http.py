"""Real HTTP against the live test server (requests, not Django's test client)."""

import requests


class Api:
    """Real HTTP against the live test server."""

    def __init__(self, base):
        self.base = base
        self.session = requests.Session()

    def url(self, path):
        return self.base + path

    def get(self, path, **kw):
        return self.session.get(self.url(path), timeout=30, **kw)

    def post(self, path, json=None, **kw):
        return self.session.post(self.url(path), json=json, timeout=30, **kw)


class Http:
    """One client of the live server: its own cookies, and a token if it has one."""

    def __init__(self, base, token=None):
        self.base = base
        self.session = requests.Session()
        if token:
            self.session.headers["Authorization"] = f"Token {token}"

    def request(self, method, path, **kw):
        return self.session.request(method, self.base + path, timeout=30, **kw)

    def get(self, path, **kw):
        return self.request("GET", path, **kw)

    def post(self, path, json=None, **kw):
        return self.request("POST", path, json=json, **kw)

    def put(self, path, json=None, **kw):
        return self.request("PUT", path, json=json, **kw)

    def patch(self, path, json=None, **kw):
        return self.request("PATCH", path, json=json, **kw)

    def delete(self, path, **kw):
        return self.request("DELETE", path, **kw)


def token_client(api, user):
    """``user`` over the API, with an API token of their own."""
    from rest_framework.authtoken.models import Token

    return Http(api.base, Token.objects.create(user=user).key)
