"""Stone Age's result panel: the tie-break (agriculture + tools + people) is named only when the top score is shared,
and each number follows its player's name after a colon, so "Random bot 1 31" never reads as one figure."""

from django.template.loader import render_to_string


def ending(scores: list[int], tiebreak: list[int]) -> str:
    return render_to_string("stone_age/_ending.html", {
        "outcome": {"scores": scores, "tiebreak": tiebreak, "reason": "cards"}, "names": ["Ada", "Random bot 1"]})


def test_a_clear_winner_is_not_told_the_tie_break():
    text = ending([206, 122], [27, 31])
    assert "the card deck could not fill the card spaces. The most points wins." in text
    assert "equal points" not in text and "31" not in text


def test_equal_points_say_the_tie_break_with_each_players_figure():
    text = ending([50, 50], [27, 31])
    assert "equal points go to the most agriculture + tools + people (Ada: 27, Random bot 1: 31)" in text
