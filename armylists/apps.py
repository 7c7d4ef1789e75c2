from django.apps import AppConfig


class ArmylistsConfig(AppConfig):
    name = "armylists"
    verbose_name = "Army lists"

    def ready(self):
        from django.contrib.auth.signals import user_logged_in

        from armylists.web.brakes import forget_own_failures

        user_logged_in.connect(forget_own_failures, dispatch_uid="muster-forget-own-failures")
