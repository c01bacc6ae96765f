"""Issue 39 (a newcomer's review): the presence dots on a zone carry a visible label (how many, and what they are;
their popover says whose and what they do), and an event on the table shows what each option gives or costs, from
the card's own data, before anyone rolls."""

import html
import random
import re

from test_live_on_abilities import place
from test_live_on_helpers import random_game, table

from apps.live_on import wording
from apps.live_on.content import EVENT_BY_ID, parse_effects
from apps.live_on.engine import RULES
from tests.board_templates import GameTemplates

BOARDS = GameTemplates("live_on", RULES)


def test_each_zone_s_presence_dots_are_labelled_with_their_number():
    state = table([("farmer", "woken"), ("spouse", "seer")])
    state["presence"]["gather"], state["presence"]["rest"] = 2, 1
    page = html.unescape(BOARDS.board(state, 0))
    buttons = re.findall(r'<button class="lo-term lo-presence" popovertarget="lo-term-presence">(.*?)</button>', page)
    assert sorted(buttons) == ["<i></i>1 presence", "<i></i><i></i>2 presence"]


def test_an_event_on_a_spot_shows_what_each_option_gives_and_costs_before_it_is_met():
    state = table([("farmer", "woken"), ("spouse", "seer")])
    place(state, "spot1", "stray-child")
    page = html.unescape(BOARDS.board(state, 0))
    card = EVENT_BY_ID["stray-child"]
    for option in card.options:
        shown = f"Success: {wording.effect_short(option.success)}. Failure: {wording.effect_short(option.failure)}."
        assert shown in page
    assert "Success: +2 morale. Failure: −1 morale." in page  # the card's first option, "morale+2" / "morale-1"
    assert card.back not in page  # the back still waits for the flip


def met_event():
    """A table of a random game where an event card (not a secret) is being met, its options still to be chosen."""
    for seed in range(40):
        for state, _, _ in random_game(2, seed, random.Random(seed)):
            enc = state["enc"]
            if enc and enc["src"] == "event" and EVENT_BY_ID[enc["card"]].kind != "secret" and not enc["picks"]:
                return state
    raise AssertionError("no game met an event")


def test_the_card_being_met_shows_its_outcomes_while_its_options_are_chosen():
    state = met_event()
    card = EVENT_BY_ID[state["enc"]["card"]]
    page = html.unescape(BOARDS.board(state, 0))
    encounter = page[page.index('aria-label="Encounter"'):page.index("lo-region")]
    for option in card.options:
        assert f"Success: {wording.effect_short(option.success)}." in encounter


def test_the_short_words_say_each_effect_kind_of_the_content():
    assert wording.effect_short(parse_effects("health-3 res+1")) == "−3 health, +1 resource"
    assert wording.effect_short(parse_effects("art resolve")) == "an artifact, event resolved"
    assert wording.effect_short(parse_effects("perfail")) == "−1 morale per failed die"
    assert wording.effect_short(parse_effects("caring+1 wise+1")) == "+1 caring, +1 wise"


def test_a_scouted_zone_says_what_its_event_check_will_roll_and_from_which_deck():
    state = table([("farmer", "woken"), ("spouse", "seer")])
    state["scouted_next"]["gather"] = {"roll": 4, "face": "spirit"}
    page = html.unescape(BOARDS.board(state, 0))
    assert "Next round: event check rolls 4, spirit deck" in page and "die spirit" not in page
