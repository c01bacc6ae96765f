"""Reporting from the pages, who may use the admin and the moderation pages, and the roles."""

import pytest
from django.contrib import admin
from django.urls import URLPattern, URLResolver, reverse

from apps.matches.domain.deeds import do_post_chat
from apps.matches.engine import engine
from apps.moderation.models import AuditEntry, Report

pytestmark = pytest.mark.django_db


def test_a_player_reports_a_chat_message_with_a_reason(client, duel, alice, bob):
    message = do_post_chat(f"match:{duel.pk}", bob, "rude words")
    client.force_login(alice)
    response = client.post("/moderation/report/", {"message": message.pk, "reason": "rude", "match": duel.pk})
    assert response.json()["ok"]
    report = Report.objects.get()
    assert (report.reported_user, report.message, report.match, report.reason) == (bob, message, duel, "rude")


def test_a_player_reports_a_user_but_not_themselves_and_not_without_a_reason(client, alice, bob):
    client.force_login(alice)
    assert client.post("/moderation/report/", {"user": "BOB", "reason": "cheating"}).json()["ok"]
    assert client.post("/moderation/report/", {"user": "alice", "reason": "x"}).status_code == 400
    assert client.post("/moderation/report/", {"user": "bob", "reason": "  "}).status_code == 400
    assert client.post("/moderation/report/", {"user": "nobody", "reason": "x"}).status_code == 400
    assert Report.objects.count() == 1


def test_reporting_needs_an_account(client, bob):
    response = client.post("/moderation/report/", {"user": "bob", "reason": "x"})
    assert response.status_code == 302 and "/accounts/login/" in response.url


def admin_urls():
    """Every URL the admin serves, with placeholder arguments for its patterns."""
    def walk(patterns, prefix):
        for pattern in patterns:
            route = prefix + str(pattern.pattern)
            if isinstance(pattern, URLResolver):
                yield from walk(pattern.url_patterns, route)
            elif isinstance(pattern, URLPattern):
                yield route
    for route in walk(admin.site.urls[0], "/admin/"):
        path = (route.replace("^", "").replace("$", "").replace("<path:object_id>", "1")
                .replace("<int:content_type_id>", "1").replace("<path:object_id>", "1").replace("<id>", "1")
                .replace("(?P<app_label>auth|accounts|lobbies|matches|moderation)", "matches")
                .replace("<str:app_label>", "matches").replace("<path:url>", "x"))
        yield path


def test_a_non_staff_user_is_turned_away_from_every_admin_and_moderation_url(client, alice, duel):
    client.force_login(alice)
    public = {"/admin/login/", "/admin/logout/"}
    paths = [path for path in admin_urls() if path not in public] + [reverse("moderation_full_view", args=[duel.pk])]
    assert len(paths) > 50
    for path in paths:
        response = client.get(path)
        assert response.status_code in (302, 403, 404), path
        if response.status_code == 302:
            assert "/login/" in response.url, path
        assert b"Full information" not in response.content


def test_an_anonymous_visitor_is_sent_to_log_in(client, duel):
    assert "/login/" in client.get(reverse("moderation_full_view", args=[duel.pk])).url
    assert "/login/" in client.get("/admin/moderation/report/").url


def test_a_moderator_sees_every_hand_and_the_look_is_logged(client, moderator, duel):
    client.force_login(moderator)
    page = client.get(reverse("moderation_full_view", args=[duel.pk])).content.decode()
    assert "Full information" in page
    for seat in range(2):
        for card in engine("chronicle").view(duel.state, seat)["civilizations"][seat]["cards"]:
            assert card["name"] in page
    assert AuditEntry.objects.get().action == "watch with full information"


def test_a_moderator_reads_the_queue_but_cannot_make_moderators(client, moderator, alice):
    client.force_login(moderator)
    assert client.get("/admin/moderation/report/").status_code == 200
    assert client.get("/admin/moderation/auditentry/").status_code == 200
    assert client.get("/admin/auth/group/").status_code == 403
    client.post(f"/admin/accounts/user/{alice.pk}/change/", {"username": "alice", "is_staff": "on"})
    alice.refresh_from_db()
    assert not alice.is_staff


def test_the_admin_bans_through_its_action_with_a_reason(client, moderator, bob):
    client.force_login(moderator)
    first = client.post("/admin/accounts/user/", {"action": "ban", "_selected_action": [bob.pk]})
    assert b"reason" in first.content
    client.post("/admin/accounts/user/", {"action": "ban", "_selected_action": [bob.pk], "apply": "1",
                                          "reason": "spam", "duration": "permanent"})
    bob.refresh_from_db()
    assert not bob.is_active and bob.sanctions.get().reason == "spam"


def test_a_report_stays_readable_when_chat_around_it_has_braces_and_markup(client, moderator, duel, alice, bob):
    room = f"match:{duel.pk}"
    do_post_chat(room, bob, "{x} and {0} and %s")
    reported = do_post_chat(room, bob, "rude {words}")
    do_post_chat(room, alice, "<b>{}</b>")
    report = Report.objects.create(reporter=alice, reported_user=bob, message=reported, match=duel, reason="rude")
    client.force_login(moderator)
    response = client.get(f"/admin/moderation/report/{report.pk}/change/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "{x} and {0} and %s" in page and "<strong>bob: <bdi>rude {words}</bdi></strong>" in page
    assert "&lt;b&gt;{}&lt;/b&gt;" in page and "<b>{}</b>" not in page
