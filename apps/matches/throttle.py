"""A per-connection token bucket: how many frames a socket may send in a burst and per second."""

import time


class TokenBucket:
    def __init__(self, rate: float, burst: int, clock=time.monotonic):
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.clock = clock
        self.stamp = clock()

    def allow(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


def _window_key(key: str) -> str:
    return f"throttle:{key}"


def hits(key: str) -> int:
    """How many hits ``key`` has in its current window (kept in the shared cache, so in every process)."""
    from django.core.cache import cache

    return int(cache.get(_window_key(key), 0))


def hit(key: str, window: int) -> int:
    """Count one hit for ``key``; the window starts at the first hit and lasts ``window`` seconds. Returns the count."""
    from django.core.cache import cache

    full = _window_key(key)
    cache.add(full, 0, timeout=window)
    try:
        return int(cache.incr(full))
    except ValueError:  # expired between add and incr
        cache.add(full, 1, timeout=window)
        return 1


def reset(key: str) -> None:
    from django.core.cache import cache

    cache.delete(_window_key(key))


class FloodGuard:
    """A socket's frame budget: a token bucket, and closing (code 4429) when a client keeps sending while refused.

    ``admit()`` answers "ok" (handle the frame), "refuse" (answer rate_limited) or "close": after the first refusal,
    ``patience`` more refusals in a row close the socket at the last of them. An accepted frame forgives the run.
    """

    CLOSE_CODE = 4429

    def __init__(self, rate: float = 10, burst: int = 20, patience: int = 3, clock=None):
        self.bucket = TokenBucket(rate=rate, burst=burst, clock=clock or time.monotonic)
        self.patience = patience
        self.refused_in_a_row = 0

    def admit(self) -> str:
        if self.bucket.allow():
            self.refused_in_a_row = 0
            return "ok"
        self.refused_in_a_row += 1
        return "close" if self.refused_in_a_row > self.patience else "refuse"
