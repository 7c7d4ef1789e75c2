"""``{% load pack_catalogues %}``: whether a game's packs can be made from BattleScribe
catalogues, so the pack pages offer "Import a BattleScribe catalogue" only there."""

from django import template

from armylists.packs.catalogue_import import catalogue_systems

register = template.Library()


@register.simple_tag
def catalogue_games() -> list[str]:
    """The keys of the games whose packs can be made from catalogues."""
    return catalogue_systems()
