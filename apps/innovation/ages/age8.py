"""Age 8 dogmas (see age1 for the conventions)."""

from __future__ import annotations

from .common import AGE, COLOR, COLORS, Game, P, dogma, done_so_far, has_icon, highest, lowest


def antibiotics(g: Game, s: int, me: int) -> None:
    returned = g.choose_cards(s, g.hand(s), "You may return up to three cards from your hand.", 3, verb="return")
    for card in returned:
        g.return_card(s, card)
    for _ in {AGE[c] for c in returned}:
        g.draw(s, 8)
        g.draw(s, 8)


def corporations_demand(g: Game, s: int, me: int) -> None:
    card = g.choose_card(s, [c for c in g.tops(s) if COLOR[c] != "green" and has_icon(c, "factory")],
                         f"Choose a top non-green card with a factory to transfer to {P(me)}'s score pile.")
    if card is not None:
        g.to_score(me, card, f"{P(s)} transferred {{0}} to {P(me)}'s score pile.")
        g.draw_meld(s, 8)


def corporations_meld(g: Game, s: int, me: int) -> None:
    g.draw_meld(s, 8)


def empiricism_draw(g: Game, s: int, me: int) -> None:
    first = g.choose(s, "color", COLORS, "Name a first color.")
    second = g.choose(s, "color", [c for c in COLORS if c != first], "Name a second color.")
    g.log(f"{P(s)} named {first} and {second}.")
    card = g.draw_reveal(s, 9)
    if COLOR[card] in (first, second):
        g.meld(s, card)
        if g.splayable(s, [COLOR[card]], "up") and g.ask(s, f"You may splay your {COLOR[card]} cards up."):
            g.splay(s, COLOR[card], "up")
    else:
        g.keep(s, card)


def empiricism_win(g: Game, s: int, me: int) -> None:
    if g.icons(s, "lightbulb") >= 20:
        g.win(s)


def flight_any(g: Game, s: int, me: int) -> None:
    if g.splay_of(s, "red") == "up":
        g.may_splay(s, COLORS, "up")


def flight_red(g: Game, s: int, me: int) -> None:
    g.may_splay(s, ["red"], "up")


def mass_media_return(g: Game, s: int, me: int) -> None:
    card = g.choose_card(s, g.hand(s), "You may return a card, then name a value to wipe from all score piles.",
                         True)
    if card is None:
        return
    g.return_card(s, card)
    value = g.choose(s, "value", list(range(1, 11)), "Name a value: every score card of that value is returned.")
    g.log(f"{P(s)} named the value {value}.")
    for seat in g.everyone(s):
        for scored in [c for c in g.score_pile(seat) if AGE[c] == value]:
            g.return_card(seat, scored)


def mass_media_splay(g: Game, s: int, me: int) -> None:
    g.may_splay(s, ["purple"], "up")


def mobility(g: Game, s: int, me: int) -> None:
    candidates = [c for c in g.tops(s) if COLOR[c] != "red" and not has_icon(c, "factory")]
    given: list[str] = []
    for _ in range(2):
        card = g.choose_card(s, highest(candidates), f"Choose a highest top card to transfer to {P(me)}.",
                             group=done_so_far("transfer", given, 2))
        if card is None:
            break
        candidates.remove(card)
        g.to_score(me, card, f"{P(s)} transferred {{0}} to {P(me)}'s score pile.")
        given.append(card)
    if given:
        g.draw(s, 8)


def quantum_theory(g: Game, s: int, me: int) -> None:
    returned = g.choose_cards(s, g.hand(s), "You may return one or two cards; two give a 10 and a scored 10.", 2,
                              verb="return")
    for card in returned:
        g.return_card(s, card)
    if len(returned) == 2:
        g.draw(s, 10)
        g.draw_score(s, 10)


def rocketry(g: Game, s: int, me: int) -> None:
    for _ in range(g.icons(s, "clock") // 2):
        targets = sorted({f"{o}:{AGE[c]}" for o in g.others(s) for c in g.score_pile(o)})
        target = g.choose(s, "target", targets, "Choose a card to return from another player's score pile.")
        if target is None:
            return
        seat, age = (int(x) for x in target.split(":"))
        card = next(c for c in g.score_pile(seat) if AGE[c] == age)
        g.return_card(seat, card)


def skyscrapers(g: Game, s: int, me: int) -> None:
    card = g.choose_card(s, [c for c in g.tops(s) if COLOR[c] != "yellow" and has_icon(c, "clock")],
                         f"Choose a top non-yellow card with a clock to transfer to {P(me)}'s board.")
    if card is None:
        return
    g.to_board(me, card, f"{P(s)} transferred {{0}} to {P(me)}'s board.")
    pile = g.pile(s, COLOR[card])
    if pile:
        g.score(s, pile[-1])
    for rest in list(pile):
        g.return_card(s, rest)


def socialism(g: Game, s: int, me: int) -> None:
    hand = sorted(g.hand(s), key=lambda c: (AGE[c], c))
    if not hand or not g.ask(s, "You may tuck every card in your hand."):
        return
    for card in hand:
        g.tuck(s, card)
    if any(COLOR[c] == "purple" for c in hand):
        for other in g.others(s):
            for card in lowest(g.hand(other)):
                g.to_hand(s, card, f"{P(s)} took {{0}} from {P(other)}'s hand.")


dogma("Antibiotics")([antibiotics])
dogma("Corporations")([corporations_demand, corporations_meld])
dogma("Empiricism")([empiricism_draw, empiricism_win])
dogma("Flight")([flight_any, flight_red])
dogma("Mass Media")([mass_media_return, mass_media_splay])
dogma("Mobility")([mobility])
dogma("Quantum Theory")([quantum_theory])
dogma("Rocketry")([rocketry])
dogma("Skyscrapers")([skyscrapers])
dogma("Socialism")([socialism])
