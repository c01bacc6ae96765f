"""Rendering a game's board, summary and rules templates with Django's template engine on its own
(no database), and reading back the clickable moves: the harness every game's template tests share."""

import json
from html.parser import HTMLParser
from pathlib import Path

from django.conf import settings

if not settings.configured:
    settings.configure(USE_I18N=False)
from django.template import Context, Engine

ROOT = Path(__file__).resolve().parents[1]
NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo"]
SITE_VARIABLES = ("--ink", "--paper", "--card", "--accent", "--muted", "--line")


class MoveFinder(HTMLParser):
    """Collects the elements carrying data-move: (tag, attributes)."""

    def __init__(self):
        super().__init__()
        self.found = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "data-move" in attrs:
            self.found.append((tag, attrs))


class GameTemplates:
    """One game's templates, rendered as the match page renders them, with ``names`` for the seats."""

    def __init__(self, game: str, rules, names: list[str] = NAMES):
        self.game, self.rules, self.names = game, rules, names
        self.app = ROOT / "apps" / game
        self.engine = Engine(dirs=[str(self.app / "templates")],
                             libraries={f"{game}_tags": f"apps.{game}.templatetags.{game}_tags",
                                        "pictures": "apps.matches.templatetags.pictures",
                                        "parts": "apps.matches.templatetags.parts"}, autoescape=True)

    def render(self, template: str, context: dict) -> str:
        return self.engine.get_template(f"{self.game}/{template}").render(Context(context))

    def legal_entries(self, state, seat) -> list[dict]:
        if seat is None:
            return []
        return [{"move": m, "json": json.dumps(m, separators=(",", ":")),
                 "label": self.rules.describe_move(state, seat, m), "why": self.rules.explain_move(state, seat, m)}
                for m in self.rules.legal_moves(state, seat)]

    def board(self, state, seat) -> str:
        return self.render("board.html", {
            "view": self.rules.view(state, seat), "seat": seat, "legal": self.legal_entries(state, seat),
            "names": self.names[:state["players"]], "active": self.rules.active_seats(state)})

    def summary(self, state, players: int | None = None) -> str:
        return self.render("summary.html", {
            "view": self.rules.view(state, None), "names": self.names[:players or state["players"]],
            "outcome": self.rules.outcome(state)})

    def rules_page(self, context: dict) -> str:
        return self.render("rules.html", context)

    def stylesheet(self) -> str:
        return self.own_files()[-1].read_text()

    def own_files(self) -> list[Path]:
        static = self.app / "static" / self.game / f"{self.game}.css"
        return [*(self.app / "templates" / self.game).glob("*.html"), static]


def clickable(page: str, map_links: bool = False) -> list[tuple[str, dict]]:
    """The elements of a page that carry a move; each must be a button (or, on a map, a labelled link)."""
    finder = MoveFinder()
    finder.feed(page)
    for tag, attrs in finder.found:
        if map_links and tag == "a":
            assert attrs.get("href") == "#" and attrs.get("aria-label"), "a map link is focusable and labelled"
        else:
            assert tag == "button" and attrs.get("type") == "button"
    return finder.found


def clickable_moves(page: str, map_links: bool = False) -> list[dict]:
    return [json.loads(attrs["data-move"]) for _, attrs in clickable(page, map_links)]


def assert_buttons_are_the_legal_moves(templates: GameTemplates, state, map_links: bool = False) -> None:
    """For every seat and the spectator, the board's clickable moves are exactly that viewer's legal moves."""
    for seat in [None, *range(state["players"])]:
        moves = clickable_moves(templates.board(state, seat), map_links)
        expected = templates.rules.legal_moves(state, seat) if seat is not None else []
        assert sorted(json.dumps(m, sort_keys=True) for m in moves) == \
            sorted(json.dumps(m, sort_keys=True) for m in expected), seat


def assert_stylesheet_follows_the_site(templates: GameTemplates, below: int = 0x1F000) -> None:
    """The game's stylesheet uses the site's colour variables; no emoji in its templates or stylesheet."""
    css = templates.stylesheet()
    for name in SITE_VARIABLES:
        assert f"var({name}" in css, name
    for path in templates.own_files():
        assert not [ch for ch in path.read_text() if ord(ch) >= below], path
