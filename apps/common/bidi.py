"""Unicode bidirectional formatting controls, stripped from what people write (lobby titles, chat) before it is
stored: an override such as U+202E turns the text after it around, even the host's name beside a lobby title."""

import re

# Embeddings and overrides (U+202A-U+202E), isolates (U+2066-U+2069), the left-to-right and right-to-left marks
# (U+200E, U+200F) and the Arabic letter mark (U+061C).
BIDI_CONTROLS = re.compile("[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]")


def strip_bidi_controls(text: str) -> str:
    return BIDI_CONTROLS.sub("", text)
