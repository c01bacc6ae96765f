"""Notices on the site, addresses for reminders with their signed links, and which reminders are due and sent
(``apps/notices``). The queue's worker itself is tested in ``test_reminder_queue.py``."""

import asyncio
import json
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.core import mail, signing
from django.db import connections
from django.test import Client
from django.utils import timezone

from apps.lobbies import services as lobbies
from apps.matches.domain import timekeeper
from apps.matches.domain.deeds import SeatSpec, do_move, do_start_match
from apps.matches.engine import clock, engine
from apps.matches.models import Match, Presence
from apps.notices import services
from apps.notices.mail import send_reminder_email
from apps.notices.models import EmailAddress, Notice, Reminder
from config.asgi import application
from tests.conftest import session_cookie

T0 = 1_800_000_000_000


def confirmed(user, email=None) -> EmailAddress:
    return EmailAddress.objects.create(user=user, email=email or f"{user.username}@example.org",
                                       confirmed_at=timezone.now())


def own_pace(alice, bob, control="none", minutes_ago=60) -> Match:
    match = do_start_match("chronicle", [SeatSpec("alice", alice), SeatSpec("bob", bob)], seed=8,
                           pace=Match.Pace.OWN_PACE, time_control=control)
    Match.objects.filter(pk=match.pk).update(updated_at=timezone.now() - timedelta(minutes=minutes_ago))
    return Match.objects.get(pk=match.pk)


class Deferred(list):
    def __call__(self, reminder_id):
        self.append(reminder_id)


# --- addresses ------------------------------------------------------------------------------------------------------

@pytest.mark.django_db
def test_an_address_is_confirmed_by_its_signed_link_and_only_that_address(client, alice):
    client.force_login(alice)
    response = client.post("/notices/email/", {"email": "alice@example.org"})
    assert response.status_code == 302
    address = EmailAddress.objects.get(user=alice)
    assert address.confirmed_at is None
    link = f"/notices/email/confirm/{services.confirmation_token(address)}/"
    if not settings.TASK_QUEUE:  # with SQLite it goes at once; with PostgreSQL the queue's job sends it
        assert len(mail.outbox) == 1 and link in mail.outbox[0].body
    stale = services.confirmation_token(address)
    client.post("/notices/email/", {"email": "alice@example.net"})  # changed: the old link no longer confirms
    assert client.get(f"/notices/email/confirm/{stale}/").status_code == 400
    fresh = services.confirmation_token(EmailAddress.objects.get(user=alice))
    assert client.get(f"/notices/email/confirm/{fresh}/").status_code == 200
    assert EmailAddress.objects.get(user=alice).confirmed_at is not None


@pytest.mark.django_db
def test_a_forged_or_expired_link_confirms_nothing(client, alice, monkeypatch):
    address = services.set_address(alice, "alice@example.org")
    forged = signing.dumps({"u": alice.pk, "e": "alice@example.org"}, salt="another salt")
    assert client.get(f"/notices/email/confirm/{forged}/").status_code == 400
    real = signing.time.time()
    with monkeypatch.context() as past:
        past.setattr(signing.time, "time", lambda: real - (services.CONFIRM_DAYS + 1) * 86400)
        expired = services.confirmation_token(address)
    assert services.confirm(expired) is None
    assert client.get("/notices/email/confirm/not-a-token/").status_code == 400
    assert EmailAddress.objects.get(user=alice).confirmed_at is None


@pytest.mark.django_db
def test_a_guest_gets_no_address(client, make_user):
    guest = make_user("wanderer", is_guest=True)
    client.force_login(guest)
    response = client.post("/notices/email/", {"email": "g@example.org"})
    assert response.status_code == 200 and b"Guests get no email" in response.content
    assert not EmailAddress.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("bad", ["", "not an address", "a@b", "x" * 300 + "@example.org"])
def test_a_bad_address_is_refused(client, alice, bad):
    client.force_login(alice)
    assert client.post("/notices/email/", {"email": bad}).status_code == 200
    assert not EmailAddress.objects.exists()


@pytest.mark.django_db
def test_one_click_unsubscribe_needs_only_the_signed_link(alice):
    confirmed(alice)
    token = services.unsubscribe_token(alice.pk)
    client = Client(enforce_csrf_checks=True)
    assert b"Stop reminders" in client.get(f"/notices/unsubscribe/{token}/").content
    assert EmailAddress.objects.get(user=alice).reminders  # a look changes nothing
    assert client.post(f"/notices/unsubscribe/{token}/", {"List-Unsubscribe": "One-Click"}).status_code == 200
    assert not EmailAddress.objects.get(user=alice).reminders
    assert client.post("/notices/unsubscribe/forged/").status_code == 400


# --- notices --------------------------------------------------------------------------------------------------------

