"""What each Chronicle move says it will do before it is chosen (``RULES.explain_move``), and what an unpayable
fill card says on the board: the cost grammar (an overlapping group needs every one of its icons) in words."""

import html
import random

from chronicle_helpers import at_kind, plain, random_game, stage, to_vote

from apps.chronicle.content import CHARACTER_BY_ID
from apps.chronicle.engine import RULES
from tests.board_templates import GameTemplates

BOARDS = GameTemplates("chronicle", RULES)
BEAR = "animal-great-brown-bear"  # costs Cold + Martial together, or Benevolent


def name(card_id):
    return CHARACTER_BY_ID[card_id].name


def test_a_fill_card_says_which_drawn_cards_pay_for_its_group():
    cold, martial, heat = plain("cold")[0], plain("martial")[0], plain("heat")[0]
    s = stage(at_kind("animal"), [BEAR], [cold, martial, heat])
    said = RULES.explain_move(s, 0, {"type": "choose_fill", "card": BEAR})
    assert (f"with a great brown bear, paid by the Cold of {name(cold)} and the Martial of {name(martial)} "
            "(Cold + Martial together).") in said
    assert said.endswith("Then you may take a Cold and a Martial card as a reward.")


def test_an_unpayable_fill_card_says_on_the_board_which_icon_of_its_group_is_missing():
    cold, heat, water = plain("cold")[0], plain("heat")[0], plain("water")[0]
    s = stage(at_kind("animal"), [BEAR], [cold, heat, water])
    page = html.unescape(BOARDS.board(s, 0))
    assert ("Cannot pay: it needs Cold + Martial together or Benevolent; your drawn cards show Cold, Heat and "
            "Water (the group has Cold but not Martial).") in page
    assert RULES.explain_move(s, 0, {"type": "redraw"}).startswith("No drawn fill card can be paid for")


def test_building_says_what_the_aspect_pays_for():
    said = RULES.explain_move(RULES.setup(1, 0), 0, {"type": "pick_aspect", "aspect": "martial"})
    assert said.startswith("Add the top Martial card (9 left) to your Civilization Deck.")
    assert "of the 40 fill cards" in said


def test_a_reward_and_a_vote_say_what_they_do():
    s = stage(at_kind("animal"), [BEAR], [plain("cold")[0], plain("martial")[0], plain("heat")[0]])
    s = RULES.apply(s, 0, {"type": "choose_fill", "card": BEAR})
    size = len(s["seats"][0]["civ"])
    assert RULES.explain_move(s, 0, {"type": "take_reward", "option": 0}) == (
        f"Add the top Cold card and the top Martial card to your Civilization Deck ({size + 2} cards after).")
    assert RULES.explain_move(s, 0, {"type": "skip_reward"}).startswith(
        f"Take no card: your Civilization Deck stays at {size} cards")
    vote = RULES.explain_move(to_vote(2), 0, {"type": "vote", "for": 1})
    assert vote.startswith("Your vote goes to {p1}'s telling") and "tie-break decides" in vote


def test_every_log_line_of_a_game_names_the_civilization_deck_and_the_reward_plainly():
    lines = set()
    for seed in range(6):
        for state, _seat, _move in random_game(1 + seed % 4, seed, random.Random(seed)):
            lines.update(state["log"])
    assert not [line for line in lines if "'s civilization took" in line or "no character card" in line
                or "from their civilization." in line or "can pay for none of them" in line]
    assert any("to their Civilization Deck as a reward" in line for line in lines)
