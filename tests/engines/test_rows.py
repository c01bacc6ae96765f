"""Every built game has its row in tests/engines/games.py, so the shared suites run over it."""

from apps.matches.engine import built_games
from tests.engines.games import GAMES, rows


def test_every_built_game_has_a_row_and_every_row_is_a_built_game():
    assert sorted(GAMES) == sorted(entry.slug for entry in built_games())
    assert [game.slug for game in rows()] == [entry.slug for entry in built_games()]
