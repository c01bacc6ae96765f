"""Age 1 dogmas. Each effect is ``fn(g, s, me)``: ``s`` executes it (the victim of a demand),
``me`` activated the dogma."""

from __future__ import annotations

from .common import AGE, COLOR, Game, P, dogma, done_so_far, has_icon, highest, lowest


def agriculture(g: Game, s: int, me: int) -> None:
    card = g.choose_card(s, g.hand(s), "You may return a card from your hand to draw and score one higher.", True)
    if card is not None:
        g.return_card(s, card)
        g.draw_score(s, AGE[card] + 1)


def archery(g: Game, s: int, me: int) -> None:
    g.draw(s, 1)
    card = g.choose_card(s, highest(g.hand(s)), f"Choose a highest card from your hand to give to {P(me)}.")
    if card is not None:
        g.to_hand(me, card, f"{P(s)} gave {{0}} to {P(me)}.")


def city_states(g: Game, s: int, me: int) -> None:
    if g.icons(s, "castle") < 4:
        return
    card = g.choose_card(s, [c for c in g.tops(s) if has_icon(c, "castle")],
                         f"Choose a top card with a castle to transfer to {P(me)}'s board.")
    if card is not None:
        g.to_board(me, card, f"{P(s)} transferred {{0}} to {P(me)}'s board.")
        g.draw(s, 1)


def clothing_meld(g: Game, s: int, me: int) -> None:
    present = set(g.colors_on_board(s))
    card = g.choose_card(s, [c for c in g.hand(s) if COLOR[c] not in present],
                         "Meld a card of a color not yet on your board.")
    if card is not None:
        g.meld(s, card)


def clothing_score(g: Game, s: int, me: int) -> None:
    theirs = {c for o in g.others(s) for c in g.colors_on_board(o)}
    for _ in [c for c in g.colors_on_board(s) if c not in theirs]:
        g.draw_score(s, 1)


def code_of_laws(g: Game, s: int, me: int) -> None:
    present = set(g.colors_on_board(s))
    card = g.choose_card(s, [c for c in g.hand(s) if COLOR[c] in present],
                         "You may tuck a card of a color already on your board.", True)
    if card is None:
        return
    g.tuck(s, card)
    if g.splayable(s, [COLOR[card]], "left") and g.ask(s, f"You may splay your {COLOR[card]} cards left."):
        g.splay(s, COLOR[card], "left")


def domestication(g: Game, s: int, me: int) -> None:
    card = g.choose_card(s, lowest(g.hand(s)), "Meld a lowest card from your hand.")
    if card is not None:
        g.meld(s, card)
    g.draw(s, 1)


def masonry(g: Game, s: int, me: int) -> None:
    melded: list[str] = []
    while True:
        card = g.choose_card(s, [c for c in g.hand(s) if has_icon(c, "castle")],
                             "You may meld a card with a castle (stop when you like).", True,
                             done_so_far("meld", melded))
        if card is None:
            break
        g.meld(s, card)
        melded.append(card)
    if len(melded) >= 4:
        g.claim_special(s, "Monument")


def metalworking(g: Game, s: int, me: int) -> None:
    while True:
        card = g.draw_reveal(s, 1)
        if has_icon(card, "castle"):
            g.score(s, card)
        else:
            g.keep(s, card)
            return


def mysticism(g: Game, s: int, me: int) -> None:
    card = g.draw_reveal(s, 1)
    if g.pile(s, COLOR[card]):
        g.meld(s, card)
        g.draw(s, 1)
    else:
        g.keep(s, card)


def _oars_give(g: Game, s: int, me: int, given: list[str] | None = None) -> bool:
    """One transfer; ``given``: the earlier ones of a repeating demand, gathered here."""
    card = g.choose_card(s, [c for c in g.hand(s) if has_icon(c, "crown")],
                         f"Choose a card with a crown to transfer to {P(me)}'s score pile.",
                         group=None if given is None else done_so_far("transfer", given))
    if card is None:
        g.log(f"{P(s)} had no card with a crown in hand.")
        return False
    if given is not None:
        given.append(card)
    g.to_score(me, card, f"{P(s)} transferred {{0}} to {P(me)}'s score pile.")
    g.vars["transferred"] = True
    g.draw(s, 1)
    return True


def oars_demand(g: Game, s: int, me: int) -> None:
    _oars_give(g, s, me)


def oars_demand_repeating(g: Game, s: int, me: int) -> None:
    given: list[str] = []
    while _oars_give(g, s, me, given):
        pass


def oars_draw(g: Game, s: int, me: int) -> None:
    if not g.vars.get("transferred"):
        g.draw(s, 1)


def pottery_return(g: Game, s: int, me: int) -> None:
    returned = g.choose_cards(s, g.hand(s), "You may return up to three cards from your hand.", most=3,
                              verb="return")
    for card in returned:
        g.return_card(s, card)
    if returned:
        g.draw_score(s, len(returned))


def pottery_draw(g: Game, s: int, me: int) -> None:
    g.draw(s, 1)


def sailing(g: Game, s: int, me: int) -> None:
    g.draw_meld(s, 1)


def the_wheel(g: Game, s: int, me: int) -> None:
    g.draw(s, 1)
    g.draw(s, 1)


def tools_three(g: Game, s: int, me: int) -> None:
    if len(g.hand(s)) < 3:
        return
    first = g.choose_card(s, g.hand(s), "You may return exactly three cards from your hand to draw and meld a 3.",
                          True, {"verb": "return", "picked": [], "least": 3, "most": 3, "acted": False})
    if first is None:
        return
    rest = g.choose_cards(s, [c for c in g.hand(s) if c != first], "Choose the next card to return.", 2, 2,
                          verb="return", before=(first,))
    for card in [first, *rest]:
        g.return_card(s, card)
    g.draw_meld(s, 3)


def tools_one(g: Game, s: int, me: int) -> None:
    card = g.choose_card(s, [c for c in g.hand(s) if AGE[c] == 3],
                         "You may return a 3 from your hand to draw three 1s.", True)
    if card is not None:
        g.return_card(s, card)
        for _ in range(3):
            g.draw(s, 1)


def writing(g: Game, s: int, me: int) -> None:
    g.draw(s, 2)


dogma("Agriculture")([agriculture])
dogma("Archery")([archery])
dogma("City States")([city_states])
dogma("Clothing")([clothing_meld, clothing_score])
dogma("Code of Laws")([code_of_laws])
dogma("Domestication")([domestication])
dogma("Masonry")([masonry])
dogma("Metalworking")([metalworking])
dogma("Mysticism")([mysticism])
dogma("Oars")([oars_demand, oars_draw])
dogma("Oars", third=True)([oars_demand_repeating, oars_draw])
dogma("Pottery")([pottery_return, pottery_draw])
dogma("Sailing")([sailing])
dogma("The Wheel")([the_wheel])
dogma("Tools")([tools_three, tools_one])
dogma("Writing")([writing])
