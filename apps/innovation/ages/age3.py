"""Age 3 dogmas (see age1 for the conventions)."""

from __future__ import annotations

from .common import AGE, COLOR, COLORS, Game, P, dogma, done_so_far, has_icon, highest, lowest


def alchemy_draw(g: Game, s: int, me: int) -> None:
    drawn = [g.draw_reveal(s, 4) for _ in range(g.icons(s, "castle") // 3)]
    if any(COLOR[c] == "red" for c in drawn):
        for card in drawn + list(g.hand(s)):
            g.return_card(s, card)
    else:
        for card in drawn:
            g.keep(s, card)


def alchemy_meld_score(g: Game, s: int, me: int) -> None:
    card = g.choose_card(s, g.hand(s), "Meld a card from your hand.")
    if card is not None:
        g.meld(s, card)
    card = g.choose_card(s, g.hand(s), "Score a card from your hand.")
    if card is not None:
        g.score(s, card)


def compass(g: Game, s: int, me: int) -> None:
    card = g.choose_card(s, [c for c in g.tops(s) if COLOR[c] != "green" and has_icon(c, "leaf")],
                         f"Choose a top non-green card with a leaf to transfer to {P(me)}'s board.")
    if card is not None:
        g.to_board(me, card, f"{P(s)} transferred {{0}} to {P(me)}'s board.")
    card = g.choose_card(s, [c for c in g.tops(me) if not has_icon(c, "leaf")],
                         f"Choose a top card of {P(me)} without a leaf to take to your board.")
    if card is not None:
        g.to_board(s, card, f"{P(s)} took {{0}} from {P(me)}'s board.")


def education(g: Game, s: int, me: int) -> None:
    card = g.choose_card(s, highest(g.score_pile(s)), "You may return your highest score card.", True)
    if card is None:
        return
    g.return_card(s, card)
    g.draw(s, max((AGE[c] for c in g.score_pile(s)), default=0) + 2)


def engineering_demand(g: Game, s: int, me: int) -> None:
    for card in [c for c in g.tops(s) if has_icon(c, "castle")]:
        g.to_score(me, card, f"{P(s)} transferred {{0}} to {P(me)}'s score pile.")


def engineering_splay(g: Game, s: int, me: int) -> None:
    g.may_splay(s, ["red"], "left")


def _feudalism_give(g: Game, s: int, me: int) -> str | None:
    card = g.choose_card(s, [c for c in g.hand(s) if has_icon(c, "castle")],
                         f"Choose a card with a castle to give to {P(me)}.")
    if card is None:
        g.log(f"{P(s)} had no card with a castle in hand.")
        return None
    g.to_hand(me, card, f"{P(s)} gave {{0}} to {P(me)}.")
    return card


def feudalism_demand(g: Game, s: int, me: int) -> None:
    _feudalism_give(g, s, me)


def feudalism_demand_third(g: Game, s: int, me: int) -> None:
    card = _feudalism_give(g, s, me)
    if card is not None:
        g.unsplay(s, COLOR[card])


def feudalism_splay(g: Game, s: int, me: int) -> None:
    g.may_splay(s, ["yellow", "purple"], "left")


def machinery_demand(g: Game, s: int, me: int) -> None:
    theirs = list(g.hand(s))
    mine = highest(g.hand(me))
    for card in theirs:
        g.to_hand(me, card, f"{P(s)} gave {{0}} to {P(me)}.")
    for card in mine:
        g.to_hand(s, card, f"{P(me)} gave {{0}} to {P(s)}.")


def machinery_score(g: Game, s: int, me: int) -> None:
    card = g.choose_card(s, [c for c in g.hand(s) if has_icon(c, "castle")], "Score a card with a castle.")
    if card is not None:
        g.score(s, card)
    g.may_splay(s, ["red"], "left")


def medicine(g: Game, s: int, me: int) -> None:
    theirs = g.choose_card(s, highest(g.score_pile(s)), f"Choose your highest score card to give to {P(me)}.")
    mine = g.choose_card(me, lowest(g.score_pile(me)), f"Choose your lowest score card to give to {P(s)}.")
    if theirs is not None:
        g.to_score(me, theirs, f"{P(s)} transferred {{0}} to {P(me)}'s score pile.")
    if mine is not None:
        g.to_score(s, mine, f"{P(me)} transferred {{0}} to {P(s)}'s score pile.")


def optics(g: Game, s: int, me: int) -> None:
    card = g.draw_meld(s, 3)
    if has_icon(card, "crown"):
        g.draw_score(s, 4)
        return
    poorer = [o for o in g.others(s) if g.points(o) < g.points(s)]
    if not poorer or not g.score_pile(s):
        return
    to = g.choose(s, "seat", poorer, "Choose an opponent with fewer points to receive a score card.")
    card = g.pick_card(s, g.score_pile(s), f"Choose a score card to transfer to {P(to)}.")
    g.to_score(to, card, f"{P(s)} transferred {{0}} to {P(to)}'s score pile.")


def paper_splay(g: Game, s: int, me: int) -> None:
    g.may_splay(s, ["green", "blue"], "left")


def paper_draw(g: Game, s: int, me: int) -> None:
    for _ in [c for c in COLORS if g.splay_of(s, c) == "left"]:
        g.draw(s, 4)


def translation_meld(g: Game, s: int, me: int) -> None:
    if not g.score_pile(s) or not g.ask(s, "You may meld every card of your score pile."):
        return
    melded: list[str] = []
    count = len(g.score_pile(s))
    while g.score_pile(s):
        card = g.pick_card(s, g.score_pile(s), "Choose the next score card to meld.",
                           done_so_far("meld", melded, count))
        g.meld(s, card)
        melded.append(card)


def translation_world(g: Game, s: int, me: int) -> None:
    tops = g.tops(s)
    if tops and all(has_icon(c, "crown") for c in tops):
        g.claim_special(s, "World")


dogma("Alchemy")([alchemy_draw, alchemy_meld_score])
dogma("Compass")([compass])
dogma("Education")([education])
dogma("Engineering")([engineering_demand, engineering_splay])
dogma("Feudalism")([feudalism_demand, feudalism_splay])
dogma("Feudalism", third=True)([feudalism_demand_third, feudalism_splay])
dogma("Machinery")([machinery_demand, machinery_score])
dogma("Medicine")([medicine])
dogma("Optics")([optics])
dogma("Paper")([paper_splay, paper_draw])
dogma("Translation")([translation_meld, translation_world])
