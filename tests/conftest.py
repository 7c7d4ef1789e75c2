from pathlib import Path

import pytest
import requests

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
PASSWORD = "correct-horse-battery-staple"  # every test user's


@pytest.fixture(autouse=True)
def _fresh_game_data():
    """Each test starts with an empty game-data cache: the database was rolled back or
    emptied after the last test without a signal telling this process."""
    from django.core.cache import caches

    from rules import selectors

    selectors.forget()
    caches["pages"].clear()  # kept pages: keys are exact, but a test starts from nothing
    yield
    selectors.forget()


@pytest.fixture(autouse=True)
def _fresh_throttles():
    """Each test starts with no throttle counted (sign-up, password change, the token
    endpoint count in the cache; login lockouts live in the test database)."""
    from django.core.cache import caches

    caches["brakes"].clear()
    yield


@pytest.fixture(autouse=True)
def _english_first():
    """Each test starts in the default language: a German page request leaves German
    active in this thread (LocaleMiddleware does not switch back), and a later test's
    messages would come out German."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


_READ_PACKS: dict = {}


@pytest.fixture
def load_system(db):
    """Load a shipped pack (fixtures/<key>.yaml) into the test database. Each file is
    read once per test process (the Mordheim pack is large); every load still checks
    and writes it as `loadpack` does, from a fresh copy."""
    import copy

    from rules.packs import load_pack, read_pack_file

    def load(key):
        path = FIXTURES / f"{key}.yaml"
        if path not in _READ_PACKS:
            _READ_PACKS[path] = read_pack_file(path)
        return load_pack(copy.deepcopy(_READ_PACKS[path]), source=str(path))

    return load


@pytest.fixture
def godslayer(load_system):
    return load_system("godslayer")


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


@pytest.fixture
def api(live_server):
    return Api(live_server.url)


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


def make_user(username):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user(username, password=PASSWORD)


def token_client(api, user):
    """``user`` over the API, with an API token of their own."""
    from rest_framework.authtoken.models import Token

    return Http(api.base, Token.objects.create(user=user).key)


# alice owns the lists of the tests; bob is a logged-in stranger. Tests over the live API
# wrap them in token clients (``token_client``) under the same names.


@pytest.fixture
def alice(db):
    return make_user("alice")


@pytest.fixture
def bob(db):
    return make_user("bob")


@pytest.fixture
def alice_client(client, alice):
    """The test client, logged in as alice."""
    client.force_login(alice)
    return client


@pytest.fixture
def bob_client(bob):
    """A second test client, logged in as bob."""
    from django.test import Client

    client = Client()
    client.force_login(bob)
    return client


@pytest.fixture
def live_godslayer(transactional_db, live_server):
    from rules.packs import load_pack_file

    return load_pack_file(FIXTURES / "godslayer.yaml")
