"""The table as named regions, each rendered once for every viewer who sees it alike, and a region's parts.

A match page's table (``matches/_table.html``) is its regions joined, in order: each region is one element with a
``data-region`` id, rendered by its own template (``matches/regions/<id>.html``) from a few entries of the table's
context, named in ``REGIONS``. A region is rendered from those entries alone (the template cannot read anything
else), and keyed by a digest of them: two viewers whose entries are identical share one rendering, and a region
whose entries did not change since the last move is not rendered again (``_rendered``, this process's).

Parts. A region rendered per viewer (the board: its entries hold the viewer's view, seat and legal moves) may hold
parts, ``{% part "sa-place-forest" place m here %}…{% endpart %}`` (``apps.matches.templatetags.parts``): an
element rendered from the named variables alone (as ``include … only``), keyed by a digest of them and of the
part's own source, kept in the same cache, and marked ``data-part="<id>"``. A move that leaves a part's variables
as they were renders it for nobody, and a viewer whose variables equal another's shares its rendering. While a
region renders, its parts are recorded (``_collecting``); its entry in ``render``'s answer then says where each part
lies in its HTML, and the region's digest is that of its skeleton: its HTML with every part replaced by the part's
id. So a patch carries a region only when its skeleton changed; otherwise only the parts whose digest
changed (``changed``), which the page puts in place by ``data-part`` id. Part ids are unique on a page. A part
may hold parts: its digest for a page is then that of its own skeleton (``laid_out``), so a patch carries it only
when that changed, and otherwise its parts that did. A region or part a patch carries holds, in place of each part
inside it whose digest the page has, ``<template data-keep="<id>"></template>`` (``_drawn``), which the page fills
with its own: a move that changes a player board's frame (whose turn it is) does not send its contents, and a part
changed inside a kept one travels alone (the page brings it up to date before what holds it).

Lists. A region may also hold a list, ``{% list "log" %}{% for line in log %}{% item %}<li>…</li>{% enditem %}
{% endfor %}{% endlist %}`` inside an element marked ``data-list="log"`` (the log: 60 lines, of which a move
adds a few and drops as many): the region's skeleton holds the list's id in place of its items, and a patch
carries only how the items changed, as splices of the list's element children ``[at, removed, html]``, applied in
order (``splices``). So a move sends a log its new lines, not the log.

A browser is sent only the regions and parts whose digest changed since the version its page shows
(``protocol.patch``; the socket remembers what it sent, ``consumers.MatchConsumer``). Digests stay on the server:
they never reach a page, and one viewer's region or part reaches another only when everything it is rendered from
is the same for both.
"""

from __future__ import annotations

import difflib
import hashlib
import logging
import threading
from collections import OrderedDict
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal

import orjson
from django.db.models import Model
from django.template.loader import get_template
from django.utils.functional import Promise

from apps.matches.models import Match


@dataclass(frozen=True)
class Region:
    id: str
    inputs: tuple[str, ...]  # the table context's entries it is rendered from, and keyed by

    @property
    def template(self) -> str:
        return f"matches/regions/{self.id}.html"


REGIONS: tuple[Region, ...] = (
    Region("decision", ("version", "active", "active_names", "clock_json", "seat", "onlooker", "prompt", "lesson",
                        "ending", "ending_templates", "bot_plays_mine", "bot_by", "not_back_yet", "hint_offered",
                        "can_undo", "own_template", "view", "names", "match", "just_now", "standing")),
    Region("board", ("board_template", "view", "seat", "legal", "names", "active", "onlooker", "outcome")),
    Region("log", ("log", "departures")),
    Region("leave", ("leave",)),
)

# (region id, digest) -> its rendering, and ("part", digest) -> a part's HTML: the regions and parts rendered last,
# for every viewer of every match this process pushes.
RENDERED_KEPT = 4096
_rendered: OrderedDict[tuple[str, str], object] = OrderedDict()
_lock = threading.Lock()
log = logging.getLogger(__name__)

# [[region id, digest, html, parts, lists], ...] in the table's order, parts [[part id, digest, start, end], ...]
# where ``html[start:end]`` is the part, lists [[list id, [[item digest, start, end], ...]], ...] (Python lists:
# they cross msgpack)
Rendered = list[list]

# The parts and lists rendered so far by the region being rendered in this thread or task: [(part id, digest,
# html), ...], a list as (list id, None, [item html, ...])
_collecting: ContextVar[list | None] = ContextVar("region_parts", default=None)


def public_match(match: Match) -> dict:
    """What a region may read of the match row (the decision bar's note on time): never its state."""
    return {"pk": match.pk, "rated": match.rated, "pace": match.pace}


