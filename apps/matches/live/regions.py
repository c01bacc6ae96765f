"""The table as named regions, each rendered once for every viewer who sees it alike.

A match page's table (``matches/_table.html``) is its regions joined, in order: each region is one element with a
``data-region`` id, rendered by its own template (``matches/regions/<id>.html``) from a few entries of the table's
context, named in ``REGIONS``. A region is rendered from those entries alone (the template cannot read anything
else), and keyed by a digest of them: two viewers whose entries are identical share one rendering, and a region
whose entries did not change since the last move is not rendered again (``_rendered``, this process's).

A browser is sent only the regions whose digest changed since the version its page shows (``protocol.patch``;
the socket remembers what it sent, ``consumers.MatchConsumer``). Digests stay on the server: they never reach a
page, and one viewer's region reaches another only when everything it is rendered from is the same for both.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
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
    Region("board", ("board_template", "view", "seat", "legal", "names", "active", "onlooker")),
    Region("log", ("log", "departures")),
    Region("leave", ("leave",)),
)

# (region id, digest) -> its HTML: the regions rendered last, for every viewer of every match this process pushes.
RENDERED_KEPT = 512
_rendered: OrderedDict[tuple[str, str], str] = OrderedDict()
_lock = threading.Lock()

Rendered = list[list[str]]  # [[region id, digest, html], ...] in the table's order (lists: they cross msgpack)


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
    """Every region of the table ``context`` describes (``frames.table_context``), in order, with its digest."""
    view_key = _encoded(context.get("view"))  # the view is in two regions' keys: encoded once
    out = []
    for region in REGIONS:
        entries = inputs_of(region, context)
        material = _encoded({name: value for name, value in entries.items() if name != "view"})
        digest = hashlib.blake2b(region.id.encode() + b"\0" + material
                                 + (b"\0" + view_key if "view" in entries else b""), digest_size=16).hexdigest()
        out.append([region.id, digest, _html(region, digest, entries)])
    return out


def _html(region: Region, digest: str, entries: dict) -> str:
    key = (region.id, digest)
    with _lock:
        html = _rendered.get(key)
        if html is not None:
            _rendered.move_to_end(key)
            return html
    html = get_template(region.template).render(entries)
    with _lock:
        _rendered[key] = html
        while len(_rendered) > RENDERED_KEPT:
            _rendered.popitem(last=False)
    return html


def whole(rendered: Rendered) -> str:
    """The table's HTML: its regions joined."""
    return "".join(html for _, _, html in rendered)


def digests(rendered: Rendered) -> dict[str, str]:
    return {region_id: digest for region_id, digest, _ in rendered}


def changed(rendered: Rendered, shown: dict[str, str]) -> dict[str, str]:
    """The regions whose digest differs from the ones a page shows: id -> HTML."""
    return {region_id: html for region_id, digest, html in rendered if shown.get(region_id) != digest}
