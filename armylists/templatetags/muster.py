from django import template

register = template.Library()


@register.filter
def get_item(mapping, key):
    """``{{ catalogue.factions|get_item:key }}``: a mapping lookup by a variable key."""
    try:
        return mapping.get(key)
    except AttributeError:
        return None
