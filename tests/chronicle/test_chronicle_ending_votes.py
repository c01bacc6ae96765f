"""Chronicle's result panel names each telling's votes so a player's name ending in a number ("Random bot 1") is
never read as part of the count."""

from django.template.loader import render_to_string


def test_the_votes_are_said_as_name_then_votes_with_the_word_vote():
    text = render_to_string("chronicle/_ending.html", {
        "outcome": {"solo": False, "scores": [1, 2], "tie_break": {}}, "names": ["Ada", "Random bot 1"]})
    assert "(Ada: 1 vote, Random bot 1: 2 votes)" in text
