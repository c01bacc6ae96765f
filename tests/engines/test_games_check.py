"""The system check over the game registry (apps/matches/checks.py): it passes on the real registry and names
each missing piece of a game that lacks it, with its id."""

import importlib
import sys

import pytest
from django.core import checks
from django.core.management import call_command
from django.test import override_settings

from apps.matches.checks import check_games
from config.games import GameEntry

SIXTH_ENGINE = '''
from apps.matches.engine import Rules


class SixthRules(Rules):
    slug = "sixth"


RULES = SixthRules()
'''


def ids(errors) -> list[str]:
    return sorted(error.id for error in errors)


def sixth(app: str, slug: str = "sixth") -> list[GameEntry]:
    return [GameEntry(slug, "Sixth", "A game being written.", app)]


def test_every_built_game_passes_and_the_check_is_registered():
    assert check_games() == []
    assert check_games in checks.registry.registry.get_checks()
    call_command("check", fail_level="ERROR")


def test_a_game_whose_app_does_not_exist_misses_every_piece():
    errors = check_games(games=sixth("apps.no_such_game"))
    assert ids(errors) == ["civitas.E001", "civitas.E004", "civitas.E004", "civitas.E004", "civitas.E005"]
    by_id = {error.id: error for error in errors}
    assert "apps/no_such_game/engine.py" in by_id["civitas.E001"].hint
    assert by_id["civitas.E005"].hint == "Write apps/no_such_game/static/sixth/sixth.css."
    assert sorted(e.hint for e in errors if e.id == "civitas.E004") == [
        f"Write apps/no_such_game/templates/sixth/{name}.html." for name in ("board", "rules", "summary")]


@pytest.fixture
def sixth_app(tmp_path, monkeypatch):
    """A package ``sixth_game`` on the path, with templates and a stylesheet the site would find."""
    package = tmp_path / "sixth_game"
    (package / "templates" / "sixth").mkdir(parents=True)
    (package / "static" / "sixth").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "engine.py").write_text(SIXTH_ENGINE)
    for name in ("board", "rules", "summary"):
        (package / "templates" / "sixth" / f"{name}.html").write_text(f"<p>{name}</p>\n")
    (package / "static" / "sixth" / "sixth.css").write_text(".sixth { color: var(--ink); }\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    forget_sixth_game()
    yield package
    forget_sixth_game()


def forget_sixth_game() -> None:
    """Each test writes its own sixth_game: none may see a module an earlier one imported."""
    for name in [m for m in sys.modules if m == "sixth_game" or m.startswith("sixth_game.")]:
        del sys.modules[name]
    importlib.invalidate_caches()


def found_in(package, settings):
    """Settings under which the site finds the package's templates and static files."""
    return override_settings(
        TEMPLATES=[{**settings.TEMPLATES[0], "DIRS": [*settings.TEMPLATES[0]["DIRS"], package / "templates"]}],
        STATICFILES_DIRS=[*settings.STATICFILES_DIRS, package / "static"])


def test_a_complete_sixth_game_passes(sixth_app, settings):
    with found_in(sixth_app, settings):
        assert check_games(games=sixth("sixth_game")) == []


@pytest.mark.parametrize("missing, expected", [
    ("templates/sixth/board.html", "civitas.E004"),
    ("templates/sixth/rules.html", "civitas.E004"),
    ("templates/sixth/summary.html", "civitas.E004"),
    ("static/sixth/sixth.css", "civitas.E005"),
    ("engine.py", "civitas.E001"),
])
def test_each_missing_file_gives_its_error_naming_the_file(sixth_app, settings, missing, expected):
    (sixth_app / missing).unlink()
    with found_in(sixth_app, settings):
        errors = check_games(games=sixth("sixth_game"))
    assert ids(errors) == [expected]
    assert f"sixth_game/{missing.removesuffix('.py')}" in errors[0].hint


@pytest.mark.parametrize("rules", ["", "RULES = object()"])
def test_an_engine_without_a_rules_object_is_named(sixth_app, settings, rules):
    (sixth_app / "engine.py").write_text(rules)
    with found_in(sixth_app, settings):
        errors = check_games(games=sixth("sixth_game"))
    assert ids(errors) == ["civitas.E002"] and "sixth_game/engine.py" in errors[0].hint


def test_an_engine_whose_slug_differs_from_the_registry_is_named(sixth_app, settings):
    (sixth_app / "engine.py").write_text(SIXTH_ENGINE.replace('slug = "sixth"', 'slug = "seventh"'))
    with found_in(sixth_app, settings):
        errors = check_games(games=sixth("sixth_game"))
    assert ids(errors) == ["civitas.E003"] and "'seventh'" in errors[0].msg
