"""A region's or part's key (``regions._encoded``) is its values encoded with sorted keys, texts or not: encoding
without allowing keys other than texts first (the fast way) changes no key, and a dict of seats is still keyed."""

from __future__ import annotations

import orjson

from apps.matches.live import regions

BEFORE = orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS  # the one encoding the keys were made with


def test_keys_are_the_bytes_they_were():
    for value in ({"b": [1, {"d": 2.5, "c": None}], "a": "x"}, {0: "ann", 1: {"z": 1, "y": 2}},
                  [{"k": {2: "two", 1: "one"}}], "text", None):
        assert regions._encoded(value) == orjson.dumps(value, default=regions._plain, option=BEFORE)


def test_a_dict_of_seats_is_keyed_by_its_values_and_not_by_its_order():
    assert regions.part_digest("s", "p", {"d": {0: "a"}}) != regions.part_digest("s", "p", {"d": {0: "b"}})
    assert regions.part_digest("s", "p", {"d": {0: "a", 1: "b"}}) == regions.part_digest("s", "p",
                                                                                       {"d": {1: "b", 0: "a"}})
