"""The table as regions (``apps/matches/live/regions.py``): the table is its regions joined, a page that applies
every patch a socket sends it ends on the same table as a fresh one, and no region reaches a viewer it hides
something from."""

import asyncio
import json
import random
import re
from html.parser import HTMLParser

import pytest

from apps.matches.domain import deeds
from apps.matches.domain.deeds import SeatSpec, do_start_match
from apps.matches.engine import engine
from apps.matches.live import frames, push, regions
from apps.matches.live.consumers import MatchConsumer
from apps.matches.models import Match, Presence
from config.games import GAMES

SLUGS = [entry.slug for entry in GAMES if entry.app]
MOVES = 30
REGION_START = re.compile(r'(?=<div class="region" data-region=")')

pytestmark = pytest.mark.django_db


def split(html: str) -> dict[str, str]:
    """A table's HTML as its regions, by id, in order."""
    parts = [part for part in REGION_START.split(html) if part]
    out = {}
    for part in parts:
        found = re.match(r'<div class="region" data-region="([a-z_]+)"', part)
        assert found, f"the table holds something outside its regions: {part[:80]!r}"
        out[found.group(1)] = part
    return out


KEEP = re.compile(r'<template data-keep="([^"]+)"></template>')
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class Positioned(HTMLParser):
    """A parser of a piece of HTML that knows where in it (an offset) the tag it is at starts."""

    def __init__(self, html: str):
        super().__init__(convert_charrefs=False)
        self.lines = [0]
        for line in html.splitlines(keepends=True):
            self.lines.append(self.lines[-1] + len(line))
        self.html = html

    def at(self) -> int:
        line, column = self.getpos()
        return self.lines[line - 1] + column


class Extent(Positioned):
    """Where the element marked ``data-part="<id>"`` starts and ends in a piece of HTML."""

    def __init__(self, html: str, part_id: str):
        super().__init__(html)
        self.part_id, self.start, self.end, self.depth = part_id, None, None, 0
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        if self.start is None:
            if ("data-part", self.part_id) in attrs:
                self.start = self.at()
                if tag in VOID:
                    self.end = self.html.index(">", self.start) + 1
        elif self.end is None and tag not in VOID:
            self.depth += 1

    def handle_endtag(self, tag):
        if self.start is None or self.end is not None:
            return
        if self.depth == 0:
            self.end = self.html.index(">", self.at()) + 1
        else:
            self.depth -= 1


class Children(Positioned):
    """The element children of the element marked ``data-list="<id>"`` in a piece of HTML: where its content
    starts and ends, and each child's extent."""

    def __init__(self, html: str, list_id: str):
        super().__init__(html)
        self.list_id, self.depth, self.start, self.end, self.children = list_id, None, None, None, []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        if self.end is not None:
            return
        if self.depth is None:
            if ("data-list", self.list_id) in attrs:
                self.depth, self.start = 0, self.html.index(">", self.at()) + 1
            return
        if self.depth == 0:
            self.children.append([self.at(), None])
        if tag in VOID:
            if self.depth == 0:
                self.children[-1][1] = self.html.index(">", self.at()) + 1
        else:
            self.depth += 1

    def handle_endtag(self, tag):
        if self.depth is None or self.end is not None:
            return
        if self.depth == 0:
            self.end = self.at()
            return
        self.depth -= 1
        if self.depth == 0:
            self.children[-1][1] = self.html.index(">", self.at()) + 1


