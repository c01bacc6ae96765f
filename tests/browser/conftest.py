"""The browser tests' shared fixture: a drawn board's table opened by its two players, one per width."""

import pytest

from tests.browser.board_checks import open_both


@pytest.fixture
def two_pages(browser, daphne_servers):
    """Opens a match for seat 0 at desktop width and seat 1 on a phone at one live server, returning the two pages;
    afterwards each page is closed and must have logged no problem (console errors, failed requests)."""
    opened = []

    def open_pair(match_id: int, cookies: list[str], motion: str | None = None):
        (server,) = daphne_servers(1)
        opened.extend(open_both(browser, server, match_id, cookies, motion))
        return [watched.page for watched in opened[-2:]]

    yield open_pair
    for watched in opened:
        watched.page.context.close()
    assert [(w.name, w.problems) for w in opened if w.problems] == []
