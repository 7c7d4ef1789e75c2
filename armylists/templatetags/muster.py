import html

from django import template
from django.conf import settings
from django.utils.formats import localize
from django.utils.safestring import mark_safe

from armylists.packs.pinning import pack_name as name_of
from armylists.presenters.names import local_effect as _local_effect
from armylists.presenters.names import local_name as _local_name
from armylists.presenters.names import local_variants as _local_variants

register = template.Library()


@register.filter
def get_item(mapping, key):
    """``{{ catalogue.factions|get_item:key }}``: a mapping lookup by a variable key."""
    try:
        return mapping.get(key)
    except AttributeError:
        return None


@register.filter
def local_name(thing, fallback="?"):
    """A card's, item's or faction's name in the reader's language."""
    return _local_name(thing, fallback)


@register.filter
def local_effect(action):
    """A special action's effect text in the reader's language ("" when it has none)."""
    return _local_effect(action)


@register.filter
def local_variants(action):
    """A special action's variants, each named in the reader's language."""
    return _local_variants(action)


@register.filter
def template(presenter, name):
    """``{% include presenter|template:"_summary.html" %}``: the game's own fragment, else
    the neutral one."""
    return presenter.template(name)


@register.filter
def in_pairs(key, pairs):
    """Whether ``key`` is the first of one of the (key, label) ``pairs``."""
    return any(k == key for k, _label in pairs)


@register.filter
def role_label(presenter, role):
    """A list's role in the reader's words, as its game's presenter says it."""
    return presenter.role_label(role)


@register.filter
def field(form, name):
    """``{{ form|field:name }}``: a form's bound field by a variable name (None: none)."""
    if form is None or not name:
        return None
    try:
        return form[name]
    except KeyError:
        return None


@register.simple_tag
def pack_name(catalogue):
    """The name of the pack version ``catalogue`` was built from ("" for the game data as
    loaded): read when shown, since a pack may be renamed and its versions may not."""
    return name_of(catalogue)


# A big list shows thousands of rows with several stats each: one filter call per row
# writes what a template loop would take tens of steps a stat to write (same HTML).
def _shown(value) -> str:
    """``value`` as a template shows it: a whole number is itself unless thousands are
    grouped (localize would look the language's formats up for each one)."""
    if type(value) is int and not settings.USE_THOUSAND_SEPARATOR:
        return str(value)
    return localize(value)


def _escaped(value) -> str:
    """``conditional_escape`` without its check for lazy text, done once per value of
    thousands here: what is not safe already is escaped."""
    return value.__html__() if hasattr(value, "__html__") else html.escape(str(value))


def _stat_span(attributes: str, label, value, title) -> str:
    explained = f' title="{_escaped(title)}"' if title else ""
    return (
        f"<span{attributes}><abbr{explained}>{_escaped(label)}</abbr> "
        f"{_escaped(_shown(value))}</span> "
    )


@register.filter
def stat_spans(stats, glossary):
    """The builder row's stats, ``(label, value)`` pairs, each label with its explanation
    from the ``glossary`` as a title."""
    spans = (_stat_span(' class="stat"', k, v, glossary.get(k)) for k, v in stats)
    return mark_safe("".join(spans))


@register.filter
def explained_stats(stats):
    """A read-only row's stats, ``(label, value, explanation)`` triples."""
    return mark_safe("".join(_stat_span("", k, v, t) for k, v, t in stats))
