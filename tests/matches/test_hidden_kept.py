"""What viewers cannot see of a state is worked out once per state and viewer (``engine.Hidden``): a move's check
asks it of the state it starts from and the one it makes, and the next move starts from the latter."""

import copy

import pytest

from apps.matches.domain import checks
from apps.matches.engine import Hidden, engine

pytestmark = pytest.mark.django_db
RULES = engine("chronicle")


@pytest.fixture
def asked(monkeypatch):
    """The states ``unseen`` is asked about, by identity, with the viewer."""
    calls: list[tuple[int, int | None]] = []
    real = type(RULES).unseen

    def counted(rules, state, seat):
        calls.append((id(state), seat))
        return real(rules, state, seat)

    monkeypatch.setattr(type(RULES), "unseen", counted)
    return calls


def first_move(state: dict) -> tuple[int, dict]:
    seat = RULES.active_seats(state)[0]
    return seat, RULES.legal_moves(state, seat)[0]


def test_each_viewer_is_asked_once(duel, asked):
    hidden = Hidden(RULES, duel.state)
    assert hidden.of(0) == hidden.of(0) == RULES.unseen(duel.state, 0)
    hidden.of(None)
    assert asked.count((id(duel.state), 0)) == 2 and asked.count((id(duel.state), None)) == 1  # (one: the test's)


def test_a_move_starts_from_what_the_last_one_learnt(duel, asked):
    seat, move = first_move(duel.state)
    plan = checks.check_move(duel, [], seat, move, 0, "", None)
    assert isinstance(plan, checks.PlannedMove) and plan.hidden is not None
    assert plan.hidden.state is plan.fields["state"]
    duel.state, duel.version = plan.fields["state"], 1
    seat, move = first_move(duel.state)
    before = {viewer for state_id, viewer in asked if state_id == id(duel.state)}
    asked.clear()
    second = checks.check_move(duel, [], seat, move, 1, "", None, hidden=plan.hidden)
    assert isinstance(second, checks.PlannedMove)
    again = {viewer for state_id, viewer in asked if state_id == id(duel.state)}
    assert before and not again & before  # nothing the first move asked of this state was asked again
    assert second.log["undoable"] == RULES.undoable(duel.state, seat, move, second.fields["state"])


def test_what_was_learnt_of_another_state_is_not_used(duel, asked):
    seat, move = first_move(duel.state)
    other = Hidden(RULES, copy.deepcopy(duel.state))
    other._answers.update({viewer: frozenset({"a card nobody has"}) for viewer in (0, 1, None)})
    plan = checks.check_move(duel, [], seat, move, 0, "", None, hidden=other)
    assert isinstance(plan, checks.PlannedMove)
    assert any(state_id == id(duel.state) for state_id, _ in asked)
    assert plan.log["undoable"] == RULES.undoable(duel.state, seat, move, plan.fields["state"])
