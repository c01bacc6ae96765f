"""Every decision explains itself: along random games of each built game, for every kind of decision met (the
pending record's ``kind`` with the move type that answers it), each of the deciding seat's controls on the board
points (``aria-describedby``) at visible text on the same board that says what it will do, other than its own
label: the engine's ``explain_move``, which is never empty for a legal move. Rendered with Django's template
engine on its own, as tests/engines/test_templates.py renders the boards."""

from __future__ import annotations

import random
from html.parser import HTMLParser

import pytest

from apps.matches.engine import engine
from tests.board_templates import GameTemplates
from tests.engines.games import random_game, rows

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
GAMES_PER_SIZE = 3
MAX_STEPS = 2500


class Described(HTMLParser):
    """The text of every element with an id (hidden ones marked), and each move control's described-by ids."""

    def __init__(self):
        super().__init__()
        self.stack: list[tuple[str, str | None, bool]] = []  # (tag, id, hidden: it or an ancestor)
        self.text: dict[str, list[str]] = {}
        self.hidden: set[str] = set()
        self.controls: list[tuple[str, list[str], str]] = []  # (data-move, described-by ids, aria-label)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        classes = (attrs.get("class") or "").split()
        hidden = (bool(self.stack and self.stack[-1][2]) or "hidden" in attrs or "sr-only" in classes
                  or "visually-hidden" in classes or attrs.get("aria-hidden") == "true")
        if "data-move" in attrs:
            self.controls.append((attrs["data-move"], (attrs.get("aria-describedby") or "").split(),
                                  attrs.get("aria-label") or ""))
        if tag in VOID:
            return
        ident = attrs.get("id")
        if ident:
            self.text.setdefault(ident, [])
            if hidden:
                self.hidden.add(ident)
        self.stack.append((tag, ident, hidden))

    def handle_endtag(self, tag):
        while self.stack:
            top = self.stack.pop()
            if top[0] == tag:
                break

    def handle_data(self, data):
        for _, ident, _ in self.stack:
            if ident:
                self.text[ident].append(data)


def words(parts: list[str]) -> str:
    return " ".join(" ".join(parts).split())


def decisions(slug: str, players: int, seed: int):
    """(state, seat) once for each new (kind, move type) of a random game."""
    rules, seen = engine(slug), set()
    for steps, (state, seat, _move) in enumerate(random_game(slug, players, seed, random.Random(seed), True)):
        if seat is None or steps > MAX_STEPS:
            return
        pending = rules.pending(state)
        for active in rules.active_seats(state):
            kinds = {(pending["kind"] if pending else "", m.get("type")) for m in rules.legal_moves(state, active)}
            if not kinds <= seen:
                seen |= kinds
                yield state, active


@pytest.mark.parametrize("game", [pytest.param(game, id=game.slug) for game in rows()])
def test_every_control_of_every_kind_of_decision_says_what_it_will_do(game):
    rules, templates = engine(game.slug), GameTemplates(game.slug, engine(game.slug))
    low, high = game.players
    checked = set()
    for players in range(low, high + 1):
        for number in range(GAMES_PER_SIZE):
            for state, seat in decisions(game.slug, players, 7 + number * 104729 + players):
                for move in rules.legal_moves(state, seat):
                    assert rules.explain_move(state, seat, move).strip(), (move, rules.pending(state))
                page = Described()
                page.feed(templates.board(state, seat))
                kind = (rules.pending(state) or {}).get("kind")
                for data_move, ids, label in page.controls:
                    said = [words(page.text.get(i, [])) for i in ids if i in page.text and i not in page.hidden]
                    said = [text for text in said if text and text != label]
                    assert said, f"{kind}: {data_move} is not described (aria-describedby={ids})"
                    checked.add((kind, data_move.split('"type":')[1].split(",")[0] if '"type":' in data_move
                                 else data_move))
    assert checked
