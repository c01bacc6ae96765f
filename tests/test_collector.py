"""The collector's set-up of a server process (config/collector.py): the cycles Daphne leaves per websocket are
broken when the reaper (config/daphne_sweeps.py) removes the connection, so its objects are freed by reference
counting alone."""

from __future__ import annotations

import gc
import sys
import time
import weakref

import txaio
from daphne.http_protocol import WebRequest
from daphne.server import Server
from daphne.ws_protocol import WebSocketProtocol
from twisted.internet import defer
from twisted.web.http import HTTPChannel

from config import collector, daphne_sweeps

txaio.use_twisted()


def closed_websocket() -> WebSocketProtocol:
    """A websocket protocol as Daphne leaves it once closed: its futures resolved with itself, its application's
    deferred holding its own bound methods."""
    protocol = WebSocketProtocol.__new__(WebSocketProtocol)
    protocol.is_open, protocol.is_closed = txaio.create_future(), txaio.create_future()
    txaio.resolve(protocol.is_open, None)
    txaio.resolve(protocol.is_closed, protocol)
    protocol.application_deferred = defer.Deferred()
    protocol.application_deferred.addCallback(protocol.applicationCreateWorked)
    return protocol


def upgraded_request() -> WebRequest:
    """The HTTP request a websocket was upgraded from: its transport given away, still in its channel's list."""
    channel = HTTPChannel()
    request = WebRequest.__new__(WebRequest)
    request.channel, request.transport = channel, None
    channel.requests = [request]
    return request


def freed_without_the_collector(make) -> bool:
    gc.disable()
    try:
        server = Server.__new__(Server)
        server.application_close_timeout = 10
        thing = make()
        gone = weakref.ref(thing)
        server.connections = {thing: {"connected": time.time(), "disconnected": time.time()}}
        daphne_sweeps.ended(server, thing)
        del thing
        later, daphne_sweeps.later = daphne_sweeps.later, lambda delay, call: None  # (its next run is not wanted)
        try:
            daphne_sweeps.application_checker(server)
        finally:
            daphne_sweeps.later = later
        assert not server.connections
        del server
        return gone() is None
    finally:
        gc.enable()


def test_a_reaped_websocket_is_freed_by_reference_counting():
    assert freed_without_the_collector(closed_websocket)


def test_the_request_a_websocket_was_upgraded_from_is_freed_with_its_channel():
    assert freed_without_the_collector(upgraded_request)


def test_without_the_release_both_would_wait_for_a_full_collection():
    gc.disable()
    try:
        for make in (closed_websocket, upgraded_request):
            thing = make()
            gone = weakref.ref(thing)
            del thing
            assert gone() is not None  # a cycle: only the collector frees it
            gc.collect()
            assert gone() is None
    finally:
        gc.enable()


def test_an_answered_request_keeps_its_channel():
    request = upgraded_request()
    request.transport = object()  # not upgraded: the channel may go on serving the connection
    collector.release(request)
    assert request.channel is not None


def test_only_a_process_daphne_serves_counts_as_serving(monkeypatch):
    monkeypatch.delitem(sys.modules, "daphne.cli", raising=False)
    assert not collector.serving()
    monkeypatch.setitem(sys.modules, "daphne.cli", sys.modules["daphne"])
    assert collector.serving()
