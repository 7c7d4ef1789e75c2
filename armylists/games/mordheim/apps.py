from django.apps import AppConfig


class MordheimConfig(AppConfig):
    name = "armylists.games.mordheim"
    label = "mordheim"
    verbose_name = "Mordheim"

    def ready(self):
        # The presenter registers itself by being defined (armylists/presenters/); it
        # imports pages and services that import the models, so it waits for the registry.
        from armylists.games.mordheim import presenter  # noqa: F401
