"""A frame's JSON text (``frames.encode``): written as ``json`` would write it, compact and with non-ASCII characters
as themselves, whether or not it has keys that are not strings (which take orjson's slower option)."""

from __future__ import annotations

import json

import pytest

from apps.matches.live import frames


def as_json_writes_it(frame: dict) -> str:
    return json.dumps(frame, separators=(",", ":"), ensure_ascii=False)


def test_a_frame_keyed_by_strings_is_written_as_json_writes_it():
    frame = {"type": "state", "version": 7, "view": {"log": ["Ada meldet Brücke"], "seats": [{"name": "Zoë"}]}}
    assert frames.encode(frame) == as_json_writes_it(frame)


def test_keys_that_are_not_strings_become_strings_wherever_they_are():
    frame = {"type": "state", "view": {"cards": [{"n": i} for i in range(500)], "by_seat": {0: "red", 1: "blue"}}}
    text = frames.encode(frame)
    assert text == as_json_writes_it(frame)
    assert json.loads(text)["view"]["by_seat"] == {"0": "red", "1": "blue"}


def test_a_value_json_cannot_write_is_still_refused():
    with pytest.raises(TypeError):
        frames.encode({"view": {1: {"a", "set"}}})
