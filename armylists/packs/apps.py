from django.apps import AppConfig


class PacksConfig(AppConfig):
    name = "armylists.packs"
    label = "packs"
    verbose_name = "Packs"

    def ready(self):
        # Django's way: signal handlers import the models, which exist only once the
        # app registry is ready.
        from armylists.packs import signals

        signals.connect()
