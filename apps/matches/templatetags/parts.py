"""``{% part "sa-place-forest" place m here=marks.here %}…{% endpart %}``: a part of a table's region, rendered and
sent again only when what it shows changed (``apps.matches.live.regions`` says how a patch carries it).

The first argument is the part's id (unique on the page); the others are what the body may read: a bare name
passes that variable under its own name, ``name=expression`` anything else. The body reads nothing more (as
``include … only``), so the part's key (a digest of these values, its id and its own source) covers everything it
shows: two viewers share a rendering only when all of it is the same for both, and a part whose values did not
change since the last move is not rendered again. The body is one element, drawn spaceless (whitespace between
tags dropped); that element is marked ``data-part="<id>"`` (its last attribute).

``{% list "log" %}{% for line in log %}{% item %}<li>{{ line }}</li>{% enditem %}{% endfor %}{% endlist %}``, inside
the element marked ``data-list="log"``: that element's children, each one ``item``, which a patch changes by
splices (``regions.splices``) rather than whole. The list is its items alone (anything between them is dropped).
``{% item line %}`` (names as for a part) renders the item from those variables alone, and keeps its HTML while they
are texts (``ITEMS_KEPT`` of them, for this process): a log line's HTML is rendered once, not again at every move
for every viewer (its 60 lines were a tenth of a spectator's frame on a table drawn in parts).
"""

from __future__ import annotations

import hashlib
import re
from contextvars import ContextVar

from django import template
from django.template.base import token_kwargs
from django.utils.html import escape, strip_spaces_between_tags

from apps.matches.live import regions

register = template.Library()
ROOT = re.compile(r"<[a-zA-Z][\w:-]*")
_items: ContextVar[list | None] = ContextVar("list_items", default=None)


class PartNode(template.Node):
    def __init__(self, part_id, inputs: list[tuple[str, object]], nodelist, source: str):
        self.part_id, self.inputs, self.nodelist, self.source = part_id, inputs, nodelist, source

    def render(self, context) -> str:
        part_id = str(self.part_id.resolve(context))
        values = {name: value.resolve(context) for name, value in self.inputs}
        digest = regions.part_digest(self.source, part_id, values)
        key = ("part", digest)
        found = regions.kept(key)
        if found is None:
            inner: list = []
            with regions.collecting(inner):
                body = strip_spaces_between_tags(self.nodelist.render(context.new(values)).strip())
            root = ROOT.match(body)
            if root is None:
                raise template.TemplateSyntaxError(f"part {part_id!r} must be one element, not {body[:40]!r}")
            end = body.index(">", root.end())  # (the root's attributes are escaped: none holds a ">")
            end -= body[end - 1] == "/"
            html = f'{body[:end]} data-part="{escape(part_id)}"{body[end:]}'
            # (a list inside a part is drawn with it)
            shown, parts, _ = regions.laid_out(part_id, digest, html, [i for i in inner if i[1] is not None])
            found = (html, shown, parts)
            regions.keep(key, found)
        html, shown, parts = found
        regions.collected(part_id, shown, html, parts)
        return html


@register.tag("part")
def do_part(parser, token):
    bits = token.split_contents()[1:]
    if not bits:
        raise template.TemplateSyntaxError("{% part %} needs an id")
    part_id = parser.compile_filter(bits[0])
    inputs = _inputs(parser, bits[1:], "part")
    before = list(parser.tokens)  # a stack: its next token last
    nodelist = parser.parse(("endpart",))
    source = _source(parser, token, before)
    parser.delete_first_token()
    return PartNode(part_id, inputs, nodelist, source)


def _inputs(parser, bits: list[str], tag: str) -> list[tuple[str, object]]:
    """What a part's or an item's body may read: a bare name, or ``name=expression``."""
    inputs = []
    for bit in bits:
        if "=" in bit:
            ((name, value),) = token_kwargs([bit], parser).items()
        elif re.fullmatch(r"[A-Za-z_]\w*", bit):
            name, value = bit, parser.compile_filter(bit)
        else:
            raise template.TemplateSyntaxError(f"{{% {tag} %}}: pass {bit!r} as name=value")
        inputs.append((name, value))
    return inputs


def _source(parser, token, before: list) -> str:
    """The body's own source, from the tokens it was parsed from (``before``: the parser's tokens before it was
    parsed, its end tag not yet taken): a changed template is never served from the cache."""
    body = [f"{tok.token_type}:{tok.contents}" for tok in reversed(before[len(parser.tokens):])]
    return hashlib.blake2b("\0".join([str(parser.origin), token.contents, *body]).encode(),
                           digest_size=12).hexdigest()


class ListNode(template.Node):
    def __init__(self, list_id, nodelist):
        self.list_id, self.nodelist = list_id, nodelist

    def render(self, context) -> str:
        items: list[str] = []
        token = _items.set(items)
        try:
            self.nodelist.render(context)
        finally:
            _items.reset(token)
        regions.collected_list(str(self.list_id.resolve(context)), items)
        return "".join(items)


# (item source, autoescape, its values) -> the item's HTML, for items whose values are all texts (``ItemNode``)
ITEMS_KEPT = 4096
_item_html: dict[tuple, str] = {}


class ItemNode(template.Node):
    def __init__(self, nodelist, inputs: list[tuple[str, object]] | None = None, source: str = ""):
        self.nodelist, self.inputs, self.source = nodelist, inputs, source

    def render(self, context) -> str:
        items = _items.get()
        if items is None:
            raise template.TemplateSyntaxError("{% item %} belongs inside {% list %}")
        if self.inputs is None:
            items.append(self.nodelist.render(context).strip())
            return ""
        values = {name: value.resolve(context) for name, value in self.inputs}
        # Only exact texts make the key: a safe string (or anything else) may render differently from an equal text.
        key = ((self.source, context.autoescape, *values.values())
               if all(type(value) is str for value in values.values()) else None)
        html = _item_html.get(key) if key is not None else None
        if html is None:
            html = self.nodelist.render(context.new(values)).strip()
            if key is not None:
                if len(_item_html) >= ITEMS_KEPT:
                    _item_html.clear()
                _item_html[key] = html
        items.append(html)
        return ""


@register.tag("list")
def do_list(parser, token):
    bits = token.split_contents()[1:]
    if len(bits) != 1:
        raise template.TemplateSyntaxError("{% list %} takes the list's id")
    nodelist = parser.parse(("endlist",))
    parser.delete_first_token()
    return ListNode(parser.compile_filter(bits[0]), nodelist)


@register.tag("item")
def do_item(parser, token):
    bits = token.split_contents()[1:]
    inputs = _inputs(parser, bits, "item") if bits else None
    before = list(parser.tokens)
    nodelist = parser.parse(("enditem",))
    source = _source(parser, token, before)
    parser.delete_first_token()
    return ItemNode(nodelist, inputs, source)
