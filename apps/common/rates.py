"""Counting hits per key in fixed windows, in the shared cache (so in every process): rate limits of any app."""

from django.core.cache import cache


def _window_key(key: str) -> str:
    return f"throttle:{key}"


def hits(key: str) -> int:
    """How many hits ``key`` has in its current window."""
    return int(cache.get(_window_key(key), 0))


def hit(key: str, window: int) -> int:
    """Count one hit for ``key``; the window starts at the first hit and lasts ``window`` seconds. Returns the count."""
    full = _window_key(key)
    cache.add(full, 0, timeout=window)
    try:
        return int(cache.incr(full))
    except ValueError:  # expired between add and incr
        cache.add(full, 1, timeout=window)
        return 1


def reset(key: str) -> None:
    cache.delete(_window_key(key))
