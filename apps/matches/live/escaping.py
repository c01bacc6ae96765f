"""Django's ``conditional_escape``, without the cost of its laziness check, for every template this process renders.

Every ``{{ value }}`` a template writes, and every argument of ``format_html``, passes through
``django.utils.html.conditional_escape``, which calls ``escape``, wrapped by ``keep_lazy``: a generator over the
arguments looking for a lazy one, on each call. A table's board writes thousands of values, and that wrapper was a
fifth of the time a browser viewer's frame took to render (py-spy of ``bench/move_path.py --watchers json,html``;
3.2 times the work of the check below, timeit). ``conditional_escape`` here answers exactly as Django's does: a lazy
text is made a text first (as Django's does, so ``escape`` never sees one), anything with ``__html__`` is asked for
it, and anything else is escaped by ``html.escape`` and marked safe (``escape``'s own body).

``install`` puts it in place of Django's in the modules that call it by name (at start, ``MatchesConfig.ready``).
"""

from __future__ import annotations

import html
from types import ModuleType

import django.template.base
import django.template.defaultfilters
import django.template.defaulttags
import django.template.library
import django.utils.html
from django.utils.functional import Promise
from django.utils.safestring import SafeString

DJANGO_CONDITIONAL_ESCAPE = django.utils.html.conditional_escape
MODULES: tuple[ModuleType, ...] = (django.utils.html, django.template.base, django.template.defaultfilters,
                                   django.template.defaulttags, django.template.library)


def conditional_escape(text) -> SafeString | str:
    """``text`` escaped for HTML unless it is already safe (it has ``__html__``), as Django's own."""
    if isinstance(text, Promise):
        text = str(text)
    if hasattr(text, "__html__"):
        return text.__html__()
    return SafeString(html.escape(str(text)))


def install() -> None:
    """Use ``conditional_escape`` wherever Django's is called by its module-level name."""
    for module in MODULES:
        if getattr(module, "conditional_escape", None) is DJANGO_CONDITIONAL_ESCAPE:
            module.conditional_escape = conditional_escape  # type: ignore[attr-defined]
