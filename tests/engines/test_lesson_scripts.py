"""Each game's guided first game (``apps/<game>/lesson.py``), replayed through its engine without a database: every
taught and scripted move is legal at its point, the lesson is a short core loop, and every callout's rule is the
rules page's own words."""

import html
import re

import pytest

from apps.innovation.core import points
from apps.matches.engine import built_games, engine, pages_module
from apps.matches.engine.lesson import Lesson, LessonBroken, Step, compile_script, lesson_for, replay
from tests.board_templates import GameTemplates

LESSONS = [entry.slug for entry in built_games() if lesson_for(entry.slug) is not None]


def rules_text(slug: str) -> str:
    pages = pages_module(slug)
    context = pages.rules_context() if pages is not None and hasattr(pages, "rules_context") else {}
    page = GameTemplates(slug, engine(slug)).rules_page(context)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", page)).split())


def test_the_first_two_games_have_a_lesson():
    assert {"chronicle", "stone_age"} <= set(LESSONS)


def test_every_game_has_a_lesson():
    assert set(LESSONS) == {entry.slug for entry in built_games()}


@pytest.mark.parametrize("slug", LESSONS)
def test_every_taught_and_scripted_move_is_legal_at_its_point(slug):
    lesson = lesson_for(slug)
    states = replay(engine(slug), lesson)
    script = compile_script(lesson)
    assert len(states) == len(script.entries) + 1
    rules = engine(slug)
    for version in script.step_versions:  # the learner is to move at each step
        assert lesson.learner in rules.active_seats(states[version])
    assert rules.outcome(states[-1]) is None  # the game plays on after the lesson


@pytest.mark.parametrize("slug", LESSONS)
def test_a_lesson_is_a_short_core_loop_with_closing_words(slug):
    lesson = lesson_for(slug)
    assert 8 <= len(lesson.steps) <= 15
    assert lesson.done
    assert all(step.do and len(step.do) <= 90 for step in lesson.steps)


@pytest.mark.parametrize("slug", LESSONS)
def test_every_callout_quotes_the_rules_page(slug):
    text = rules_text(slug)
    for number, step in enumerate(lesson_for(slug).steps, 1):
        assert step.rule in text, (number, step.rule)


def test_a_script_that_does_not_play_is_caught():
    lesson = lesson_for("chronicle")
    wrong = Lesson(game="chronicle", players=2, seed=lesson.seed, steps=(
        lesson.steps[0], Step({"type": "pick_aspect", "aspect": "hierarchical"}, "Again", "x")))
    with pytest.raises(LessonBroken, match="step 2"):
        replay(engine("chronicle"), wrong)


def test_the_version_says_which_step_is_shown():
    script = compile_script(lesson_for("chronicle"))
    assert script.step_index(0) == 0
    fourth = script.step_versions[3]
    assert script.step_index(fourth + 1) == 4  # while the bot builds, the next step is shown
    assert script.entry_at(fourth + 1).seat == 1
    assert script.step_index(len(script.entries)) == len(script.lesson.steps)
    assert script.entry_at(len(script.entries)) is None


# Each lesson's position is instructive: the taught moves do what the callouts promise.


def played(slug: str) -> tuple[list, list]:
    """The lesson's states and, for each step, the state after its taught move (before the bots reply)."""
    lesson = lesson_for(slug)
    states = replay(engine(slug), lesson)
    return states, [states[version + 1] for version in compile_script(lesson).step_versions]


def step_of(slug: str, move_type: str, nth: int = 0) -> int:
    return [i for i, step in enumerate(lesson_for(slug).steps) if step.move["type"] == move_type][nth]


def test_innovation_lesson_shares_a_dogma_makes_demands_and_achieves():
    states, after = played("innovation")
    shared = after[step_of("innovation", "dogma", 0)]
    assert points(shared, 1) > 0 and points(shared, 0) > 0  # the bot shared the effect, and the learner scored
    assert any("an opponent shared the dogma" in line["t"] for line in shared["log"])  # the free draw
    for nth in (1, 2):  # each Oars demand moves one of the bot's cards into the learner's score pile
        index = step_of("innovation", "dogma", nth)
        version = compile_script(lesson_for("innovation")).step_versions[index]
        before, later = states[version], states[version + 2 if nth == 1 else version + 1]
        assert len(later["seats"][0]["score"]) == len(before["seats"][0]["score"]) + 1
    assert len(states[-1]["seats"][0]["achievements"]) == 1


def test_live_on_lesson_meets_an_event_and_builds():
    states, after = played("live_on")
    option = after[step_of("live_on", "option")]
    assert option["enc"] is not None and 0 in option["enc"]["seats"]  # the learner encounters the event
    rolled = after[step_of("live_on", "spend", 1)]
    assert any(line["text"].startswith("{p0} succeeds (") for line in rolled["log"])
    assert states[-1]["buildings"]["altar"] == 1 and states[-1]["round"] == 3


def test_origins_lesson_evolves_migrates_and_stacks_tiles():
    states, after = played("origins")
    final = states[-1]
    assert final["seats"][0]["tiles"] == ["yellow-1", "orange-2"]
    assert "canoes" in final["seats"][0]["permanents"]
    pawns = {pawn["at"] for pawn in final["pawns"] if pawn["owner"] == 0}
    assert pawns == {"rift", "kalahari"}  # the evolved pawn settled, the founder migrated two spaces


# What each Stone Age step is about: the word its instruction and its quoted rule must share (newcomer report:
# "Put your 4 other people there" quoted the starvation rule, "Use the Field" the building rule).
STONE_AGE_TOPICS = ("hut", "forest", "people", "dice", "use", "civilization card space", "field", "hunting",
                    "place", "dice", "agriculture", "civilization card", "space 1")


def test_each_stone_age_callout_quotes_the_rule_of_its_own_step():
    steps = lesson_for("stone_age").steps
    assert len(steps) == len(STONE_AGE_TOPICS)
    for number, (step, topic) in enumerate(zip(steps, STONE_AGE_TOPICS, strict=True), 1):
        assert topic in step.do.lower() and topic in step.rule.lower(), (number, topic, step.do, step.rule)
    rules = [step.rule for step in steps]
    assert len(set(rules)) == len(rules), "each step quotes its own passage"
