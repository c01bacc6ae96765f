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
id. So a patch carries a region whole only when its skeleton changed; otherwise only the parts whose digest
changed (``changed``), which the page puts in place by ``data-part`` id. Part ids are unique on a page; a part
inside a part is drawn as part of it.

A browser is sent only the regions and parts whose digest changed since the version its page shows
(``protocol.patch``; the socket remembers what it sent, ``consumers.MatchConsumer``). Digests stay on the server:
they never reach a page, and one viewer's region or part reaches another only when everything it is rendered from
is the same for both.
"""

from __future__ import annotations

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
                        "can_undo", "own_template", "view", "names", "match")),
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

# [[region id, digest, html, parts], ...] in the table's order, parts [[part id, digest, start, end], ...] where
# ``html[start:end]`` is the part (lists: they cross msgpack)
Rendered = list[list]

# The parts rendered so far by the region being rendered in this thread or task: [(part id, digest, html), ...]
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
        html, shown, parts = _html(region, digest, entries)
        out.append([region.id, shown, html, parts])
    return out


def _html(region: Region, digest: str, entries: dict) -> tuple[str, str, list]:
    """The region's HTML, the digest a page is told of (its skeleton's when it has parts) and its parts."""
    key = (region.id, digest)
    found = kept(key)
    if found is not None:
        return found
    collected: list = []
    token = _collecting.set(collected)
    try:
        html = get_template(region.template).render(entries)
    finally:
        _collecting.reset(token)
    parts, skeleton, at = [], hashlib.blake2b(region.id.encode(), digest_size=16), 0
    for part_id, part_digest, part_html in collected:
        start = html.find(part_html, at)
        if start < 0:  # the template changed the part's HTML around it: it stays in the skeleton
            log.warning("Region %s: part %s is not in the region's HTML as rendered", region.id, part_id)
            continue
        skeleton.update(html[at:start].encode() + b"\0" + part_id.encode() + b"\0")
        parts.append([part_id, part_digest, start, start + len(part_html)])
        at = start + len(part_html)
    skeleton.update(html[at:].encode())
    answer = (html, skeleton.hexdigest() if parts else digest, parts)
    keep(key, answer)
    return answer


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


def collected(part_id: str, digest: str, html: str) -> None:
    """Record a part of the region being rendered (nothing when none is: a page rendering its table itself)."""
    parts = _collecting.get()
    if parts is not None:
        parts.append((part_id, digest, html))


@contextmanager
def inside_part():
    """While a part's body renders, a part within it is drawn as part of it (not recorded on its own)."""
    token = _collecting.set(None)
    try:
        yield
    finally:
        _collecting.reset(token)


def whole(rendered: Rendered) -> str:
    """The table's HTML: its regions joined."""
    return "".join(entry[2] for entry in rendered)


def digests(rendered: Rendered) -> dict[str, str]:
    """What a page shows, by digest: each region's (``id``) and each of its parts' (``region id/part id``)."""
    shown = {}
    for region_id, digest, _, parts in rendered:
        shown[region_id] = digest
        for part_id, part_digest, _, _ in parts:
            shown[f"{region_id}/{part_id}"] = part_digest
    return shown


def changed(rendered: Rendered, shown: dict[str, str]) -> tuple[dict[str, str], dict[str, str]]:
    """What differs from what a page shows: the regions to draw whole (id -> HTML), and the parts of the other
    regions (part id -> HTML) whose digest differs."""
    whole_regions, parts_html = {}, {}
    for region_id, digest, html, parts in rendered:
        if shown.get(region_id) != digest:
            whole_regions[region_id] = html
            continue
        for part_id, part_digest, start, end in parts:
            if shown.get(f"{region_id}/{part_id}") != part_digest:
                parts_html[part_id] = html[start:end]
    return whole_regions, parts_html
