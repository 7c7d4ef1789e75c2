from django.apps import AppConfig


class ArmylistsConfig(AppConfig):
    name = "armylists"
    verbose_name = "Army lists"
