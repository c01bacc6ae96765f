"""Age 6 dogmas (see age1 for the conventions)."""

from __future__ import annotations

from .common import AGE, COLOR, COLORS, Game, P, dogma, done_so_far, has_icon, highest, lowest, pile_shows


def splay_blue_right(g: Game, s: int, me: int) -> None:
    g.may_splay(s, ["blue"], "right")


def atomic_theory_meld(g: Game, s: int, me: int) -> None:
    g.draw_meld(s, 7)


def canning_tuck(g: Game, s: int, me: int) -> None:
    if not g.ask(s, "You may draw and tuck a 6, then score your top cards without a factory."):
        return
    g.draw_tuck(s, 6)
    for card in [c for c in g.tops(s) if not has_icon(c, "factory")]:
        g.score(s, card)


def splay_yellow_right(g: Game, s: int, me: int) -> None:
    g.may_splay(s, ["yellow"], "right")


def classification(g: Game, s: int, me: int) -> None:
    card = g.choose_card(s, g.hand(s), "Reveal a card from your hand: you take every card of its color.")
    if card is None:
        return
    color = COLOR[card]
    g.log(f"{P(s)} revealed a {color} card.")
    for other in g.others(s):
        for taken in [c for c in g.hand(other) if COLOR[c] == color]:
            g.to_hand(s, taken, f"{P(s)} took {{0}} from {P(other)}'s hand.")
    todo = len([c for c in g.hand(s) if COLOR[c] == color])
    melded: list[str] = []
    while True:
        pick = g.choose_card(s, [c for c in g.hand(s) if COLOR[c] == color], f"Meld your next {color} card.",
                             group=done_so_far("meld", melded, todo))
        if pick is None:
            return
        g.meld(s, pick)
        melded.append(pick)


def democracy(g: Game, s: int, me: int) -> None:
    returned = g.choose_cards(s, g.hand(s), "You may return any number of cards from your hand.", verb="return")
    for card in returned:
        g.return_card(s, card)
    if returned and len(returned) > g.vars.get("democracy", 0):
        g.vars["democracy"] = len(returned)
        g.draw_score(s, 8)


def emancipation_demand(g: Game, s: int, me: int) -> None:
    card = g.choose_card(s, g.hand(s), f"Choose a card from your hand to transfer to {P(me)}'s score pile.")
    if card is not None:
        g.to_score(me, card, f"{P(s)} transferred {{0}} to {P(me)}'s score pile.")
        g.draw(s, 6)


def splay_red_or_purple_right(g: Game, s: int, me: int) -> None:
    g.may_splay(s, ["red", "purple"], "right")


def encyclopedia(g: Game, s: int, me: int) -> None:
    best = highest(g.score_pile(s))
    if not best or not g.ask(s, "You may meld all your highest score cards."):
        return
    melded: list[str] = []
    count = len(best)
    while best:
        card = g.pick_card(s, best, "Choose the next highest score card to meld.", done_so_far("meld", melded, count))
        best.remove(card)
        g.meld(s, card)
        melded.append(card)


def industrialization(g: Game, s: int, me: int) -> None:
    for _ in range(g.icons(s, "factory") // 2):
        g.draw_tuck(s, 6)


def industrialization_third(g: Game, s: int, me: int) -> None:
    for _ in [c for c in COLORS if pile_shows(g, s, c, "factory")]:
        g.draw_tuck(s, 6)


def machine_tools(g: Game, s: int, me: int) -> None:
    g.draw_score(s, max((AGE[c] for c in g.score_pile(s)), default=0))


def metric_system_any(g: Game, s: int, me: int) -> None:
    if g.splay_of(s, "green") == "right":
        g.may_splay(s, COLORS, "right")


def splay_green_right(g: Game, s: int, me: int) -> None:
    g.may_splay(s, ["green"], "right")


def vaccination_demand(g: Game, s: int, me: int) -> None:
    cards = lowest(g.score_pile(s))
    for card in cards:
        g.return_card(s, card)
    if cards:
        g.vars["returned"] = True
        g.draw_meld(s, 6)


def vaccination_meld(g: Game, s: int, me: int) -> None:
    if g.vars.get("returned"):
        g.draw_meld(s, 7)


dogma("Atomic Theory")([splay_blue_right, atomic_theory_meld])
dogma("Canning")([canning_tuck, splay_yellow_right])
dogma("Classification")([classification])
dogma("Democracy")([democracy])
dogma("Emancipation")([emancipation_demand, splay_red_or_purple_right])
dogma("Encyclopedia")([encyclopedia])
dogma("Industrialization")([industrialization, splay_red_or_purple_right])
dogma("Industrialization", third=True)([industrialization_third, splay_red_or_purple_right])
dogma("Machine Tools")([machine_tools])
dogma("Metric System")([metric_system_any, splay_green_right])
dogma("Vaccination")([vaccination_demand, vaccination_meld])
