"""Rebuilding any state of a match from its seed, options and move log (an undo row, ``MoveLog.undoes``, returns
to the state before the move it took back).

``states`` replays the whole log (audits and tests). ``state_at`` gives one step for the replay page at a bounded
cost: it starts from the nearest kept state at or before that step (``ReplaySnapshot``, one every ``EVERY``
moves) and applies at most ``EVERY`` moves from there. Snapshots are made on the way by the first request that
passes their version, and each is checked against the move log's digest of that version before it is used; one
that does not match is dropped and rebuilt, so the log stays the truth. The step the match is at is its own row's
state. Every state replayed is checked against the log's digest too: a match played under rules that have changed
since (each game's "What changed") may no longer replay, and ``ReplayDiverged`` says so instead of showing a
position that never happened. No library keeps snapshots of an event log in the database for us, hence this module.
"""

from __future__ import annotations

from apps.matches.domain.checks import digest_matches
from apps.matches.engine import IllegalMove, engine
from apps.matches.models import Match, MoveLog, ReplaySnapshot

EVERY = ReplaySnapshot.EVERY


class ReplayDiverged(Exception):
    """The log's moves no longer make the states it recorded from ``version`` on: the match was played under rules
    that have changed since."""

    def __init__(self, version: int):
        super().__init__(f"Move {version} no longer replays as it was played.")
        self.version = version


def states(match: Match, upto: int | None = None) -> list[dict]:
    """The states after 0, 1, … moves (up to ``upto`` moves), replayed through the engine."""
    rules = engine(match.game)
    state = rules.setup(match.seats.count(), match.seed, match.options)
    result = [state]
    moves = MoveLog.objects.filter(match=match).order_by("version").values_list("seat", "move", "undoes")
    for i, (seat, move, undoes) in enumerate(moves):
        if upto is not None and i >= upto:
            break
        state = result[undoes - 1] if undoes is not None else rules.apply(state, seat, move)
        result.append(state)
    return result


def state_at(match: Match, step: int) -> dict:
    """The state after ``step`` moves (0 ≤ step ≤ match.version), equal to ``states(match)[step]``."""
    if step == match.version:
        return match.state
    base, state = _nearest_snapshot(match, step)
    rules = engine(match.game)
    if state is None:
        state = rules.setup(match.seats.count(), match.seed, match.options)
    made = []
    passed = {base: state}
    moves = (MoveLog.objects.filter(match=match, version__gt=base, version__lte=step).order_by("version")
             .values_list("version", "seat", "move", "undoes", "state_digest"))
    for version, seat, move, undoes, digest in moves:
        if undoes is None:
            try:
                state = rules.apply(state, seat, move)
            except IllegalMove as exc:
                raise ReplayDiverged(version) from exc
        else:  # an undo: the state from before the move it took back
            state = passed[undoes - 1] if undoes - 1 in passed else state_at(match, undoes - 1)
        if not digest_matches(state, digest):
            raise ReplayDiverged(version)
        passed[version] = state
        if version % EVERY == 0:
            made.append(ReplaySnapshot(match=match, version=version, state=state))
    if made:  # two first requests may race to make the same ones: either's is the same state
        ReplaySnapshot.objects.bulk_create(made, ignore_conflicts=True)
    return state


def _nearest_snapshot(match: Match, step: int) -> tuple[int, dict | None]:
    """The newest kept state at or before ``step`` that the log's digest confirms, as (version, state);
    (0, None) when there is none and the replay starts from the seed."""
    while True:
        kept = (ReplaySnapshot.objects.filter(match=match, version__gt=0, version__lte=step).order_by("-version")
                .values_list("pk", "version", "state").first())
        if kept is None:
            return 0, None
        pk, version, state = kept
        logged = MoveLog.objects.filter(match=match, version=version).values_list("state_digest", flat=True).first()
        if logged is not None and digest_matches(state, logged):
            return version, state
        ReplaySnapshot.objects.filter(pk=pk).delete()  # not what the log says: rebuilt from an earlier one
