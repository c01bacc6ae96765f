"""A patch keeps a part whose own skeleton the page has, even when a part inside it changed: the changed part
travels alone (``regions.changed``), not its ancestors with it."""

from __future__ import annotations

from apps.matches.live import regions

HTML = ('<div data-region="board"><section data-part="civ"><h3>Ann</h3><ul data-part="cards">'
        '<li data-part="c1">one</li><li data-part="c2" class="is-changed">two</li></ul></section><p>turn 3</p></div>')


def part(part_id: str, digest: str) -> list:
    start = HTML.index(f'data-part="{part_id}"')
    start = HTML.rindex("<", 0, start)
    tag = HTML[start + 1:HTML.index(" ", start)]
    depth, at = 0, start
    while True:  # the element's end: its closing tag at its own depth
        opening, closing = HTML.find(f"<{tag}", at + 1), HTML.find(f"</{tag}>", at + 1)
        if opening != -1 and opening < closing:
            depth, at = depth + 1, opening
        elif depth:
            depth, at = depth - 1, closing
        else:
            return [part_id, digest, start, closing + len(f"</{tag}>")]


RENDERED = [["board", "skeleton-2", HTML, [part("civ", "civ-1"), part("cards", "cards-1"), part("c1", "c1-1"),
                                            part("c2", "c2-2")], []]]


def test_a_region_sent_whole_keeps_a_part_whose_skeleton_is_unchanged_and_sends_its_changed_part_alone():
    shown = {"board": "skeleton-1", "board/civ": "civ-1", "board/cards": "cards-1", "board/c1": "c1-1",
             "board/c2": "c2-1"}
    whole, parts, _ = regions.changed(RENDERED, shown)
    assert whole == {"board": '<div data-region="board"><template data-keep="civ"></template><p>turn 3</p></div>'}
    assert parts == {"c2": '<li data-part="c2" class="is-changed">two</li>'}


def test_a_part_sent_for_its_own_skeleton_keeps_the_parts_in_it_whose_skeleton_is_unchanged():
    shown = {"board": "skeleton-2", "board/civ": "civ-0", "board/cards": "cards-1", "board/c1": "c1-1",
             "board/c2": "c2-1"}
    whole, parts, _ = regions.changed(RENDERED, shown)
    assert whole == {}
    assert parts == {"civ": '<section data-part="civ"><h3>Ann</h3><template data-keep="cards"></template></section>',
                     "c2": '<li data-part="c2" class="is-changed">two</li>'}


def test_a_part_the_page_lacks_is_drawn_with_what_it_holds_save_what_the_page_has():
    shown = {"board": "skeleton-2", "board/civ": "civ-0", "board/cards": "cards-0", "board/c1": "c1-1"}
    whole, parts, _ = regions.changed(RENDERED, shown)
    assert whole == {}
    assert parts == {"civ": '<section data-part="civ"><h3>Ann</h3><ul data-part="cards"><template data-keep="c1">'
                            '</template><li data-part="c2" class="is-changed">two</li></ul></section>'}
