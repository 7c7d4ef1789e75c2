from django.shortcuts import render

from rules import selectors


def home(request):
    """Template: home.html. Context: the game systems."""
    return render(request, "home.html", {"systems": selectors.system_list()})
