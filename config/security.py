"""Security headers Django 5.2 does not send by itself: a Content-Security-Policy on every HTTP response.

The policy allows scripts, styles and connections from this origin only (plus websockets and ``data:`` images):
no inline ``<script>`` blocks, no ``style="..."`` attributes and no ``on...=`` handlers anywhere in the templates, so
markup smuggled into a page cannot run even if an escaping mistake let it in.
"""

import logging
import re

from django.conf import settings

# An invite link's path (/join/<token>/), or URL-encoded inside a query string (?next=%2Fjoin%2F<token>%2F).
INVITE_TOKEN = re.compile(r"((?:/|%2F)join(?:/|%2F))[^/?&#%\s\"']+", re.IGNORECASE)


def redact(text: str) -> str:
    """The text with invite tokens cut out: they are keys to private lobbies and do not belong in any log."""
    return INVITE_TOKEN.sub(r"\1<redacted>", text)


class RedactInviteTokens(logging.Filter):
    """On the log handlers: Django logs the path of every 4xx/5xx request ("Not Found: /join/...")."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        cleaned = redact(message)
        if cleaned != message:
            record.msg, record.args = cleaned, ()
        return True

DEFAULT_POLICY = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self' data:",
    "connect-src": "'self' ws: wss:",
    "object-src": "'none'",
    "base-uri": "'self'",
    "frame-ancestors": "'none'",
    "form-action": "'self'",
}


def policy_header() -> str:
    policy = getattr(settings, "CONTENT_SECURITY_POLICY", None) or DEFAULT_POLICY
    return "; ".join(f"{name} {value}" for name, value in policy.items())


class ContentSecurityPolicyMiddleware:
    """First in MIDDLEWARE, so it also covers WhiteNoise's static files and every error page."""

    def __init__(self, get_response):
        self.get_response = get_response
        self.header = policy_header()

    def __call__(self, request):
        response = self.get_response(request)
        response.headers.setdefault("Content-Security-Policy", self.header)
        return response
