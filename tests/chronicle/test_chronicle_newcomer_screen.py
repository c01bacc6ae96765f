"""The newcomer review of learning Chronicle from the screen alone: each building choice says what its pile holds and
what follows, the vote says beforehand what a tie does, the other seat sees what a reward is, and a payable fill card
that is no move of the viewer's (another seat's draw, a lesson step that asks for another card) is not left blank."""

import html
import json
import re

from chronicle_helpers import at_kind, plain, stage, to_vote

from apps.chronicle import pages
from apps.chronicle.engine import RULES
from apps.chronicle.lesson import LESSON
from apps.chronicle.tie_break import ASPECTS, CIVILIZATION, FATE, break_tie, measure
from apps.matches.engine.lesson import compile_script, replay
from tests.board_templates import NAMES, GameTemplates

BOARDS = GameTemplates("chronicle", RULES)
BEAR = "animal-great-brown-bear"  # costs Cold + Martial together, or Benevolent; rewards a Cold and a Martial card


def words(page: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def rules_text() -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", BOARDS.rules_page(pages.rules_context()))).split())


def test_each_building_choice_says_what_its_pile_holds_what_it_leads_to_and_what_follows():
    state = RULES.setup(2, 1)
    first = RULES.explain_move(state, 0, {"type": "pick_aspect", "aspect": "hierarchical"})
    assert "Of the 9, 6 carry a further icon: Martial, Diplomatic, Heat, Cold, Water, Benevolent and Vengeful." in first
    assert "6 fill cards reward a Hierarchical card." in first
    assert first.endswith("Next you choose your second card: Diplomatic or Martial.")
    for aspect in ("hierarchical", "martial", "heat"):
        state = RULES.apply(state, 0, {"type": "pick_aspect", "aspect": aspect})
    assert RULES.explain_move(state, 0, {"type": "pick_aspect", "aspect": "vengeful"}).endswith(
        "That completes your deck; then {p1} builds theirs.")
    state = RULES.apply(state, 0, {"type": "pick_aspect", "aspect": "cold"})
    for aspect in ("egalitarian", "diplomatic", "water"):
        state = RULES.apply(state, 1, {"type": "pick_aspect", "aspect": aspect})
    assert RULES.explain_move(state, 1, {"type": "pick_aspect", "aspect": "benevolent"}).endswith(
        "then each Civilization Deck is shuffled and the first story card is revealed.")


def test_the_building_screen_says_why_one_aspect_over_another_in_the_rules_own_words():
    assert pages.CHOOSING in rules_text()
    page = words(BOARDS.board(RULES.setup(2, 1), 0))
    assert "Choosing an aspect takes the top card of that pile." in page and pages.CHOOSING in page
    assert "Of the 9, 6 carry a further icon" in page


def test_while_everyone_votes_two_players_are_told_the_tie_break_and_whom_it_favours():
    state = to_vote(2, 2)
    rules = rules_text()
    note = pages.tie_break_note(RULES.view(state, 0)["tie_break"])
    for quote in note[1::2]:
        assert quote in rules, quote
    winner, _ = break_tie(state, [0, 1])
    page = words(BOARDS.board(state, 0))
    assert "With two players each vote can only go to the other telling, so the votes always tie one to one." in page
    assert "1. fewer blanks filled by fate; 2. then the larger civilization (more character cards);" in page
    assert f"So {NAMES[winner]}'s telling wins" in page
    counts = [f"{NAMES[s]} {-measure(state, s, FATE)} by fate, {measure(state, s, CIVILIZATION)} cards, "
              f"{measure(state, s, ASPECTS)} aspects" for s in (0, 1)]
    assert f"Now: {counts[0]}; {counts[1]}." in page
    assert "open on the table while everyone votes" in rules


def test_with_three_players_the_vote_says_how_ties_are_broken_without_naming_a_winner():
    page = words(BOARDS.board(to_vote(3, 2), 0))
    assert "The telling with the most votes wins. Tied tellings are compared in this order" in page
    assert "telling wins, " not in page.split("Tied tellings")[1].split("Ada (you)")[0]


def test_the_seat_not_choosing_a_reward_sees_what_each_alternative_gives():
    state = stage(at_kind("animal", 2), [BEAR], [plain("cold")[0], plain("martial")[0], plain("heat")[0]])
    state = RULES.apply(state, 0, {"type": "choose_fill", "card": BEAR})
    page = words(BOARDS.board(state, 1))
    left = len(state["piles"]["cold"]), len(state["piles"]["martial"])
    assert f"Ada's reward for a great brown bear ? a Cold and a Martial card {left[0]} and {left[1]} left" in page
    assert "Ada may pick one of its alternatives for their Civilization Deck, or take nothing." in page
    assert "A reward is taken openly, like the deck" in rules_text()


def fill_cards(page: str) -> dict[str, str]:
    """Each drawn fill card's words, by its name."""
    cards = re.findall(r'class="card fill.*?(?=class="card fill|class="deck-pile discard)', page, re.S)
    return {re.search(r'class="card-name">([^<]+)<', c).group(1): words(c) for c in cards}


def test_another_seats_payable_fill_card_says_who_pays_and_what_it_rewards():
    cold, martial, heat = plain("cold")[0], plain("martial")[0], plain("heat")[0]
    state = stage(at_kind("animal", 2), [BEAR], [cold, martial, heat])
    card = fill_cards(BOARDS.board(state, 1))["a great brown bear"]
    assert "Can pay: the Cold of " in card and "Reward: a Cold and a Martial card." in card


def test_the_lessons_spotted_jaguar_is_not_blank_at_step_five():
    """The newcomer review: at step 5 the jaguar, payable but not the card the step asks for, showed nothing."""
    script = compile_script(LESSON)
    version = script.step_versions[4]
    state = replay(RULES, LESSON)[version]
    move = LESSON.steps[4].move
    legal = [{"move": move, "json": json.dumps(move), "label": RULES.describe_move(state, 0, move),
              "why": RULES.explain_move(state, 0, move)}]
    page = BOARDS.render("board.html", {"view": RULES.view(state, 0), "seat": 0, "legal": legal,
                                        "names": NAMES[:2], "active": RULES.active_seats(state)})
    jaguar = fill_cards(page)["a spotted jaguar"]
    assert "Can pay: the Heat of " in jaguar and "Reward: a Heat card." in jaguar


def test_the_other_seats_see_what_each_building_choice_does_for_the_seat_building():
    page = words(BOARDS.board(RULES.setup(2, 1), 1))
    assert ("More Add the top Hierarchical card (9 left) to Ada's Civilization Deck. Of the 9, 6 carry a "
            "further icon") in page
    assert "Next Ada chooses their second card: Diplomatic or Martial." in page
    assert "More Add the top Egalitarian card (9 left) to Ada's Civilization Deck." in page
