"""Pages answer without error: home, health, rules, match (player and watcher), story, replay."""

import os
import subprocess
import sys

import pytest
from django.utils.html import escape

from apps.matches import views
from apps.matches.domain.deeds import SeatSpec, do_bot_move, do_start_match
from apps.matches.engine import all_games, built_games, engine
from apps.matches.models import Match
from tests.conftest import ROOT

pytestmark = pytest.mark.django_db


def test_home_lists_all_five_games_with_the_unbuilt_ones_coming(client):
    page = client.get("/").content.decode()
    for title in ("Chronicle", "Innovation", "Live On", "Stone Age", "Origins"):
        assert title in page
    assert page.count("Coming soon") == sum(1 for entry in all_games() if entry.app is None)


@pytest.mark.parametrize("slug", [entry.slug for entry in built_games()])
def test_every_built_game_has_a_rules_page_and_a_lobby_form(client, alice, slug):
    assert client.get(f"/games/{slug}/").status_code == 200
    client.force_login(alice)
    assert client.get(f"/lobbies/new/{slug}/").status_code == 200


def test_healthz_answers_when_database_and_channel_layer_answer(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "channel_layer": "ok"}


def test_healthz_fails_when_the_channel_layer_does_not_answer(client, monkeypatch):
    class Broken:
        async def new_channel(self):
            raise ConnectionError("down")

    monkeypatch.setattr(views, "get_channel_layer", lambda: Broken())
    response = client.get("/healthz")
    assert response.status_code == 503 and response.json()["channel_layer"].startswith("error")


def test_the_chronicle_rules_page_lists_the_decisions_and_cards(client):
    page = client.get("/games/chronicle/").content.decode()
    assert page.count("<tr") >= 73 + 40
    assert client.get("/games/origins/").status_code == 200
    assert client.get("/games/nope/").status_code == 404


def test_the_match_page_shows_a_player_their_moves_and_a_watcher_none(client, duel, alice, carol):
    client.force_login(alice)
    mine = client.get(duel.get_absolute_url()).content.decode()
    client.force_login(carol)
    watching = client.get(duel.get_absolute_url()).content.decode()
    assert "you are watching" in watching and "data-move=" not in watching
    assert "(you)" in mine
    assert client.get("/matches/424242/").status_code == 404


def finished_match(alice):
    match = do_start_match("chronicle", [SeatSpec("alice", alice, bot="random"), SeatSpec("Bot", bot="random")],
                           seed=77)
    while do_bot_move(match.pk):
        pass
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    return match


def test_the_story_page_of_a_finished_match_reads_as_a_story(client, alice):
    match = finished_match(alice)
    page = client.get(f"/matches/{match.pk}/story/").content.decode()
    view = engine("chronicle").view(match.state, None)
    for telling in view["tellings"]:
        for page_of_story in telling["pages"]:
            for part in ("before", "fill", "after"):
                assert escape(page_of_story[part]) in page
    assert "alice" in page and "Who voted for whom" in page
    assert client.get("/players/alice/").content.decode().count(f"/matches/{match.pk}/story/") == 1


def test_the_story_of_a_running_match_is_not_out_yet(client, duel):
    assert client.get(f"/matches/{duel.pk}/story/").status_code == 404


def test_the_replay_steps_through_every_move(client, alice):
    match = finished_match(alice)
    for step in (0, 1, match.version // 2, match.version):
        response = client.get(f"/matches/{match.pk}/replay/?move={step}")
        assert response.status_code == 200
        assert f"Move {step} of {match.version}" in response.content.decode()
    assert client.get(f"/matches/{match.pk}/replay/?move=abc").status_code == 200


def test_the_production_settings_pass_the_deploy_check():
    secret = "k" * 20 + "-production-secret-for-check-" + "z" * 20
    env = {**os.environ, "DJANGO_DEBUG": "0", "DJANGO_SECRET_KEY": secret, "DJANGO_ALLOWED_HOSTS": "civitas.example"}
    result = subprocess.run([sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
                            cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout
