"""The replay's move list: a match's moves told turn by turn, each entry a link to the step that ends it.

A *turn* here is a run of consecutive steps by one seat within one round of the game and one part of it
(``Rules.round_label`` and ``Rules.part_of_round``, read before the step): a Stone Age placement chosen in two clicks
is one entry, and a seat that acts again after another seat, in a new round or a new part of it, starts a new one.
An undo is an entry of its own. An entry's words are the log lines its steps wrote, as the viewer reads them
(``Rules.new_log_lines``); where its steps wrote none, the label of its last move, unless that names something the
viewer may not see.

The list comes from replaying the match once through its engine, without the digest checks of ``replay.state_at``
(a step that no longer replays ends the list, and the page says so). It is kept in the cache by match, version and
viewer, so a finished match's list is worked out once.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.core.cache import cache

from apps.matches.engine import IllegalMove, engine, name_seats
from apps.matches.models import Match, MoveLog

CACHE_SECONDS = 24 * 3600


@dataclass
class Entry:
    first: int  # the version of its first step
    last: int  # the version of its last step: the step its link shows
    seat: int
    player: str  # who made it, as the log recorded them ("bob (bot)")
    round: str
    part: str  # the part of the round (``Rules.part_of_round``)
    lines: list[str] = field(default_factory=list)  # with {pN} seat placeholders
    undo: int | None = None  # an undo: the move it took back
    taken_back: bool = False  # one of its steps was taken back later


@dataclass
class MoveList:
    entries: list[Entry]
    rounds: list[tuple[str, int]]  # each round's label and the step it starts from (the state before its first move)
    stopped_at: int | None = None  # the move from which the log no longer replays under today's rules


def move_list(match: Match, viewer: int | None) -> MoveList:
    """The match's move list as ``viewer`` (a seat, or None for a spectator) may read it, from the cache if made."""
    key = f"move-list:2:{match.pk}:{match.version}:{'' if viewer is None else viewer}"
    kept = cache.get(key)
    if isinstance(kept, MoveList):
        return kept
    made = build(match, viewer)
    cache.set(key, made, CACHE_SECONDS)
    return made


def build(match: Match, viewer: int | None) -> MoveList:
    rules = engine(match.game)
    rows = list(MoveLog.objects.filter(match=match).order_by("version")
                .values_list("version", "seat", "move", "undoes", "undone_at", "player", "by_bot"))
    wanted_later = {row[3] - 1 for row in rows if row[3] is not None}  # the states undos return to
    state = rules.setup(match.seats.count(), match.seed, match.options)
    kept = {0: state} if 0 in wanted_later else {}
    entries: list[Entry] = []
    last_step: tuple[dict, dict, int, dict] | None = None  # (before, after, seat, move) of the open entry's last step
    stopped_at = None
    for version, seat, move, undoes, undone_at, player, by_bot in rows:
        mover = f"{player} (bot)" if by_bot else player
        if undoes is not None:
            _finish(rules, entries, last_step, viewer)
            last_step = None
            state = kept[undoes - 1]
            entries.append(Entry(version, version, seat, mover, rules.round_label(state), "", undo=undoes))
        else:
            try:
                after = rules.apply(state, seat, move)
            except IllegalMove:
                stopped_at = version
                break
            round_label, part = rules.round_label(state), rules.part_of_round(state)
            entry = entries[-1] if entries else None
            same_turn = entry is not None and (entry.seat, entry.round, entry.part) == (seat, round_label, part)
            if entry is None or entry.undo is not None or not same_turn:
                _finish(rules, entries, last_step, viewer)
                entry = Entry(version, version, seat, mover, round_label, part)
                entries.append(entry)
            entry.last = version
            entry.lines += rules.new_log_lines(state, after, viewer)
            entry.taken_back = entry.taken_back or undone_at is not None
            last_step = (state, after, seat, move)
            state = after
        if version in wanted_later:
            kept[version] = state
    _finish(rules, entries, last_step, viewer)
    return MoveList(entries, _rounds(entries), stopped_at)


def _finish(rules, entries: list[Entry], last_step, viewer: int | None) -> None:
    """Give the open entry words if its steps wrote no log line: its last move's label, if the viewer may read it."""
    if not entries or entries[-1].lines or entries[-1].undo is not None or last_step is None:
        return
    before, after, seat, move = last_step
    try:
        label = rules.describe_move(before, seat, move)
    except (IllegalMove, LookupError, TypeError, ValueError):
        label = ""
    hidden = rules.hidden_from(before, viewer) | rules.hidden_from(after, viewer)
    if label and not any(secret and secret in label for secret in hidden):
        entries[-1].lines.append(label)


def _rounds(entries: list[Entry]) -> list[tuple[str, int]]:
    rounds: list[tuple[str, int]] = []
    seen: set[str] = set()
    for entry in entries:
        if entry.round and entry.round not in seen:
            seen.add(entry.round)
            rounds.append((entry.round, entry.first - 1))
    return rounds


def replay_moves(match: Match, viewer: int | None, names: list[str]) -> dict:
    """What the replay page's move list shows: the entries grouped under their rounds, with the seats named."""
    listed = move_list(match, viewer)
    groups: list[dict] = []
    for entry in listed.entries:
        if not groups or groups[-1]["round"] != entry.round:
            groups.append({"round": entry.round, "entries": []})
        if entry.undo is not None:
            lines = [f"took back move {entry.undo}"]
        else:
            lines = [name_seats(line, names) for line in entry.lines] or ["made a choice"]
        groups[-1]["entries"].append({"entry": entry, "lines": lines})
    return {"groups": groups, "rounds": listed.rounds, "count": len(listed.entries), "stopped_at": listed.stopped_at}
