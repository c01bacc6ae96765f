"""The two round trips of a move: reading the match with its seats, and writing the new state with its log row.

Through the ORM a move took four statements plus BEGIN and COMMIT, and the ORM spent longer building them than
PostgreSQL spent answering (``bench/move_path.py``). On PostgreSQL each half is therefore one statement written
out by hand: the read brings the seats back as a JSON array beside the match row, and the write is an
``UPDATE ... RETURNING`` feeding the log's ``INSERT``, which PostgreSQL applies as one statement, all or nothing,
so it needs no transaction of its own.

Each round trip queues every other move of the process behind it on its one database thread, and under load a
round trip waits for a core (``bench/ws_load.py``). So the read also answers whether the mover is
still signed in, and the write carries, in one pipeline, the read that must follow its commit (who is listening).
On the loop the write is guarded (``Guard``): it also needs the match row, its seats and the session as the read
saw them, which lets a process that wrote a match last skip the read of its next move (``match_cache``), and
the read of who listens after it (``presence``): such a move is the write alone (``awrite``).

Both go through a cursor that binds on the server: the state travels as a parameter beside the statement instead
of being escaped into its text (Django's cursors bind on the client). On the loop's connections they are prepared
statements: PostgreSQL spent as long planning the write as running it (pg_stat_statements: 0.45 ms of planning
beside 0.50 ms of execution per move, and 0.12 ms planning the listening read that runs in 0.03 ms). Django's own
connections keep prepared statements off (psycopg ignores ``prepare=True`` there), so the database thread's moves
plan each time. Other databases (SQLite, the embedded default) take the ORM, with the same results.

Each half has a synchronous entry (Django's connection, in the database thread) and an asynchronous one
(``aload``, ``awrite_then_read``: a connection of the event loop's own pool, ``loop_db``) over the same statements.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import Any, cast

import psycopg
from django.db import DEFAULT_DB_ALIAS, connection, connections, transaction
from django.db.models import Field, JSONField
from django.utils import timezone
from psycopg.types.json import Json, Jsonb

from apps.accounts.sessions import SessionEnded, session_check, signed_in_by, still_signed_in
from apps.matches.models import Match, MatchSeat, MoveLog, ReplaySnapshot
from apps.matches.state_field import StateField, dumps

# What a move needs of its seats: who plays each one (person or bot, and why) and the name pages show.
SEAT_FIELDS = ("id", "match_id", "index", "name", "bot", "bot_by", "user_id")
# In the model's own order, which ``Model.from_db`` expects its values in.
_SEAT_COLUMNS = [field for field in MatchSeat._meta.concrete_fields if field.attname in SEAT_FIELDS]
_SEAT_NAMES = [field.attname for field in _SEAT_COLUMNS]
_MATCH_NAMES = [field.attname for field in Match._meta.concrete_fields]


def _cursor() -> psycopg.Cursor:
    connection.ensure_connection()
    return psycopg.Cursor(connection.connection)


def _to_db(field, value, db=connection):
    """A value as its column takes it; JSON written by orjson (a fifth of ``json``'s time for a state), falling back
    to ``json`` for what orjson refuses, such as an integer beyond 64 bits. (It is not read by orjson, which would
    read such an integer as a float.) Plain values psycopg adapts as the field would go as they are: asking the
    field (and through it the connection) for each of a move's dozen values was a twentieth of its CPU."""
    if isinstance(field, JSONField):
        if field.encoder is None and value is not None:
            return (Json if isinstance(field, StateField) else Jsonb)(value, dumps=dumps)
    elif type(value) in _PLAIN or (type(value) is datetime and value.tzinfo is not None):
        return value
    return field.get_db_prep_save(value, db)


_PLAIN = frozenset({int, str, bool, type(None)})


def _as_is(text: bytes) -> bytes:
    return text


def load(match_id: int, signed_in: tuple[int, str | None] | None = None) -> tuple[Match | None, list[MatchSeat]]:
    """The match (None if there is none) and its seats in order, the seats holding only ``SEAT_FIELDS``.

    ``signed_in`` is a (user id, session key) that must still be signed in, asked in the same statement:
    ``SessionEnded`` if it is not.
    """
    check = None
    if signed_in is not None:
        user_id, key = signed_in
        check = session_check(user_id, key) if key and connection.vendor == "postgresql" else None
        if check is None and not still_signed_in(user_id, key):
            raise SessionEnded
    if connection.vendor != "postgresql":
        match = Match.objects.filter(pk=match_id).first()
        seats = MatchSeat.objects.filter(match_id=match_id).order_by("index").only(*SEAT_FIELDS)
        return match, list(seats) if match is not None else []
    with connection.wrap_database_errors, _cursor() as cursor:
        cursor.execute(*load_statement(match_id, check))
        return loaded(cast(tuple, cursor.fetchone()), signed_in if check is not None else None)  # (always a row)


def load_statement(match_id: int, check: tuple[str, list] | None) -> tuple[str, list]:
    """The one statement of ``load`` on PostgreSQL (``check``: a ``session_check``, or None), with its
    parameters. It gives one row even when the match is gone (the session's answer still comes back)."""
    session_sql, params = check if check is not None else ("NULL", [])
    return _load_sql(session_sql), [*params, match_id]


@cache
def _load_sql(session_sql: str) -> str:
    # Built once: quoting each name through Django's connection proxy on every move took about a tenth of the
    # process's CPU per move (py-spy of bench/move_path.py).
    qn: Callable[[Any], str] = connection.ops.quote_name
    return (f"SELECT {session_sql}, m.* FROM (SELECT 1) one LEFT JOIN (SELECT "
            f"{', '.join(f'm.{qn(f.column)}' for f in Match._meta.concrete_fields)}, m.xmin::text, "
            f"{_seats_sql('m')} FROM {qn(Match._meta.db_table)} m WHERE m.{qn('id')} = %s) m ON TRUE")


@cache
def _seats_sql(match_alias: str) -> str:
    """The seats of the match ``match_alias`` names, as the text of one JSON array of ``SEAT_FIELDS`` in seat
    order: read by ``load``, and compared by a guarded write with what the read saw."""
    qn: Callable[[Any], str] = connection.ops.quote_name
    seat_columns = ", ".join(f"s.{qn(field.column)}" for field in _SEAT_COLUMNS)
    return (f"COALESCE((SELECT json_agg(json_build_array({seat_columns}) ORDER BY s.{qn('index')}) "
            f"FROM {qn(MatchSeat._meta.db_table)} s WHERE s.{qn('match_id')} = {match_alias}.{qn('id')})::text, '')")


@dataclass(frozen=True)
class Guard:
    """What a read on the loop saw, for the write that follows it to be a compare-and-swap on all of it.

    ``row_version`` is the match row's ``xmin``: PostgreSQL gives every new version of a row the id of the
    transaction that wrote it, so any change of the match row, by any path, changes it (with no trigger or column
    to keep up). ``seats`` is the text of the seats as ``_seats_sql`` gave it. ``session_data`` is the stored
    session the mover's session check returned, already found to name the mover.
    """

    row_version: str
    seats: str
    session_data: str

    # Built directly, not with ``dataclasses.replace``, which took 1.5% of a move's CPU.
    def written(self, row_version: str) -> Guard:
        """This guard after a write that gave the match row ``row_version``."""
        return Guard(row_version, self.seats, self.session_data)

    def of_session(self, session_data: str) -> Guard:
        return Guard(self.row_version, self.seats, session_data)


def loaded(row: tuple, signed_in: tuple[int, str | None] | None) -> tuple[Match | None, list[MatchSeat]]:
    """What ``load`` gives, from the row of ``load_statement``; ``signed_in`` if the statement asked about it."""
    match, seats, _ = _loaded(row, signed_in)
    return match, seats


def _loaded(row: tuple, signed_in: tuple[int, str | None] | None
            ) -> tuple[Match | None, list[MatchSeat], Guard | None]:
    session_data, *values_read = row
    if signed_in is not None and not signed_in_by(session_data, signed_in[0]):
        raise SessionEnded
    if values_read[0] is None:
        return None, [], None
    db = connections[DEFAULT_DB_ALIAS]
    fields = Match._meta.concrete_fields
    values = [field.from_db_value(value, None, db) if hasattr(field, "from_db_value") else value
              for field, value in zip(fields, values_read[:-2], strict=True)]
    match = Match.from_db(db.alias, _MATCH_NAMES, values)
    row_version, seats_text = values_read[-2:]
    seats = json.loads(seats_text) if seats_text else []
    guard = Guard(row_version, seats_text, session_data) if signed_in is not None else None
    return match, [MatchSeat.from_db(db.alias, _SEAT_NAMES, values) for values in seats], guard


async def aload(conn: psycopg.AsyncConnection, match_id: int, check: tuple[str, list],
                signed_in: tuple[int, str | None]) -> tuple[Match | None, list[MatchSeat], Guard | None]:
    """``load`` on one of the loop's connections, asking about the session with ``check`` (a ``session_check``),
    with what it saw for a guarded write (None when there is no match)."""
    cursor = conn.cursor()
    await cursor.execute(*load_statement(match_id, check), prepare=True)
    return _loaded(cast(tuple, await cursor.fetchone()), signed_in)  # (the statement always gives a row)


async def awrite_then_read(conn: psycopg.AsyncConnection, match_id: int, version: int, fields: dict[str, Any],
                           log: dict[str, Any], then: tuple[str, list], guard: Guard, check: tuple[str, list],
                           state_text: bytes | None = None) -> tuple[str | None, list[tuple]]:
    """``write_then_read`` on one of the loop's connections (in autocommit), written only if the match, its seats
    and the mover's session (asked with ``check``, a ``session_check``) are still as ``guard`` saw them: the new
    ``row_version`` of the match (None if nothing was written), and the rows of ``then`` read after its commit, in
    one round trip (each statement of an autocommit pipeline is a transaction of its own, run in order)."""
    writer, reader = conn.cursor(), conn.cursor()
    async with conn.pipeline():
        await writer.execute(*write_statement(match_id, version, fields, log, (guard, check), state_text),
                             prepare=True)
        await reader.execute(*then, prepare=True)
    row_version = _row_version(writer.rowcount, await writer.fetchone() if writer.rowcount == 1 else None)
    return row_version, await reader.fetchall() if row_version is not None else []


async def awrite(conn: psycopg.AsyncConnection, match_id: int, version: int, fields: dict[str, Any],
                 log: dict[str, Any], guard: Guard, check: tuple[str, list], state_text: bytes | None = None
                 ) -> str | None:
    """``awrite_then_read`` with nothing read after it: one statement, outside any pipeline (whose entry and exit
    were a fifth of psycopg's work per move)."""
    writer = conn.cursor()
    await writer.execute(*write_statement(match_id, version, fields, log, (guard, check), state_text), prepare=True)
    return _row_version(writer.rowcount, await writer.fetchone() if writer.rowcount == 1 else None)


def _row_version(rowcount: int, row: tuple | None) -> str | None:
    # The log row's xmin: the one statement's transaction wrote both it and the match's new row version.
    return cast(tuple, row)[0] if rowcount == 1 else None


def write(match_id: int, version: int, fields: dict[str, Any], log: dict[str, Any],
          state_text: bytes | None = None) -> bool:
    """Set ``fields`` on the match if it is still at ``version`` and log the move that made ``version + 1``.

    False, with nothing written, if the match has moved on; a move id used before raises ``IntegrityError``.
    ``state_text``: the new state already written as JSON (``checks.state_text``), stored as it is.
    """
    return _write(match_id, version, fields, log, None, state_text)[0]


def write_then_read(match_id: int, version: int, fields: dict[str, Any], log: dict[str, Any],
                    then: tuple[str, list], state_text: bytes | None = None) -> tuple[bool, list[tuple]]:
    """``write``, then, once it has committed, the rows of the statement ``then`` (SQL and parameters; no rows
    if nothing was written). Outside any transaction only, so that the write commits before the read."""
    assert not transaction.get_connection().in_atomic_block, "the read must follow the write's commit"
    return _write(match_id, version, fields, log, then, state_text)


def _write(match_id: int, version: int, fields: dict[str, Any], log: dict[str, Any],
           then: tuple[str, list] | None, state_text: bytes | None) -> tuple[bool, list[tuple]]:
    if connection.vendor != "postgresql":
        with transaction.atomic():
            if Match.objects.filter(pk=match_id, version=version).update(**fields) != 1:
                return False, []
            MoveLog.objects.create(match_id=match_id, version=version + 1, **log)
            if _keeps_snapshot(version, fields):
                ReplaySnapshot.objects.bulk_create(
                    [ReplaySnapshot(match_id=match_id, version=version + 1, state=fields["state"])],
                    ignore_conflicts=True)
        if then is None:
            return True, []
        with connection.cursor() as cursor:
            cursor.execute(*then)
            return True, cursor.fetchall()
    statement, params = write_statement(match_id, version, fields, log, state_text=state_text)
    if then is None:
        with connection.wrap_database_errors, _cursor() as cursor:
            cursor.execute(statement, params)
            return cursor.rowcount == 1, []
    # In a pipeline, in autocommit, each statement is a transaction of its own, run in order: the read sees the
    # write committed, and both cost one round trip. A write that fails raises as the pipeline ends.
    with connection.wrap_database_errors, _cursor() as cursor, _cursor() as reader:
        with connection.connection.pipeline():
            cursor.execute(statement, params)
            reader.execute(*then)
        return cursor.rowcount == 1, reader.fetchall() if cursor.rowcount == 1 else []


def write_statement(match_id: int, version: int, fields: dict[str, Any], log: dict[str, Any],
                    guarded: tuple[Guard, tuple[str, list]] | None = None, state_text: bytes | None = None
                    ) -> tuple[str, list]:
    """The one statement of ``write`` on PostgreSQL, with its parameters: it inserts a log row only if the update
    found the match at ``version``, and on every ``ReplaySnapshot.EVERY``-th version also keeps the new state as a
    replay snapshot (its count of rows is still the log row's).

    ``guarded`` (a ``Guard`` and the mover's ``session_check``): the update also needs the match row, its seats and
    the session as the guard saw them, and the statement returns the log row's ``xmin``. ``state_text``: the new
    state already written as JSON, bound as it is instead of written again."""
    log = {"match_id": match_id, "version": version + 1, **log}
    log.setdefault("created_at", fields.get("updated_at") or timezone.now())  # as auto_now_add would
    keep = _keeps_snapshot(version, fields)
    db = connection
    params = [Json(state_text, dumps=_as_is) if name == "state" and state_text is not None
              else _to_db(_match_field(name), value, db) for name, value in fields.items()]
    params += [match_id, version]
    session_sql = None
    if guarded is not None:
        guard, (session_sql, session_params) = guarded
        params += [guard.row_version, guard.seats, *session_params, guard.session_data]
    if keep:
        params.append(version + 1)
    params += [_to_db(_log_field(name), value, db) for name, value in log.items()]
    return _write_sql(tuple(fields), keep, tuple(log), session_sql), params


@cache
def _match_field(name: str) -> Field:
    return cast(Field, Match._meta.get_field(name))


@cache
def _log_field(name: str) -> Field:
    return cast(Field, MoveLog._meta.get_field(name))


@cache
def _write_sql(field_names: tuple[str, ...], keep: bool, log_names: tuple[str, ...], session_sql: str | None) -> str:
    # Built once for each shape of move (which fields it sets, whether it keeps a snapshot), as ``_load_sql``.
    qn: Callable[[Any], str] = connection.ops.quote_name
    table = qn(Match._meta.db_table)
    sets = ", ".join(f"{qn(_match_field(name).column)} = %s" for name in field_names)
    state_column = qn(Match._meta.get_field("state").column)
    guard, returning = "", ""
    if session_sql is not None:
        guard = f" AND xmin = %s::xid AND {_seats_sql(table)} = %s AND {session_sql} = %s"
        returning = " RETURNING xmin::text"
    kept = ""
    if keep:
        snapshots = qn(ReplaySnapshot._meta.db_table)
        kept = (f", kept AS (INSERT INTO {snapshots} ({qn('match_id')}, {qn('version')}, {qn('state')}) "
                f"SELECT {qn('id')}, %s, {state_column} FROM moved ON CONFLICT DO NOTHING)")
    log_columns = ", ".join(qn(_log_field(name).column) for name in log_names)
    return (f"WITH moved AS (UPDATE {table} SET {sets} "
            f"WHERE {qn('id')} = %s AND {qn('version')} = %s{guard} "
            f"RETURNING {qn('id')}{f', {state_column}' if keep else ''}){kept} "
            f"INSERT INTO {qn(MoveLog._meta.db_table)} ({log_columns}) "
            f"SELECT {', '.join(['%s'] * len(log_names))} FROM moved{returning}")


def _keeps_snapshot(version: int, fields: dict[str, Any]) -> bool:
    """Whether the move from ``version`` writes a replay snapshot of the state it sets."""
    return "state" in fields and (version + 1) % ReplaySnapshot.EVERY == 0
