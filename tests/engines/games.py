"""What the suites in tests/engines need to know of each built game, as data: one row per game.

A row says how a random game is played (may any active seat move, or only the first), which playouts the
protocol checks replay, what a playout checks on each state and at the end (each game's conservation and
scoring, from its helpers in ``tests/<slug>/``), and which sample states its board templates are checked on.
A sixth game adds its row here (tests/engines/test_rows.py fails until it does).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from apps.matches.engine import built_games, engine

TESTS = Path(__file__).resolve().parents[1]
# Each game's helpers live in its own folder and are imported by their module names, as its tests do.
for entry in built_games():
    if str(TESTS / entry.slug) not in sys.path:
        sys.path.insert(0, str(TESTS / entry.slug))

import chronicle_helpers  # noqa: E402
import origins_helpers  # noqa: E402
import stone_age_helpers  # noqa: E402
import test_live_on_helpers  # noqa: E402


def random_game(slug: str, players: int, seed: int, rnd: random.Random, any_active: bool) -> Iterator:
    """Yield (state, seat, move) for each step of a game of uniformly random legal moves, then
    (final_state, None, None). The seat is drawn among the active ones, or is the first of them."""
    rules = engine(slug)
    state = rules.setup(players, seed)
    while rules.outcome(state) is None:
        active = rules.active_seats(state)
        seat = rnd.choice(active) if any_active else active[0]
        move = rnd.choice(rules.legal_moves(state, seat))
        yield state, seat, move
        state = rules.apply(state, seat, move)
    yield state, None, None


@dataclass(frozen=True)
class Playouts:
    """A thousand random games, in chunks: ``players`` cycles through the game's range, the seed is game * 7919."""

    max_steps: int
    each_state: Callable[[], Callable[[dict], None]]  # a fresh checker per game, called on every state
    scan_now: Callable[[int, int], bool]  # (game, steps): scan every view for leaks at this step
    scan: Callable[[dict], None]
    at_the_end: Callable[[dict, dict], None]  # (final state, outcome): the game's own scoring checks


@dataclass(frozen=True)
class Labels:
    """Every legal move of every active seat along one random game has a short label."""

    players: int
    seed: int
    chooser: int
    longest: int | None = 80
    first_words: frozenset[str] = frozenset()  # the labels' first words include these
    never: tuple[str, ...] = ()
    steps: int | None = None  # only the first this many states of the game


@dataclass(frozen=True)
class Boards:
    samples: Callable[[], list[dict]]  # the sample states of the game's template tests
    map_links: bool = False  # moves may also be labelled links on a map
    stride: int = 1  # the hidden-string scan reads every stride-th sample
    stylesheet_below: int | None = None  # its stylesheet uses the site's variables, no character from here up


@dataclass(frozen=True)
class Game:
    slug: str
    title: str
    players: tuple[int, int]
    any_active: bool  # several seats may be asked at once
    apply_players: tuple[int, ...]
    replays: tuple[tuple[int, int, int], ...]  # (players, seed, chooser seed)
    round_trip: tuple[int, int, int, int]  # (players, seed, chooser seed, apply a copy every nth step)
    labels: Labels
    boards: Boards
    legal: tuple[int, int, int, int, int | None] | None = None  # (players, seed, chooser, apply every, most moves)
    playouts: Playouts | None = None
    quick_leaks: Callable[[str, set[str]], list[str]] = field(default=lambda text, hidden: [
        h for h in hidden if h in text])


# --- The games' own end-of-game checks ---------------------------------------------------------------------

def chronicle_end(state: dict, result: dict) -> None:
    players = state["players"]
    assert all(len(player["told"]) == 9 for player in state["seats"])
    if players == 1:
        assert result["scores"] == [9] and result["winners"] == [0]
    else:
        assert sum(result["scores"]) == players
        best = max(result["scores"])
        leaders = [s for s in range(players) if result["scores"][s] == best]
        assert len(result["winners"]) == 1 and result["winners"][0] in leaders  # ties go to the tie-break
        assert result.get("tie_break", {"tied": leaders})["tied"] == leaders
    chronicle_helpers.assert_views_leak_nothing(state)


def live_on_end(state: dict, result: dict) -> None:
    players = state["players"]
    assert set(result) >= {"won", "scores", "winners", "reason"}
    assert len(set(result["scores"])) == 1
    assert result["winners"] == (list(range(players)) if result["won"] else [])
    test_live_on_helpers.assert_views_leak_nothing(state)


