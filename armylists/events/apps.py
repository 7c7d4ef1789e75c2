from django.apps import AppConfig


class EventsConfig(AppConfig):
    name = "armylists.events"
    label = "events"
    verbose_name = "Events"
