"""``{% item line %}``: a list's item rendered from its named values alone, kept while they are texts, so a log line
is rendered once rather than at every move for every viewer (``templatetags.parts``)."""

from __future__ import annotations

from django.template import Context, Template
from django.template.loader import get_template
from django.utils.safestring import mark_safe

from apps.matches.live import regions
from apps.matches.templatetags import parts

LIST = ('{% load parts %}<ol data-list="l">{% list "l" %}{% for line in lines %}{% item line %}'
        '<li>{{ line }}{{ other }}</li>{% enditem %}{% endfor %}{% endlist %}</ol>')


def drawn(lines, **more) -> tuple[str, list]:
    collected: list = []
    with regions.collecting(collected):
        html = Template(LIST).render(Context({"lines": lines, **more}))
    return html, collected


def test_an_item_reads_only_its_values_and_is_escaped():
    html, collected = drawn(["<b>a</b>", "b"], other="hidden")
    assert html == '<ol data-list="l"><li>&lt;b&gt;a&lt;/b&gt;</li><li>b</li></ol>'
    assert collected == [("l", None, ["<li>&lt;b&gt;a&lt;/b&gt;</li>", "<li>b</li>"], None)]


def test_a_text_items_html_is_kept_and_reused():
    parts._item_html.clear()
    drawn(["first", "second"])
    assert sorted(parts._item_html.values()) == ["<li>first</li>", "<li>second</li>"]
    for key in parts._item_html:  # what is kept is what is drawn: a line kept is not rendered again
        parts._item_html[key] = parts._item_html[key].replace("<li>", "<li class=kept>")
    html, _ = drawn(["second", "third"])
    assert html == '<ol data-list="l"><li class=kept>second</li><li>third</li></ol>'


def test_a_safe_string_is_not_kept_as_an_equal_text():
    parts._item_html.clear()
    assert drawn([mark_safe("<i>x</i>")])[0] == '<ol data-list="l"><li><i>x</i></li></ol>'
    assert drawn(["<i>x</i>"])[0] == '<ol data-list="l"><li>&lt;i&gt;x&lt;/i&gt;</li></ol>'
    assert drawn([mark_safe("<i>x</i>")])[0] == '<ol data-list="l"><li><i>x</i></li></ol>'


def test_the_log_region_keeps_its_lines():
    parts._item_html.clear()
    html = get_template("matches/regions/log.html").render({"log": ["{p0} drew", "A & B"], "departures": []})
    assert "<li>A &amp; B</li>" in html
    assert "<li>A &amp; B</li>" in parts._item_html.values()
