"""The campaign API's helpers: a token client for a user and a campaign URL."""

from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient


def client(user=None) -> APIClient:
    api = APIClient()
    if user is not None:
        api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    return api


def url(army_list, suffix=""):
    return f"/api/v1/lists/{army_list.id}/campaign/{suffix}"