def _plain(value):
    if isinstance(value, Promise):  # a lazy translation
        return str(value)
    if isinstance(value, Match):
        return public_match(value)
    if isinstance(value, Model):  # a row a region shows (a rating change): its own fields, related rows by key
        return [value._meta.label, *(getattr(value, field.attname) for field in value._meta.concrete_fields)]
    if isinstance(value, (datetime, date, Decimal)):
        return str(value)
    raise TypeError(f"A region cannot be keyed by a {type(value).__name__}")


def _encoded(value) -> bytes:
    """``value`` as a key holds it, its dicts' keys sorted (a state read back from PostgreSQL has its keys in
    another order than the one just played). Allowing keys other than texts took half the time of encoding a map:
    only a value that has some (a dict of seats) is encoded again with them, to the same bytes."""
    try:
        return orjson.dumps(value, default=_plain, option=orjson.OPT_SORT_KEYS)
    except orjson.JSONEncodeError:
        return orjson.dumps(value, default=_plain, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS)


def inputs_of(region: Region, context: dict) -> dict:
    """The entries ``region`` is rendered from (an entry the table context lacks is None, as a template reads it)."""
    entries = {name: context.get(name) for name in region.inputs}
    if isinstance(entries.get("match"), Match):
        entries["match"] = public_match(entries["match"])
    return entries


def render(context: dict) -> Rendered:
    """Every region of the table ``context`` describes (``frames.table_context``), in order, with its digest and
    its parts."""
    view_key = _encoded(context.get("view"))  # the view is in two regions' keys: encoded once
    out = []
    for region in REGIONS:
        entries = inputs_of(region, context)
        material = _encoded({name: value for name, value in entries.items() if name != "view"})
        digest = hashlib.blake2b(region.id.encode() + b"\0" + material
                                 + (b"\0" + view_key if "view" in entries else b""), digest_size=16).hexdigest()
        html, shown, parts, lists = _html(region, digest, entries)
        out.append([region.id, shown, html, parts, lists])
    return out


def _html(region: Region, digest: str, entries: dict) -> tuple[str, str, list, list]:
    """The region's HTML, the digest a page is told of (its skeleton's when it has parts or lists), its parts and
    its lists."""
    key = (region.id, digest)
    found = kept(key)
    if found is not None:
        return found
    collected: list = []
    with collecting(collected):
        html = get_template(region.template).render(entries)
    shown, parts, lists = laid_out(region.id, digest, html, collected)
    answer = (html, shown, parts, lists)
    keep(key, answer)
    return answer


def laid_out(owner: str, digest: str, html: str, collected: list) -> tuple[str, list, list]:
    """Where the parts and lists ``collected`` while a region or a part (``owner``, keyed by ``digest``) rendered
    lie in its ``html``: the digest a page is told of (that of its skeleton, its HTML with each part and list
    replaced by its id, when it has any), its parts ``[id, digest, start, end]`` (a part's own parts follow it)
    and its lists ``[id, [[item digest, start, end], ...]]``."""
    parts, lists, skeleton, at = [], [], hashlib.blake2b(owner.encode(), digest_size=16), 0
    for part_id, part_digest, part_html, inner in collected:
        if part_digest is not None:
            whole_html, start = part_html, html.find(part_html, at)
        else:  # a list is all its element holds (an empty one too)
            whole_html, start = "".join(part_html), html.find(f'data-list="{part_id}"', at)
            start = html.find(">", start) + 1 if start >= 0 else -1
            if not html.startswith(whole_html, start):
                start = -1
        if start < 0:  # the template changed the part's HTML around it: it stays in the skeleton
            log.warning("%s: part %s is not in its HTML as rendered", owner, part_id)
            continue
        skeleton.update(html[at:start].encode() + b"\0" + part_id.encode() + b"\0")
        if part_digest is not None:
            parts.append([part_id, part_digest, start, start + len(part_html)])
            parts += [[inner_id, inner_digest, start + a, start + b] for inner_id, inner_digest, a, b in inner]
        else:  # a list: its items, one after the other
            items, item_at = [], start
            for item in part_html:
                items.append([hashlib.blake2b(item.encode(), digest_size=8).hexdigest(), item_at, item_at + len(item)])
                item_at += len(item)
            lists.append([part_id, items])
        at = start + len(whole_html)
    skeleton.update(html[at:].encode())
    return (skeleton.hexdigest() if parts or lists else digest), parts, lists


def kept(key: tuple[str, str]):
    """A rendering this process kept (``keep``), or None."""
    with _lock:
        found = _rendered.get(key)
        if found is not None:
            _rendered.move_to_end(key)
        return found


def keep(key: tuple[str, str], rendering) -> None:
    with _lock:
        _rendered[key] = rendering
        while len(_rendered) > RENDERED_KEPT:
            _rendered.popitem(last=False)


