"""Every built game's board template, on its sample states (those of its template tests): every legal move is
exactly one clickable element and nothing else is, no viewer is shown a string hidden from it, no script and
no seat placeholder; and, where its row says so, its stylesheet follows the site. Rendered with Django's
template engine on its own."""

import html

import pytest

from apps.matches.engine import engine
from tests.board_templates import (
    GameTemplates,
    assert_buttons_are_the_legal_moves,
    assert_stylesheet_follows_the_site,
)
from tests.engines.games import rows


def boards(slug: str) -> GameTemplates:
    return GameTemplates(slug, engine(slug))


@pytest.mark.parametrize("game, index", [
    pytest.param(game, index, id=f"{game.slug}-{index}") for game in rows()
    for index in range(len(game.boards.samples()))])
def test_every_legal_move_is_one_clickable_element_on_the_board_and_nothing_else_is(game, index):
    assert_buttons_are_the_legal_moves(boards(game.slug), game.boards.samples()[index], game.boards.map_links)


@pytest.mark.parametrize("game", [pytest.param(game, id=game.slug) for game in rows()])
def test_the_board_shows_no_hidden_string_no_script_and_no_seat_placeholder(game):
    templates, rules = boards(game.slug), engine(game.slug)
    for state in game.boards.samples()[::game.boards.stride]:
        for seat in [None, *range(state["players"])]:
            page = templates.board(state, seat)
            text = html.unescape(page)
            assert not game.quick_leaks(text, rules.hidden_from(state, seat)), seat
            assert "<script" not in page and " onclick" not in page
            assert "{p" not in text, "seat placeholders are replaced by names"


@pytest.mark.parametrize("game", [pytest.param(game, id=game.slug) for game in rows()
                                  if game.boards.stylesheet_below is not None])
def test_the_stylesheet_uses_the_site_variables_and_no_emoji(game):
    assert_stylesheet_follows_the_site(boards(game.slug), below=game.boards.stylesheet_below)
