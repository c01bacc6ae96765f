"""Reports cannot be piled up: one open report per reporter and player, a per-user rate, and a report is closed
only by a moderator's audited action, never by editing its status."""

import pytest
from django.db import IntegrityError, transaction

from apps.moderation.models import AuditEntry, Report

pytestmark = pytest.mark.django_db


def report(client, name: str, reason: str = "cheating"):
    return client.post("/moderation/report/", {"user": name, "reason": reason})


def test_it_refuses_a_second_open_report_on_the_same_player_and_stores_nothing(client, alice, bob):
    client.force_login(alice)
    assert report(client, "bob").json()["ok"]
    again = report(client, "bob", "still cheating")
    assert again.status_code == 400
    assert again.json()["error"] == "You have already reported bob; a moderator will look at it."
    assert Report.objects.count() == 1


def test_once_a_moderator_closed_the_report_the_player_can_be_reported_again(client, alice, bob, moderator):
    client.force_login(alice)
    assert report(client, "bob").json()["ok"]
    client.force_login(moderator)
    first = Report.objects.get()
    client.post("/admin/moderation/report/", {"action": "dismiss", "_selected_action": [first.pk], "apply": "1",
                                              "reason": "no evidence"})
    assert Report.objects.get().status == Report.Status.DISMISSED
    client.force_login(alice)
    assert report(client, "bob", "did it again").json()["ok"]
    assert Report.objects.filter(status=Report.Status.OPEN).count() == 1


def test_the_database_holds_one_open_report_per_reporter_and_player_whatever_process_writes(alice, bob):
    Report.objects.create(reporter=alice, reported_user=bob, reason="one")
    with pytest.raises(IntegrityError), transaction.atomic():
        Report.objects.create(reporter=alice, reported_user=bob, reason="two")


def test_it_refuses_more_than_ten_reports_an_hour_from_one_player(client, alice, make_user, settings):
    settings.REPORT_RATE_LIMIT = (10, 3600)
    targets = [make_user(f"target{n}") for n in range(11)]
    client.force_login(alice)
    for target in targets[:10]:
        assert report(client, target.username).json()["ok"]
    refused = report(client, targets[10].username)
    assert refused.status_code == 429
    assert refused.json()["error"] == "At most 10 reports in 60 minutes; a moderator will look at the ones you sent."
    assert Report.objects.count() == 10


def test_a_reports_change_form_cannot_close_it_only_the_audited_actions_can(client, alice, bob, moderator):
    client.force_login(alice)
    report(client, "bob")
    opened = Report.objects.get()
    client.force_login(moderator)
    change = f"/admin/moderation/report/{opened.pk}/change/"
    page = client.get(change)
    assert page.status_code == 200 and 'name="status"' not in page.content.decode()
    client.post(change, {"status": "dismissed"})
    assert Report.objects.get().status == Report.Status.OPEN
    assert not AuditEntry.objects.exists()

    client.post("/admin/moderation/report/", {"action": "dismiss", "_selected_action": [opened.pk], "apply": "1",
                                              "reason": "no evidence"})
    assert Report.objects.get().status == Report.Status.DISMISSED
    entry = AuditEntry.objects.get()
    assert (entry.moderator, entry.action, entry.target) == (moderator, "report dismissed", f"report {opened.pk}")
