from django.core.management.commands import makemessages


class Command(makemessages.Command):
    """Django's makemessages, also collecting the engine's N_("...") message templates."""

    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=N_"]
