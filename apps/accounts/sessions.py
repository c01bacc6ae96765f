"""Whether a login session still stands: asked by open websockets on every frame, so it costs one small query."""

from __future__ import annotations

from functools import lru_cache
from importlib import import_module

from django.conf import settings
from django.contrib.auth import SESSION_KEY, get_user_model
from django.contrib.sessions.backends.db import SessionStore as DatabaseStore
from django.db import connection
from django.utils import timezone


def still_signed_in(user_id: int, session_key: str | None) -> bool:
    """True while ``session_key`` names an unexpired session of ``user_id`` and that user is active (not banned).

    With the database session engine, the session row and the user's ``is_active`` come back in one statement
    written out by hand: the ORM spent four times as long building it as the database spent answering
    (``bench/move_path.py``). Another engine is asked through its own store.
    """
    if not session_key:
        return False
    store = import_module(settings.SESSION_ENGINE).SessionStore(session_key)
    users = get_user_model()
    if type(store) is not DatabaseStore:
        return store.load().get(SESSION_KEY) == str(user_id) and users.objects.filter(pk=user_id,
                                                                                     is_active=True).exists()
    sessions, qn = store.model, connection.ops.quote_name
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT s.{qn('session_data')} FROM {qn(sessions._meta.db_table)} s, {qn(users._meta.db_table)} u "
            f"WHERE s.{qn('session_key')} = %s AND s.{qn('expire_date')} > %s AND u.{qn(users._meta.pk.column)} = %s "
            f"AND u.{qn('is_active')}",
            [session_key, timezone.now(), user_id])
        row = cursor.fetchone()
    return row is not None and _signed_in_user(row[0]) == str(user_id)


@lru_cache(maxsize=4096)
def _signed_in_user(session_data: str) -> str | None:
    """The user id a stored session names (decoding checks its signature; the same text decodes the same)."""
    return DatabaseStore().decode(session_data).get(SESSION_KEY)
