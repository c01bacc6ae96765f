"""Confirmation emails cannot be turned on someone's mailbox (issue 37, item 6): one link waits per address at a time,
an address another account confirmed gets none, and each player and each mailbox get at most three an hour."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.core import mail
from django.db import connection
from django.utils import timezone

from apps.notices import services
from apps.notices.models import EmailAddress

pytestmark = pytest.mark.django_db
VICTIM = "victim@example.com"


def sent_to(address: str) -> int:
    """Confirmation emails sent (or queued to be sent, with the task queue) to ``address``."""
    if not settings.TASK_QUEUE:
        return sum(address in message.to for message in mail.outbox)
    ids = list(EmailAddress.objects.filter(email__iexact=address).values_list("pk", flat=True))
    with connection.cursor() as cursor:
        cursor.execute("SELECT args->>'address_id' FROM procrastinate_jobs WHERE task_name LIKE %s",
                       ["%send_confirmation"])
        queued = [int(row[0]) for row in cursor.fetchall()]
    return sum(pk in ids for pk in queued) + sum(address in message.to for message in mail.outbox)


def post(client, user, email):
    client.force_login(user)
    return client.post("/notices/email/", {"email": email})


def test_an_address_waiting_for_one_account_is_refused_to_another(client, alice, bob):
    assert post(client, alice, VICTIM).status_code == 302
    response = post(client, bob, "Victim@Example.com")
    page = response.content.decode()
    assert response.status_code == 200 and "A link to that address is waiting for another account" in page
    assert not EmailAddress.objects.filter(user=bob).exists()
    assert EmailAddress.objects.filter(email__iexact=VICTIM).count() == 1


def test_once_the_waiting_link_expires_another_account_may_ask(client, alice, bob):
    post(client, alice, VICTIM)
    EmailAddress.objects.filter(user=alice).update(
        changed_at=timezone.now() - timedelta(days=services.CONFIRM_DAYS, minutes=1))
    assert post(client, bob, VICTIM).status_code == 302
    assert EmailAddress.objects.get(email=VICTIM).user_id == bob.pk


def test_an_address_another_account_confirmed_gets_no_email(client, alice, bob):
    EmailAddress.objects.create(user=alice, email=VICTIM, confirmed_at=timezone.now())
    response = post(client, bob, VICTIM.upper())
    assert response.status_code == 200 and "Another account confirmed that address" in response.content.decode()
    assert sent_to(VICTIM) == 0 and not EmailAddress.objects.filter(user=bob).exists()


def test_the_database_holds_one_waiting_and_one_confirmed_account_per_address(alice, bob, carol):
    from django.db import IntegrityError, transaction  # noqa: PLC0415

    EmailAddress.objects.create(user=alice, email=VICTIM)
    with pytest.raises(IntegrityError), transaction.atomic():  # (two requests racing past the service's check)
        EmailAddress.objects.create(user=bob, email="VICTIM@example.com")
    EmailAddress.objects.create(user=bob, email="other@example.com", confirmed_at=timezone.now())
    with pytest.raises(IntegrityError), transaction.atomic():
        EmailAddress.objects.create(user=carol, email="Other@example.com", confirmed_at=timezone.now())


def test_at_most_three_links_an_hour_reach_one_mailbox_however_it_is_spelt(client, alice, settings):
    settings.CONFIRM_EMAIL_LIMITS = {"user": (100, 3600), "address": (3, 3600)}
    for _ in range(3):
        assert post(client, alice, VICTIM).status_code == 302
    for spelling in (VICTIM, "Victim+again@example.com"):
        response = post(client, alice, spelling)
        assert response.status_code == 429
        assert "At most 3 links an hour go to one address" in response.content.decode()
        assert "Ask again after" in response.content.decode()
    assert sent_to(VICTIM) == 3 and sent_to("Victim+again@example.com") == 0
    assert post(client, alice, "alice@example.org").status_code == 302  # another mailbox


def test_a_player_asks_at_most_three_links_an_hour(client, alice, bob, settings):
    settings.CONFIRM_EMAIL_LIMITS = {"user": (3, 3600), "address": (100, 3600)}
    for i in range(3):
        assert post(client, alice, f"a{i}@example.org").status_code == 302
    response = post(client, alice, "a3@example.org")
    assert response.status_code == 429 and "At most 3 links an hour for one player" in response.content.decode()
    assert EmailAddress.objects.get(user=alice).email == "a2@example.org"  # refused: nothing changed
    assert post(client, bob, "b@example.org").status_code == 302  # per player


def test_twenty_five_posts_from_two_accounts_send_the_victim_at_most_three_emails(client, alice, bob):
    """The attack of the issue: 25 posts of the victim's address from two accounts sent 25 emails."""
    for i in range(25):
        post(client, (alice, bob)[i % 2], VICTIM)
    assert sent_to(VICTIM) <= 3
