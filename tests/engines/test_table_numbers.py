"""The pushed table writes its numbers as they are: Django localizes every number a template renders through
``number_format`` unless told not to, and that took a quarter of a table's rendering (each move renders one per
seat and one for the watchers); the site's language writes numbers the same either way."""

from unittest import mock

import pytest

from apps.matches.live import frames
from apps.matches.models import Match
from tests.engines.games import rows


@pytest.mark.parametrize("game", [pytest.param(game, id=game.slug) for game in rows()])
def test_the_table_renders_without_localizing_a_number(game):
    for state in game.boards.samples()[::game.boards.stride]:
        match = Match(pk=1, game=game.slug, state=state, version=7, status=Match.Status.RUNNING)
        names = [f"Player {i}" for i in range(state["players"])]
        for seat in [None, *range(state["players"])]:
            with mock.patch("django.utils.formats.number_format", side_effect=AssertionError("localized")):
                page = frames.render_table(frames.table_context(match, seat, names))
            assert 'data-version="7"' in page
