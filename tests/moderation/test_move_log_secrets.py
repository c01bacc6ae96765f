"""The move-log admin keeps a running match's moves to itself: a moderator sees them only through the audited
full-information view; once the match is over, the log shows every move."""

import pytest
from django.urls import reverse

from apps.matches.domain import deeds
from apps.matches.engine import engine
from apps.matches.models import Match, MoveLog
from apps.moderation.models import AuditEntry

pytestmark = pytest.mark.django_db
RULES = engine("innovation")


@pytest.fixture
def first_meld(alice, bob):
    """A running Innovation match where alice has chosen her first meld (secret until both have chosen)."""
    match = deeds.do_start_match("innovation", [deeds.SeatSpec("alice", alice), deeds.SeatSpec("bob", bob)],
                                 seed=5)
    move = RULES.legal_moves(match.state, 0)[0]
    assert deeds.do_human_move(match.pk, 0, move, match.version).ok
    return MoveLog.objects.get(match=match, seat=0), move["card"]


def test_it_hides_a_running_matchs_move_from_the_move_log_admin(client, moderator, first_meld):
    row, card = first_meld
    client.force_login(moderator)
    page = client.get(f"/admin/matches/movelog/{row.pk}/change/").content.decode()
    assert card not in page
    assert "hidden while the match runs" in page
    assert reverse("moderation_full_view", args=[row.match_id]) in page
    assert not AuditEntry.objects.exists()


def test_the_move_log_admin_shows_the_move_once_the_match_is_over(client, moderator, first_meld):
    row, card = first_meld
    Match.objects.filter(pk=row.match_id).update(status=Match.Status.FINISHED)
    client.force_login(moderator)
    assert card in client.get(f"/admin/matches/movelog/{row.pk}/change/").content.decode()
