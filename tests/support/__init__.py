"""What tests share besides fixtures: sample documents, page readers, HTTP clients, the
test users' password. Tests import from here (or get a fixture from a conftest.py), never
from another test module."""
