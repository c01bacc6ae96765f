"""Every moderator action takes effect on open pages within a second and is written to the audit log."""

import asyncio
import json

import pytest
from channels.db import database_sync_to_async
from django.db import connections
from django.test import Client

from apps.lobbies import services as lobbies
from apps.matches.domain.deeds import do_human_move, do_post_chat
from apps.matches.live import bot_driver as bots
from apps.matches.models import ChatMessage, Match, MatchSeat
from apps.moderation import services
from apps.moderation.models import AuditEntry
from tests.lobbies.test_lobby_consumer import open_lobby
from tests.matches.test_consumer import connect, next_of

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]
WITHIN = 1.0  # seconds an effect may take to reach an open page


def run(fn, *args, **kwargs):
    return database_sync_to_async(fn)(*args, **kwargs)


@pytest.fixture(autouse=True)
async def close_worker_connections(settings):
    settings.BOT_DELAY = 0
    yield
    await asyncio.gather(*bots.running_tasks(), return_exceptions=True)
    await database_sync_to_async(connections.close_all)()


async def audited(action: str) -> AuditEntry:
    return await run(lambda: AuditEntry.objects.get(action=action))


async def test_a_ban_closes_the_users_sockets_seats_a_bot_and_locks_them_out(duel, alice, bob, moderator):
    bobs_lobby = await run(lobbies.create_lobby, bob, "chronicle", 2, True)
    bob_match, _ = await connect(duel.pk, bob)
    bob_lobby = await open_lobby(bobs_lobby.pk, bob)
    alice_page, _ = await connect(duel.pk, alice)
    alice_lobby = await open_lobby(bobs_lobby.pk, alice)
    for page in (bob_match, alice_page):  # in its groups once it has its first state
        await next_of(page, "state")
    await run(services.ban, moderator, bob, "abusive chat")
    removed = await next_of(bob_match, "removed", within_s=WITHIN)
    assert "abusive chat" in removed["message"]
    assert (await bob_match.receive_output(timeout=WITHIN))["type"] == "websocket.close"
    assert (await next_of(bob_lobby, "removed", within_s=WITHIN))["type"] == "removed"
    assert (await next_of(alice_lobby, "closed", within_s=WITHIN))["type"] == "closed"
    notice = await next_of(alice_page, "notice", within_s=WITHIN)
    assert "bob" in notice["message"]
    seat = await run(lambda: MatchSeat.objects.get(match=duel, user=bob))
    assert (seat.bot, seat.bot_by) == ("random", "moderator")
    entry = await audited("ban")
    assert (entry.moderator_id, entry.target_user_id, entry.reason) == (moderator.pk, bob.pk, "abusive chat")
    assert not await run(lambda: Client().login(username="bob", password="a-long-secret-9"))
    again, _ = await connect(duel.pk, bob)  # the old cookie no longer names anyone
    frame = await next_of(again, "state")
    assert frame["legal"] == []
    await again.send_to(text_data=json.dumps({"type": "move", "move": {"type": "redraw"}, "version": 0}))
    assert (await next_of(again, "error"))["code"] == "forbidden"
    for c in (alice_page, alice_lobby, again):
        await c.disconnect()


async def test_a_mute_refuses_chat_with_a_clear_message(duel, bob, moderator):
    page, _ = await connect(duel.pk, bob)
    await run(services.mute, moderator, bob, 30, "spam")
    await page.send_to(text_data=json.dumps({"type": "chat", "text": "hello?"}))
    error = await next_of(page, "error", within_s=WITHIN)
    assert error["code"] == "forbidden" and "muted" in error["message"]
    assert await run(ChatMessage.objects.count) == 0
    assert (await audited("mute")).target_user_id == bob.pk
    await page.disconnect()


async def test_hiding_a_message_removes_it_from_every_open_page(duel, alice, bob, carol, moderator):
    message = await run(do_post_chat, f"match:{duel.pk}", bob, "something nasty")
    pages = [(await connect(duel.pk, user))[0] for user in (alice, bob, carol)]
    for page in pages:  # in its groups once it has its first state
        await next_of(page, "state")
    await run(services.hide_message, moderator, message, "insult")
    for page in pages:
        assert (await next_of(page, "chat_hidden", within_s=WITHIN))["id"] == message.pk
        await page.disconnect()
    assert await run(lambda: ChatMessage.objects.get(pk=message.pk).hidden)
    assert (await audited("hide chat")).target == f"message {message.pk}"


async def test_aborting_a_match_tells_everyone_why_and_refuses_moves(duel, alice, carol, moderator):
    player, _ = await connect(duel.pk, alice)
    watcher, _ = await connect(duel.pk, carol)
    for page in (player, watcher):  # a page has joined its groups once it has its first state
        await next_of(page, "state")
    await run(services.abort_match, moderator, duel, "players reported a bug")
    for page in (player, watcher):
        notice = await next_of(page, "notice", within_s=WITHIN)
        assert notice["over"] and "players reported a bug" in notice["message"]
        await page.disconnect()
    match = await run(Match.objects.get, pk=duel.pk)
    assert match.status == Match.Status.ABORTED
    result = await run(do_human_move, duel.pk, 0, {"type": "redraw"}, match.version)
    assert result.code == "illegal_move"
    assert (await audited("abort match")).target == f"match {duel.pk}"


async def test_a_player_replaced_by_a_bot_sees_it_and_the_bot_plays(duel, alice, bob, moderator):
    page, _ = await connect(duel.pk, alice)
    await next_of(page, "state")
    mover = (await run(lambda: Match.objects.get(pk=duel.pk))).state["turn"]
    seat = await run(lambda: MatchSeat.objects.select_related("match").get(match=duel, index=mover))
    await run(services.replace_with_bot, moderator, seat, "left the table")
    assert "bot" in (await next_of(page, "notice", within_s=WITHIN))["message"]
    frame = await next_of(page, "state", within_s=WITHIN)
    while frame["version"] == 0:
        frame = await next_of(page, "state", within_s=WITHIN)
    assert frame["version"] >= 1  # the bot moved for that seat on its own
    assert (await audited("seat bot")).target == f"match {duel.pk} seat {mover}"
    await page.disconnect()


async def test_lifting_a_ban_lets_the_user_log_in_again(bob, moderator):
    sanction = await run(services.ban, moderator, bob, "mistake")
    await run(services.lift, moderator, sanction, "it was someone else")
    assert await run(lambda: Client().login(username="bob", password="a-long-secret-9"))
    assert (await audited("lift ban")).reason == "it was someone else"


async def test_the_audit_log_cannot_be_changed_or_deleted(bob, moderator):
    entry = await run(services.audit, moderator, "note", "why", target_user=bob)
    entry.reason = "rewritten"
    with pytest.raises(ValueError):
        await run(entry.save)
    with pytest.raises(ValueError):
        await run(entry.delete)
