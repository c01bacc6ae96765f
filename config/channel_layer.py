"""The channel layer: Redis pub/sub, one subscription per process for each group it has sockets in.

A group send is one PUBLISH; Redis hands it once to each process with a member, and the process puts it in the
queue of each of its sockets in the group. channels_redis's list layer (``RedisChannelLayer``) did, per frame, a
sorted-set read of the group, a Lua script pushing to each member's list, a blocking pop by the receiving process
and a clean-up of its backup set: under many moving matches (``bench/ws_load.py`` (b)) that work dominated the site
processes and their tail latency. channels_redis's own pub/sub layer avoids it but publishes one at a time under a
lock; this one publishes pipelined in order and reads its subscription without polling (the figures are in the
commit messages that introduced it).

Delivery is at most once, as in any Channels layer. While a process's subscription is down (Redis restarting,
the connection cut) frames published for it are lost: the layer reconnects, subscribes again to all it had, and
counts a new ``generation``; ``apps.matches.live.layer_watch`` sees the count change and every socket of the process
fetches what it missed. Group membership lives in the process, so a restart of Redis loses none of it.

One ``_LoopLink`` per event loop (a Redis connection belongs to one loop), closed when its loop closes.
"""

from __future__ import annotations

import asyncio
import logging
import types
import uuid

import msgpack
from channels.layers import BaseChannelLayer
from redis.asyncio.connection import ConnectionPool
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

log = logging.getLogger(__name__)
RECONNECT_DELAYS = (0.05, 0.1, 0.2, 0.5, 1.0)
SUBSCRIBE_TIMEOUT = 5.0


class PubSubChannelLayer(BaseChannelLayer):
    extensions = ["groups", "flush"]

    def __init__(self, hosts=None, prefix="asgi", capacity=100, expiry=60, group_expiry=86400,
                 channel_capacity=None, **kwargs):
        super().__init__(expiry=expiry, capacity=capacity, channel_capacity=channel_capacity)
        host = (hosts or ["redis://127.0.0.1:6379"])[0]
        self.url = host["address"] if isinstance(host, dict) else host
        self.prefix = prefix
        self._links: dict[asyncio.AbstractEventLoop, _LoopLink] = {}

    def link(self) -> _LoopLink:
        loop = asyncio.get_running_loop()
        found = self._links.get(loop)
        if found is None:
            found = self._links[loop] = _LoopLink(self)
            _close_with(loop, self)
        return found

    @property
    def generation(self) -> int:
        """How many times this loop's subscription was lost and made again (frames may have been lost)."""
        return self.link().generation

    async def new_channel(self, prefix="specific."):
        return await self.link().new_channel(prefix)

    async def send(self, channel, message):
        assert self.require_valid_channel_name(channel)
        await self.link().publish(self.link().channel_topic(channel), channel, message)

    async def receive(self, channel):
        assert self.require_valid_channel_name(channel)
        return await self.link().receive(channel)

    async def group_add(self, group, channel):
        assert self.require_valid_group_name(group) and self.require_valid_channel_name(channel)
        await self.link().group_add(group, channel)

    async def group_discard(self, group, channel):
        assert self.require_valid_group_name(group) and self.require_valid_channel_name(channel)
        await self.link().group_discard(group, channel)

    async def group_send(self, group, message):
        assert self.require_valid_group_name(group)
        await self.link().publish(self.link().group_topic(group), None, message)

    async def close_channel(self, channel):
        """Forget a channel nobody will receive on again (a consumer's channel goes when its receive is cancelled;
        Channels has no call for this)."""
        await self.link()._forget(channel)

    async def flush(self):
        link = self._links.pop(asyncio.get_running_loop(), None)
        if link is not None:
            await link.close()


def _close_with(loop: asyncio.AbstractEventLoop, layer: PubSubChannelLayer) -> None:
    """Close the loop's link (its connections and tasks) before the loop itself closes."""
    original = loop.close

    def close(self, *args, **kwargs):
        link = layer._links.pop(loop, None)
        if link is not None and not loop.is_running():
            loop.run_until_complete(link.close())
        self.close = original
        return original(*args, **kwargs)

    loop.close = types.MethodType(close, loop)


