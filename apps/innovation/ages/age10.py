"""Age 10 dogmas (see age1 for the conventions)."""

from __future__ import annotations

from .common import AGE, Game, dogma, has_icon


def draw_score_ten(g: Game, s: int, me: int) -> None:
    g.draw_score(s, 10)


def _sole(values: list[int], pick) -> int | None:
    """The one seat with the ``pick`` (min or max) value, or None when tied."""
    best = pick(values)
    seats = [i for i, v in enumerate(values) if v == best]
    return seats[0] if len(seats) == 1 else None


def ai_win(g: Game, s: int, me: int) -> None:
    all_tops = {c for seat in range(g.n) for c in g.tops(seat)}
    if "Robotics" in all_tops and "Software" in all_tops:
        winner = _sole([g.points(seat) for seat in range(g.n)], min)
        if winner is not None:
            g.win(winner)


def bioengineering_take(g: Game, s: int, me: int) -> None:
    options = [c for o in g.others(s) for c in g.tops(o) if has_icon(c, "leaf")]
    card = g.choose_card(s, options, "Choose a top card with a leaf from another board to score.")
    if card is not None:
        g.to_score(s, card)


def bioengineering_win(g: Game, s: int, me: int) -> None:
    leaves = [g.icons(seat, "leaf") for seat in range(g.n)]
    if min(leaves) < 3:
        winner = _sole(leaves, max)
        if winner is not None:
            g.win(winner)


def databases(g: Game, s: int, me: int) -> None:
    count = (len(g.score_pile(s)) + 1) // 2
    for card in g.choose_cards(s, g.score_pile(s), "Choose a score card to return.", count, count, verb="return"):
        g.return_card(s, card)


def globalization_demand(g: Game, s: int, me: int) -> None:
    card = g.choose_card(s, [c for c in g.tops(s) if has_icon(c, "leaf")], "Return a top card with a leaf.")
    if card is not None:
        g.return_card(s, card)


def globalization_score(g: Game, s: int, me: int) -> None:
    g.draw_score(s, 6)
    if all(g.icons(seat, "leaf") <= g.icons(seat, "factory") for seat in range(g.n)):
        winner = _sole([g.points(seat) for seat in range(g.n)], max)
        if winner is not None:
            g.win(winner)


def miniaturization(g: Game, s: int, me: int) -> None:
    card = g.choose_card(s, g.hand(s), "You may return a card; a 10 draws a 10 per value in your score pile.", True)
    if card is None:
        return
    g.return_card(s, card)
    if AGE[card] == 10:
        for _ in {AGE[c] for c in g.score_pile(s)}:
            g.draw(s, 10)


def robotics(g: Game, s: int, me: int) -> None:
    green = g.top(s, "green")
    if green is not None:
        g.score(s, green)
    card = g.draw_meld(s, 10)
    g.execute_self(s, card)


def self_service_execute(g: Game, s: int, me: int) -> None:
    card = g.choose_card(s, [c for c in g.tops(s) if c != "Self Service"],
                         "Choose another top card whose non-demand effects you execute.")
    if card is not None:
        g.execute_self(s, card)


def self_service_win(g: Game, s: int, me: int) -> None:
    mine = len(g.s["seats"][s]["achievements"])
    if all(mine > len(g.s["seats"][o]["achievements"]) for o in g.others(s)):
        g.win(s)


def software_meld(g: Game, s: int, me: int) -> None:
    g.draw_meld(s, 10)
    card = g.draw_meld(s, 10)
    g.execute_self(s, card)


def stem_cells(g: Game, s: int, me: int) -> None:
    if not g.hand(s) or not g.ask(s, "You may score every card in your hand."):
        return
    for card in sorted(g.hand(s), key=lambda c: (AGE[c], c)):
        g.score(s, card)


def internet_splay(g: Game, s: int, me: int) -> None:
    g.may_splay(s, ["green"], "up")


def internet_meld(g: Game, s: int, me: int) -> None:
    for _ in range(g.icons(s, "clock") // 2):
        g.draw_meld(s, 10)


dogma("A.I.")([draw_score_ten, ai_win])
dogma("Bioengineering")([bioengineering_take, bioengineering_win])
dogma("Databases")([databases])
dogma("Globalization")([globalization_demand, globalization_score])
dogma("Miniaturization")([miniaturization])
dogma("Robotics")([robotics])
dogma("Self Service")([self_service_execute, self_service_win])
dogma("Software")([draw_score_ten, software_meld])
dogma("Stem Cells")([stem_cells])
dogma("The Internet")([internet_splay, draw_score_ten, internet_meld])
