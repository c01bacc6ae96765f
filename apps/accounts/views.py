"""Sign up, guest entry, claiming a guest account, and profiles."""

import math
import time
from datetime import UTC, datetime

from django.contrib.auth import get_user_model, login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import HttpResponsePermanentRedirect, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.decorators import method_decorator

from apps.accounts import ban_evasion, device
from apps.accounts.forms import ClaimForm, GuestForm, LoginForm, SignUpForm
from apps.accounts.lockout import client_address
from apps.accounts.next_url import redirect_next, safe_next
from apps.accounts.services import (
    EntryRefused,
    GuestThrottled,
    SignUpThrottled,
    check_sign_up_allowed,
    claim_guest,
    count_sign_up,
    create_guest,
)
from apps.matches.domain.selectors import finished_matches_for
from apps.ratings.scale import PROVISIONAL_GAMES
from apps.ratings.selectors import own_pace_matches_for, rating_changes_by_match, records_for


def _refused(request, refusal: ban_evasion.Refusal):
    """The plain answer to a browser or network that a banned account used (403)."""
    return render(request, "accounts/entry_refused.html", {"refusal": refusal}, status=403)


@method_decorator(device.tracked, name="dispatch")
class LoginView(auth_views.LoginView):
    """Django's log-in with the brute-force lockout; a locked-out attempt is answered 429 Too Many Requests."""

    form_class = LoginForm
    template_name = "accounts/login.html"

    def get_redirect_url(self):
        return safe_next(self.request, "")

    def form_valid(self, form):
        ban_evasion.record(form.get_user(), device.device_id(self.request), client_address(self.request.META))
        return super().form_valid(form)

    def form_invalid(self, form):
        response = super().form_invalid(form)
        if form.locked:
            response.status_code = 429
        return response


def _sign_ups_throttled(request, exc: SignUpThrottled):
    """The 429 answer to an address that made every account it may for now, saying when to come back."""
    until = datetime.fromtimestamp(exc.until, tz=UTC).replace(microsecond=0)
    wait = max(1, math.ceil(exc.until - time.time()))
    response = render(request, "accounts/signup_throttled.html",
                      {"message": str(exc), "until": until, "minutes": math.ceil(wait / 60)}, status=429)
    response["Retry-After"] = str(wait)
    return response


@device.tracked
def signup(request):
    next_url = safe_next(request, "")  # settled before the account is made
    browser, address = device.device_id(request), client_address(request.META)
    refusal = ban_evasion.refusal(browser, address)
    if refusal is not None:
        return _refused(request, refusal)
    try:
        check_sign_up_allowed(address)  # told before filling the form in
    except SignUpThrottled as exc:
        return _sign_ups_throttled(request, exc)
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            count_sign_up(address)  # only a form that would make an account counts
        except SignUpThrottled as exc:
            return _sign_ups_throttled(request, exc)
        with transaction.atomic():
            user = form.save()
            ban_evasion.record(user, browser, address)
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return HttpResponseRedirect(next_url or "/")
    return render(request, "accounts/signup.html", {"form": form, "next": next_url})


@device.tracked
def guest(request):
    """Pick a display name and play at once, without an account."""
    if request.user.is_authenticated:
        return redirect_next(request)
    next_url = safe_next(request, "")  # settled before the guest is made
    browser, address = device.device_id(request), client_address(request.META)
    form = GuestForm(request.POST or None)
    if request.method != "POST":
        refusal = ban_evasion.refusal(browser, address)  # on a post, create_guest asks
        if refusal is not None:
            return _refused(request, refusal)
    elif form.is_valid():
        try:
            user = create_guest(form.cleaned_data["name"], device=browser, address=address)
        except EntryRefused as exc:
            return _refused(request, exc.refusal)
        except GuestThrottled as exc:
            return render(request, "accounts/guest_throttled.html", {"message": str(exc)}, status=429)
        except ValidationError as exc:
            form.add_error("name", exc)
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            return HttpResponseRedirect(next_url or "/")
    return render(request, "accounts/guest.html", {"form": form, "next": next_url})


@login_required
def claim(request):
    """A guest sets a password and keeps the name and history."""
    if not request.user.is_guest:
        return redirect("profile", username=request.user.username)
    form = ClaimForm(request.user, request.POST or None)
    if request.method == "POST" and form.is_valid():
        claim_guest(request.user, form.cleaned_data["password1"])
        login(request, request.user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("profile", username=request.user.username)
    return render(request, "accounts/claim.html", {"form": form})


def profile(request, username: str):
    """A player's page (contract: ``/players/<username>/``): when they joined, their record and rating in each game
    with its history, their recent finished matches and own-pace matches in progress (only those this viewer may
    see listed)."""
    person = get_object_or_404(get_user_model(), username__iexact=username)
    results = finished_matches_for(person, request.user, request.session, limit=20)
    changes = rating_changes_by_match(person, [seat.match_id for seat in results])
    for seat in results:
        seat.rating_change = changes.get(seat.match_id)
    return render(request, "accounts/profile.html", {
        "person": person,
        "records": records_for(person),
        "results": results,
        "in_progress": own_pace_matches_for(person, request.user, request.session),
        "provisional_games": PROVISIONAL_GAMES,
    })


def old_profile(request, username: str):
    """Profiles moved to ``/players/<username>/``; old links still lead there."""
    return HttpResponsePermanentRedirect(reverse("profile", args=[username]))
