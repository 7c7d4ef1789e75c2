"""The event pages (included by armylists/urls.py)."""

from django.urls import path

from armylists.events.views import events, submissions

SUBMISSION = "events/<int:event_id>/submissions/<int:submission_id>/"

urlpatterns = [
    path("events/", events.event_index, name="event-index"),
    path("events/new/", events.event_new, name="event-new"),
    path("events/new/<slug:system>/", events.event_new_for_system, name="event-new-system"),
    path("events/<int:event_id>/", events.event_detail, name="event-detail"),
    path("events/<int:event_id>/settings/", events.event_settings, name="event-settings"),
    path("events/<int:event_id>/link/", events.event_link, name="event-link"),
    path("events/<int:event_id>/submit/", submissions.event_submit, name="event-submit"),
    path("events/<int:event_id>/withdraw/", submissions.event_withdraw, name="event-withdraw"),
    path("events/<int:event_id>/export/", submissions.event_export, name="event-export"),
    path(SUBMISSION, submissions.submission_page, name="event-submission"),
    path(SUBMISSION + "print/", submissions.submission_print, name="event-submission-print"),
    path(SUBMISSION + "play/", submissions.submission_play, name="event-submission-play"),
    # The join link: its token names the event.
    path("e/<str:token>/", events.event_join, name="event-join"),
]
