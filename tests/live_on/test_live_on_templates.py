"""Live On's templates: the board shows the region, the panels and the encounter; the summary and the rules
page. ``sample_states`` are also the states tests/engines checks every board on (buttons, leaks)."""

import functools
import html
import random

from test_live_on_abilities import place
from test_live_on_helpers import answer, go, random_game, table

from apps.live_on import pages
from apps.live_on.content import ARTIFACTS, BUILDINGS, EVENTS, GIFTS, PASTS, REGIONS, SECRETS, WINTER_ROUND
from apps.live_on.engine import RULES
from tests.board_templates import GameTemplates

BOARDS = GameTemplates("live_on", RULES)


@functools.cache
def sample_states():
    vantage = table([("soldier", "chosen"), ("spouse", "seer")])
    vantage["buildings"]["vantage"] = 4
    place(vantage, "spot1", "watchtower-ruin")
    place(vantage, "spot1", "ash-wolves")
    visit = table([("soldier", "chosen"), ("farmer", "woken")])
    place(visit, "spot1", "watchtower-ruin")
    visit = go(visit, [("spot1", "watchtower-ruin"), "gather"])
    visit = answer(visit, {"type": "option", "index": 0})
    states = [RULES.setup(4, 1), vantage, visit]
    rnd = random.Random(3)
    for players in (2, 5):
        states += [s for i, (s, _, _) in enumerate(random_game(players, players, rnd)) if i % 7 == 0]
    return states


def test_the_board_shows_the_region_the_panels_and_the_encounter():
    state = sample_states()[2]
    text = html.unescape(BOARDS.board(state, 0))
    assert "The Watchtower Ruin" in text and "Ada (you)" in text and "the Chosen Soldier" in text
    assert "Hall" in text and "presence" in text


def test_the_summary_tells_how_the_band_fared():
    *_, (state, _, _) = list(random_game(2, 11, random.Random(11)))
    text = html.unescape(BOARDS.summary(state))
    assert ("The band lives on" in text) or ("The band is lost" in text)
    assert "{p" not in text and "Storage Hut" in text


def test_the_rules_page_shows_the_whole_designed_content_and_the_adaptations():
    page = BOARDS.rules_page(pages.rules_context())
    text = " ".join(html.unescape(page).split())
    for role in PASTS + GIFTS:
        assert role.name in text and role.text in text
    for region in REGIONS:
        assert region.name in text and all(spot in text for spot in region.spots)
    for event in EVENTS:
        assert event.name in text and event.back in text
    for secret in SECRETS:
        assert secret.mark in text and secret.hidden in text and secret.discovered_text in text
    for artifact in ARTIFACTS:
        assert artifact.name in text
        if artifact.back:
            assert artifact.back.name in text and artifact.back.text in text
    for building in BUILDINGS:
        assert building.name in text and building.text in text
    for words in ("call out", "costs the caller one morale", "Winter", "1 to n", "seat order", "3 or 4"):
        assert words.lower() in text.lower(), words


def test_the_rules_page_lists_each_band_sizes_winter_and_names_the_retuned_ones_as_they_are():
    text = " ".join(html.unescape(BOARDS.rules_page(pages.rules_context())).split())
    for players, limit in WINTER_ROUND.items():
        assert f"{players} player{'s' if players > 1 else ''}: end of round {limit}" in text
    # The note on the 24 November 2026 retuning quotes two of the numbers; it must not fall behind the table.
    assert f"a lone player now has until the end of round {WINTER_ROUND[1]} (was 50)" in text
    assert f"A band of four has until round {WINTER_ROUND[4]} (was 11)" in text
    # The note on the 25 November 2026 retuning (issue 21 item 11: deaths a real share of losses) quotes one more.
    assert f"a band of three now has until the end of round {WINTER_ROUND[3]} (was 17)" in text
    assert "What changed on 25 November 2026" in text and "cost 3 health on a failed option" in text


def test_after_a_roll_the_board_says_at_its_top_what_just_happened():
    """Issue 39: a roll's dice and outcome show near the top of the mover's board, in the log's words; the game's
    start has no box (an empty hidden element holds its place)."""
    start = RULES.setup(2, 2)
    assert "What just happened" not in BOARDS.board(start, 0) and 'data-part="lo-la"' in BOARDS.board(start, 0)
    game = random_game(2, 2, random.Random(3))
    before, seat, _ = next(game)
    for after, next_seat, _ in game:
        new = RULES.new_log_lines(before, after, seat)
        if any(" rolls " in line for line in new):
            break
        before, seat = after, next_seat
    roll = next(line for line in new if " rolls " in line).replace(f"{{p{seat}}}", ["Ada", "Bo"][seat])
    text = html.unescape(BOARDS.board(after, seat))
    box = text.split('data-part="lo-la"')[1].split("</div>")[0]
    assert "What just happened" in box and roll in box
    assert text.index("What just happened") < text.index("The region board")