class Page:
    """A browser's table as match.js keeps it: drawn whole from a state frame, its regions replaced by a patch, the
    parts of the others by their ``data-part`` id and their lists' children spliced by ``data-list`` id."""

    def __init__(self):
        self.version, self.regions, self.patches, self.patched, self.bytes = -1, {}, 0, 0, 0
        self.parts, self.frames, self.spliced, self.logs_whole, self.kept = 0, [], 0, 0, 0

    async def send(self, text_data: str) -> None:
        frame = json.loads(text_data)
        self.frames.append(text_data)
        if frame["type"] == "state":
            self.regions = split(frame["html"])
        else:
            assert frame["type"] == "patch" and frame["base"] == self.version, (frame["base"], self.version)
            assert set(frame["regions"]) <= set(self.regions)
            kept = {}  # a part the page has as it is comes as a placeholder: the page's own goes in its place
            for html in [*frame["regions"].values(), *frame.get("parts", {}).values()]:
                for part_id in KEEP.findall(html):
                    kept[part_id] = self.part(part_id)
            self.kept += len(kept)

            def filled(html: str) -> str:
                return KEEP.sub(lambda found: kept[found.group(1)], html)

            self.regions.update({region_id: filled(html) for region_id, html in frame["regions"].items()})
            for part_id, html in frame.get("parts", {}).items():
                self.put_part(part_id, filled(html))
            for list_id, splices in frame.get("lists", {}).items():
                self.splice(list_id, splices)
            self.patches += 1
            self.patched += len(frame["regions"])
            self.logs_whole += "log" in frame["regions"]
            self.parts += len(frame.get("parts", {}))
            self.bytes += len(text_data)
        self.version = frame["version"]

    def part(self, part_id: str) -> str:
        """The page's part ``part_id`` as it is."""
        for text in self.regions.values():
            extent = Extent(text, part_id)
            if extent.start is not None:
                return text[extent.start:extent.end]
        raise AssertionError(f"the page has no part {part_id} to keep")

    def only(self, kind, element_id: str):
        """The one region holding the element ``element_id`` found by the parser ``kind``: its id and the parse."""
        found = [(region_id, kind(text, element_id)) for region_id, text in self.regions.items()]
        found = [(region_id, parsed) for region_id, parsed in found if parsed.start is not None]
        assert len(found) == 1 and found[0][1].end is not None, f"one element on the page is {element_id}"
        return found[0]

    def put_part(self, part_id: str, html: str) -> None:
        region_id, extent = self.only(Extent, part_id)
        text = self.regions[region_id]
        self.regions[region_id] = text[:extent.start] + html + text[extent.end:]

    def splice(self, list_id: str, splices: list) -> None:
        region_id, children = self.only(Children, list_id)
        text = self.regions[region_id]
        assert text[children.start:children.end] == "".join(text[a:b] for a, b in children.children), \
            "a list holds its items alone"
        items = [text[a:b] for a, b in children.children]
        for at, removed, html in splices:
            assert at + removed <= len(items)
            wrapped = f'<i data-list="x">{html}</i>'
            items[at:at + removed] = [wrapped[a:b] for a, b in Children(wrapped, "x").children]
        self.spliced += 1
        self.regions[region_id] = text[:children.start] + "".join(items) + text[children.end:]

    def html(self) -> str:
        return "".join(self.regions.values())


def socket_for(match: Match, seat: int | None, page: Page) -> MatchConsumer:
    consumer = MatchConsumer()
    consumer.match_id, consumer.seat, consumer.fmt = match.pk, seat, "html"
    consumer.send = page.send
    return consumer


def move_and_push(match: Match, rules, rnd: random.Random, sockets: dict, capture) -> Match | None:
    """A random legal move by a random seat that can move, its frames handed to each viewer's socket (``sockets``:
    viewer -> consumer) as the channel layer would: the match after it, or None when nobody can move."""
    match = Match.objects.get(pk=match.pk)
    active = [s for s in rules.active_seats(match.state) if rules.legal_moves(match.state, s)]
    if match.status != Match.Status.RUNNING or not active:
        return None
    seat = rnd.choice(active)
    with push.deferred() as pushes, capture(execute=True):
        result = deeds.do_move(match.pk, seat, rnd.choice(rules.legal_moves(match.state, seat)), match.version)
    assert result.ok, result
    for group, event in pushes:
        for viewer, socket in sockets.items():
            if group == frames.viewer_group(match.pk, viewer, "html"):
                asyncio.run(socket.frame(event))
    return Match.objects.get(pk=match.pk)


def people(django_user_model, slug: str):
    return [django_user_model.objects.create(username=f"{slug[:8]}{i}") for i in range(2)]


