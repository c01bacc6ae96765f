"""Origins' table draws its pictures from the site's sprite (issue 40): each choice shows the picture of what it
does, and each piece a player keeps or the supply holds, and each place the legend names, shows its own."""

import json
from html.parser import HTMLParser

from origins_helpers import scenario
from test_origins_templates import BOARDS, sample_states

from apps.matches.pictures import PICTURES
from apps.origins.content import CARD_BY_ID
from apps.origins.engine import RULES

# What a player should see on each kind of choice: a card played shows its kind (by its colour).
CARD_KIND = {"yellow": "or-action", "orange": "or-permanent", "purple": "or-objective"}
NO_PICTURE = {"cancel", "skip_reward"}  # the way back and "take nothing" say it in words


class MovePictures(HTMLParser):
    """The pictures inside each tray button (by its move) and inside each lit target's row under the map (by the
    move type its class names; a pawn to pick is drawn there as its piece, ``og-glyph``)."""

    def __init__(self):
        super().__init__()
        self.buttons: dict[str, set[str]] = {}
        self.lines: list[tuple[str, set[str]]] = []
        self.inside: set[str] | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "button" and "data-move" in attrs:
            self.inside = self.buttons.setdefault(attrs["data-move"], set())
        elif tag == "li" and "og-pick" in (attrs.get("class") or ""):
            kind = next(c[len("move-"):] for c in attrs["class"].split() if c.startswith("move-"))
            self.inside = set()
            self.lines.append((kind, self.inside))
        elif tag == "use" and self.inside is not None and "pictures.svg#pic-" in attrs.get("href", ""):
            self.inside.add(attrs["href"].split("#pic-")[1])
        elif tag == "svg" and self.inside is not None and "og-glyph" in (attrs.get("class") or ""):
            self.inside.add("piece")

    def handle_endtag(self, tag):
        if tag in ("button", "li"):
            self.inside = None


def expected_picture(move: dict) -> str | None:
    if move["type"] == "play":
        return CARD_KIND[CARD_BY_ID[move["card"]].color]
    if move["type"] == "choose":  # an option of the action card just played
        return CARD_KIND["yellow"]
    return None if move["type"] in NO_PICTURE else f"or-{move['type']}"


def test_each_choice_in_the_tray_and_under_the_map_shows_the_picture_of_what_it_does():
    seen = set()
    for state in sample_states():
        seat = RULES.active_seats(state)[0] if RULES.active_seats(state) else 0
        finder = MovePictures()
        finder.feed(BOARDS.board(state, seat))
        for data, pictures in finder.buttons.items():
            move = json.loads(data)
            want = expected_picture(move)
            assert (want in pictures) if want else not pictures, (move, pictures)
            seen.add(move["type"])
        for kind, pictures in finder.lines:
            assert pictures == ({"piece"} if kind == "select" else {f"or-{kind}"}), (kind, pictures)
            seen.add(kind)
    assert {"play", "evolve", "end_turn", "tile", "select", "migrate"} <= seen


def test_the_players_pieces_the_supply_and_the_legend_show_their_pictures():
    state = scenario(pawns=[(0, "white-1-1", "rift")], hands={0: ["spark"]}, tiles={0: ["yellow-1"]},
                     hunted={0: ["congo"]}, straits={"bab": 0})
    board = BOARDS.board(state, 0)
    for term in ("or-village", "or-tile", "or-hunt", "or-strait", "or-action", "or-permanent", "or-objective",
                 "or-reserve", "or-cradle", "or-bridge"):
        assert f"pictures.svg#pic-{term}" in board, term
    panel = board.split('class="og-tokens"')[1].split("</div>")[0]
    assert "#pic-or-hunt" in panel and "#pic-or-strait" in panel


def test_every_origins_picture_is_drawn_on_some_table():
    drawn = "".join(BOARDS.board(state, seat) for state in sample_states() for seat in (None, 0, 1))
    unused = [term for term in PICTURES if term.startswith("or-") and f"#pic-{term}\"" not in drawn]
    assert unused == []
