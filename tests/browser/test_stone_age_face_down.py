"""Stone Age's taken civilization cards lie face down, in the browser: their owner reads them, the other player
sees only how many there are. Screenshots go to test-artifacts/ (stone_age-face-down-*.png), or to the folder
CIVITAS_SHOTS names."""

import os
from pathlib import Path

import pytest

from apps.stone_age.engine import RULES
from apps.stone_age.visibility import face_down
from tests.browser.board_checks import assert_fits_a_thumb, staged_by_bots
from tests.browser.test_play_chronicle import ARTIFACTS

SHOTS = Path(os.environ.get("CIVITAS_SHOTS") or ARTIFACTS)
SEED = 3


def ada_holds_a_face_down_card(state) -> bool:
    return bool(face_down(state, 0)) and RULES.active_seats(state) == [0]


@pytest.fixture
def staged(transactional_db, make_user):
    return staged_by_bots(make_user, "stone_age", SEED, ada_holds_a_face_down_card)


@pytest.mark.browser
def test_only_the_owner_reads_a_taken_card(staged, two_pages):
    match_id, cookies, state = staged
    desk, phone = two_pages(match_id, cookies)
    secret = face_down(state, 0)
    ada_board = ".sa-board.seat-0 .sa-cards"
    assert f"Face-down cards: {len(secret)}" in phone.inner_text(ada_board)
    beside = [c for c in state["seats"][0]["cards"] if c not in secret]  # single-use cards, face up until used
    assert len(phone.query_selector_all(f"{ada_board} .sa-card-bottom")) == len(beside)
    assert "face down, only you see" in desk.inner_text(ada_board)
    assert len(desk.query_selector_all(f"{ada_board} .sa-card.is-facedown")) == len(secret)
    for page in (desk, phone):
        assert_fits_a_thumb(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    desk.screenshot(path=str(SHOTS / "stone_age-face-down-owner-1280.png"), full_page=True)
    phone.screenshot(path=str(SHOTS / "stone_age-face-down-other-375.png"), full_page=True)
    desk.set_viewport_size({"width": 375, "height": 800})
    desk.screenshot(path=str(SHOTS / "stone_age-face-down-owner-375.png"), full_page=True)
