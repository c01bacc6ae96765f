"""The domain announces what changed once it is committed, and the live layer turns announcements into pushes."""

import pytest

from apps.matches.domain import events
from apps.matches.live import push

pytestmark = pytest.mark.django_db


@pytest.fixture
def heard(monkeypatch):
    """Every announcement, in order, instead of the live layer's listener."""
    record: list[tuple[str, dict]] = []
    monkeypatch.setattr(events, "_listeners", [lambda kind, data: record.append((kind, data))])
    return record


def test_an_announcement_waits_for_the_commit(heard, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        events.send_event_on_commit("presence", match_id=7)
        events.send_event_on_commit("notice", match_id=7, message="Back.")
        assert heard == []
    assert len(callbacks) == 2
    assert heard == [("presence", {"match_id": 7}), ("notice", {"match_id": 7, "message": "Back."})]


def test_a_rolled_back_change_announces_nothing(heard, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        events.send_event_on_commit("state", match_id=3)
    assert len(callbacks) == 1 and heard == []


def test_a_committed_change_is_announced_at_once(heard):
    events.send_event_now("bots", match_id=5)
    assert heard == [("bots", {"match_id": 5})]


def test_the_live_layer_listens_from_start_up():
    assert push.on_event in events._listeners
    events.subscribe(push.on_event)
    assert events._listeners.count(push.on_event) == 1


def test_each_announcement_becomes_its_push(monkeypatch):
    calls = []
    monkeypatch.setattr(push, "state_changed", lambda match_id, **kw: calls.append(("state", match_id, kw)))
    monkeypatch.setattr(push, "presence_changed", lambda match_id: calls.append(("presence", match_id)))
    monkeypatch.setattr(push, "notice", lambda match_id, message, over: calls.append(("notice", match_id, message)))
    monkeypatch.setattr(push, "wake_bots", lambda match_id: calls.append(("bots", match_id)))
    push.on_event("state", {"match_id": 1})
    push.on_event("presence", {"match_id": 2})
    push.on_event("notice", {"match_id": 3, "message": "Hi."})
    push.on_event("bots", {"match_id": 4})
    assert calls == [("state", 1, {"match": None, "rows": None, "listening": None, "step": None}), ("presence", 2),
                     ("notice", 3, "Hi."), ("bots", 4)]
    with pytest.raises(ValueError):
        push.on_event("weather", {"match_id": 5})
