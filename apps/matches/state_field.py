"""The column a match's state is kept in (and a replay snapshot's): PostgreSQL's ``json``, the text as written.

Django's ``JSONField`` is ``jsonb`` on PostgreSQL, which parses the text it is given into its binary form on every
write, and writes it back out as text on every read. A state is written whole on every move (10-20 kB) and read
whole, and nothing ever searches inside one, so none of that work buys anything: ``json`` only checks the text is
JSON and keeps it. Other databases keep ``JSONField``'s own column. On PostgreSQL values go as psycopg's ``Json``
(a ``Jsonb`` parameter would be cast to ``json`` through ``jsonb``, parsing it anyway), and psycopg reads the column
itself, so what comes back is the state already (Django reads ``jsonb`` as text and parses it in
``from_db_value``). A state is always a JSON object, so text read back (SQLite's) is never a state.
"""

from __future__ import annotations

import json

import orjson
from django.db import models
from psycopg.types.json import Json


class StateField(models.JSONField):
    def db_type(self, connection) -> str | None:
        return "json" if connection.vendor == "postgresql" else super().db_type(connection)

    def get_db_prep_value(self, value, connection, prepared=False):
        if connection.vendor != "postgresql" or self.encoder is not None:
            return super().get_db_prep_value(value, connection, prepared)
        if not prepared:
            value = self.get_prep_value(value)
        return Json(value, dumps=dumps)

    def from_db_value(self, value, expression, connection):
        if isinstance(value, str):
            return super().from_db_value(value, expression, connection)
        return value


def dumps(value) -> bytes | str:
    """JSON as orjson writes it (a fifth of ``json``'s time for a state), or as ``json`` does for what orjson
    refuses, such as an integer beyond 64 bits."""
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)
    except orjson.JSONEncodeError:
        return json.dumps(value)
