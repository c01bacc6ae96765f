"""Rebuilding any state of a match from its seed, options and move log."""

from apps.matches.models import Match, MoveLog
from apps.matches.registry import engine


def states(match: Match, upto: int | None = None) -> list[dict]:
    """The states after 0, 1, … moves (up to ``upto`` moves), replayed through the engine."""
    rules = engine(match.game)
    state = rules.setup(match.seats.count(), match.seed, match.options)
    result = [state]
    moves = MoveLog.objects.filter(match=match).order_by("version").values_list("seat", "move")
    for i, (seat, move) in enumerate(moves):
        if upto is not None and i >= upto:
            break
        state = rules.apply(state, seat, move)
        result.append(state)
    return result
