from pathlib import Path

import pytest
import requests

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"


@pytest.fixture
def load_system(db):
    """Load a shipped pack (fixtures/<key>.yaml) into the test database."""
    from rules.packs import load_pack_file

    def load(key):
        return load_pack_file(FIXTURES / f"{key}.yaml")

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


@pytest.fixture
def live_godslayer(transactional_db, live_server):
    from rules.packs import load_pack_file

    return load_pack_file(FIXTURES / "godslayer.yaml")
