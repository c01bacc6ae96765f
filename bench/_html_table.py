"""A browser's match table kept from its socket's frames, for the load benches (``bench/ws_load.py --format html``).

The match page (``static/civitas/match.js``) draws a state frame's ``html`` whole, and brings a patch up to date in
place (``apps/matches/live/regions.py`` says what a patch holds): its regions (``data-region`` id -> HTML) and parts
(``data-part`` id -> HTML), where each ``<template data-keep="<id>">`` in them stands for the page's own part of
that id, and its lists' splices (``data-list`` id -> ``[at, removed, html]`` of the list element's children, in
order). A page that is not at the patch's ``base``, lacks an element the patch names, or has fewer children in a list
than a splice reaches, asks for ``sync`` and draws the next state frame of that version again. ``Table`` does the
same on a tree of elements parsed with the standard library's ``html.parser`` (text is dropped: nothing here reads
it), and lists the moves its ``[data-move]`` controls would send, as a seat's bench client needs them to play on.
"""

from __future__ import annotations

from html.parser import HTMLParser

# Elements that never hold anything, so have no end tag (the HTML standard's void elements).
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
                  "wbr"})
MARKS = ("data-region", "data-part", "data-list")  # the attributes a patch names elements by


class Element:
    __slots__ = ("tag", "attrs", "children", "parent")

    def __init__(self, tag: str, attrs: dict[str, str | None], parent: Element | None = None):
        self.tag, self.attrs, self.parent = tag, attrs, parent
        self.children: list[Element] = []


class _Builder(HTMLParser):
    """HTML into a tree of ``Element``s under one root. An end tag closes the nearest open element of its name (and
    any left open inside it); a stray one is ignored."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Element("#root", {})
        self.open = [self.root]

    def handle_starttag(self, tag, attrs):
        element = Element(tag, dict(attrs), self.open[-1])
        self.open[-1].children.append(element)
        if tag not in VOID:
            self.open.append(element)

    def handle_startendtag(self, tag, attrs):  # <path ... />: opened and closed at once
        self.open[-1].children.append(Element(tag, dict(attrs), self.open[-1]))

    def handle_endtag(self, tag):
        for depth in range(len(self.open) - 1, 0, -1):
            if self.open[depth].tag == tag:
                del self.open[depth:]
                return


def parse(html: str) -> Element:
    """The elements of ``html`` as the children of a root element."""
    builder = _Builder()
    builder.feed(html)
    builder.close()
    return builder.root


def walk(root: Element):
    """Every element under ``root``, in document order, as ``querySelectorAll`` finds them: not inside a
    ``<template>`` (its content is no part of the page)."""
    stack = list(reversed(root.children))
    while stack:
        element = stack.pop()
        yield element
        if element.tag != "template":
            stack.extend(reversed(element.children))


class Table:
    """One page's table: ``apply`` each frame its socket receives, in order; ``moves`` lists what it may send."""

    def __init__(self):
        self.version = -1
        self.root = Element("#table", {})
        self.redraw = False  # asked for sync: the next state frame of this version is drawn again
        self._moves: list[str] | None = None

    def apply(self, frame: dict) -> str:
        """Apply a ``state`` or ``patch`` frame as match.js does. The answer says what the page did: ``"drawn"``,
        ``"patched"``, ``"ignored"`` (an older or repeated version), or ``"sync"`` (a patch it cannot apply: the
        page asks the server for the whole table, ``{"type": "sync"}``)."""
        if frame["type"] == "state":
            if frame["version"] < self.version or (frame["version"] == self.version and not self.redraw):
                return "ignored"
            self.root = parse(frame["html"])
            self.root.tag = "#table"
            self._drawn(frame["version"])
            return "drawn"
        if frame["type"] != "patch" or frame["version"] <= self.version:
            return "ignored"
        changes = [("data-region", key, html) for key, html in frame["regions"].items()]
        changes += [("data-part", key, html) for key, html in (frame.get("parts") or {}).items()]
        changes += [("data-list", key, splices) for key, splices in (frame.get("lists") or {}).items()]
        found = self._marked()
        places = [found.get((mark, key)) for mark, key, _ in changes]
        fresh = [None if mark == "data-list" else parse(html) for mark, _, html in changes]
        keeps = [(template, found.get(("data-part", template.attrs["data-keep"])))
                 for root in fresh if root is not None for template in walk(root)
                 if template.tag == "template" and template.attrs.get("data-keep")]
        fits = all(place is not None and (mark != "data-list" or all(at + removed <= len(place.children)
                                                                      for at, removed, _ in splices))
                   for place, (mark, _, splices) in zip(places, changes, strict=True))
        if frame["base"] != self.version or not fits or any(element is None for _, element in keeps):
            self.redraw = True
            return "sync"
        for template, element in keeps:
            detach(element)
            replace(template, [element])
        for place, root, (_, _, splices) in zip(places, fresh, changes, strict=True):
            if root is None:
                splice(place, splices)
            else:
                replace(place, root.children)
        self._drawn(frame["version"])
        return "patched"

    def moves(self) -> list[str]:
        """The move of every enabled ``[data-move]`` control, as the JSON text in its attribute (what a click on it
        sends as the move), in document order."""
        if self._moves is None:
            self._moves = [element.attrs["data-move"] for element in walk(self.root)
                           if element.attrs.get("data-move") and "disabled" not in element.attrs]
        return self._moves

    def marked(self, mark: str) -> list[str]:
        """The ids of the elements carrying ``mark`` (``MARKS``), in document order."""
        return [element.attrs[mark] for element in walk(self.root) if mark in element.attrs]

    def _marked(self) -> dict[tuple[str, str], Element]:
        """The first element (as ``querySelector`` finds it) of each region, part and list id."""
        found: dict[tuple[str, str], Element] = {}
        for element in walk(self.root):
            for mark in MARKS:
                key = element.attrs.get(mark)
                if key is not None:
                    found.setdefault((mark, key), element)
        return found

    def _drawn(self, version: int) -> None:
        self.version = version
        self.redraw = False
        self._moves = None


def replace(element: Element, new: list[Element]) -> None:
    """Put ``new`` where ``element`` is (morphing it in place, as match.js does, ends on the same elements)."""
    parent = element.parent
    at = next(i for i, child in enumerate(parent.children) if child is element)
    for child in new:
        child.parent = parent
    parent.children[at:at + 1] = new


def detach(element: Element) -> None:
    """Take ``element`` out of where it is (to be put elsewhere)."""
    if element.parent is not None:
        element.parent.children = [child for child in element.parent.children if child is not element]
        element.parent = None


def splice(element: Element, splices: list) -> None:
    """Apply a list's splices ``[at, removed, html]`` to ``element``'s children, in order."""
    for at, removed, html in splices:
        new = parse(html).children
        for child in new:
            child.parent = element
        element.children[at:at + removed] = new
