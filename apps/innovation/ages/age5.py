"""Age 5 dogmas (see age1 for the conventions)."""

from __future__ import annotations

from .common import AGE, COLOR, COLORS, Game, P, dogma, done_so_far, has_icon, highest, lowest


def astronomy_draw(g: Game, s: int, me: int) -> None:
    while True:
        card = g.draw_reveal(s, 6)
        if COLOR[card] in ("green", "blue"):
            g.meld(s, card)
        else:
            g.keep(s, card)
            return


def astronomy_universe(g: Game, s: int, me: int) -> None:
    tops = [c for c in g.tops(s) if COLOR[c] != "purple"]
    if tops and all(AGE[c] >= 6 for c in tops):
        g.claim_special(s, "Universe")


def banking_demand(g: Game, s: int, me: int) -> None:
    card = g.choose_card(s, [c for c in g.tops(s) if COLOR[c] != "green" and has_icon(c, "factory")],
                         f"Choose a top non-green card with a factory to transfer to {P(me)}'s board.")
    if card is not None:
        g.to_board(me, card, f"{P(s)} transferred {{0}} to {P(me)}'s board.")
        g.draw_score(s, 5)


def splay_green_right(g: Game, s: int, me: int) -> None:
    g.may_splay(s, ["green"], "right")


def splay_blue_right(g: Game, s: int, me: int) -> None:
    g.may_splay(s, ["blue"], "right")


def chemistry_score(g: Game, s: int, me: int) -> None:
    g.draw_score(s, max((AGE[c] for c in g.tops(s)), default=0) + 1)
    card = g.choose_card(s, g.score_pile(s), "Return a card from your score pile.")
    if card is not None:
        g.return_card(s, card)


def coal_tuck(g: Game, s: int, me: int) -> None:
    g.draw_tuck(s, 5)


def splay_red_right(g: Game, s: int, me: int) -> None:
    g.may_splay(s, ["red"], "right")


def coal_score(g: Game, s: int, me: int) -> None:
    card = g.choose_card(s, g.tops(s), "You may score a top card, and the card beneath it.", True)
    if card is None:
        return
    g.score(s, card)
    beneath = g.top(s, COLOR[card])
    if beneath is not None:
        g.score(s, beneath)


def measurement(g: Game, s: int, me: int) -> None:
    card = g.choose_card(s, g.hand(s), "You may return a card from your hand.", True)
    if card is None:
        return
    g.return_card(s, card)
    color = g.choose(s, "color", COLORS, "Choose a color to splay right and draw a card of its pile's size.")
    g.splay(s, color, "right")
    g.draw(s, len(g.pile(s, color)))


def measurement_third(g: Game, s: int, me: int) -> None:
    card = g.choose_card(s, g.hand(s), "You may reveal and return a card from your hand.", True)
    if card is None:
        return
    g.log(f"{P(s)} revealed a {COLOR[card]} card.")
    g.return_card(s, card)
    g.splay(s, COLOR[card], "right")
    g.draw(s, len(g.pile(s, COLOR[card])))


def physics(g: Game, s: int, me: int) -> None:
    drawn = [g.draw_reveal(s, 6) for _ in range(3)]
    colors = [COLOR[c] for c in drawn]
    if len(set(colors)) < len(colors):
        for card in drawn + list(g.hand(s)):
            g.return_card(s, card)
    else:
        for card in drawn:
            g.keep(s, card)


def societies(g: Game, s: int, me: int) -> None:
    card = g.choose_card(s, [c for c in g.tops(s) if COLOR[c] != "purple" and has_icon(c, "lightbulb")],
                         f"Choose a top non-purple card with a lightbulb to transfer to {P(me)}'s board.")
    if card is not None:
        g.to_board(me, card, f"{P(s)} transferred {{0}} to {P(me)}'s board.")
        g.draw(s, 5)


def societies_third(g: Game, s: int, me: int) -> None:
    def beats(card: str) -> bool:
        theirs = g.top(me, COLOR[card])
        return theirs is None or AGE[card] > AGE[theirs]

    card = g.choose_card(s, [c for c in g.tops(s) if has_icon(c, "lightbulb") and beats(c)],
                         f"Choose a top card with a lightbulb to transfer to {P(me)}'s board.")
    if card is not None:
        g.to_board(me, card, f"{P(s)} transferred {{0}} to {P(me)}'s board.")
        g.draw(s, 5)


def statistics(g: Game, s: int, me: int) -> None:
    taken: list[str] = []
    while True:
        card = g.choose_card(s, highest(g.score_pile(s)), "Choose your highest score card to take into hand.",
                             group=done_so_far("take", taken))
        if card is None:
            return
        g.to_hand(s, card, f"{P(s)} took {{0}} from their score pile into their hand.")
        taken.append(card)
        if len(g.hand(s)) != 1:
            return


def statistics_third(g: Game, s: int, me: int) -> None:
    for card in highest(g.score_pile(s)):
        g.to_hand(s, card, f"{P(s)} took {{0}} from their score pile into their hand.")


def splay_yellow_right(g: Game, s: int, me: int) -> None:
    g.may_splay(s, ["yellow"], "right")


def steam_engine(g: Game, s: int, me: int) -> None:
    g.draw_tuck(s, 4)
    g.draw_tuck(s, 4)
    yellow = g.pile(s, "yellow")
    if yellow:
        g.score(s, yellow[0])


def pirate_code_demand(g: Game, s: int, me: int) -> None:
    cards = g.choose_cards(s, [c for c in g.score_pile(s) if AGE[c] <= 4],
                           f"Choose a score card of value 4 or less to transfer to {P(me)}.", 2, 2,
                           verb="transfer")
    for card in cards:
        g.to_score(me, card, f"{P(s)} transferred {{0}} to {P(me)}'s score pile.")
        g.vars["transferred"] = True


def pirate_code_score(g: Game, s: int, me: int) -> None:
    if not g.vars.get("transferred"):
        return
    card = g.choose_card(s, lowest([c for c in g.tops(s) if has_icon(c, "crown")]),
                         "Score your lowest top card with a crown.")
    if card is not None:
        g.score(s, card)


dogma("Astronomy")([astronomy_draw, astronomy_universe])
dogma("Banking")([banking_demand, splay_green_right])
dogma("Chemistry")([splay_blue_right, chemistry_score])
dogma("Coal")([coal_tuck, splay_red_right, coal_score])
dogma("Measurement")([measurement])
dogma("Measurement", third=True)([measurement_third])
dogma("Physics")([physics])
dogma("Societies")([societies])
dogma("Societies", third=True)([societies_third])
dogma("Statistics")([statistics, splay_yellow_right])
dogma("Statistics", third=True)([statistics_third, splay_yellow_right])
dogma("Steam Engine")([steam_engine])
dogma("The Pirate Code")([pirate_code_demand, pirate_code_score])