def part_digest(source: str, part_id: str, values: dict) -> str:
    """A part's key: its template source (``source``, the part tag's own), its id and every value it reads."""
    return hashlib.blake2b(source.encode() + b"\0" + part_id.encode() + b"\0" + _encoded(values),
                           digest_size=16).hexdigest()


def collected(part_id: str, digest: str, html: str, inner: list) -> None:
    """Record a part of the region or part being rendered (nothing when none is: a page rendering its table
    itself); ``digest``: the one a page is told of, ``inner``: its own parts, where they lie in ``html``."""
    parts = _collecting.get()
    if parts is not None:
        parts.append((part_id, digest, html, inner))


def collected_list(list_id: str, items: list[str]) -> None:
    """Record a list of the region being rendered, as its items' HTML in order."""
    parts = _collecting.get()
    if parts is not None:
        parts.append((list_id, None, items, None))


@contextmanager
def collecting(into: list):
    """While a region or a part renders, its parts and lists are recorded ``into`` a list."""
    token = _collecting.set(into)
    try:
        yield
    finally:
        _collecting.reset(token)


def whole(rendered: Rendered) -> str:
    """The table's HTML: its regions joined."""
    return "".join(entry[2] for entry in rendered)


def digests(rendered: Rendered) -> dict[str, str | list[str]]:
    """What a page shows, by digest: each region's (``id``), each of its parts' (``region id/part id``) and each of
    its lists' items' (``region id/list id``: their digests in order)."""
    shown: dict[str, str | list[str]] = {}
    for region_id, digest, _, parts, lists in rendered:
        shown[region_id] = digest
        for part_id, part_digest, _, _ in parts:
            shown[f"{region_id}/{part_id}"] = part_digest
        for list_id, items in lists:
            shown[f"{region_id}/{list_id}"] = [item[0] for item in items]
    return shown


def changed(rendered: Rendered, shown: dict) -> tuple[dict[str, str], dict[str, str], dict[str, list]]:
    """What differs from what a page shows: the regions to draw whole (id -> HTML), the parts (part id -> HTML)
    whose digest differs and that lie in nothing sent, and their lists' splices (list id -> ``splices``). A region
    or part sent holds each part in it whose digest the page has as a placeholder (``_drawn``), even when a part
    inside that one changed: the changed part is then sent alone, so a part is never sent for its parts' sake."""
    whole_regions, parts_html, lists_spliced = {}, {}, {}
    for region_id, digest, html, parts, lists in rendered:
        same = [shown.get(f"{region_id}/{part[0]}") == part[1] for part in parts]
        region_sent = shown.get(region_id) != digest
        if region_sent:
            whole_regions[region_id] = _drawn(html, 0, len(html), parts, 0, same)
        around: list[tuple[int, bool]] = []  # the parts the next one may lie in: (end, sent), innermost last
        for index, (part_id, _, start, end) in enumerate(parts):
            while around and around[-1][0] <= start:
                around.pop()
            sent_around = around[-1][1] if around else region_sent
            if not same[index] and not sent_around:
                parts_html[part_id] = _drawn(html, start, end, parts, index + 1, same)
            around.append((end, not same[index]))
        if region_sent:
            continue
        for list_id, items in lists:
            ops = splices(shown.get(f"{region_id}/{list_id}") or [], items, html)
            if ops:
                lists_spliced[list_id] = ops
    return whole_regions, parts_html, lists_spliced


def _drawn(html: str, start: int, end: int, parts: list[list], first: int, kept: list[bool]) -> str:
    """``html[start:end]`` as a patch sends it: each part in it (``parts[first:]``) whose digest the page has
    (``kept``) replaced by ``<template data-keep="<id>"></template>``, which the page fills with its own."""
    out, at, index = [], start, first
    while index < len(parts) and parts[index][2] < end:
        part_id, _, part_start, part_end = parts[index]
        if part_start >= at and kept[index]:
            out += [html[at:part_start], f'<template data-keep="{part_id}"></template>']
            at = part_end
        index += 1
    out.append(html[at:end])
    return "".join(out)


def splices(old: list[str], items: list[list], html: str) -> list[list]:
    """How a list whose items' digests are ``old`` becomes ``items`` (``[digest, start, end]`` in ``html``): splices
    ``[at, removed, html of the items put there]``, the last first, so each ``at`` counts in ``old`` and stays true
    as they apply in order."""
    new = [item[0] for item in items]
    if old == new:
        return []
    ops = []
    for tag, i1, i2, j1, j2 in reversed(difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes()):
        if tag != "equal":
            ops.append([i1, i2 - i1, html[items[j1][1]:items[j2 - 1][2]] if j2 > j1 else ""])
    return ops
