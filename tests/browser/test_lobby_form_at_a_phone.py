"""The new-lobby form and the bot choice on a phone (newcomer report): each checkbox is a target of at least 24 px
on its label's row (it was 13 px, centred under the label), and the lobby offers its recommended bot first, each
bot with its one-line description. Screenshots go to /work/shots/newcomer_fixes/ (or the folder CIVITAS_SHOTS
names)."""

import os
import re
from pathlib import Path

import pytest

from tests.browser.test_play_chronicle import ARTIFACTS, DESKTOP, PHONE
from tests.browser.test_small_table_fixes import page_for
from tests.conftest import session_cookie

SHOTS = Path(os.environ.get("CIVITAS_SHOTS") or ARTIFACTS / "newcomer_fixes")

# Each checkbox of the form with its label: their boxes, as {id: [box, label box]}.
CHECKBOXES = """() => Object.fromEntries([...document.querySelectorAll('form.form input[type=checkbox]')].map(box => {
  const label = document.querySelector(`label[for="${box.id}"]`);
  const r = (el) => { const b = el.getBoundingClientRect(); return [b.left, b.top, b.width, b.height]; };
  return [box.id, [r(box), r(label)]];
}))"""


@pytest.mark.browser
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["375", "1280"])
def test_lobby_checkboxes_sit_on_their_labels_row_and_the_recommended_bot_comes_first(
        viewport, make_user, browser, daphne_servers):
    cookie = session_cookie(make_user("alice"))
    (server,) = daphne_servers(1)
    watched = page_for(browser, server, viewport, "host", cookie)
    page = watched.page
    page.goto(f"{server.url}/lobbies/new/live_on/")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"lobby-form-{viewport['width']}.png"), full_page=True)
    boxes = page.evaluate(CHECKBOXES)
    assert len(boxes) >= 2
    for name, (box, label) in boxes.items():
        assert box[2] >= 24 and box[3] >= 24, f"{name}: a {box[2]} x {box[3]} px checkbox"
        middle, label_middle = box[1] + box[3] / 2, label[1] + label[3] / 2
        assert abs(middle - label_middle) <= 4, f"{name}: the checkbox is not on its label's row"
        assert box[0] + box[2] <= label[0], f"{name}: the checkbox comes before its label"
    page.click("button:has-text('Create lobby')")
    page.wait_for_url(re.compile(r"/lobbies/\d+/$"))
    first = page.query_selector(".seat .bot-choice button")
    assert first.inner_text() == "Add co-operative bot"
    assert "Recommended" in page.inner_text(f"#{first.get_attribute('aria-describedby')}")
    page.screenshot(path=str(SHOTS / f"lobby-bots-{viewport['width']}.png"), full_page=True)
    assert watched.problems == []
