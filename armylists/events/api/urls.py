"""The events API under /api/v1/events/ (included by armylists/api/urls.py). Ids are
<str:>, so a malformed one gets the API's JSON 404, not the site's page."""

from django.urls import path

from armylists.events.api import events, submissions

urlpatterns = [
    path("", events.event_collection, name="api-events"),
    path("<str:event_id>/", events.event_detail, name="api-event"),
    path("<str:event_id>/join/", events.event_join, name="api-event-join"),
    path("<str:event_id>/submissions/", submissions.submissions,
         name="api-event-submissions"),  # fmt: skip
    path("<str:event_id>/submissions/<str:submission_id>/", submissions.submission_detail,
         name="api-event-submission"),  # fmt: skip
    path("<str:event_id>/withdraw/", submissions.withdraw, name="api-event-withdraw"),
    path("<str:event_id>/export/", submissions.EventExport.as_view(),
         name="api-event-export"),  # fmt: skip
]
