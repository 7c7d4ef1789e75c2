"""Signing up: a new account, logged in at once (logging in, out and changing a password
are Django's own views, with its templates under templates/registration/)."""

from __future__ import annotations

from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme


class SignupForm(UserCreationForm):
    class Meta(UserCreationForm.Meta):
        fields = ("username",)


def signup(request):
    """Template: registration/signup.html. A new account, logged in at once."""
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user)  # keeps the session, and with it the builder's drafts
        next_url = request.POST.get("next") or request.GET.get("next") or ""
        # An https page never sends its new user on to plain http (require_https).
        if not url_has_allowed_host_and_scheme(
            next_url, {request.get_host()}, require_https=request.is_secure()
        ):
            next_url = reverse("home")
        return redirect(next_url or "home")
    return render(
        request,
        "registration/signup.html",
        {"form": form, "next": request.GET.get("next", "")},
        status=400 if form.errors else 200,  # a post with errors, as every page's form
    )