@pytest.mark.parametrize("slug", SLUGS)
def test_a_page_that_applies_every_patch_equals_a_fresh_table(slug, django_user_model,
                                                              django_capture_on_commit_callbacks):
    rules = engine(slug)
    users = people(django_user_model, slug)
    match = do_start_match(slug, [SeatSpec(u.username, u) for u in users], seed=41)
    viewers = [0, 1, None]
    for seat in viewers:
        Presence.objects.create(channel_name=f"t.{match.pk}.{seat}", match=match, seat=seat, fmt="html")
    pages = {seat: Page() for seat in viewers}
    sockets = {seat: socket_for(match, seat, pages[seat]) for seat in viewers}
    for seat in viewers:  # as on connecting: the whole table
        asyncio.run(sockets[seat].send_state(match.version, frames.table_for(match, seat)))
    rnd = random.Random(f"regions:{slug}")
    whole_bytes = 0
    for _ in range(MOVES):
        moved = move_and_push(match, rules, rnd, sockets, django_capture_on_commit_callbacks)
        if moved is None:
            break
        match = moved
        for viewer in viewers:
            fresh = frames.table_for(match, viewer)
            whole_bytes += len(frames.full_frame(match.version, fresh))
            assert pages[viewer].version == match.version
            assert pages[viewer].html() == regions.whole(fresh), f"seat {viewer} at version {match.version}"
            shown = pages[viewer].html()
            for hidden in rules.hidden_from(match.state, viewer):
                assert hidden not in shown, f"seat {viewer} was sent {hidden!r} at version {match.version}"
    assert all(page.patches == match.version for page in pages.values()), "every move's frame was a patch"
    assert all(page.patched < page.patches * len(regions.REGIONS) for page in pages.values()), \
        "a region that did not change is not sent again"
    assert all(page.logs_whole == 0 and page.spliced > 0 for page in pages.values()), \
        "a move sends the log its new lines, not the log"
    assert sum(page.bytes for page in pages.values()) < whole_bytes


@pytest.mark.parametrize("slug", SLUGS)
def test_the_table_is_its_regions_joined_for_every_viewer(slug, django_user_model):
    """Each region, rendered from its own entries alone, is what the whole table template renders around it:
    no region reads anything its key leaves out."""
    rules = engine(slug)
    users = people(django_user_model, slug)
    match = do_start_match(slug, [SeatSpec(u.username, u) for u in users], seed=7)
    rows = frames.seat_rows(match)
    names = [row.display_name for row in rows]
    rnd = random.Random(f"joined:{slug}")
    for step in range(20):
        for seat in (0, 1, None):
            context = frames.table_context(match, seat, names, log_names=frames.log_names(rows))
            assert regions.whole(regions.render(context)) == frames.render_table(context), (seat, step)
        if not step_on(rules, match, rnd):
            break


def step_on(rules, match: Match, rnd: random.Random) -> bool:
    """Apply a random legal move to ``match`` (not saved); False when the game is over or nobody can move."""
    active = [s for s in rules.active_seats(match.state) if rules.legal_moves(match.state, s)]
    if rules.outcome(match.state) is not None or not active:
        return False
    mover = rnd.choice(active)
    match.state = rules.apply(match.state, mover, rnd.choice(rules.legal_moves(match.state, mover)))
    match.version += 1
    return True


@pytest.mark.parametrize("slug", SLUGS)
def test_a_finished_table_is_its_regions_joined(slug, django_user_model):
    """What a board shows only at the end (Stone Age's final totals on its score track) is among the entries its
    region is keyed by."""
    rules = engine(slug)
    users = [django_user_model.objects.create(username=f"{slug[:8]}e{i}") for i in range(2)]
    match = do_start_match(slug, [SeatSpec(u.username, u) for u in users], seed=11)
    rnd = random.Random(f"end:{slug}")
    for _ in range(5000):
        if not step_on(rules, match, rnd):
            break
    assert rules.outcome(match.state) is not None, "the random game ended"
    rows = frames.seat_rows(match)
    names = [row.display_name for row in rows]
    for seat in (0, 1, None):
        context = frames.table_context(match, seat, names, log_names=frames.log_names(rows))
        assert regions.whole(regions.render(context)) == frames.render_table(context), seat


