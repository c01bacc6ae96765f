"""Headless Debian Chromium through Playwright; never a browser download."""

from pathlib import Path

import pytest

from tests.conftest import require

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]


@pytest.fixture
def browser(monkeypatch):
    if not Path(CHROMIUM).exists():
        require("CIVITAS_REQUIRE_BROWSER", f"Chromium is not installed at {CHROMIUM}")
    # Playwright's sync API runs an event loop in this thread; the test's own ORM calls are still synchronous.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield browser
        browser.close()
