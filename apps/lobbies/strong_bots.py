"""How many tables with a strong bot may be played at once per host and per client address (issue 37, item 7).

A strong bot thinks for up to a second of a server's CPU each move (``apps/matches/engine/search.py``), so tables
full of them are cheap to open and dear to run: each host may have ``settings.STRONG_BOT_TABLES_PER_USER`` of them
running, and the hosts at one client address (throwaway accounts share one) ``STRONG_BOT_TABLES_PER_ADDRESS``. A
match counts from its start until it ends; the address is the one the host started it from, kept on the lobby.
"""

from __future__ import annotations

import ipaddress
import zlib

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection

from apps.lobbies.models import Lobby
from apps.matches.domain.bots import SEARCHING
from apps.matches.models import Match


def address_or_none(address: str | None) -> str | None:
    """The address in canonical form, or None if it is not one."""
    try:
        return str(ipaddress.ip_address((address or "").strip()))
    except ValueError:
        return None


def is_strong(kind: str) -> bool:
    return kind in SEARCHING


def running(**where) -> int:
    """Tables with a strong bot seat whose match is being played, among the lobbies ``where`` picks."""
    return (Lobby.objects.filter(status=Lobby.Status.STARTED, match__status=Match.Status.RUNNING,
                                 match__seats__bot__in=SEARCHING, **where).values("pk").distinct().count())


def _games(count: int) -> str:
    return f"{count} game{'' if count == 1 else 's'}"


def refusal(host, address: str | None) -> str | None:
    """Why ``host``, at ``address``, may not have one more table with a strong bot running, or None if they may."""
    per_user = settings.STRONG_BOT_TABLES_PER_USER
    if running(host=host) >= per_user:
        return (f"You already host {_games(per_user)} with a strong bot being played, the most at once. Seat "
                "another kind of bot, or finish one of those games first.")
    address = address_or_none(address)
    per_address = settings.STRONG_BOT_TABLES_PER_ADDRESS
    if address is not None and running(started_from=address) >= per_address:
        return (f"Players at your address already have {_games(per_address)} with a strong bot being played, the "
                "most at once. Seat another kind of bot, or wait for one of those games to end.")
    return None


def lock_counts(host, address: str | None) -> None:
    """Inside a transaction: hold back other starts by this host, and by hosts at this address, until it ends, so
    that two starts at once cannot both see the last free place."""
    get_user_model().objects.select_for_update().filter(pk=host.pk).first()
    address = address_or_none(address)
    if address is not None and connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [zlib.crc32(f"strong-bot-tables:{address}".encode())])
