"""The leaderboard page of each game (contract: ``/games/<slug>/leaderboard/``)."""

from django.conf import settings
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import render

from apps.matches.engine import game_entry
from apps.ratings.models import Rating
from apps.ratings.scale import LEADERBOARD_GAMES, NEWCOMER_GAMES, NEWCOMER_HOURS, PROVISIONAL_GAMES
from apps.ratings.selectors import rank_of, ranked

PER_PAGE = 50


def leaderboard(request, slug: str):
    try:
        entry = game_entry(slug)
    except KeyError:
        raise Http404("No such game.") from None
    if entry.app is None:
        raise Http404("This game is not playable yet.")
    page = Paginator(ranked(slug) if entry.rated else [], PER_PAGE).get_page(request.GET.get("page"))
    rank = rank_of(slug, request.user) if entry.rated else None
    mine = (Rating.objects.filter(game=slug, user=request.user).first()
            if entry.rated and request.user.is_authenticated else None)
    return render(request, "ratings/leaderboard.html", {
        "entry": entry,
        "rows": page.object_list,
        "page": page,
        "first_place": page.start_index(),
        "my_rank": rank,
        "my_page": (rank - 1) // PER_PAGE + 1 if rank else None,
        "provisional_games": PROVISIONAL_GAMES,
        "leaderboard_games": LEADERBOARD_GAMES,
        "newcomer_games": NEWCOMER_GAMES,
        "newcomer_hours": NEWCOMER_HOURS,
        "linked_days": settings.LINKED_ADDRESS_DAYS,
        "my_unlisted_games": mine.played if mine is not None and mine.played < LEADERBOARD_GAMES else None,
    })