def skeleton(entry: list) -> str:
    """A rendered region's HTML with each outermost part in place of its id."""
    html, out, at = entry[2], [], 0
    for part_id, _, start, end in entry[3]:
        if start >= at:
            out += [html[at:start], part_id]
            at = end
    return "".join([*out, html[at:]])


def test_a_region_is_shared_only_by_viewers_who_see_it_alike(django_user_model):
    """The log of a game with private lines differs per seat; Resign is a player's: two viewers get the same
    rendering only when every entry it is rendered from is the same."""
    users = people(django_user_model, "origins")
    match = do_start_match("origins", [SeatSpec(u.username, u) for u in users], seed=3)
    rows = frames.seat_rows(match)
    names = [row.display_name for row in rows]
    contexts = {seat: frames.table_context(match, seat, names) for seat in (0, 1, None)}
    rendered = {seat: regions.render(context) for seat, context in contexts.items()}
    for region_index, region in enumerate(regions.REGIONS):
        for a in contexts:
            for b in contexts:
                same_key = rendered[a][region_index][1] == rendered[b][region_index][1]
                if regions.inputs_of(region, contexts[a]) == regions.inputs_of(region, contexts[b]):
                    assert same_key
                elif same_key:  # a region drawn in parts is known by its skeleton (its parts by their own keys)
                    assert rendered[a][region_index][3], (region.id, a, b)
                    assert skeleton(rendered[a][region_index]) == skeleton(rendered[b][region_index])
    assert rendered[0][1][1] != rendered[1][1][1] != rendered[None][1][1], "each viewer's board is its own"
    assert rendered[0][3][2] != rendered[None][3][2], "a seat has Resign; a spectator does not"


def test_a_page_that_asked_for_the_table_gets_it_whole(django_user_model):
    """A page that asks ``sync`` (it missed a patch, or its table was drawn elsewhere) is sent every region."""
    users = people(django_user_model, "chronicle")
    match = do_start_match("chronicle", [SeatSpec(u.username, u) for u in users], seed=5)
    page = Page()
    socket = socket_for(match, 0, page)
    asyncio.run(socket.send_state(match.version, frames.table_for(match, 0)))
    page.regions = {}  # whatever the page had is gone
    asyncio.run(socket.send_state(match.version, frames.table_for(match, 0), force=True))
    assert page.html() == frames.render_table(frames.table_context(match, 0, [r.display_name for r in
                                                                              frames.seat_rows(match)]))


@pytest.mark.parametrize("seed", [5, 23])
def test_stone_ages_board_is_patched_by_its_parts_alone_and_equals_a_fresh_table(seed, django_user_model,
                                                                                 django_capture_on_commit_callbacks):
    """Along a random game, a seat's and a spectator's pages are sent the board's parts that a move changed, not
    the board; each page equals a fresh table at every version, and no frame carries what its viewer may not see."""
    rules = engine("stone_age")
    users = people(django_user_model, f"parts{seed}")
    match = do_start_match("stone_age", [SeatSpec(u.username, u) for u in users], seed=seed)
    viewers = [0, None]
    for seat in viewers:
        Presence.objects.create(channel_name=f"p.{match.pk}.{seat}", match=match, seat=seat, fmt="html")
    pages = {seat: Page() for seat in viewers}
    sockets = {seat: socket_for(match, seat, pages[seat]) for seat in viewers}
    for seat in viewers:
        asyncio.run(sockets[seat].send_state(match.version, frames.table_for(match, seat)))
    rnd = random.Random(f"parts:{seed}")
    boards_whole = {seat: 0 for seat in viewers}
    for _ in range(45):
        sent = {viewer: len(pages[viewer].frames) for viewer in viewers}
        moved = move_and_push(match, rules, rnd, sockets, django_capture_on_commit_callbacks)
        if moved is None:
            break
        match = moved
        for viewer in viewers:
            assert pages[viewer].html() == regions.whole(frames.table_for(match, viewer)), (viewer, match.version)
            hidden = rules.hidden_from(match.state, viewer)
            for text in pages[viewer].frames[sent[viewer]:]:
                boards_whole[viewer] += "board" in json.loads(text).get("regions", {})
                body = json.dumps(json.loads(text), ensure_ascii=False)
                assert not [h for h in hidden if h in body], f"seat {viewer} was sent what it may not see"
    for viewer, page in pages.items():
        assert page.patches == match.version and page.parts > page.patches, "moves are sent as parts"
        assert boards_whole[viewer] <= page.patches // 5, f"{viewer}: the board was sent whole {boards_whole[viewer]}"


