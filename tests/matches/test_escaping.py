"""The faster ``conditional_escape`` (``live.escaping``) is the one templates use, and answers as Django's does."""

from __future__ import annotations

import django.template.base
import django.utils.html
import pytest
from django.template import Context, Template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy

from apps.matches.live import escaping


class Marked:
    def __html__(self):
        return "<b>marked</b>"


@pytest.mark.parametrize("value", ["plain", "<a href='x'>&\"</a>", mark_safe("<i>safe</i>"), gettext_lazy("Cancel"),
                                   3, 2.5, None, ["<x>"], {"k": "<v>"}, Marked(), SafeString("&amp;")])
def test_it_answers_as_djangos(value):
    ours, theirs = escaping.conditional_escape(value), escaping.DJANGO_CONDITIONAL_ESCAPE(value)
    assert ours == theirs
    assert type(ours) is type(theirs)


def test_templates_and_format_html_use_it():
    assert django.template.base.conditional_escape is escaping.conditional_escape
    assert django.utils.html.conditional_escape is escaping.conditional_escape
    text = Template("{{ a }}|{{ b }}|{{ a|safe }}").render(Context({"a": "<s>&", "b": mark_safe("<u>")}))
    assert text == "&lt;s&gt;&amp;|<u>|<s>&"
    assert django.utils.html.format_html("<p>{}</p>", "<x>") == "<p>&lt;x&gt;</p>"
