"""What a move sends an Innovation page (issue 41, patches not tables): the parts of the table it changed, not the
board. A player's pile travels only when it changed (its cards, splay, mark or what the viewer may do with it);
another player's hand never shows its cards, to a seat or a spectator."""

import pytest

from apps.matches.engine import engine
from apps.matches.live import frames, regions
from tests.random_walk import played

pytestmark = pytest.mark.django_db
MOVES = 50


def patches(django_user_model, seed: int, viewer: int | None):
    """Along a game, for each move: the views before and after it, whether ``viewer`` had a legal move before or
    after it, what a patch of it carries to ``viewer``'s page (the regions sent whole and the parts, by id), and
    seat 0's hand after it."""
    rules, before = engine("innovation"), None
    for match in played(django_user_model, "innovation", seed, MOVES):
        table, view = frames.table_for(match, viewer), rules.view(match.state, viewer)
        choosing = viewer is not None and bool(rules.legal_moves(match.state, viewer))
        if before is not None:
            whole, parts, _ = regions.changed(table, regions.digests(before[0]))
            yield before[1], view, before[2] or choosing, whole, parts, rules.view(match.state, 0)["seats"][0]["hand"]
        before = table, view, choosing


def face(name: str) -> str:
    """How a card's title is drawn on its face (layout.card_info, _card.html)."""
    return f">{name}</span><span class=\"in-age\""


@pytest.mark.parametrize("viewer", [0, None])
def test_a_pile_travels_only_when_it_changed(viewer, django_user_model):
    kept = 0
    for old, new, choosing, whole, parts, _ in patches(django_user_model, 11, viewer):
        assert "board" not in whole or old["phase"] != new["phase"], "the board is drawn whole only for a new phase"
        sent = "".join([whole.get("board", ""), *parts.values()])
        marked = {pile for view in (old, new) for pile in (view.get("marks") or {}).get("piles", [])}
        for s, (was, now) in enumerate(zip(old["seats"], new["seats"], strict=True)):
            if s == viewer or choosing:  # (the viewer's own piles change with what it may do with them)
                continue
            for a, b in zip(was["board"], now["board"], strict=True):
                if a == b and a["top"] and f"{s}-{a['color']}" not in marked:
                    assert face(a["top"]) not in sent, (viewer, s, a)
                    kept += 1
    assert kept >= 20, kept


@pytest.mark.parametrize("viewer", [1, None])
def test_another_players_hand_travels_as_backs(viewer, django_user_model):
    """Seat 0's hand cards reach no other page, in a patch as in the table, however its parts are cut."""
    seen = 0
    for _, new, _, whole, parts, hand in patches(django_user_model, 12, viewer):
        sent = "".join([*whole.values(), *parts.values()])
        shown = {r["card"] for r in new.get("revealed", [])}  # a card revealed from a hand is shown to all
        for name in set(hand) - shown:
            assert face(name) not in sent, (viewer, name)
        seen += len(hand)
    assert seen
