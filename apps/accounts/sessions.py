"""Whether a login session still stands: asked by open websockets on every frame, so it costs one small query,
or none of its own where the frame's own read carries it (``session_check``)."""

from __future__ import annotations

from functools import lru_cache
from importlib import import_module

from django.conf import settings
from django.contrib.auth import SESSION_KEY, get_user_model
from django.contrib.sessions.backends.db import SessionStore as DatabaseStore
from django.db import connection
from django.utils import timezone


class SessionEnded(Exception):
    """The socket's session is gone (logged out, expired, flushed) or its user was banned since it connected."""


def still_signed_in(user_id: int, session_key: str | None) -> bool:
    """True while ``session_key`` names an unexpired session of ``user_id`` and that user is active (not banned).

    With the database session engine, the session row and the user's ``is_active`` come back in one statement
    written out by hand: the ORM spent four times as long building it as the database spent answering
    (``bench/move_path.py``). Another engine is asked through its own store.
    """
    if not session_key:
        return False
    check = session_check(user_id, session_key)
    if check is None:
        store = import_module(settings.SESSION_ENGINE).SessionStore(session_key)
        return store.load().get(SESSION_KEY) == str(user_id) and get_user_model().objects.filter(
            pk=user_id, is_active=True).exists()
    sql, params = check
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {sql}", params)
        return signed_in_by(cursor.fetchone()[0], user_id)


def session_check(user_id: int, session_key: str) -> tuple[str, list] | None:
    """A scalar subquery, with its parameters, giving the stored session data while ``session_key`` is an
    unexpired session and ``user_id`` an active user (NULL otherwise); ``signed_in_by`` reads its value.

    It lets a statement that reads something else answer the session question in the same round trip. None
    when sessions are not kept in the database.
    """
    if not _kept_in_database(settings.SESSION_ENGINE):
        return None
    return _session_sql(), [session_key, timezone.now(), user_id]


@lru_cache
def _kept_in_database(engine: str) -> bool:
    # Asked on every move: importing the engine each time was half a percent of a move's CPU.
    return import_module(engine).SessionStore is DatabaseStore


@lru_cache(maxsize=1)
def _session_sql() -> str:
    users, qn = get_user_model(), connection.ops.quote_name
    sessions = DatabaseStore.get_model_class()
    return (f"(SELECT s.{qn('session_data')} FROM {qn(sessions._meta.db_table)} s, {qn(users._meta.db_table)} u "
            f"WHERE s.{qn('session_key')} = %s AND s.{qn('expire_date')} > %s "
            f"AND u.{qn(users._meta.pk.column)} = %s AND u.{qn('is_active')})")


def signed_in_by(session_data: str | None, user_id: int) -> bool:
    """Whether the value of ``session_check`` says ``user_id`` is still signed in."""
    return session_data is not None and _signed_in_user(session_data) == str(user_id)


@lru_cache(maxsize=4096)
def _signed_in_user(session_data: str) -> str | None:
    """The user id a stored session names (decoding checks its signature; the same text decodes the same)."""
    return DatabaseStore().decode(session_data).get(SESSION_KEY)


def forget_stale_login(request) -> None:
    """An anonymous request whose session still names a user (banned, deactivated, deleted since) starts a clean
    session: otherwise the next log-in, seeing another user's session, would flush what this browser stores now
    (an invite grant) and the visitor would arrive with nothing."""
    if not request.user.is_authenticated and SESSION_KEY in request.session:
        request.session.flush()
