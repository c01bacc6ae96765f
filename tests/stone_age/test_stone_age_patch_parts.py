"""What a move sends a Stone Age page (issue 41, patches not tables): the parts of the table it changed, not what
lies beside them. A card on the board travels only when its space's card changed; the player's own stock in the
decision bar travels only as the counts that changed."""

import pytest

from apps.matches.engine import engine
from apps.matches.live import frames, regions
from tests.random_walk import played

pytestmark = pytest.mark.django_db
MOVES = 60


def patches(django_user_model, seed: int, viewer: int | None):
    """Along a game, for each move: the views and the tables (``regions.render``'s) before and after it, and what a
    patch of it carries to ``viewer``'s page: the regions sent whole and the parts, by id."""
    rules, before = engine("stone_age"), None
    for match in played(django_user_model, "stone_age", seed, MOVES):
        table, view = frames.table_for(match, viewer), rules.view(match.state, viewer)
        if before is not None:
            whole, parts, _ = regions.changed(table, regions.digests(before[0]))
            html = {entry[0]: entry[2] for entry in table}
            yield before[1], view, {entry[0]: entry[2] for entry in before[0]}, html, whole, parts
        before = table, view


@pytest.mark.parametrize("viewer", [0, None])
def test_a_card_on_the_board_travels_only_when_its_space_changed_card(viewer, django_user_model):
    sent_cards = 0
    for old, new, _, _, whole, parts in patches(django_user_model, 4, viewer):
        assert "board" not in whole
        changed_cards = sum(a["card"] != b["card"] for a, b in zip(old["row"], new["row"], strict=True))
        # (the decision panel shows the card being paid for: that is not the board's row)
        carried = sum(html.count('class="sa-card-top"') for part_id, html in parts.items() if part_id != "decision")
        assert carried <= changed_cards, (viewer, new["phase"], [p for p in parts if "sa-card-top" in parts[p]])
        sent_cards += carried
    assert sent_cards, "the row's cards change along a game, and are sent when they do"


def test_the_own_stock_travels_as_the_counts_that_changed(django_user_model):
    """While it is a seat's turn from one move to the next, its stock in the decision bar is not sent again: only
    the counts the move changed are."""
    kept, counts = 0, 0
    for _, _, was, now, whole, parts in patches(django_user_model, 4, 0):
        if 'class="own-key' not in was["decision"] or 'class="own-key' not in now["decision"]:
            continue
        sent = "".join([*whole.values(), *parts.values()])
        assert 'class="own-key' not in sent
        kept += 1
        counts += sum(part_id.startswith("o-") for part_id in parts)
        assert sum(part_id.startswith("o-") for part_id in parts) < 8, "not every count changes in one move"
    assert kept >= 5 and counts, (kept, counts)


def test_the_own_stock_shows_the_seats_tools_and_agriculture(django_user_model):
    """Each count of the stock in the decision bar is the seat's own, as its board says (a part reads only what it
    is given: a count given nothing would show nothing)."""
    shown = 0
    for _, view, _, now, _, _ in patches(django_user_model, 4, 0):
        if 'class="own-key' not in now["decision"]:
            continue
        board = next(b for b in view["boards"] if b["seat"] == 0)
        tools = ", ".join(f"{t['value']}{' (used)' if t['used'] else ''}" for t in board["tools"]) or "none"
        assert f'aria-label="agriculture {board["agriculture"]}"' in now["decision"]
        assert f'Agri.</span><span>{board["agriculture"]}</span>' in now["decision"]
        assert f'aria-label="tools {tools}"' in now["decision"]
        assert f'aria-label="{board["food"]} food"' in now["decision"]
        shown += 1
    assert shown >= 5
