"""The emails themselves: a reminder with a link to the table and a one-click unsubscribe, and the confirmation of
an address. Sent through Django's email backend (console by default, SMTP from the environment)."""

from __future__ import annotations

from django.conf import settings
from django.core.mail import EmailMessage
from django.template.loader import render_to_string
from django.urls import reverse

from apps.matches.models import MatchSeat
from apps.notices import services
from apps.notices.models import EmailAddress, Reminder


def absolute(path: str) -> str:
    return settings.SITE_URL + path


def send_reminder_email(reminder: Reminder, address: str) -> None:
    match = reminder.match
    others = [name for index, name in MatchSeat.objects.filter(match=match).order_by("index")
              .values_list("index", "name") if index != reminder.seat]
    with_whom = f" with {', '.join(others)}" if others else ""
    unsubscribe = absolute(reverse("notices_unsubscribe", args=[services.unsubscribe_token(reminder.user_id)]))
    deadline = reminder.kind == Reminder.Kind.DEADLINE
    subject = (f"A day left for your move in {services.title(match)}{with_whom}" if deadline else
               f"Your move in {services.title(match)}{with_whom}")
    body = render_to_string("notices/email/reminder.txt", {
        "match": match, "with_whom": with_whom, "url": absolute(match.get_absolute_url()), "deadline": deadline,
        "unsubscribe": unsubscribe})
    EmailMessage(subject, body, to=[address], headers={
        "List-Unsubscribe": f"<{unsubscribe}>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}).send()


def send_confirmation_email(address: EmailAddress) -> None:
    link = absolute(reverse("notices_confirm", args=[services.confirmation_token(address)]))
    body = render_to_string("notices/email/confirm.txt", {"user": address.user, "link": link,
                                                           "days": services.CONFIRM_DAYS})
    EmailMessage("Confirm your address for Civitas reminders", body, to=[address.email]).send()
