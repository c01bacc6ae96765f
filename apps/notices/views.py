"""The notices list, a player's address for reminders (with its confirmation link), and one-click unsubscribe."""

from __future__ import annotations

from datetime import UTC, datetime

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from apps.notices import services
from apps.notices.models import EmailAddress, Notice

LISTED = 50


def unread(request) -> dict:
    """Context processor: the signed-in player's unread notices, for the header's badge."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"unread_notices": services.unread_count(user.pk)}


@login_required
def notice_list(request):
    """The player's latest notices, the unread ones marked, then all marked read."""
    notices = per_page(list(Notice.objects.filter(user=request.user)[:LISTED]))
    services.mark_all_read(request.user.pk)
    address = EmailAddress.objects.filter(user=request.user).first()
    return render(request, "notices/list.html", {"notices": notices, "address": address})


def per_page(notices: list[Notice]) -> list[tuple[Notice, list[Notice]]]:
    """One line per match (or lobby): its newest notice with the earlier ones about it, newest first."""
    lines: dict[str, tuple[Notice, list[Notice]]] = {}
    for notice in notices:  # newest first
        if notice.url in lines:
            lines[notice.url][1].append(notice)
        else:
            lines[notice.url] = (notice, [])
    return list(lines.values())


class AddressForm(forms.Form):
    email = forms.EmailField(label="Email address", max_length=254)


@login_required
@require_http_methods(["GET", "POST"])
def email_address(request):
    """Add or change the address reminders go to; a signed link confirms it."""
    address = EmailAddress.objects.filter(user=request.user).first()
    form = AddressForm(request.POST or None, initial={"email": address.email if address else ""})
    status = 200
    if request.method == "POST" and form.is_valid():
        try:
            address = services.set_address(request.user, form.cleaned_data["email"])
        except services.AddressThrottled as exc:
            until = datetime.fromtimestamp(exc.until, tz=UTC).strftime("%H:%M")
            form.add_error("email", f"{exc} Ask again after {until} UTC.")
            status = 429
        except services.AddressRefused as exc:
            form.add_error("email", str(exc))
        else:
            _send_confirmation(address)
            messages.success(request, f"We sent a link to {address.email}: follow it to confirm the address.")
            return redirect("notices_email")
    return render(request, "notices/email.html", {"form": form, "address": address,
                                                  "guest": getattr(request.user, "is_guest", False),
                                                  "queue": settings.TASK_QUEUE}, status=status)


def _send_confirmation(address: EmailAddress) -> None:
    """Through the task queue when there is one (PostgreSQL); with the embedded SQLite default, at once."""
    if settings.TASK_QUEUE:
        from apps.notices.tasks import send_confirmation  # noqa: PLC0415 -- only with the queue (PostgreSQL)

        send_confirmation.defer(address_id=address.pk)
    else:
        from apps.notices.mail import send_confirmation_email  # noqa: PLC0415 -- templates, only when sending

        send_confirmation_email(address)


def confirm_email(request, token: str):
    address = services.confirm(token)
    return render(request, "notices/confirmed.html", {"address": address}, status=200 if address else 400)


@csrf_exempt  # the signed link is the key: mail programs post to it with no page (RFC 8058 one-click)
@require_http_methods(["GET", "POST"])
def unsubscribe(request, token: str):
    if request.method == "POST":
        done = services.unsubscribe(token)
        return render(request, "notices/unsubscribed.html", {"done": done}, status=200 if done else 400)
    return render(request, "notices/unsubscribe.html", {"token": token})
