"""Age 4 dogmas (see age1 for the conventions)."""

from __future__ import annotations

from .common import AGE, COLOR, COLORS, Game, P, dogma, done_so_far, has_icon


def anatomy(g: Game, s: int, me: int) -> None:
    card = g.choose_card(s, g.score_pile(s), "Return a card from your score pile.")
    if card is None:
        return
    g.return_card(s, card)
    top = g.choose_card(s, [c for c in g.tops(s) if AGE[c] == AGE[card]],
                        "Return a top card of the same value.")
    if top is not None:
        g.return_card(s, top)


def colonialism(g: Game, s: int, me: int) -> None:
    while has_icon(g.draw_tuck(s, 3), "crown"):
        pass


def enterprise_demand(g: Game, s: int, me: int) -> None:
    card = g.choose_card(s, [c for c in g.tops(s) if COLOR[c] != "purple" and has_icon(c, "crown")],
                         f"Choose a top non-purple card with a crown to transfer to {P(me)}'s board.")
    if card is not None:
        g.to_board(me, card, f"{P(s)} transferred {{0}} to {P(me)}'s board.")
        g.draw_meld(s, 4)


def splay_green_right(g: Game, s: int, me: int) -> None:
    g.may_splay(s, ["green"], "right")


def experimentation(g: Game, s: int, me: int) -> None:
    g.draw_meld(s, 5)


def gunpowder_demand(g: Game, s: int, me: int) -> None:
    card = g.choose_card(s, [c for c in g.tops(s) if has_icon(c, "castle")],
                         f"Choose a top card with a castle to transfer to {P(me)}'s score pile.")
    if card is not None:
        g.to_score(me, card, f"{P(s)} transferred {{0}} to {P(me)}'s score pile.")
        g.vars["transferred"] = True


def gunpowder_score(g: Game, s: int, me: int) -> None:
    if g.vars.get("transferred"):
        g.draw_score(s, 2)


def invention_splay(g: Game, s: int, me: int) -> None:
    left = [c for c in COLORS if g.splay_of(s, c) == "left"]
    color = g.choose(s, "color", left, "You may splay a color that is splayed left right instead.", True)
    if color is not None:
        g.splay(s, color, "right")
        g.draw_score(s, 4)


def invention_wonder(g: Game, s: int, me: int) -> None:
    if all(g.splay_of(s, c) != "none" for c in COLORS):
        g.claim_special(s, "Wonder")


def navigation(g: Game, s: int, me: int) -> None:
    card = g.choose_card(s, [c for c in g.score_pile(s) if AGE[c] in (2, 3)],
                         f"Choose a 2 or 3 from your score pile to transfer to {P(me)}.")
    if card is not None:
        g.to_score(me, card, f"{P(s)} transferred {{0}} to {P(me)}'s score pile.")


def perspective(g: Game, s: int, me: int) -> None:
    card = g.choose_card(s, g.hand(s), "You may return a card to score a card per two lightbulbs.", True)
    if card is None:
        return
    g.return_card(s, card)
    count = g.icons(s, "lightbulb") // 2
    scored: list[str] = []
    for _ in range(count):
        pick = g.choose_card(s, g.hand(s), "Score a card from your hand.", group=done_so_far("score", scored, count))
        if pick is None:
            break
        g.score(s, pick)
        scored.append(pick)


def printing_press_return(g: Game, s: int, me: int) -> None:
    card = g.choose_card(s, g.score_pile(s), "You may return a score card to draw two above your top purple card.",
                         True)
    if card is not None:
        g.return_card(s, card)
        purple = g.top(s, "purple")
        g.draw(s, (AGE[purple] if purple else 0) + 2)


def printing_press_splay(g: Game, s: int, me: int) -> None:
    g.may_splay(s, ["blue"], "right")


def reformation_tuck(g: Game, s: int, me: int) -> None:
    count = min(g.icons(s, "leaf") // 2, len(g.hand(s)))
    if count == 0:
        return
    tucked: list[str] = []
    first = g.choose_card(s, g.hand(s), f"You may tuck {count} card(s) from your hand.", True,
                          done_so_far("tuck", tucked, count))
    if first is None:
        return
    g.tuck(s, first)
    tucked.append(first)
    for _ in range(count - 1):
        card = g.pick_card(s, g.hand(s), "Choose the next card to tuck.", done_so_far("tuck", tucked, count))
        g.tuck(s, card)
        tucked.append(card)


def reformation_splay(g: Game, s: int, me: int) -> None:
    g.may_splay(s, ["yellow", "purple"], "right")


dogma("Anatomy")([anatomy])
dogma("Colonialism")([colonialism])
dogma("Enterprise")([enterprise_demand, splay_green_right])
dogma("Experimentation")([experimentation])
dogma("Gunpowder")([gunpowder_demand, gunpowder_score])
dogma("Invention")([invention_splay, invention_wonder])
dogma("Navigation")([navigation])
dogma("Perspective")([perspective])
dogma("Printing Press")([printing_press_return, printing_press_splay])
dogma("Reformation")([reformation_tuck, reformation_splay])
