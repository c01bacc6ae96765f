"""A piece of Live On's table that a player may not use now says why, in the engine's own words: a past or gift
another player took, a vacant spot, a covered event, a call-out already made. The reason is given exactly when the
move is not legal, the refusal of that move says the same, and the board shows each reason beside its piece."""

from __future__ import annotations

import html
import random
import re

from test_live_on_abilities import place
from test_live_on_helpers import random_game, table

from apps.live_on import closed, flow
from apps.live_on.content import ROLE_BY_ID, SECRETS, SPOTS, ZONE_ORDER
from apps.live_on.engine import RULES, IllegalMove
from tests.board_templates import GameTemplates

BOARDS = GameTemplates("live_on", RULES)


def refusal(state, seat, move) -> str:
    try:
        RULES.apply(state, seat, move)
    except IllegalMove as exc:
        return str(exc)
    raise AssertionError(f"{move} was played")


def plain(text: str) -> str:
    return re.sub(r"\{p\d+\}", "another player", text)


def check_options(state, checked: set) -> None:
    """An event being met: every seat, every option."""
    for seat in range(state["players"]):
        legal = RULES.legal_moves(state, seat)
        for index in range(3):
            move = {"type": "option", "index": index}
            why = closed.why_not_option(state, seat, index)
            assert (why == "") == (move in legal), (index, why)
            if why and seat in flow.active_seats(state):  # the others are told it is not their turn
                assert refusal(state, seat, move) == plain(why)
            checked.add("option" if why else "open option")
            mine = state["enc"]["picks"].get(str(seat))
            if mine is not None and mine != index:  # named as the card names it, by trait: options are not numbered
                assert why == f"You chose {flow.enc_options(state['enc'])[mine].trait}.", why
                checked.add("other option")


def test_a_reason_is_given_exactly_when_the_move_is_not_legal_and_the_refusal_says_it():
    rnd = random.Random(5)
    checked = set()
    for players, seed in ((2, 3), (4, 8), (5, 2)):
        for state, _, _ in random_game(players, seed, rnd):
            ask = state["ask"]
            if state["enc"] is not None and not state["enc"]["flipped"]:
                check_options(state, checked)
            if ask is None or ask["kind"] not in ("role", "zones"):
                continue
            for seat in flow.active_seats(state):
                legal = RULES.legal_moves(state, seat)
                if ask["kind"] == "role":
                    for role in ROLE_BY_ID:
                        move = {"type": "role", "role": role}
                        why = closed.why_not_role(state, seat, role)
                        assert (why == "") == (move in legal), (role, why)
                        if why:
                            assert refusal(state, seat, move) == plain(why)
                            checked.add("role")
                    continue
                for zone in ZONE_ORDER:
                    cards = [c["id"] for c in state["spots"][zone]] if zone in SPOTS else [None]
                    for card in cards or [None]:
                        move = {"type": "go", "zone": zone} | ({"card": card} if card else {})
                        why = closed.why_not_zone(state, seat, zone, card)
                        assert (why == "") == (move in legal), (zone, card, why)
                        if why:
                            assert refusal(state, seat, move) == why
                            checked.add("covered" if card else "vacant")
                for target, other in enumerate(state["seats"]):
                    if target == seat or not other["secrets"]:
                        continue
                    move = {"type": "call", "target": target, "mark": SECRETS[0].mark}
                    why = closed.why_not_call(state, seat, target)
                    assert (why == "") == (move in legal), (target, why)
                    if why:
                        assert refusal(state, seat, move) == why
                        checked.add("call")
    assert {"role", "vacant", "option", "open option", "other option"} <= checked


def shown_reasons(state, seat) -> tuple[dict, str]:
    page = html.unescape(BOARDS.board(state, seat))
    return RULES.view(state, seat)["closed"], page


def assert_each_reason_is_shown_by_its_piece(reasons: dict, page: str) -> None:
    """Every reason is the visible text of a ``lo-whynot`` element, which the closed piece points at."""
    texts = [t for group in reasons.values() for t in group.values()]
    assert texts
    shown = re.findall(r'<(?:span|p|div)[^>]*class="[^"]*\blo-whynot\b[^"]*"[^>]*id="([^"]+)"[^>]*>(.*?)</', page)
    named = sorted(re.sub(r"\{p(\d+)\}", lambda m: BOARDS.names[int(m.group(1))], text) for text in texts)
    assert sorted(text for _, text in shown) == named
    for ident, text in shown:
        assert f'aria-describedby="{ident}"' in page, f"nothing points at {text!r}"


def test_a_past_or_gift_another_player_took_says_who_took_it():
    state = RULES.setup(3, 4)
    state = RULES.apply(state, 0, {"type": "role", "role": "soldier"})
    state = RULES.apply(state, 1, {"type": "role", "role": "mage"})
    reasons, page = shown_reasons(state, 2)
    assert set(reasons["roles"]) == {"soldier", "mage"}
    assert "Taken: Ada chose it" in page and "Taken: Bo chose it" in page
    assert_each_reason_is_shown_by_its_piece(reasons, page)


def test_vacant_spots_covered_events_and_a_call_already_made_say_why_while_choosing_a_zone():
    state = table([("soldier", "woken"), ("spouse", "seer")])
    place(state, "spot1", "watchtower-ruin")
    place(state, "spot1", "ash-wolves")
    state["seats"][1]["secrets"] = [{"id": SECRETS[0].id, "known": []}]
    state["seats"][0]["called"] = True
    reasons, page = shown_reasons(state, 0)
    assert set(reasons["zones"]) == {"spot2", "spot3", "spot4"}
    assert set(reasons["covered"]) == {"spot1:watchtower-ruin"} and set(reasons["calls"]) == {"1"}
    assert "You have already called out a secret this round." in page
    assert_each_reason_is_shown_by_its_piece(reasons, page)
    assert RULES.view(state, None)["closed"] == {}  # a spectator tries nothing


def test_a_setup_that_offers_only_pasts_shows_no_empty_gift_row():
    """The lesson offers one past: the table shows that row alone, not a 'Gifts: 0' heading over nothing."""
    from apps.live_on.content import PASTS  # noqa: PLC0415 -- only this test
    from apps.live_on.templatetags.live_on_tags import role_choices  # noqa: PLC0415 -- only this test
    groups = role_choices([{"move": {"type": "role", "role": PASTS[0].id}, "label": "x"}], {})
    assert [group["kind"] for group in groups] == ["past"]
    assert [card["role"]["id"] for card in groups[0]["cards"]] == [PASTS[0].id]
