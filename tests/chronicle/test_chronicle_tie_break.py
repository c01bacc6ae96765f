"""Chronicle always names one winner: tied votes (always so with two players) are told apart by the tellings on the
table, so a rated Chronicle match can never end in a forced tie. Pure engine tests: no database."""

import html
import random

import pytest
from chronicle_helpers import random_game, to_vote

from apps.chronicle import pages
from apps.chronicle.content import CHARACTER_IDS_BY_ASPECT
from apps.chronicle.engine import RULES, clone
from tests.board_templates import GameTemplates

BOARDS = GameTemplates("chronicle", RULES)


def vote(state: dict, votes: list[int]) -> dict:
    for seat, chosen in enumerate(votes):
        state = RULES.apply(state, seat, {"type": "vote", "for": chosen})
    return state


def even_tellings(players: int) -> dict:
    """A vote about to begin in which every telling is equal in all the tie-break looks at: no blank left to
    fate, civilizations of the same size and the same number of aspects."""
    state = clone(to_vote(players, 2))
    for seat, player in enumerate(state["seats"]):
        for told in player["told"]:
            told["fate"] = False
        player["civ"] = list(CHARACTER_IDS_BY_ASPECT["heat"][2 * seat:2 * seat + 2])
    return state


@pytest.mark.parametrize("seed", range(12))
def test_a_two_player_game_played_at_random_always_has_one_winner(seed):
    *_, (state, _, _) = random_game(2, seed, random.Random(seed))
    result = RULES.outcome(state)
    assert result["scores"] == [1, 1]
    assert len(result["winners"]) == 1


@pytest.mark.parametrize("players", [3, 4])
def test_with_three_or_four_players_every_way_of_voting_has_one_winner(players):
    rnd = random.Random(players)
    for _ in range(20):
        votes = [rnd.choice([other for other in range(players) if other != seat]) for seat in range(players)]
        assert len(RULES.outcome(vote(even_tellings(players), votes))["winners"]) == 1, votes


def test_the_telling_with_the_most_votes_still_wins_without_a_tie_break():
    result = RULES.outcome(vote(even_tellings(3), [1, 2, 1]))
    assert result["winners"] == [1] and "tie_break" not in result


def test_tied_tellings_are_told_apart_first_by_fewer_blanks_left_to_fate():
    state = even_tellings(2)
    state["seats"][1]["told"][4]["fate"] = True
    state["seats"][0]["civ"] += CHARACTER_IDS_BY_ASPECT["cold"][:3]  # a larger civilization does not outweigh fate
    result = RULES.outcome(vote(state, [1, 0]))
    assert result["winners"] == [0]
    assert result["tie_break"]["by"] == "fate" and result["tie_break"]["tied"] == [0, 1]


def test_then_by_the_larger_civilization():
    state = even_tellings(2)
    state["seats"][0]["civ"].append(CHARACTER_IDS_BY_ASPECT["heat"][5])
    result = RULES.outcome(vote(state, [1, 0]))
    assert result["winners"] == [0] and result["tie_break"]["by"] == "civilization"


def test_then_by_the_civilization_with_more_aspects():
    state = even_tellings(2)
    state["seats"][0]["civ"][1] = CHARACTER_IDS_BY_ASPECT["water"][0]
    result = RULES.outcome(vote(state, [1, 0]))
    assert result["winners"] == [0] and result["tie_break"]["by"] == "aspects"


def test_and_last_the_later_seat_which_chose_from_the_shared_piles_after_the_others():
    result = RULES.outcome(vote(even_tellings(2), [1, 0]))
    assert result["winners"] == [1] and result["tie_break"]["by"] == "seat"


def test_only_the_tied_leaders_enter_the_tie_break():
    state = even_tellings(4)
    state["seats"][3]["civ"] += CHARACTER_IDS_BY_ASPECT["cold"][:3]  # seat 3 has no vote: its size does not count
    result = RULES.outcome(vote(state, [1, 0, 0, 1]))
    assert result["scores"] == [2, 2, 0, 0]
    assert result["winners"] == [1] and result["tie_break"] == {
        "tied": [0, 1], "by": "seat", "says": result["tie_break"]["says"]}


def test_the_log_the_prompt_and_the_summary_say_how_the_tie_was_broken():
    state = even_tellings(2)
    state["seats"][1]["civ"].append(CHARACTER_IDS_BY_ASPECT["heat"][5])
    state = vote(state, [1, 0])
    says = RULES.outcome(state)["tie_break"]["says"]
    assert says == ("The votes are tied between {p0} and {p1}, 1 vote each. Blanks filled by fate: {p0} 0, {p1} 0; "
                    "character cards: {p0} 2, {p1} 3. So {p1}'s telling wins, its civilization being the larger.")
    assert says in state["log"]
    assert RULES.view(state, 0)["prompt"].endswith("Favourite telling: {p1}.")
    text = html.unescape(BOARDS.summary(state))
    assert ("The votes are tied between Ada and Bo, 1 vote each. Blanks filled by fate: Ada 0, Bo 0; character "
            "cards: Ada 2, Bo 3. So Bo's telling wins, its civilization being the larger.") in text


def test_a_tie_settled_by_seat_names_every_number_it_weighed():
    """The newcomer review: the end said 1-1 and 'told from the later seat' without the numbers behind it."""
    state = even_tellings(2)
    state["seats"][0]["told"][0]["fate"] = state["seats"][1]["told"][3]["fate"] = True
    says = RULES.outcome(vote(state, [1, 0]))["tie_break"]["says"]
    assert says == ("The votes are tied between {p0} and {p1}, 1 vote each. Blanks filled by fate: {p0} 1, {p1} 1; "
                    "character cards: {p0} 2, {p1} 2; different aspects: {p0} 1, {p1} 1. "
                    "So {p1}'s telling wins, told from the later seat (all else being equal).")


def test_a_tie_settled_by_fate_names_only_the_fate_counts():
    state = even_tellings(3)
    state["seats"][1]["told"][1]["fate"] = state["seats"][2]["told"][1]["fate"] = True
    says = RULES.outcome(vote(state, [1, 2, 0]))["tie_break"]["says"]
    assert says == ("The votes are tied between {p0}, {p1} and {p2}, 1 vote each. Blanks filled by fate: {p0} 0, "
                    "{p1} 1, {p2} 1. So {p0}'s telling wins, with fewer blanks filled by fate.")


def test_a_two_player_vote_is_announced_as_decided_by_the_tie_break():
    assert "tie-break" in to_vote(2, 2)["log"][-1]
    assert "tie-break" not in to_vote(3, 2)["log"][-1]


def test_the_rules_page_states_the_two_player_rule_and_its_reason():
    text = " ".join(html.unescape(BOARDS.rules_page(pages.rules_context())).split())
    for words in ("With two players each vote can only go to the other telling",
                  "fewer blanks filled by fate", "the larger civilization", "more different aspects",
                  "the later seat", "there is always one winner"):
        assert words in text, words
    assert "tied tellings share the win" not in text