def test_a_part_is_rendered_once_for_the_viewers_who_see_it_alike(django_user_model):
    """A place that no viewer may use now is one rendering for the seat not to move and for a spectator; the seat
    to move sees the place it may choose as its own."""
    users = people(django_user_model, "partshare")
    match = do_start_match("stone_age", [SeatSpec(u.username, u) for u in users], seed=3)
    rows = frames.seat_rows(match)
    names = [row.display_name for row in rows]
    active = engine("stone_age").active_seats(match.state)
    waiting = next(seat for seat in (0, 1) if seat not in active)
    parts = {}
    for seat in (active[0], waiting, None):
        (board,) = [entry for entry in regions.render(frames.table_context(match, seat, names)) if entry[0] == "board"]
        parts[seat] = {part_id: (digest, board[2][start:end]) for part_id, digest, start, end in board[3]}
    assert parts[waiting]["forest"] == parts[None]["forest"]
    assert parts[active[0]]["forest"][0] != parts[None]["forest"][0]
    assert 'data-move=' in parts[active[0]]["forest"][1]
    assert parts[0]["board0"] != parts[None]["board0"], "seat 0's own board says it is theirs"


def test_chronicles_board_is_sent_whole_only_when_the_phase_changes(django_user_model,
                                                                      django_capture_on_commit_callbacks):
    """Along a game of Chronicle, the draw and the reward come and go as parts of the board, which a seat's and a
    spectator's pages are sent whole only when the game's phase changes; each page equals a fresh table at every
    version, and no frame carries what its viewer may not see."""
    rules = engine("chronicle")
    users = people(django_user_model, "chparts")
    match = do_start_match("chronicle", [SeatSpec(u.username, u) for u in users], seed=8)
    viewers = [0, None]
    for seat in viewers:
        Presence.objects.create(channel_name=f"c.{match.pk}.{seat}", match=match, seat=seat, fmt="html")
    pages = {seat: Page() for seat in viewers}
    sockets = {seat: socket_for(match, seat, pages[seat]) for seat in viewers}
    for seat in viewers:
        asyncio.run(sockets[seat].send_state(match.version, frames.table_for(match, seat)))
    rnd = random.Random("chparts")
    phases, boards_whole, parts_sent = 0, {seat: 0 for seat in viewers}, set()
    for _ in range(40):
        sent = {viewer: len(pages[viewer].frames) for viewer in viewers}
        phase = match.state["phase"]
        moved = move_and_push(match, rules, rnd, sockets, django_capture_on_commit_callbacks)
        if moved is None:
            break
        match = moved
        phases += match.state["phase"] != phase
        for viewer in viewers:
            assert pages[viewer].html() == regions.whole(frames.table_for(match, viewer)), (viewer, match.version)
            hidden = rules.hidden_from(match.state, viewer)
            for text in pages[viewer].frames[sent[viewer]:]:
                frame = json.loads(text)
                boards_whole[viewer] += "board" in frame.get("regions", {})
                parts_sent.update(frame.get("parts", {}))
                body = json.dumps(frame, ensure_ascii=False)
                assert not [h for h in hidden if h in body], f"seat {viewer} was sent what it may not see"
    assert phases and {"ch-draw", "ch-reward"} <= parts_sent
    for viewer in viewers:
        assert boards_whole[viewer] <= phases, f"{viewer}: the board was sent whole {boards_whole[viewer]} times"