@pytest.mark.django_db
def test_a_match_that_ends_and_a_match_started_for_you_are_listed(client, alice, bob):
    lobby = lobbies.create_lobby(alice, "chronicle", 2, is_public=True)
    lobbies.join(lobby.pk, bob)
    match = lobbies.start(lobby.pk, alice)
    assert list(Notice.objects.filter(user=bob).values_list("kind", flat=True)) == ["invited"]
    assert not Notice.objects.filter(user=alice).exists()  # the host started it
    rules = engine("chronicle")
    while True:
        match = Match.objects.get(pk=match.pk)
        if match.status != Match.Status.RUNNING:
            break
        seat = rules.active_seats(match.state)[0]
        assert do_move(match.pk, seat, rules.legal_moves(match.state, seat)[0], match.version).ok
    assert Notice.objects.filter(user=alice, kind="match_ended").count() == 1
    client.force_login(bob)
    page = client.get("/").content.decode()
    assert 'data-unread>1<' in page.replace(" hidden", "")  # one match with news: "ended" supersedes "seated"
    listing = client.get("/notices/").content.decode()
    assert "your seat is ready" in listing and "ended" in listing and "unread" in listing
    assert services.unread_count(bob.pk) == 0  # seen


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_open_pages_hear_the_unread_count(alice):
    cookie = await database_sync_to_async(session_cookie)(alice)
    me = WebsocketCommunicator(application, "/ws/me/", headers=[
        (b"host", b"localhost"), (b"origin", b"http://localhost"), (b"cookie", f"sessionid={cookie}".encode())])
    assert (await me.connect())[0]
    await database_sync_to_async(services.notify)(alice.pk, "your_turn", "Your move in X #1.", "/matches/1/", "k1")
    frame = json.loads(await me.receive_from(timeout=3))
    assert frame == {"type": "notices", "unread": 1}
    await me.disconnect()
    await database_sync_to_async(connections.close_all)()
    await asyncio.sleep(0)


@pytest.mark.django_db
def test_a_notice_is_listed_once(alice):
    assert services.notify(alice.pk, "your_turn", "Your move.", "/", "turn:1:3")
    assert not services.notify(alice.pk, "your_turn", "Your move.", "/", "turn:1:3")
    assert Notice.objects.filter(user=alice).count() == 1


# --- which reminders are due ----------------------------------------------------------------------------------------

@pytest.mark.django_db
def test_the_player_to_move_away_from_the_table_is_reminded_once(alice, bob):
    confirmed(alice), confirmed(bob)
    match = own_pace(alice, bob)
    deferred = Deferred()
    recorded = services.sweep(deferred)
    assert [(r.user_id, r.kind, r.version) for r in recorded] == [(alice.pk, "your_move", 0)]
    assert deferred == [recorded[0].pk]
    assert services.sweep(deferred) == [] and len(deferred) == 1  # once
    assert Notice.objects.filter(user=alice, key=f"turn:{match.pk}:0").count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize("why", ["page open", "just moved", "not confirmed", "unsubscribed", "live match", "bot"])
def test_no_reminder_when_it_is_not_owed(alice, bob, why):
    address = confirmed(alice)
    match = own_pace(alice, bob, minutes_ago=1 if why == "just moved" else 60)
    if why == "page open":
        Presence.objects.create(channel_name="c1", match=match, user=alice, seat=0)
    elif why == "not confirmed":
        EmailAddress.objects.filter(pk=address.pk).update(confirmed_at=None)
    elif why == "unsubscribed":
        EmailAddress.objects.filter(pk=address.pk).update(reminders=False)
    elif why == "live match":
        Match.objects.filter(pk=match.pk).update(pace=Match.Pace.LIVE)
    elif why == "bot":
        match.seats.filter(index=0).update(bot="random", bot_by="vote")
    assert services.sweep(Deferred()) == []


@pytest.mark.django_db
def test_at_most_one_reminder_per_match_within_the_gap(alice, bob, settings):
    confirmed(alice)
    match = own_pace(alice, bob)
    assert len(services.sweep(Deferred())) == 1
    Match.objects.filter(pk=match.pk).update(version=2)  # (as if the turn came round again)
    assert services.sweep(Deferred()) == []
    Reminder.objects.update(created_at=timezone.now() - timedelta(hours=settings.REMINDER_GAP_HOURS, minutes=1))
    assert len(services.sweep(Deferred())) == 1


@pytest.mark.django_db
def test_a_day_before_an_own_pace_deadline_a_reminder_is_due(alice, bob, monkeypatch):
    confirmed(alice)
    now = {"at": T0}
    monkeypatch.setattr(timekeeper, "now_ms", lambda: now["at"])
    match = own_pace(alice, bob, control="days:3")
    Reminder.objects.all().delete()
    now["at"] = T0 + clock.DAY  # two days left
    assert [r.kind for r in services.sweep(Deferred())] == ["your_move"]
    now["at"] = T0 + 2 * clock.DAY + 1  # under a day left
    Reminder.objects.update(created_at=timezone.now())
    assert [r.kind for r in services.sweep(Deferred())] == ["deadline"]
    assert match.clock is not None


# --- sending -------------------------------------------------------------------------------------------------------

@pytest.mark.django_db
def test_a_reminder_is_sent_once_and_not_when_moot(alice, bob):
    confirmed(alice)
    match = own_pace(alice, bob)
    (reminder,) = services.sweep(Deferred())
    sent = []
    assert services.send_reminder(reminder.pk, lambda r, to: sent.append(to)) == "sent"
    assert services.send_reminder(reminder.pk, lambda r, to: sent.append(to)) == "done already"
    assert sent == ["alice@example.org"]
    Match.objects.filter(pk=match.pk).update(version=5)  # the player moved since this one was recorded
    later = Reminder.objects.create(match=match, user=alice, seat=0, kind="your_move", version=4)
    assert services.send_reminder(later.pk, lambda r, to: sent.append(to)).startswith("skipped")
    assert sent == ["alice@example.org"]


@pytest.mark.django_db
def test_the_email_names_the_match_links_to_it_and_unsubscribes_in_one_click(alice, bob):
    confirmed(alice)
    match = own_pace(alice, bob)
    (reminder,) = services.sweep(Deferred())
    send_reminder_email(Reminder.objects.select_related("match").get(pk=reminder.pk), "alice@example.org")
    (email,) = mail.outbox
    assert email.subject == f"Your move in Chronicle #{match.pk} with bob"
    assert f"{settings.SITE_URL}/matches/{match.pk}/" in email.body
    unsubscribe = email.extra_headers["List-Unsubscribe"].strip("<>")
    assert unsubscribe in email.body and email.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
