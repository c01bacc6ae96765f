"""Hints (issue 39, item 4): whether a seat is offered one, and what asking for one needs, read from the match.

``offered`` is the one place that decides whether the table shows a seat the Hint button, and ``hint_turn`` asks it
again when the hint is asked for. A hint is outside help, so it is offered:

- never in a rated match (its result moves ratings, which measure the player alone);
- never to a spectator (no seat), nor to a seat a bot plays;
- only while the match runs and the seat is to move now, in a game that has a bot to ask (``engine.hint``).

A lesson (``Match.lesson``, a guided first game; never rated) is offered hints by the same rule once its script is
played out; while the script awaits a step (``lessons.scripted``) the guide points at the one move it accepts, so
a hint, which weighs every legal move, is not offered. Should lessons offer hints differently, this function is
where that is said, and both the table and the refusal follow it.

What the hint shows is worked out by ``apps.matches.engine.hint`` from the seat's view alone, in the bots' worker
processes (``apps.matches.live.hinting``).
"""

from __future__ import annotations

from dataclasses import dataclass

from apps.matches.domain import lessons
from apps.matches.engine import engine
from apps.matches.engine.hint import available
from apps.matches.models import Match, MatchSeat


@dataclass(frozen=True)
class HintTurn:
    """A seat asking for a hint: everything the search needs, by value (a worker process makes it)."""

    match_id: int
    game: str
    state: dict
    seat: int
    seed: str  # the same position asked again gives the same hint: asking twice tells nothing new
    version: int
    names: tuple[str, ...] = ()  # the seats' names, for the moves' labels ({pN}) as the table writes them


@dataclass(frozen=True)
class Refused:
    code: str
    message: str


def offered(match: Match, seat: int | None, bot_seats: dict[int, str] | None = None,
            state: dict | None = None) -> bool:
    """Whether ``seat`` may ask for a hint now; ``bot_seats``: the seats bots play (``frames.bots_of``), ``state``:
    the match's state, if already at hand (a replay's earlier state is never offered one)."""
    return why_not(match, seat, bot_seats, state) is None


def why_not(match: Match, seat: int | None, bot_seats: dict[int, str] | None = None,
            state: dict | None = None) -> Refused | None:
    """Why ``seat`` may not ask for a hint now, or None if it may (``offered``)."""
    if match.rated:
        return Refused("forbidden", "Hints are not offered in a rated match: its result measures you alone.")
    if seat is None:
        return Refused("forbidden", "Spectators watch; hints are for the players of an unrated match.")
    if bot_seats and seat in bot_seats:
        return Refused("forbidden", "A bot is playing your seat.")
    if match.status != Match.Status.RUNNING:
        return Refused("not_your_turn", "The match is over: there is nothing left to decide.")
    if match.lesson and lessons.scripted(match) is not None:
        return Refused("forbidden", "This is a lesson: follow the guide; hints come once its steps are played.")
    if not available(match.game):
        return Refused("bad_request", "This game has no bot to ask for a hint.")
    rules = engine(match.game)
    state = match.state if state is None else state
    if seat not in rules.active_seats(state) or not rules.legal_moves(state, seat):
        return Refused("not_your_turn", "A hint is for your own decision, and it is not yours to make now.")
    return None


def hint_turn(match_id: int, seat: int | None, version: object) -> HintTurn | Refused:
    """The hint ``seat`` asks for at ``version`` (the state its page shows), or why it is refused."""
    if type(version) is not int:
        return Refused("bad_request", "A hint frame needs the 'version' your page shows.")
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        return Refused("forbidden", "No such match.")
    rows = list(MatchSeat.objects.filter(match=match).order_by("index"))
    bot_seats = {row.index: row.bot_by for row in rows if row.bot}
    refused = why_not(match, seat, bot_seats)
    if refused is not None:
        return refused
    if version != match.version:
        return Refused("stale_version", "The table has moved on since your page showed it; ask again now.")
    assert seat is not None  # (why_not refuses a spectator)
    return HintTurn(match.pk, match.game, match.state, seat, f"{match.seed}:{match.version}:{seat}:hint",
                    match.version, tuple(row.name for row in rows))
