"""The leaderboard page of each game (contract: ``/games/<slug>/leaderboard/``)."""

from django.http import Http404
from django.shortcuts import render

from apps.matches.engine import game_entry
from apps.ratings.scale import PROVISIONAL_GAMES
from apps.ratings.selectors import leaderboard as top_players


def leaderboard(request, slug: str):
    try:
        entry = game_entry(slug)
    except KeyError:
        raise Http404("No such game.") from None
    if entry.app is None:
        raise Http404("This game is not playable yet.")
    return render(request, "ratings/leaderboard.html", {
        "entry": entry,
        "rows": top_players(slug) if entry.rated else [],
        "provisional_games": PROVISIONAL_GAMES,
    })
