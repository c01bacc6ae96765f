"""Which sockets count as present at a match: rows their process's heartbeat (``live.heartbeat``) refreshed lately.

Every row that comes or goes also writes the match row anew (``changed``). A move on the loop is written only if the
match row is still the version its process last saw (``move_store.Guard``), so a process that keeps who listened
when it last wrote a match (``match_cache``) may send the next move's frames to them without asking again: had
anyone joined since, the match row would have changed and the move would be read and written afresh.
"""

from __future__ import annotations

from datetime import timedelta
from functools import lru_cache

from django.conf import settings
from django.db import connection
from django.db.models import F, QuerySet
from django.utils import timezone

from apps.matches.models import Match, Presence

# With the heartbeat off (``PRESENCE_HEARTBEAT`` 0) nothing refreshes a row, so its age says nothing of its process:
# no row expires by age. (Counted as stale after three seconds, a socket open longer than that was no longer sent
# the table's frames.)
NEVER_STALE = timedelta(days=3650)


def stale_after() -> timedelta:
    """How long after its last refresh a row still counts as alive: three heartbeats."""
    if settings.PRESENCE_HEARTBEAT <= 0:
        return NEVER_STALE
    return timedelta(seconds=3 * max(settings.PRESENCE_HEARTBEAT, 1))


def alive(presences: QuerySet) -> QuerySet:
    """Only the rows whose process has refreshed them lately."""
    return presences.filter(seen_at__gte=timezone.now() - stale_after())


def listening(match_id: int) -> set[tuple[int | None, str]]:
    """The (seat, format) pairs with a live socket at the match: the views a change must be rendered in.

    Asked after every move, so it is one statement written out by hand (the ORM took longer to build the query
    than the database took to answer it); a move carries it in its own write's round trip (``move_store``)."""
    with connection.cursor() as cursor:
        cursor.execute(*listening_sql(match_id))
        return set(cursor.fetchall())


def listening_sql(match_id: int) -> tuple[str, list]:
    """The statement of ``listening``, with its parameters; its rows are (seat, format) pairs."""
    return _listening_sql(), [match_id, timezone.now() - stale_after()]


def every_listener_sql(match_id: int) -> tuple[str, list]:
    """As ``listening_sql``, stale rows included: what a process keeps must not miss a row that its heartbeat
    refreshes again later (which does not change the match row); a stale row's frames are rendered for nobody
    only until the sweep removes it (``live.heartbeat``), which does."""
    return _every_listener_sql(), [match_id]


@lru_cache(maxsize=1)
def _listening_sql() -> str:
    return f"{_every_listener_sql()} AND {connection.ops.quote_name('seen_at')} >= %s"


@lru_cache(maxsize=1)
def _every_listener_sql() -> str:
    qn = connection.ops.quote_name
    return (f"SELECT DISTINCT {qn('seat')}, {qn('fmt')} FROM {qn(Presence._meta.db_table)} "
            f"WHERE {qn('match_id')} = %s")


def register(channel_name: str, match_id: int, user_id: int | None, seat: int | None, fmt: str,
             process: str) -> None:
    """A socket of ``process`` is open at the match (its row written, or rewritten if the channel had one), and
    the match row written anew (``changed``). On PostgreSQL one statement does both, as one transaction: thousands
    of sockets joining or leaving at once queue their statements on the database threads, where the ORM took five
    round trips for each (a savepoint, a locking read, the insert, the release, the match's update)."""
    now = timezone.now()
    if connection.vendor != "postgresql":
        Presence.objects.update_or_create(channel_name=channel_name, defaults={
            "match_id": match_id, "user_id": user_id, "seat": seat, "fmt": fmt, "process": process, "seen_at": now})
        changed(match_id)
        return
    with connection.cursor() as cursor:
        cursor.execute(_register_sql(), [channel_name, match_id, user_id, seat, fmt, now, process, now])


def unregister(channel_name: str) -> bool:
    """The socket's row removed and its match row written anew, in one statement as ``register``; whether it had
    one."""
    if connection.vendor != "postgresql":
        gone = list(Presence.objects.filter(channel_name=channel_name).values_list("match_id", flat=True))
        Presence.objects.filter(channel_name=channel_name).delete()
        changed(*gone)
        return bool(gone)
    with connection.cursor() as cursor:
        cursor.execute(_unregister_sql(), [channel_name])
        return bool(cursor.fetchall())


@lru_cache(maxsize=1)
def _register_sql() -> str:
    qn = connection.ops.quote_name
    columns = ["channel_name", "match_id", "user_id", "seat", "fmt", "connected_at", "process", "seen_at"]
    again = ", ".join(f"{qn(c)} = EXCLUDED.{qn(c)}" for c in columns if c not in ("channel_name", "connected_at"))
    return (f"WITH joined AS (INSERT INTO {qn(Presence._meta.db_table)} ({', '.join(map(qn, columns))}) "
            f"VALUES ({', '.join(['%s'] * len(columns))}) ON CONFLICT ({qn('channel_name')}) DO UPDATE SET {again} "
            f"RETURNING {qn('match_id')}) {_bump_sql('joined')}")


@lru_cache(maxsize=1)
def _unregister_sql() -> str:
    qn = connection.ops.quote_name
    return (f"WITH gone AS (DELETE FROM {qn(Presence._meta.db_table)} WHERE {qn('channel_name')} = %s "
            f"RETURNING {qn('match_id')}) {_bump_sql('gone')} RETURNING {qn('id')}")


def _bump_sql(rows: str) -> str:
    qn = connection.ops.quote_name
    return (f"UPDATE {qn(Match._meta.db_table)} SET {qn('presence_changes')} = {qn('presence_changes')} + 1 "
            f"WHERE {qn('id')} IN (SELECT {qn('match_id')} FROM {rows})")


def changed(*match_ids: int) -> None:
    """Rows of these matches came or went: write each match row anew (after the rows' own change), so that no
    process moves it again trusting who listened before."""
    Match.objects.filter(pk__in=match_ids).update(presence_changes=F("presence_changes") + 1)
