import pytest

from tests.support.http import Api, Http, token_client
from tests.support.users import make_user


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


@pytest.fixture
def load_system(db):
    """Load a shipped pack (fixtures/<key>.yaml) into the test database: read and checked
    once per test process, written for each test (tests/support/shipped.py)."""
    from tests.support.shipped import load_shipped

    return load_shipped


@pytest.fixture
def godslayer(load_system):
    return load_system("godslayer")


@pytest.fixture
def api(live_server):
    return Api(live_server.url)


# alice owns the lists of the tests; bob and charlie are logged-in strangers. Each name is
# always that User; a test over the live API wraps one in a token client under another
# name (``alice_api = token_client(api, alice)``).


@pytest.fixture
def alice(db):
    return make_user("alice")


@pytest.fixture
def bob(db):
    return make_user("bob")


@pytest.fixture
def charlie(db):
    return make_user("charlie")


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
    from tests.support.shipped import load_shipped

    return load_shipped("godslayer")


# Token clients over the live API with the Godslayer pack loaded; a file whose lists are
# of another game declares its own.
@pytest.fixture
def alice_api(api, live_godslayer, alice):
    return token_client(api, alice)


@pytest.fixture
def bob_api(api, live_godslayer, bob):
    return token_client(api, bob)


@pytest.fixture
def anonymous(api, live_godslayer):
    return Http(api.base)
