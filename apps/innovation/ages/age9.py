"""Age 9 dogmas (see age1 for the conventions)."""

from __future__ import annotations

from ..core import DogmaEnds
from .common import COLOR, COLORS, Game, P, dogma, has_icon, highest


def collaboration_demand(g: Game, s: int, me: int) -> None:
    drawn = [g.draw_reveal(s, 9), g.draw_reveal(s, 9)]
    chosen = g.pick_card(me, drawn, f"Choose which of {P(s)}'s revealed cards goes to your board.")
    g.to_board(me, chosen, f"{P(me)} took {{0}} onto their board.")
    for card in drawn:
        if card != chosen:
            g.meld(s, card)


def collaboration_win(g: Game, s: int, me: int) -> None:
    if len(g.pile(s, "green")) >= 10:
        g.win(s)


def composites(g: Game, s: int, me: int) -> None:
    keep = g.choose_card(s, g.hand(s), "Choose the one card you keep; the rest go to " + P(me) + ".")
    for given in [c for c in g.hand(s) if c != keep]:
        g.to_hand(me, given, f"{P(s)} gave {{0}} to {P(me)}.")
    card = g.choose_card(s, highest(g.score_pile(s)), f"Choose your highest score card to transfer to {P(me)}.")
    if card is not None:
        g.to_score(me, card, f"{P(s)} transferred {{0}} to {P(me)}'s score pile.")


def splay_red_or_green_up(g: Game, s: int, me: int) -> None:
    g.may_splay(s, ["red", "green"], "up")


def computers_meld(g: Game, s: int, me: int) -> None:
    card = g.draw_meld(s, 10)
    g.execute_self(s, card)


def ecology(g: Game, s: int, me: int) -> None:
    card = g.choose_card(s, g.hand(s), "You may return a card, then score a card and draw two 10s.", True)
    if card is None:
        return
    g.return_card(s, card)
    scored = g.choose_card(s, g.hand(s), "Score a card from your hand.")
    if scored is not None:
        g.score(s, scored)
    g.draw(s, 10)
    g.draw(s, 10)


def fission_demand(g: Game, s: int, me: int) -> None:
    card = g.draw_reveal(s, 10)
    if COLOR[card] != "red":
        g.keep(s, card)
        return
    g.log("The revealed card is red: every hand, board and score pile is removed from the game.")
    g.move(card, "removed", None, "{0} was removed from the game.")
    for seat in g.everyone(me):
        for zone in (g.hand(seat), g.score_pile(seat)):
            for gone in list(zone):
                g.move(gone, "removed", None, "{0} was removed from the game.")
        for color in COLORS:
            for gone in list(g.pile(seat, color)):
                g.move(gone, "removed", None, "{0} was removed from the game.")
    raise DogmaEnds


def fission_return(g: Game, s: int, me: int) -> None:
    options = [c for seat in g.everyone(s) for c in g.tops(seat) if c != "Fission"]
    card = g.choose_card(s, options, "Return a top card other than Fission from any board.")
    if card is not None:
        g.return_card(s, card)


def fission_return_third(g: Game, s: int, me: int) -> None:
    fission_return(g, s, me)
    g.draw(s, 10)


def genetics(g: Game, s: int, me: int) -> None:
    card = g.draw_meld(s, 10)
    for beneath in list(g.pile(s, COLOR[card])[:-1]):
        g.score(s, beneath)


def satellites_draw(g: Game, s: int, me: int) -> None:
    for card in list(g.hand(s)):
        g.return_card(s, card)
    for _ in range(3):
        g.draw(s, 8)


def satellites_splay(g: Game, s: int, me: int) -> None:
    g.may_splay(s, ["purple"], "up")


def satellites_meld(g: Game, s: int, me: int) -> None:
    card = g.choose_card(s, g.hand(s), "Meld a card from your hand and execute its non-demand effects.")
    if card is not None:
        g.meld(s, card)
        g.execute_self(s, card)


def services(g: Game, s: int, me: int) -> None:
    cards = highest(g.score_pile(s))
    for taken in cards:
        g.to_hand(me, taken, f"{P(s)} transferred {{0}} from their score pile to {P(me)}'s hand.")
    if not cards:
        return
    card = g.choose_card(s, [c for c in g.tops(me) if not has_icon(c, "leaf")],
                         f"Choose a top card of {P(me)} without a leaf to take into your hand.")
    if card is not None:
        g.to_hand(s, card, f"{P(s)} took {{0}} from {P(me)}'s board into their hand.")


def specialization(g: Game, s: int, me: int) -> None:
    card = g.choose_card(s, g.hand(s), "Reveal a card: you take the top card of its color from every other board.")
    if card is None:
        return
    color = COLOR[card]
    g.log(f"{P(s)} revealed a {color} card.")
    for other in g.others(s):
        taken = g.top(other, color)
        if taken is not None:
            g.to_hand(s, taken, f"{P(s)} took {{0}} from {P(other)}'s board into their hand.")


def splay_yellow_or_blue_up(g: Game, s: int, me: int) -> None:
    g.may_splay(s, ["yellow", "blue"], "up")


def suburbia(g: Game, s: int, me: int) -> None:
    tucked = g.choose_cards(s, g.hand(s), "You may tuck any number of cards; each scores a 1.", verb="tuck")
    for card in tucked:
        g.tuck(s, card)
    for _ in tucked:
        g.draw_score(s, 1)


dogma("Collaboration")([collaboration_demand, collaboration_win])
dogma("Composites")([composites])
dogma("Computers")([splay_red_or_green_up, computers_meld])
dogma("Ecology")([ecology])
dogma("Fission")([fission_demand, fission_return])
dogma("Fission", third=True)([fission_demand, fission_return_third])
dogma("Genetics")([genetics])
dogma("Satellites")([satellites_draw, satellites_splay, satellites_meld])
dogma("Services")([services])
dogma("Specialization")([specialization, splay_yellow_or_blue_up])
dogma("Suburbia")([suburbia])

