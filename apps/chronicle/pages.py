"""Data for Chronicle's pages outside a match: ``rules_context()`` feeds chronicle/rules.html."""

from __future__ import annotations

from .content import (
    ASPECT_LABELS,
    ASPECTS,
    BUILD_STEPS,
    CHARACTERS,
    FILLS,
    KIND_LABELS,
    KINDS,
    STORIES,
)
from .flow import FAILED_DRAWS_BEFORE_FATE, HAND_SIZE
from .visibility import character_record, fill_record


def rules_context() -> dict:
    """Everything rules.html shows: the card tables, the story order and the numbers in the rules."""
    return {
        "aspects": [
            {"slug": a, "label": ASPECT_LABELS[a], "count": sum(c.aspect == a for c in CHARACTERS)}
            for a in ASPECTS
        ],
        "characters": [
            {
                "aspect": a,
                "label": ASPECT_LABELS[a],
                "cards": [character_record(c.id) for c in CHARACTERS if c.aspect == a],
            }
            for a in ASPECTS
        ],
        "fills": [
            {"kind": k, "label": KIND_LABELS[k], "cards": [fill_record(c.id) for c in FILLS if c.kind == k]}
            for k in KINDS
        ],
        "stories": [{"number": s.number, "title": s.title, "blank": s.blank} for s in STORIES],
        "build_steps": [[ASPECT_LABELS[a] for a in step] for step in BUILD_STEPS[:-1]],
        "character_count": len(CHARACTERS),
        "fill_count": len(FILLS),
        "hand_size": HAND_SIZE,
        "fate_after": FAILED_DRAWS_BEFORE_FATE,
    }
