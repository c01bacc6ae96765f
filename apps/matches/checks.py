"""``manage.py check``: every built game in ``config/games.py`` has what the site loads of it.

That is an ``engine`` module whose ``RULES`` is a ``Rules`` with the registry's slug, the templates
``<slug>/board.html``, ``<slug>/rules.html`` and ``<slug>/summary.html``, and the stylesheet ``<slug>/<slug>.css``.
"""

from collections.abc import Iterable
from importlib import import_module

from django.contrib.staticfiles import finders
from django.core.checks import Error
from django.template import TemplateDoesNotExist
from django.template.loader import get_template

from apps.matches.engine import Rules, built_games
from config.games import GameEntry

TEMPLATES = ("board.html", "rules.html", "summary.html")


def check_games(app_configs=None, games: Iterable[GameEntry] | None = None, **kwargs) -> list[Error]:
    """The system check; ``games`` defaults to the registry's built games."""
    errors: list[Error] = []
    for entry in built_games() if games is None else games:
        errors += engine_errors(entry) + template_errors(entry) + stylesheet_errors(entry)
    return errors


def engine_errors(entry: GameEntry) -> list[Error]:
    module = f"{entry.app}.engine"
    path = f"{str(entry.app).replace('.', '/')}/engine.py"
    try:
        engine = import_module(module)
    except ImportError as exc:
        return [Error(f"Game {entry.slug!r}: its engine module {module} cannot be imported ({exc}).",
                      hint=f"Write {path} (or the package {path[:-3]}/) exposing RULES.", id="civitas.E001")]
    rules = getattr(engine, "RULES", None)
    if not isinstance(rules, Rules):
        return [Error(f"Game {entry.slug!r}: {module}.RULES is missing or not a Rules instance.",
                      hint=f"In {path}, set RULES = <Game>Rules(), a subclass of "
                           "apps.matches.engine.Rules (or FlowRules).", id="civitas.E002")]
    if rules.slug != entry.slug:
        return [Error(f"Game {entry.slug!r}: {module}.RULES.slug is {rules.slug!r}.",
                      hint=f"Set slug = {entry.slug!r} on the Rules class in {path}, or the registry line "
                           "in config/games.py to the engine's slug.", id="civitas.E003")]
    return []


def template_errors(entry: GameEntry) -> list[Error]:
    errors = []
    for name in TEMPLATES:
        template = f"{entry.slug}/{name}"
        try:
            get_template(template)
        except TemplateDoesNotExist:
            app_dir = str(entry.app).replace(".", "/")
            errors.append(Error(f"Game {entry.slug!r}: no template {template}.",
                                hint=f"Write {app_dir}/templates/{template}.", id="civitas.E004"))
    return errors


def stylesheet_errors(entry: GameEntry) -> list[Error]:
    css = f"{entry.slug}/{entry.slug}.css"
    if finders.find(css):
        return []
    app_dir = str(entry.app).replace(".", "/")
    return [Error(f"Game {entry.slug!r}: no stylesheet {css} among the static files.",
                  hint=f"Write {app_dir}/static/{css}.", id="civitas.E005")]
