"""The bot driver never stops while a bot's turn is pending, even when a person's move lands as it checks."""

import asyncio

import pytest

from apps.matches.live import bot_driver as bots


@pytest.mark.asyncio
async def test_a_poke_during_the_last_check_makes_the_driver_look_again(monkeypatch, settings):
    settings.BOT_DELAY = 0
    answers = iter([False, True, False])  # no bot waiting; then (after a person's move) one is; then done
    played = []

    def has_waiting_bot(match_id):
        answer = next(answers)
        if not played and answer is False and not bots._poked:
            bots.drive_soon(match_id)  # a person's move lands while the driver is deciding to stop
        return answer

    async def move_bot(match_id):
        played.append(match_id)
        return True

    monkeypatch.setattr("apps.matches.domain.selectors.has_waiting_bot", has_waiting_bot)
    monkeypatch.setattr(bots, "move_bot", move_bot)
    bots.drive_soon(7)
    await asyncio.gather(*bots.running_tasks())
    assert played == [7]
    assert 7 not in bots._driving and 7 not in bots._poked