def best_are_winners(result: dict) -> None:
    assert result["winners"]
    best = max(result["scores"])
    assert all(result["scores"][s] == best for s in result["winners"])


def stone_age_end(state: dict, result: dict) -> None:
    assert state["end"] in ("buildings", "cards")
    best_are_winners(result)
    if state["end"] == "buildings":
        assert any(not stack for stack in state["stacks"])
    stone_age_helpers.assert_views_leak_nothing(state)


def origins_end(state: dict, result: dict) -> None:
    assert [b["total"] for b in result["breakdown"]] == result["scores"]
    best_are_winners(result)
    origins_helpers.assert_deck_colors(state)
    origins_helpers.assert_views_leak_nothing(state)


def origins_states() -> Callable[[dict], None]:
    """Conservation on every state, and each new log line checked once for hidden strings."""
    logged = 0

    def check(state: dict) -> None:
        nonlocal logged
        origins_helpers.assert_conserved(state)
        origins_helpers.assert_log_leaks_nothing(state, logged)
        logged = len(state["log"])

    return check


def samples(module: str) -> Callable[[], list[dict]]:
    """The sample states of a game's template tests (``sample_states`` in its test module), read when needed."""
    def load() -> list[dict]:
        return __import__(module).sample_states()
    return load


GAMES = {game.slug: game for game in [
    Game("chronicle", "Chronicle", (1, 4), any_active=True, apply_players=(1, 3), replays=((4, 1234, 9),),
         round_trip=(2, 8, 2, 1), legal=(3, 4, 4, 1, None),
         labels=Labels(2, 6, 6, first_words=frozenset({"Take", "Choose", "Vote"})),
         boards=Boards(samples("test_chronicle_templates")),
         playouts=Playouts(600, lambda: chronicle_helpers.assert_cards_conserved,
                           lambda game, steps: game % 100 == 0 or (steps + game) % 40 == 0,
                           chronicle_helpers.assert_views_leak_nothing, chronicle_end)),
    Game("innovation", "Innovation", (2, 4), any_active=False, apply_players=(2, 4), replays=((3, 4, 4),),
         round_trip=(2, 8, 2, 5), labels=Labels(2, 9, 9),
         boards=Boards(samples("test_innovation_templates"), stylesheet_below=0x2000)),
    Game("live_on", "Live On", (1, 6), any_active=True, apply_players=(1, 4), replays=((2, 1234, 1234), (6, 99, 99)),
         round_trip=(3, 8, 2, 1), labels=Labels(4, 21, 21, longest=90, never=("None",)),
         boards=Boards(samples("test_live_on_templates")),
         playouts=Playouts(5000, lambda: test_live_on_helpers.assert_limits,
                           lambda game, steps: game % 250 == 0 or (steps + game) % 50 == 0,
                           test_live_on_helpers.assert_views_leak_nothing, live_on_end)),
    Game("stone_age", "Stone Age", (2, 4), any_active=False, apply_players=(2, 4),
         replays=((2, 1234, 1234), (3, 99, 99), (4, 7, 7)), round_trip=(2, 8, 2, 5), legal=(3, 4, 4, 7, 20),
         labels=Labels(3, 4, 4, first_words=frozenset({"Place", "Use", "Pay", "Decline", "Take"})),
         boards=Boards(samples("test_stone_age_templates"), stride=3, stylesheet_below=0x1F000),
         quick_leaks=stone_age_helpers.leaks,
         playouts=Playouts(6000, lambda: stone_age_helpers.assert_conserved,
                           lambda game, steps: (steps + game) % 500 == 0,
                           stone_age_helpers.assert_views_leak_nothing, stone_age_end)),
    Game("origins", "Origins", (2, 4), any_active=False, apply_players=(2, 4), replays=((3, 99, 8),),
         round_trip=(2, 8, 2, 5), labels=Labels(2, 5, 2, longest=None, never=("_",), steps=151),
         boards=Boards(samples("test_origins_templates"), map_links=True),
         playouts=Playouts(2000, origins_states,
                           lambda game, steps: (game < 3 and steps % 3 == 0) or (steps + game) % 300 == 0,
                           lambda state: origins_helpers.assert_views_leak_nothing(state, log=False), origins_end)),
]}


def rows(attribute: str | None = None) -> list[Game]:
    """The rows of the built games (those that have ``attribute`` set, if given), in the registry's order."""
    games = [GAMES[entry.slug] for entry in built_games() if entry.slug in GAMES]
    return [game for game in games if attribute is None or getattr(game, attribute) is not None]
