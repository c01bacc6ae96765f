"""Starting a lesson match: the learner against the game's own bot, from the lesson's prepared position.

The table is made as any match is (``deeds.do_start_match``, with the lesson's seed and options), and the prelude
is played through the ordinary move path, so the move log replays it like any other match. A lesson is unrated,
untimed and watched only by its own seats (never listed).
"""

from __future__ import annotations

from django.conf import settings
from django.db import transaction

from apps.common.rates import hit, hits
from apps.matches.domain import bots
from apps.matches.domain.deeds import SeatSpec, do_move, do_start_match
from apps.matches.engine import engine
from apps.matches.engine.lesson import lesson_for
from apps.matches.models import Match


class LessonRefused(Exception):
    """A lesson that cannot be started; the message says why."""


def bot_kind(game: str) -> str:
    """The bot a learner meets: the game's own bot that answers at once (not one that searches), else random."""
    return next((kind for kind in engine(game).bots() if kind not in bots.SEARCHING), bots.RANDOM)


def do_start_lesson(game: str, user) -> Match:
    """A new lesson match of ``game`` for ``user`` (``LessonRefused``: no lesson, or too many started lately)."""
    lesson = lesson_for(game)
    if lesson is None:
        raise LessonRefused("This game has no lesson yet.")
    limit, seconds = settings.LOBBY_CREATE_LIMIT
    key = f"lesson:start:{user.pk}"
    if hits(key) >= limit:
        raise LessonRefused(f"You started {limit} lessons or lobbies in {seconds // 60} minutes, the most "
                            "allowed; go back to one of them, or wait a few minutes.")
    hit(key, seconds)
    kind = bot_kind(game)
    label = bots.bot_kinds(game)[kind]
    specs = [SeatSpec(name=user.username, user=user) if seat == lesson.learner else
             SeatSpec(name=label if lesson.players == 2 else f"{label} {seat + 1}", bot=kind)
             for seat in range(lesson.players)]
    with transaction.atomic():
        match = do_start_match(game, specs, lesson.options, seed=lesson.seed)
        match.lesson = True
        match.watchers = Match.Watchers.INVITED
        match.save(update_fields=["lesson", "watchers"])
        for version, (seat, move) in enumerate(lesson.prelude):
            played = do_move(match.pk, seat, move, version)
            if not played.ok:
                raise LessonRefused(f"The lesson's prepared position no longer plays: {played.message}")
    match.refresh_from_db()
    return match
