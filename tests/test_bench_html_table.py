"""The table a browser seat of ``bench/ws_load.py --format html`` keeps (``bench/_html_table.py``): fed the frames a
match socket sends a page (its whole table, then patches of regions and parts), it stays at the match's version and
lists exactly the seat's legal moves, as a fresh table does; a patch it cannot apply asks for sync."""

from __future__ import annotations

import asyncio
import json
import random

import pytest

from apps.matches.domain import deeds
from apps.matches.domain.deeds import SeatSpec, do_start_match
from apps.matches.engine import engine
from apps.matches.live import frames, push, regions
from apps.matches.live.consumers import MatchConsumer
from apps.matches.models import Match, Presence
from bench._html_table import Table

pytestmark = pytest.mark.django_db


def legal_json(match: Match, seat: int | None) -> list[str]:
    return sorted(entry["json"] for entry in frames.legal_for(match, match.state, seat))


class Page:
    """A socket's frames, each applied to a ``Table`` as it is sent."""

    def __init__(self):
        self.table, self.did = Table(), []

    async def send(self, text_data: str) -> None:
        self.did.append((json.loads(text_data), self.table.apply(json.loads(text_data))))


@pytest.mark.parametrize(("slug", "moves"), [("chronicle", 40), ("stone_age", 25)])
def test_a_kept_table_lists_the_seats_legal_moves_after_every_patch(slug, moves, django_user_model,
                                                                    django_capture_on_commit_callbacks):
    rules = engine(slug)
    users = [django_user_model.objects.create(username=f"kept{slug[:6]}{i}") for i in range(2)]
    match = do_start_match(slug, [SeatSpec(u.username, u) for u in users], seed=11)
    viewers = [0, 1, None]
    pages, sockets = {}, {}
    for seat in viewers:
        Presence.objects.create(channel_name=f"k.{match.pk}.{seat}", match=match, seat=seat, fmt="html")
        pages[seat] = Page()
        sockets[seat] = MatchConsumer()
        sockets[seat].match_id, sockets[seat].seat, sockets[seat].fmt = match.pk, seat, "html"
        sockets[seat].send = pages[seat].send
        asyncio.run(sockets[seat].send_state(match.version, frames.table_for(match, seat)))  # as on connecting
    rnd = random.Random(slug)
    for _ in range(moves):
        match = Match.objects.get(pk=match.pk)
        for seat in viewers:
            assert pages[seat].table.version == match.version
            assert sorted(pages[seat].table.moves()) == legal_json(match, seat), (seat, match.version)
        active = [s for s in rules.active_seats(match.state) if rules.legal_moves(match.state, s)]
        if match.status != Match.Status.RUNNING or not active:
            break
        seat = rnd.choice(active)
        move = json.loads(rnd.choice(pages[seat].table.moves()))  # the seat plays from its kept table
        with push.deferred() as pushes, django_capture_on_commit_callbacks(execute=True):
            assert deeds.do_move(match.pk, seat, move, match.version).ok
        for group, event in pushes:
            for viewer in viewers:
                if group == frames.viewer_group(match.pk, viewer, "html"):
                    asyncio.run(sockets[viewer].frame(event))
    for seat in viewers:
        did = [what for _, what in pages[seat].did]
        assert did[0] == "drawn" and did[1:] and set(did[1:]) == {"patched"}, "the whole table, then patches"
        assert pages[seat].table.marked("data-region") == [region.id for region in regions.REGIONS]
    sent = [frame for page in pages.values() for frame, _ in page.did]
    assert any(frame.get("lists") for frame in sent), "the log is patched by splices: the kept table applies them"
    if slug == "stone_age":  # its board is patched by parts (``regions``): the kept table puts them in place
        assert any(frame.get("parts") for frame in sent)
        assert any("data-keep" in text for frame in sent for text in [*frame.get("regions", {}).values(),
                                                                      *frame.get("parts", {}).values()])


def test_a_patch_the_table_is_not_at_the_base_of_asks_for_sync_and_the_next_whole_table_is_drawn():
    table = Table()
    html = ('<div data-region="board"><button data-move="{&quot;a&quot;:1}">A</button>'
            '<button data-move="{&quot;a&quot;:2}" disabled>B</button><p>x<br>y</p>'
            '<svg><a data-move="{&quot;a&quot;:3}" data-part="p"><path d="M0 0"/></a></svg></div>'
            '<div data-region="log"></div>')
    assert table.apply({"type": "state", "version": 3, "html": html}) == "drawn"
    assert table.moves() == ['{"a":1}', '{"a":3}'], "a disabled control sends nothing"
    assert table.apply({"type": "patch", "base": 2, "version": 4, "regions": {"log": "<div data-region='log'></div>"}
                        }) == "sync"
    assert table.apply({"type": "patch", "base": 3, "version": 4, "regions": {}, "parts": {"q": "<a></a>"}}) == "sync"
    assert table.version == 3
    assert table.apply({"type": "state", "version": 3, "html": '<div data-region="board"></div>'}) == "drawn"
    assert table.moves() == [] and table.marked("data-region") == ["board"]
    table.apply({"type": "state", "version": 4, "html": html})
    assert table.apply({"type": "patch", "base": 4, "version": 5, "regions": {},
                        "parts": {"p": '<a data-part="p" data-move="{&quot;a&quot;:4}"></a>'}}) == "patched"
    assert table.moves() == ['{"a":1}', '{"a":4}']
    assert table.apply({"type": "state", "version": 5, "html": ""}) == "ignored", "a repeated version is not drawn"
