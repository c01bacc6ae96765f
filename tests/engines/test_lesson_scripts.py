"""Each game's guided first game (``apps/<game>/lesson.py``), replayed through its engine without a database: every
taught and scripted move is legal at its point, the lesson is a short core loop, and every callout's rule is the
rules page's own words."""

import html
import re

import pytest

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
