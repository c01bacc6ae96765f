"""Chronicle's words for moves: one label per move type, read from a table."""

from apps.chronicle import wording
from apps.chronicle.engine import MOVE_FIELDS


def test_every_move_type_has_a_label():
    assert set(wording.MOVE_LABELS) == set(MOVE_FIELDS)


def test_labels_say_what_each_move_does():
    assert wording.describe({"type": "pick_aspect", "aspect": "egalitarian"}) == "Take an Egalitarian card"
    assert wording.describe({"type": "redraw"}) == "Draw three new fill cards"
    assert wording.describe({"type": "skip_reward"}) == "Take no character card"
    assert wording.describe({"type": "vote", "for": 2}) == "Vote for {p2}'s telling"


def test_a_fill_chosen_by_fate_says_it_brings_no_reward():
    move = {"type": "choose_fill", "card": "animal-white-stag"}
    assert wording.describe(move) == "Choose \u201ca white stag\u201d"
    assert wording.describe(move, fate=True) == "Choose \u201ca white stag\u201d (fate: no reward)"


def test_a_reward_label_names_the_alternative_offered_when_there_is_one():
    reward = [["heat"], ["cold", "water"]]
    assert wording.describe({"type": "take_reward", "option": 1}, reward=reward) == "Take a Cold and a Water card"
    assert wording.describe({"type": "take_reward", "option": 2}, reward=reward) == "Take a reward"


def test_an_unknown_move_type_is_labelled_by_its_type():
    assert wording.describe({"type": "dance"}) == "dance"