class _LoopLink:
    """What one event loop of a process has: its queues, its groups, a connection to publish on and a
    subscription read by one task."""

    def __init__(self, layer: PubSubChannelLayer):
        self.layer = layer
        self.token = uuid.uuid4().hex[:16]
        self.process_topic = f"{layer.prefix}:p:{self.token}"
        self.queues: dict[str, asyncio.Queue] = {}
        self.groups: dict[str, set[str]] = {}  # group -> this loop's channels in it
        self.memberships: dict[str, set[str]] = {}  # channel -> its groups
        self.topics: dict[str, bool] = {}  # subscribed or being subscribed: whether Redis confirmed it since
        self.confirming: dict[str, list[asyncio.Future]] = {}
        self.generation = 0
        self.dropped = 0
        self._pool = ConnectionPool.from_url(layer.url, socket_timeout=None, socket_connect_timeout=2,
                                             client_name=f"{layer.prefix}-layer-{self.token}")
        self._publisher = None
        self._outbox: list[tuple[str, bytes, asyncio.Future]] = []
        self._sending: asyncio.Task | None = None
        self._subscriber = None
        self._reader: asyncio.Task | None = None
        self._started: asyncio.Future | None = None

    # Topics: a group's, and one per process (link) for the frames sent to one of its channels.
    def group_topic(self, group: str) -> str:
        return f"{self.layer.prefix}:g:{group}"

    def channel_topic(self, channel: str) -> str:
        owner, bang, _ = channel.partition("!")
        if bang:
            return f"{self.layer.prefix}:p:{owner.rsplit('.', 1)[-1]}"
        return f"{self.layer.prefix}:c:{channel}"

    # Publishing: frames wait in an outbox; one task sends whatever is there in one pipeline, in order.
    async def publish(self, topic: str, channel: str | None, message: dict) -> None:
        data = msgpack.packb([channel, message], use_bin_type=True)
        done = asyncio.get_running_loop().create_future()
        self._outbox.append((topic, data, done))
        if self._sending is None or self._sending.done():
            self._sending = asyncio.get_running_loop().create_task(self._send_outbox())
        await done

    async def _send_outbox(self) -> None:
        while self._outbox:
            batch, self._outbox = self._outbox, []
            try:
                await self._publish_batch(batch)
            except BaseException as exc:
                for _, _, done in batch:
                    if not done.done():
                        done.set_exception(exc if isinstance(exc, Exception) else ConnectionError("layer closing"))
                if not isinstance(exc, Exception):
                    raise
            else:
                for _, _, done in batch:
                    if not done.done():
                        done.set_result(None)

    async def _publish_batch(self, batch) -> None:
        for attempt, delay in enumerate(RECONNECT_DELAYS):
            try:
                if self._publisher is None:
                    self._publisher = self._pool.make_connection()
                    await self._publisher.connect()
                await self._publisher.send_packed_command(
                    self._publisher.pack_commands([("PUBLISH", topic, data) for topic, data, _ in batch]),
                    check_health=False)
                for _ in batch:
                    await self._publisher.read_response()
                return
            except (RedisConnectionError, RedisTimeoutError, OSError) as exc:
                await self._drop_publisher()
                if attempt == len(RECONNECT_DELAYS) - 1:
                    raise
                log.warning("Publishing to Redis failed (%s); again in %.2f s", exc, delay)
                await asyncio.sleep(delay)
            except Exception:
                await self._drop_publisher()
                raise

    async def _drop_publisher(self) -> None:
        if self._publisher is not None:
            publisher, self._publisher = self._publisher, None
            try:
                await publisher.disconnect(nowait=True)
            except Exception:  # noqa: BLE001  (a connection being dropped may fail any way; it is gone either way)
                pass

    # Receiving.
    async def new_channel(self, prefix: str) -> str:
        channel = f"{prefix}{self.token}!{uuid.uuid4().hex}"
        self.queues[channel] = asyncio.Queue(self.layer.get_capacity(channel))
        await self._start()
        return channel

    async def receive(self, channel: str) -> dict:
        queue = self.queues.get(channel)
        if queue is None:
            if "!" in channel and not channel.partition("!")[0].endswith(self.token):
                raise RuntimeError(f"Channel {channel} belongs to another process")
            queue = self.queues[channel] = asyncio.Queue(self.layer.get_capacity(channel))
            await self._start()
            if "!" not in channel:
                await self._subscribe(self.channel_topic(channel))
        try:
            return await queue.get()
        except asyncio.CancelledError:
            # Channels cancels a consumer's receive only when the consumer is done: its channel goes with it.
            await self._forget(channel)
            raise

    async def _forget(self, channel: str) -> None:
        self.queues.pop(channel, None)
        for group in list(self.memberships.get(channel, ())):
            await self.group_discard(group, channel)
        self.memberships.pop(channel, None)
        if "!" not in channel and self.topics:
            await self._unsubscribe(self.channel_topic(channel))

    async def group_add(self, group: str, channel: str) -> None:
        if channel not in self.queues:
            raise RuntimeError(f"{channel} is not a channel of this process; only its own channels join groups")
        self.groups.setdefault(group, set()).add(channel)
        self.memberships.setdefault(channel, set()).add(group)
        await self._start()
        await self._subscribe(self.group_topic(group))

    async def group_discard(self, group: str, channel: str) -> None:
        members = self.groups.get(group)
        self.memberships.get(channel, set()).discard(group)
        if not members or channel not in members:
            return
        members.discard(channel)
        if not members:
            del self.groups[group]
            await self._unsubscribe(self.group_topic(group))

    def _deliver(self, topic: bytes, data: bytes) -> None:
        target, message = msgpack.unpackb(data, raw=False)
        if target is not None:
            channels = (target,)
        else:
            channels = self.groups.get(topic.decode()[len(self.layer.prefix) + 3:], ())
        for channel in channels:
            queue = self.queues.get(channel)
            if queue is None:
                continue
            if queue.full():  # the consumer stalled: it notices how long the frames it does get waited
                self.dropped += 1
                log.warning("Channel %s is full (%d frames): a frame for it was dropped", channel, queue.maxsize)
                continue
            queue.put_nowait(message if len(channels) == 1 else dict(message))

    # The subscription: one connection, read by one task; subscribing waits for Redis to confirm.
    async def _start(self) -> None:
        if self._started is None:
            self._started = asyncio.get_running_loop().create_future()
            self._reader = asyncio.get_running_loop().create_task(self._read())
        await asyncio.shield(self._started)

    async def _subscribe(self, topic: str) -> None:
        if self.topics.get(topic):
            return
        waiter = asyncio.get_running_loop().create_future()
        self.confirming.setdefault(topic, []).append(waiter)
        if topic not in self.topics:
            self.topics[topic] = False
            if self._subscriber is not None:
                try:
                    await self._subscriber.send_command("SUBSCRIBE", topic, check_health=False)
                except Exception:  # noqa: BLE001  (the reader reconnects and subscribes to every topic again, confirming this one)
                    pass
        try:
            await asyncio.wait_for(asyncio.shield(waiter), SUBSCRIBE_TIMEOUT)
        except TimeoutError:
            raise TimeoutError(f"Redis did not confirm the subscription to {topic} within {SUBSCRIBE_TIMEOUT} s") \
                from None
        finally:
            waiting = self.confirming.get(topic)
            if waiting is not None and waiter in waiting:
                waiting.remove(waiter)
                if not waiting:
                    del self.confirming[topic]

    def _confirmed(self, topic: str) -> None:
        if topic in self.topics:
            self.topics[topic] = True
        for waiter in self.confirming.pop(topic, ()):
            if not waiter.done():
                waiter.set_result(None)

    async def _unsubscribe(self, topic: str) -> None:
        # Sent before returning, so that a SUBSCRIBE to the same topic (a page reloaded) always follows it.
        self.topics.pop(topic, None)
        if self._subscriber is not None and self._subscriber.is_connected:
            try:
                await self._subscriber.send_command("UNSUBSCRIBE", topic, check_health=False)
            except Exception:  # noqa: BLE001  (a lost connection unsubscribes from everything anyway)
                pass

    async def _connect_subscriber(self) -> None:
        subscriber = self._pool.make_connection()
        await subscriber.connect()
        # From here to the write, nothing else runs: a topic added later is sent on this connection by itself.
        self.topics = {topic: False for topic in (*self.topics, self.process_topic)}
        self._subscriber = subscriber
        await subscriber.send_command("SUBSCRIBE", *sorted(self.topics), check_health=False)

    async def _read(self) -> None:
        failures = 0
        lost = False  # the subscription broke since it was first made: frames may have been lost
        while True:
            try:
                if self._subscriber is None:
                    await self._connect_subscriber()
                while True:
                    reply = await self._subscriber.read_response(disconnect_on_error=False)
                    if reply[0] == b"message":
                        self._deliver(reply[1], reply[2])
                    elif reply[0] == b"subscribe":
                        failures = 0
                        topic = reply[1].decode()
                        if topic == self.process_topic:
                            # One SUBSCRIBE names every topic: when the first is confirmed, all are in force.
                            if not self._started.done():
                                self._started.set_result(None)
                            if lost:
                                lost = False
                                self.generation += 1
                                log.warning("Subscribed to Redis again (%d topics); frames sent meanwhile are lost",
                                            len(self.topics))
                        self._confirmed(topic)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001  (the channel layer reconnects, whatever broke the reader)
                subscriber, self._subscriber = self._subscriber, None
                if subscriber is not None:
                    try:
                        await subscriber.disconnect(nowait=True)
                    except Exception:  # noqa: BLE001  (a connection being dropped may fail any way; it is gone either way)
                        pass
                if not self._started.done():
                    if failures >= len(RECONNECT_DELAYS):  # never subscribed: whoever waits hears why
                        self._started.set_exception(exc)
                        self._started = self._reader = None
                        return
                else:
                    lost = True
                delay = RECONNECT_DELAYS[min(failures, len(RECONNECT_DELAYS) - 1)]
                failures += 1
                log.warning("The Redis subscription broke (%s); reconnecting in %.2f s", exc, delay)
                await asyncio.sleep(delay)

    async def close(self) -> None:
        for task in (self._reader, self._sending):
            if task is not None and not task.done():
                task.cancel()
                try:
                    await task
                except BaseException:  # noqa: BLE001  (the task is being cancelled; how it ends does not matter)
                    pass
        for connection in (self._subscriber, self._publisher):
            if connection is not None:
                try:
                    await connection.disconnect(nowait=True)
                except Exception:  # noqa: BLE001  (a connection being dropped may fail any way; it is gone either way)
                    pass
        await self._pool.disconnect()
        self._subscriber = self._publisher = None
