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


def changed(*match_ids: int) -> None:
    """Rows of these matches came or went: write each match row anew (after the rows' own change), so that no
    process moves it again trusting who listened before."""
    Match.objects.filter(pk__in=match_ids).update(presence_changes=F("presence_changes") + 1)
