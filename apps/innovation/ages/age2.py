"""Age 2 dogmas (see age1 for the conventions)."""

from __future__ import annotations

from .common import AGE, COLOR, COLORS, Game, P, dogma, highest, pile_shows


def calendar(g: Game, s: int, me: int) -> None:
    if len(g.score_pile(s)) > len(g.hand(s)):
        g.draw(s, 3)
        g.draw(s, 3)


def canal_building(g: Game, s: int, me: int) -> None:
    from_hand = highest(g.hand(s))
    from_score = highest(g.score_pile(s))
    if not (from_hand or from_score):
        return
    if not g.ask(s, "You may exchange your highest cards in hand with your highest cards in your score pile."):
        return
    for card in from_hand:
        g.to_score(s, card, f"{P(s)} moved {{0}} from their hand to their score pile.")
    for card in from_score:
        g.to_hand(s, card, f"{P(s)} moved {{0}} from their score pile to their hand.")


def construction_demand(g: Game, s: int, me: int) -> None:
    cards = g.choose_cards(s, g.hand(s), f"Choose a card to transfer to {P(me)}'s hand.", 2, 2, verb="transfer")
    for card in cards:
        g.to_hand(me, card, f"{P(s)} gave {{0}} to {P(me)}.")
    g.draw(s, 2)


def construction_empire(g: Game, s: int, me: int) -> None:
    if len(g.tops(s)) == 5 and all(len(g.tops(o)) < 5 for o in g.others(s)):
        g.claim_special(s, "Empire")


def currency(g: Game, s: int, me: int) -> None:
    returned = g.choose_cards(s, g.hand(s), "You may return any number of cards from your hand.", verb="return")
    for card in returned:
        g.return_card(s, card)
    for _ in {AGE[c] for c in returned}:
        g.draw_score(s, 2)


def fermenting(g: Game, s: int, me: int) -> None:
    for _ in range(g.icons(s, "leaf") // 2):
        g.draw(s, 2)


def fermenting_third(g: Game, s: int, me: int) -> None:
    for _ in [c for c in COLORS if pile_shows(g, s, c, "leaf")]:
        g.draw(s, 2)


def mapmaking_demand(g: Game, s: int, me: int) -> None:
    card = g.choose_card(s, [c for c in g.score_pile(s) if AGE[c] == 1],
                         f"Choose a 1 from your score pile to transfer to {P(me)}.")
    if card is not None:
        g.to_score(me, card, f"{P(s)} transferred {{0}} to {P(me)}'s score pile.")
        g.vars["transferred"] = True


def mapmaking_score(g: Game, s: int, me: int) -> None:
    if g.vars.get("transferred"):
        g.draw_score(s, 1)


def mathematics(g: Game, s: int, me: int) -> None:
    card = g.choose_card(s, g.hand(s), "You may return a card to draw and meld one higher.", True)
    if card is not None:
        g.return_card(s, card)
        g.draw_meld(s, AGE[card] + 1)


def monotheism_demand(g: Game, s: int, me: int) -> None:
    theirs = set(g.colors_on_board(me))
    card = g.choose_card(s, [c for c in g.tops(s) if COLOR[c] not in theirs],
                         f"Choose a top card of a color {P(me)} lacks, to transfer to {P(me)}'s score pile.")
    if card is not None:
        g.to_score(me, card, f"{P(s)} transferred {{0}} to {P(me)}'s score pile.")
        g.draw_tuck(s, 1)


def monotheism_tuck(g: Game, s: int, me: int) -> None:
    g.draw_tuck(s, 1)


def philosophy_splay(g: Game, s: int, me: int) -> None:
    g.may_splay(s, COLORS, "left")


def philosophy_score(g: Game, s: int, me: int) -> None:
    card = g.choose_card(s, g.hand(s), "You may score a card from your hand.", True)
    if card is not None:
        g.score(s, card)


def road_building(g: Game, s: int, me: int) -> None:
    first = g.choose_card(s, g.hand(s), "Meld a card from your hand (you may meld a second one after).")
    if first is None:
        return
    g.meld(s, first)
    second = g.choose_card(s, g.hand(s), "You may meld a second card.", True)
    if second is None:
        return
    g.meld(s, second)
    red = g.top(s, "red")
    if red is None:
        return
    other = g.choose(s, "seat", g.others(s),
                     "You may transfer your top red card to another player's board, taking their top green card.",
                     True)
    if other is None:
        return
    g.to_board(other, red, f"{P(s)} transferred {{0}} to {P(other)}'s board.")
    green = g.top(other, "green")
    if green is not None:
        g.to_board(s, green, f"{P(s)} took {{0}} from {P(other)}'s board.")


dogma("Calendar")([calendar])
dogma("Canal Building")([canal_building])
dogma("Construction")([construction_demand, construction_empire])
dogma("Currency")([currency])
dogma("Fermenting")([fermenting])
dogma("Fermenting", third=True)([fermenting_third])
dogma("Mapmaking")([mapmaking_demand, mapmaking_score])
dogma("Mathematics")([mathematics])
dogma("Monotheism")([monotheism_demand, monotheism_tuck])
dogma("Philosophy")([philosophy_splay, philosophy_score])
dogma("Road Building")([road_building])

