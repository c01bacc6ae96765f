"""The replay's steps as fragments for the page's script: the same steps, the same access rules, clear refusals."""

import pytest

from apps.matches.domain.deeds import SeatSpec, do_bot_move, do_start_match
from apps.matches.models import MoveLog

pytestmark = pytest.mark.django_db


def finished(alice, bob):
    match = do_start_match("chronicle", [SeatSpec("alice", alice, bot="random"), SeatSpec("bob", bob, bot="random")],
                           seed=8)
    while do_bot_move(match.pk):
        pass
    match.refresh_from_db()
    return match


def test_it_answers_one_step_as_json_with_the_step_and_a_full_link(client, alice, bob):
    match = finished(alice, bob)
    data = client.get(f"/matches/{match.pk}/replay/step/?move=3").json()
    assert data["step"] == 3 and data["total"] == match.version
    assert 'data-replay-step="3"' in data["html"]
    assert f"http://testserver/matches/{match.pk}/replay/?move=3" in data["html"]


def test_it_shows_the_same_table_as_the_page_for_that_step(client, alice, bob):
    match = finished(alice, bob)
    page = client.get(f"/matches/{match.pk}/replay/?move=5").content.decode()
    fragment = client.get(f"/matches/{match.pk}/replay/step/?move=5").json()["html"]
    assert fragment.split('<section class="table">')[1] in page


def test_it_refuses_another_seats_step_with_a_clear_json_error(client, alice, bob):
    match = finished(alice, bob)
    client.force_login(bob)
    response = client.get(f"/matches/{match.pk}/replay/step/?move=4&seat=0")
    assert response.status_code == 403 and "only to its player" in response.json()["error"]


def test_it_refuses_another_seats_page_with_the_sites_own_403_page(client, alice, bob):
    match = finished(alice, bob)
    client.force_login(bob)
    response = client.get(f"/matches/{match.pk}/replay/?move=4&seat=0")
    page = response.content.decode()
    assert response.status_code == 403
    assert 'class="brand"' in page and "only to its player" in page


def test_it_draws_the_step_controls_without_emoji_glyphs(client, alice, bob):
    match = finished(alice, bob)
    page = client.get(f"/matches/{match.pk}/replay/?move=3").content.decode()
    assert "<svg" in page and 'aria-label="Forward one move"' in page
    for glyph in "⏮⏭◀▶":
        assert glyph not in page


def test_a_step_the_rules_no_longer_make_says_so_instead_of_showing_a_position(client, alice, bob):
    # A match played before a game's rules changed: from move 6 on, the log's moves no longer make what it recorded.
    match = finished(alice, bob)
    MoveLog.objects.filter(match=match, version=6).update(state_digest="0" * 64)
    for step in (6, 7):
        data = client.get(f"/matches/{match.pk}/replay/step/?move={step}").json()
        assert "This step cannot be shown: from move 6 on" in data["html"]
        assert '<section class="table">' not in data["html"]
        assert f'href="/games/{match.game}/#what-changed"' in data["html"]
    page = client.get(f"/matches/{match.pk}/replay/?move=7")
    assert page.status_code == 200 and "from move 6 on" in page.content.decode()
    for step in (5, match.version):  # before it, and the match's own final position, still show
        html = client.get(f"/matches/{match.pk}/replay/step/?move={step}").json()["html"]
        assert '<section class="table">' in html and "cannot be shown" not in html


def test_a_move_the_rules_no_longer_allow_says_so_too(client, alice, bob):
    match = finished(alice, bob)
    MoveLog.objects.filter(match=match, version=4).update(move={"type": "no such move"})
    html = client.get(f"/matches/{match.pk}/replay/step/?move=4").json()["html"]
    assert "from move 4 on" in html
