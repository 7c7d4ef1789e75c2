"""`make bench` only (config.settings.bench): the app's URLs plus a bare JSON view.

The bare view is the yardstick: the same Django stack and middleware, no work of ours.
It is csrf_exempt like every DRF view, so its POST takes the same path as validate's.
"""

import json

from django.http import JsonResponse
from django.urls import path
from django.views.decorators.csrf import csrf_exempt

from config.urls import urlpatterns as app_urlpatterns


@csrf_exempt
def bare(request):
    body = json.loads(request.body) if request.body else {}
    return JsonResponse({"ok": True, "entries": len(body.get("entries", ()))})


urlpatterns = [path("bench/bare/", bare, name="bench-bare"), *app_urlpatterns]
