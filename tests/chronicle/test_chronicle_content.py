"""Chronicle's content: the card counts of the rules text, unique names, coherent stories."""

import json
from collections import Counter

import pytest
from chronicle_helpers import hand_paying

from apps.chronicle.content import (
    ASPECT_GLYPHS,
    ASPECT_LABELS,
    ASPECTS,
    BLANK,
    CHARACTERS,
    FILLS,
    KINDS,
    STORIES,
)
from apps.chronicle.payment import can_pay, icons_of


def test_there_are_73_character_cards_in_the_counts_of_the_rules():
    counts = Counter(card.aspect for card in CHARACTERS)
    assert len(CHARACTERS) == 73
    assert counts == {
        "hierarchical": 9, "egalitarian": 9, "martial": 9, "diplomatic": 9,
        "heat": 9, "cold": 9, "water": 9, "benevolent": 5, "vengeful": 5,
    }


def test_every_character_card_has_zero_to_two_further_icons_of_other_aspects():
    for card in CHARACTERS:
        assert len(card.extra) <= 2
        assert card.aspect not in card.extra
        assert len(set(card.extra)) == len(card.extra)
        assert set(card.icons) <= set(ASPECTS)


def test_some_character_cards_carry_further_icons_and_some_do_not():
    extras = Counter(len(card.extra) for card in CHARACTERS)
    assert extras[0] > 0 and extras[1] > 0 and extras[2] > 0


def test_there_are_ten_fill_cards_of_each_kind():
    assert len(FILLS) == 40
    assert Counter(card.kind for card in FILLS) == {kind: 10 for kind in KINDS}


def test_costs_and_rewards_are_lists_of_alternatives_of_known_aspects():
    for card in FILLS:
        for alternatives in (card.cost, card.reward):
            assert alternatives
            for alternative in alternatives:
                assert 1 <= len(alternative) <= 3
                assert len(set(alternative)) == len(alternative)
                assert set(alternative) <= set(ASPECTS)


def test_single_icon_alternatives_are_common_and_groups_rarer():
    alternatives = [alt for card in FILLS for alt in card.cost]
    singles = sum(len(alt) == 1 for alt in alternatives)
    groups = sum(len(alt) > 1 for alt in alternatives)
    assert groups > 0
    assert singles >= 3 * groups


@pytest.mark.parametrize("card", FILLS, ids=lambda c: c.id)
def test_every_fill_card_is_payable_by_some_three_card_hand(card):
    for alternative in card.cost:
        hand = hand_paying(alternative)
        assert len(hand) == 3
        assert can_pay(card.cost, icons_of(hand))


def test_ids_and_names_are_unique_across_all_cards():
    ids = [c.id for c in CHARACTERS] + [c.id for c in FILLS]
    names = [c.name for c in CHARACTERS] + [c.name for c in FILLS] + [s.title for s in STORIES]
    assert len(set(ids)) == len(ids)
    assert len(set(names)) == len(names)


def test_no_name_is_part_of_another_text_so_leak_checks_are_exact():
    names = [c.name for c in CHARACTERS] + [c.name for c in FILLS] + [s.title for s in STORIES]
    texts = names + [s.text for s in STORIES]
    for name in names:
        inside = [text for text in texts if name in text and text != name]
        assert not inside, f"{name!r} appears in {inside}"


def test_card_text_is_plain_ascii_that_json_does_not_escape():
    texts = [c.name for c in CHARACTERS] + [c.name for c in FILLS]
    texts += [s.title for s in STORIES] + [s.text for s in STORIES]
    for text in texts:
        assert text.isascii()
        assert json.dumps(text) == '"' + text + '"'


def test_there_are_nine_story_cards_numbered_in_order_each_with_one_blank():
    assert [s.number for s in STORIES] == list(range(1, 10))
    for story in STORIES:
        assert story.text.count(BLANK) == 1
        assert story.blank in KINDS


def test_every_blank_kind_is_used_at_least_twice():
    counts = Counter(s.blank for s in STORIES)
    assert set(counts) == set(KINDS)
    assert min(counts.values()) >= 2


@pytest.mark.parametrize("card", FILLS, ids=lambda c: c.id)
def test_every_fill_word_reads_in_every_blank_of_its_kind(card):
    for story in STORIES:
        if story.blank == card.kind:
            sentence = story.text.replace(BLANK, card.name)
            assert card.name in sentence and BLANK not in sentence
            assert "  " not in sentence


def test_every_aspect_has_a_label_and_a_glyph():
    assert set(ASPECT_LABELS) == set(ASPECTS) == set(ASPECT_GLYPHS)
