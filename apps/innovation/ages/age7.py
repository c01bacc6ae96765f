"""Age 7 dogmas (see age1 for the conventions)."""

from __future__ import annotations

from ..core import PickGroup
from .common import AGE, COLORS, Game, P, dogma, done_so_far, has_icon, highest, lowest


def bicycle(g: Game, s: int, me: int) -> None:
    hand, score = list(g.hand(s)), list(g.score_pile(s))
    if not (hand or score) or not g.ask(s, "You may exchange all cards in your hand with all in your score pile."):
        return
    for card in hand:
        g.to_score(s, card, f"{P(s)} moved {{0}} from their hand to their score pile.")
    for card in score:
        g.to_hand(s, card, f"{P(s)} moved {{0}} from their score pile to their hand.")


def _give_score_cards(g: Game, s: int, me: int, count: int) -> None:
    cards = g.choose_cards(s, g.score_pile(s), f"Choose a score card to transfer to {P(me)}.", count, count,
                           verb="transfer")
    for card in cards:
        g.to_score(me, card, f"{P(s)} transferred {{0}} to {P(me)}'s score pile.")


def combustion(g: Game, s: int, me: int) -> None:
    _give_score_cards(g, s, me, 2)


def combustion_third(g: Game, s: int, me: int) -> None:
    _give_score_cards(g, s, me, g.icons(me, "crown") // 4)


def combustion_return_red(g: Game, s: int, me: int) -> None:
    red = g.pile(s, "red")
    if red:
        g.return_card(s, red[0])


def electricity(g: Game, s: int, me: int) -> None:
    cards = [c for c in g.tops(s) if not has_icon(c, "factory")]
    for card in cards:
        g.return_card(s, card)
    for _ in cards:
        g.draw(s, 8)


def evolution(g: Game, s: int, me: int) -> None:
    pick = g.choose(s, "option", ["score8", "draw"], "You may choose one of the two effects.", True)
    if pick == "score8":
        g.draw_score(s, 8)
        card = g.choose_card(s, g.score_pile(s), "Return a card from your score pile.")
        if card is not None:
            g.return_card(s, card)
    elif pick == "draw":
        g.draw(s, max((AGE[c] for c in g.score_pile(s)), default=0) + 1)


def explosives(g: Game, s: int, me: int) -> None:
    given: list[str] = []
    for _ in range(3):
        card = g.choose_card(s, highest(g.hand(s)), f"Choose a highest card to give to {P(me)}.",
                             group=done_so_far("give", given, 3))
        if card is None:
            break
        g.to_hand(me, card, f"{P(s)} gave {{0}} to {P(me)}.")
        given.append(card)
    if given and not g.hand(s):
        g.draw(s, 7)


def lighting(g: Game, s: int, me: int) -> None:
    tucked = g.choose_cards(s, g.hand(s), "You may tuck up to three cards from your hand.", 3, verb="tuck")
    for card in tucked:
        g.tuck(s, card)
    for _ in {AGE[c] for c in tucked}:
        g.draw_score(s, 7)


def publications_rearrange(g: Game, s: int, me: int) -> None:
    color = g.choose(s, "color", [c for c in COLORS if len(g.pile(s, c)) >= 2],
                     "You may rearrange the cards of one of your piles.", True)
    if color is None:
        return
    pile = g.pile(s, color)
    order = g.choose_cards(s, list(pile), f"Choose your {color} cards from the new top down.",
                           len(pile) - 1, len(pile) - 1, verb="")
    rest = [c for c in pile if c not in order]
    new = list(reversed(order + rest))
    pile[:] = new
    g.log(f"{P(s)} rearranged the cards of their {color} pile.")
    g.dirty.add(s)
    g.changed()


def publications_splay(g: Game, s: int, me: int) -> None:
    g.may_splay(s, ["yellow", "blue"], "up")


def railroad_draw(g: Game, s: int, me: int) -> None:
    for card in list(g.hand(s)):
        g.return_card(s, card)
    for _ in range(3):
        g.draw(s, 6)


def railroad_splay(g: Game, s: int, me: int) -> None:
    g.may_splay(s, [c for c in COLORS if g.splay_of(s, c) == "right"], "up")


def refrigeration_demand(g: Game, s: int, me: int) -> None:
    half = len(g.hand(s)) // 2
    for card in g.choose_cards(s, g.hand(s), "Choose a card to return.", half, half, verb="return"):
        g.return_card(s, card)


def refrigeration_score(g: Game, s: int, me: int) -> None:
    card = g.choose_card(s, g.hand(s), "You may score a card from your hand.", True)
    if card is not None:
        g.score(s, card)


def sanitation(g: Game, s: int, me: int) -> None:
    mine = g.choose_card(me, lowest(g.hand(me)), f"Choose your lowest card to give to {P(s)}.")
    given: list[str] = []
    for _ in range(2):
        card = g.choose_card(s, highest([c for c in g.hand(s) if c not in given]),
                             f"Choose a highest card to give to {P(me)}.",
                             group=PickGroup(verb="give", picked=given, least=2, most=2, acted=False))
        if card is None:
            break
        given.append(card)
    for card in given:
        g.to_hand(me, card, f"{P(s)} gave {{0}} to {P(me)}.")
    if mine is not None:
        g.to_hand(s, mine, f"{P(me)} gave {{0}} to {P(s)}.")


dogma("Bicycle")([bicycle])
dogma("Combustion")([combustion])
dogma("Combustion", third=True)([combustion_third, combustion_return_red])
dogma("Electricity")([electricity])
dogma("Evolution")([evolution])
dogma("Explosives")([explosives])
dogma("Lighting")([lighting])
dogma("Publications")([publications_rearrange, publications_splay])
dogma("Railroad")([railroad_draw, railroad_splay])
dogma("Refrigeration")([refrigeration_demand, refrigeration_score])
dogma("Sanitation")([sanitation])
