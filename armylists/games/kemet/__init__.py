"""Kemet in the pages: no list to build, a battle to resolve (its tile opens the tool)."""

from django.urls import path
from django.utils.translation import gettext_lazy as _

from armylists.games.kemet import api, battle
from armylists.presenters.base import Presenter
from rules.systems import kemet


class KemetPresenter(Presenter):
    key = kemet.SYSTEM

    def home_url(self):
        return "tools-kemet", []

    def play_aids(self):
        return [(_("Kemet: resolve a battle step by step"), "tools-kemet")]

    def urls(self):
        return [path("tools/kemet/", battle.kemet_page, name="tools-kemet")]

    def api_urls(self):
        return [path("kemet/battles/", api.kemet_battle, name="api-kemet-battle")]
