"""The bot driver never stops while a bot's turn is pending, even when a person's move lands as it checks."""

import asyncio

import pytest

from apps.matches.live import bot_driver as bots


@pytest.mark.asyncio
async def test_a_poke_during_the_last_check_makes_the_driver_look_again(monkeypatch, settings):
    settings.BOT_DELAY = 0
    answers = iter([None, (1, "heuristic", 3), None])  # no bot waiting; then (after a person's move) one is; done
    played = []

    def waiting_bot(match_id):
        answer = next(answers)
        if not played and answer is None and not bots._poked:
            bots.drive_soon(match_id)  # a person's move lands while the driver is deciding to stop
        return answer

    async def move_bot(match_id, pace=None, ready_at=None, expect=None):
        if expect is not None:  # the bot's turn went on? it did not: the table is a person's again
            return bots.ANOTHER_TURN
        played.append(match_id)
        return True

    monkeypatch.setattr(bots, "waiting_bot", waiting_bot)
    monkeypatch.setattr(bots, "move_bot", move_bot)
    bots.drive_soon(7)
    await asyncio.gather(*bots.running_tasks())
    assert played == [7]
    assert 7 not in bots._driving and 7 not in bots._poked
