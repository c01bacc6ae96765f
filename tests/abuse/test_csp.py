"""Every HTTP response carries the Content-Security-Policy, and no template relies on what it forbids."""

import re
from pathlib import Path

import pytest

from apps.lobbies import services as lobbies
from apps.matches.domain.deeds import SeatSpec, do_start_match

ROOT = Path(__file__).resolve().parents[2]
EXPECTED = {
    "default-src": "'self'", "script-src": "'self'", "style-src": "'self'", "img-src": "'self' data:",
    "connect-src": "'self' ws: wss:", "object-src": "'none'", "base-uri": "'self'", "frame-ancestors": "'none'",
    "form-action": "'self'",
}


def directives(response) -> dict:
    header = response.headers["Content-Security-Policy"]
    return {part.split(" ", 1)[0]: part.split(" ", 1)[1] for part in (p.strip() for p in header.split(";"))}


@pytest.mark.django_db
def test_pages_static_files_and_errors_carry_the_policy(client, alice, bob):
    lobby = lobbies.create_lobby(alice, "chronicle", 2, is_public=True)
    match = do_start_match("chronicle", [SeatSpec("alice", alice), SeatSpec("bob", bob)], seed=5)
    client.force_login(bob)
    for url in ["/", "/accounts/login/", "/games/chronicle/", lobby.get_absolute_url(), match.get_absolute_url(),
                "/static/civitas/site.css", "/lobbies/999999/", "/healthz"]:
        response = client.get(url)
        assert directives(response) == EXPECTED, url


INLINE = [
    (re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I), "inline <script> block"),
    (re.compile(r"\sstyle\s*=", re.I), "style attribute"),
    (re.compile(r"\son[a-z]+\s*=", re.I), "inline event handler"),
    (re.compile(r"javascript:", re.I), "javascript: URL"),
]


def test_no_template_or_script_needs_inline_code_or_styles():
    found = []
    files = [*ROOT.glob("templates/**/*.html"), *ROOT.glob("apps/*/templates/**/*.html"),
             *ROOT.glob("static/**/*.js"), *ROOT.glob("apps/*/static/**/*.js"), *ROOT.glob("apps/*/templatetags/*.py")]
    assert len(files) > 20
    for path in files:
        text = path.read_text()
        for pattern, what in INLINE:
            if path.suffix == ".js" and what != "inline event handler":
                continue
            for m in pattern.finditer(text):
                found.append(f"{path.relative_to(ROOT)}: {what}: {text[m.start():m.start() + 60]!r}")
    assert not found, "\n".join(found)
