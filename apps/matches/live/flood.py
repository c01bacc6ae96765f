"""Admitting websocket frames: a per-connection token bucket, closing sockets that keep flooding, and parsing."""

import json
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


MAX_FRAME_BYTES = 16 * 1024


async def read_frame(consumer, text_data: str | None) -> dict | None:
    """Admit one incoming websocket frame: the consumer's ``flood`` guard first (every frame counts, malformed and
    oversized ones too, since each would cost an answer), then size, JSON and shape. Refusals are answered through
    the consumer's ``error`` (or the socket is closed); None means the frame is not to be handled."""
    verdict = consumer.flood.admit()
    if verdict == "close":
        await consumer.error("rate_limited", "Still too many frames; closing this connection.")
        await consumer.close(code=FloodGuard.CLOSE_CODE)
        return None
    if verdict == "refuse":
        await consumer.error("rate_limited", "Too many frames; slow down.")
        return None
    if text_data is None or _utf8_size(text_data) > MAX_FRAME_BYTES:
        await consumer.error("bad_request", f"Frames are JSON text of at most {MAX_FRAME_BYTES} bytes.")
        return None
    try:
        data = json.loads(text_data)
    except (ValueError, RecursionError):  # nested deeper than the parser's stack goes is malformed too
        await consumer.error("bad_request", "That frame is not valid JSON.")
        return None
    if not isinstance(data, dict):
        await consumer.error("bad_request", "A frame is a JSON object with a 'type'.")
        return None
    if "\\u" in text_data and _has_lone_surrogate(data):
        await consumer.error("bad_request", "That frame holds text that is not valid Unicode.")
        return None
    return data


def _utf8_size(text: str) -> int:
    """The frame's size in bytes as it came over the wire (UTF-8), not in characters: "€" is three bytes."""
    if len(text) * 4 <= MAX_FRAME_BYTES:  # no character takes more than four bytes: small enough without encoding
        return len(text)
    return len(text.encode("utf-8", "surrogatepass"))  # a lone surrogate is refused later, with its own words


def _has_lone_surrogate(data) -> bool:
    """A \\ud800 escape parses to a string no database or page can take (it cannot be encoded as UTF-8)."""
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except (ValueError, RecursionError):  # UnicodeEncodeError is a ValueError
        return True
    return False
