"""A glossary at the table (issue 39): every icon a game's board draws is a term of the game's glossary, and every
glossary meaning is quoted from the game's rules page, whose glossary section and the match page both come from
that one list. The boards are rendered with Django's template engine alone, on the samples of tests/engines."""

import html
import json
import re
from functools import cache
from html.parser import HTMLParser
from importlib import import_module

import pytest

from apps.matches.domain.deeds import SeatSpec, do_start_match
from apps.matches.engine import engine
from apps.matches.glossary import Term, glossary_of, table_data, terms_in
from tests.board_templates import NAMES, GameTemplates
from tests.engines.games import rows

# Words a label may hold besides its terms: the seats' names and the small words around numbers.
FILLER = {"you", "nobody", "of", "and", "a", "the", "in", "left", "none"}


class IconLabels(HTMLParser):
    """The names the board gives its pictures: role="img" labels (or titles, a picture's name when it has no label)
    and images' alt text."""

    def __init__(self):
        super().__init__()
        self.labels: set[str] = set()

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        name = attrs.get("aria-label") or attrs.get("title")
        if attrs.get("role") == "img" and name:
            self.labels.add(html.unescape(name))
        if tag == "img" and attrs.get("alt"):
            self.labels.add(html.unescape(attrs["alt"]))


@cache
def icon_labels(slug: str) -> frozenset[str]:
    game = {row.slug: row for row in rows()}[slug]
    templates = GameTemplates(slug, engine(slug))
    finder = IconLabels()
    for state in game.boards.samples()[::game.boards.stride]:
        for seat in [None, *range(state["players"])]:
            finder.feed(templates.board(state, seat))
    return frozenset(finder.labels)


def says_something(label: str) -> bool:
    """A label with words besides the seats' names, numbers and filler (so "Ada 3" or "2 of 7" name no term)."""
    words = re.findall(r"[A-Za-z][A-Za-z'-]*", label)
    return any(w not in NAMES and w.lower() not in FILLER and not w.startswith(tuple(f"{n}'" for n in NAMES))
               for w in words)


def rules_texts(slug: str) -> tuple[str, str]:
    """The game's own rules page (rules.html, without the glossary section the site adds around it), as text: with
    its tags dropped (words around a <strong> keep their punctuation) and with each tag a space."""
    page = GameTemplates(slug, engine(slug)).rules_page(import_module(f"apps.{slug}.pages").rules_context())
    return tuple(" ".join(html.unescape(re.sub(r"<[^>]+>", gap, page)).split()) for gap in ("", " "))


def rules_ids(slug: str) -> set[str]:
    page = GameTemplates(slug, engine(slug)).rules_page(import_module(f"apps.{slug}.pages").rules_context())
    return set(re.findall(r'\bid="([^"]+)"', page))


GAMES = [pytest.param(row.slug, id=row.slug) for row in rows()]


@pytest.mark.parametrize("slug", GAMES)
def test_every_icon_the_board_draws_is_a_term_of_the_games_glossary(slug):
    glossary = glossary_of(slug)
    labels = [label for label in icon_labels(slug) if says_something(label)]
    assert glossary and labels
    unknown = sorted(label for label in labels if not terms_in(label, glossary))
    assert not unknown, f"{len(unknown)} icon labels name no glossary term, e.g. {unknown[:8]}"


@pytest.mark.parametrize("slug", GAMES)
def test_every_meaning_is_quoted_from_the_rules_page_and_points_at_a_section_of_it(slug):
    texts, ids = rules_texts(slug), rules_ids(slug)
    assert glossary_of(slug)
    for term in glossary_of(slug):
        for passage in term.passages:
            assert any(passage in text for text in texts), (term.name, passage)
        assert term.anchor in ids, (term.name, term.anchor)


@pytest.mark.parametrize("slug", GAMES)
def test_each_term_is_one_entry_and_the_table_data_carries_every_word(slug):
    glossary = glossary_of(slug)
    keys = [term.key for term in glossary]
    assert len(set(keys)) == len(keys)
    data = json.loads(json.dumps(table_data(slug)))
    assert data["rules"] == f"/games/{slug}/"
    assert [t["key"] for t in data["terms"]] == keys
    assert all(t["meaning"] and t["words"][0] == t["name"] for t in data["terms"])


def test_a_term_is_found_as_a_whole_word_in_any_case_singular_or_plural():
    glossary = glossary_of("stone_age")
    assert [t.name for t in terms_in("3 wood and 1 gold", glossary)] == ["Wood", "Gold"]
    assert [t.name for t in terms_in("tool 2, ready", glossary)] == ["Tools"]
    assert terms_in("Woodland", glossary) == []  # not inside another word


def test_a_single_passage_written_without_its_comma_is_refused():
    with pytest.raises(TypeError):
        Term("Spots", ("Regional events are encountered when drawn"), "lo-round")  # a string, not a tuple


@pytest.mark.django_db
@pytest.mark.parametrize("slug", GAMES)
def test_the_rules_page_and_the_tables_rules_panel_end_with_the_glossary_linking_into_the_rules(client, slug):
    for url in (f"/games/{slug}/", f"/games/{slug}/?panel=1"):
        page = html.unescape(client.get(url).content.decode())
        glossary = page.split('<section class="glossary" id="glossary"')[1]
        for term in glossary_of(slug):
            assert f'id="glossary-{term.key}">{term.name}</dt>' in glossary
            assert term.meaning in " ".join(glossary.split()) and f'href="#{term.anchor}"' in glossary
            assert f'id="{term.anchor}"' in page


@pytest.mark.django_db
@pytest.mark.parametrize("slug", GAMES)
def test_the_match_page_sends_the_glossary_once_for_the_table(client, alice, slug):
    match = do_start_match(slug, [SeatSpec("alice", alice), SeatSpec("Bot", bot="random")], seed=2)
    client.force_login(alice)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert page.count('id="glossary-data"') == 1 and "civitas/glossary.js" in page
    sent = re.search(r'<script id="glossary-data" type="application/json">(.*?)</script>', page, re.S).group(1)
    assert json.loads(sent) == table_data(slug)
