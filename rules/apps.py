from django.apps import AppConfig


class RulesConfig(AppConfig):
    name = "rules"
    verbose_name = "Game data"

    def ready(self):
        from . import signals

        signals.connect()
