"""Counting hits per key in fixed windows, in the shared cache (so in every process): rate limits of any app."""

import time

from django.core.cache import cache


def _window_key(key: str) -> str:
    return f"throttle:{key}"


def _ends_key(key: str) -> str:
    return f"throttle-ends:{key}"


def hits(key: str) -> int:
    """How many hits ``key`` has in its current window."""
    return int(cache.get(_window_key(key), 0))


def hit(key: str, window: int) -> int:
    """Count one hit for ``key``; the window starts at the first hit and lasts ``window`` seconds. Returns the count."""
    full = _window_key(key)
    if cache.add(full, 0, timeout=window):
        _started(key, window)
    try:
        return int(cache.incr(full))
    except ValueError:  # expired between add and incr
        if cache.add(full, 1, timeout=window):
            _started(key, window)
        return 1


def _started(key: str, window: int) -> None:
    cache.set(_ends_key(key), time.time() + window, timeout=window)


def window_ends(key: str) -> float | None:
    """When ``key``'s current window ends (a Unix time), so a refusal can say when to come back; None without one."""
    ends = cache.get(_ends_key(key))
    return float(ends) if ends is not None else None


def reset(key: str) -> None:
    cache.delete_many([_window_key(key), _ends_key(key)])
