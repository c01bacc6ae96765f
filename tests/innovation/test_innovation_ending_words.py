"""What Innovation's result panel says of how the game was won: a win by achievements says that achievements, not
the Score column's points, decided it (review 5: 'Winner: bea' beside scores of 7 and 83 read as a contradiction)."""

from django.template.loader import render_to_string

NAMES = ["Ada", "Bea"]


def ending(reason: str, scores: list[int], achievements: list[int]) -> str:
    outcome = {"reason": reason, "scores": scores, "achievements": achievements, "winners": [1]}
    return " ".join(render_to_string("innovation/_ending.html", {"outcome": outcome, "names": NAMES}).split())


def test_a_win_by_achievements_says_points_did_not_decide_it_with_each_players_count():
    text = ending("A player claimed enough achievements.", [83, 7], [3, 6])
    assert "Achievements won it, not points" in text
    assert "(Ada 3, Bea 6)" in text
    assert "equal points" not in text


def test_a_win_on_points_says_nothing_of_an_achievement_win():
    text = ending("The supply ran out: the most points wins.", [30, 20], [2, 1])
    assert "Achievements won it" not in text
