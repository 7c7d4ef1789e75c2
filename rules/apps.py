from django.apps import AppConfig


class RulesConfig(AppConfig):
    name = "rules"
    verbose_name = "Game data"

    def ready(self):
        # Django's way: signal handlers import the models, which exist only once the
        # app registry is ready.
        from rules import signals

        signals.connect()
