"""A banned player's browser is told why and until when, on every page, instead of being silently logged out: a
ban deactivates the account, so Django treats its session as nobody's. When the ban has run out, or was lifted, the
same session signs the player in again (a guest keeps their name)."""

from __future__ import annotations

from django.contrib.auth import SESSION_KEY, get_user, get_user_model
from django.shortcuts import render
from django.urls import reverse

from apps.moderation.selectors import active_ban, ban_until
from apps.moderation.services import end_finished_ban


class BannedSessionMiddleware:
    """After AuthenticationMiddleware: acts only on a session that names a user Django would not sign in."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        key = request.session.get(SESSION_KEY)  # read first: reading the user may empty a session
        if key is not None and not request.user.is_authenticated:
            refused = self._banned_page(request, key)
            if refused is not None:
                return refused
        return self.get_response(request)

    @staticmethod
    def _banned_page(request, key):
        named = get_user_model().objects.filter(pk=key, is_active=False).first()
        if named is None:  # deleted, or signed out by its password's change: nothing to tell
            return None
        ban = active_ban(named)
        if ban is None:
            if end_finished_ban(named):
                request.user = get_user(request)  # checked as on any request (the password hash, the backend)
            return None
        if request.path == reverse("logout"):  # they may still leave, and watch as a visitor
            return None
        return render(request, "accounts/banned.html", {"banned": named, "ban": ban, "until": ban_until(ban)},
                      status=403)
