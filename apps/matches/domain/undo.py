"""Taking back a step of one's own turn, as on the big sites, while nothing was revealed since.

A step may be taken back when the rules said so as it was made (``Rules.undoable``: the mover was still to act,
nothing random happened, nobody learnt anything; kept as ``MoveLog.undoable``), it was a person's step, and it is
the last step the table took (so no other seat acted since). Several steps of one turn are taken back one at a
time. Nothing is erased: the undo is a row of the log of its own (``undoes``: the version it takes back), the step
taken back is marked (``undone_at``), the match goes back to the state before that step with a new version, and a
replay shows both. The match row's ``undo_seat`` names the seat that may take back the last step now, so pages
show the button without reading the log. The table hears of an undo once per burst: a seat's further undos within
``settings.UNDO_NOTICE_QUIET_SECONDS`` of its last one change the board but say nothing more.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.utils import timezone

from apps.matches.domain import replay, timekeeper
from apps.matches.domain.checks import MoveResult, check_move_frame, check_signed_in, state_digest
from apps.matches.domain.events import send_event_on_commit
from apps.matches.engine import clock as clocks
from apps.matches.engine import engine, name_seats
from apps.matches.models import Match, MatchSeat, MoveLog

UNDO = "undo"


def effective_last(match_id: int, version: int) -> MoveLog | None:
    """The move that made the state at ``version``, following undo rows back (None at the start)."""
    while version > 0:
        row = MoveLog.objects.filter(match_id=match_id, version=version).first()
        if row is None:
            return None
        if row.undoes is None:
            return row
        version = row.undoes - 1
    return None


def do_undo(match_id: int, seat: int, version: Any, client_id: Any = "",
            signed_in: tuple[int, str | None] | None = None) -> MoveResult:
    """Take back ``seat``'s last step if the match is still at ``version``; never raises for bad input.

    The same ``client_id`` sent again is answered as the first time and applied once.
    """
    check_signed_in(signed_in)
    malformed = check_move_frame(version, client_id)
    if malformed:
        return MoveResult(False, -1, "bad_request", malformed.replace("A move", "An undo"))
    if client_id:
        earlier = MoveLog.objects.filter(match_id=match_id, client_id=client_id).values("seat", "version").first()
        if earlier is not None:
            if earlier["seat"] != seat:
                return MoveResult(False, -1, "bad_request", "That id was used by another seat.")
            return MoveResult(True, earlier["version"], duplicate=True)
    try:
        with transaction.atomic():
            return _undo(match_id, seat, version, client_id)
    except IntegrityError:  # the same id, sent twice at once: the other one was applied
        current = Match.objects.filter(pk=match_id).values_list("version", flat=True).first()
        return MoveResult(False, current or -1, "stale_version", "The table moved on before your undo arrived.")


def _undo(match_id: int, seat: int, version: int, client_id: str) -> MoveResult:
    match = Match.objects.select_for_update().filter(pk=match_id).first()
    if match is None:
        return MoveResult(False, -1, "forbidden", "No such match.")
    if match.status != Match.Status.RUNNING:
        return MoveResult(False, match.version, "illegal_move", "The match is over.")
    if version != match.version:
        return MoveResult(False, match.version, "stale_version",
                          f"The table has moved on (version {match.version}); your page was at {version}.")
    row = MatchSeat.objects.filter(match=match, index=seat).first()
    if row is None or row.bot:
        return MoveResult(False, match.version, "forbidden", "A bot plays this seat; it takes nothing back.")
    last = MoveLog.objects.filter(match=match, version=match.version).first()
    if last is None:
        return MoveResult(False, match.version, "illegal_move", "There is no step of yours to take back.")
    target = last if last.undoes is None else effective_last(match.pk, last.undoes - 1)
    if target is None or target.seat != seat or match.undo_seat != seat or not target.undoable:
        why = ("There is no step of yours to take back." if target is None or target.seat != seat else
               "That step cannot be taken back: something was revealed or decided by chance, or your turn ended.")
        return MoveResult(False, match.version, "illegal_move", why)
    rules = engine(match.game)
    try:
        before = replay.state_at(match, target.version - 1)
    except replay.ReplayDiverged:
        return MoveResult(False, match.version, "illegal_move",
                          "That step was played under earlier rules of this game and cannot be taken back.")
    if not rules.undoable(before, seat, target.move, match.state):  # asked again: the log's word is not enough
        return MoveResult(False, match.version, "illegal_move", "That step cannot be taken back.")
    previous = effective_last(match.pk, target.version - 1)
    may_again = previous is not None and previous.seat == seat and previous.undoable and not previous.by_bot
    new_version = match.version + 1
    now = timezone.now()
    fields: dict[str, Any] = {"state": before, "version": new_version, "updated_at": now,
                              "undo_seat": seat if may_again else None}
    if match.clock is not None:  # the time spent stays spent; the same seat's clock runs on
        fields["clock"] = clocks.after_move(match.clock, rules.active_seats(before), timekeeper.now_ms())
    if Match.objects.filter(pk=match.pk, version=match.version).update(**fields) != 1:
        return MoveResult(False, match.version, "stale_version", "The table moved on before your undo arrived.")
    MoveLog.objects.create(match=match, version=new_version, seat=seat, move={"type": UNDO, "version": target.version},
                           client_id=client_id, undoes=target.version, state_digest=state_digest(before),
                           player=row.name, by_bot=False)
    MoveLog.objects.filter(pk=target.pk).update(undone_at=new_version)
    names = list(MatchSeat.objects.filter(match=match).order_by("index").values_list("name", flat=True))
    said = name_seats(rules.describe_move(before, seat, target.move), names)
    send_event_on_commit("state", match_id=match.pk)
    if _first_of_burst(match.pk, seat):
        send_event_on_commit("notice", match_id=match.pk, message=f"{row.name} took back a step: {said}.")
    return MoveResult(True, new_version)


def _first_of_burst(match_id: int, seat: int) -> bool:
    """Whether this undo starts a burst of the seat's undos (none in the quiet time before it); each undo makes the
    quiet time start again. In the shared cache, so a burst from several sockets or processes is one."""
    key, quiet = f"undo-notice:{match_id}:{seat}", settings.UNDO_NOTICE_QUIET_SECONDS
    if cache.add(key, 1, timeout=quiet):
        return True
    cache.touch(key, timeout=quiet)
    return False
