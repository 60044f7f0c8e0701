"""The log's lines and the rounds to note are written in Python ({% log_lines %}, {% round_options %}:
companion/templatetags/kibitz.py): the same markup the template loops wrote, in every language, for live, fixable
and undone entries, with every text escaped."""

from __future__ import annotations

import pytest
from django.template import Context, Template
from django.utils import translation

from companion.snapshots import LogEntry
from games.text import T

# The loop the tag replaces, as table.html had it (a block of the log: numbered by entry unless it counts down).
LOOP = Template(
    "{% load i18n l10n kibitz %}{% localize off %}"
    "{% for event, text in log %}\n"
    '    <li{% if not top %} value="{{ event.seq }}"{% endif %}{% if event.retracted %} class="retracted"{% endif %} '
    'data-seq="{{ event.seq }}">{% if event.retracted %}'
    '<del>{{ text|tr }}</del> <small>{% translate "undone" %}</small>{% else %}{{ text|tr }}'
    '{% if event.payload.type in fixable %} <a class="fix" href="?fix={{ event.seq }}#entry" '
    'hx-get="?fix={{ event.seq }}">{% translate "Fix" %}</a>{% endif %}{% endif %}</li>\n'
    "    {% endfor %}{% endlocalize %}"
)
TAG = Template("{% load kibitz %}{% log_lines log fixable top %}")

LOG = [
    (LogEntry(1234, {"type": "hand"}, False), T("Hand %(n)s", n="1")),
    (LogEntry(7, {"type": "hand"}, True, 9), 'Ana <b>& "Ben"</b>'),
    (LogEntry(8, {"type": "penalty"}, False), "Cleo's penalty"),
    (LogEntry(9, {}, False), T("played")),
]


@pytest.mark.parametrize("top", [None, 1234])
@pytest.mark.parametrize("language", ["en", "de", "fr", "es"])
def test_the_log_lines_are_the_template_loop_s_markup(language: str, top: int | None) -> None:
    with translation.override(language):
        context = {"log": LOG, "fixable": ("hand",), "top": top}
        written = TAG.render(Context(context))
        assert written == LOOP.render(Context(context))
    assert 'class="retracted" data-seq="7"><del>Ana &lt;b&gt;&amp; &quot;Ben&quot;&lt;/b&gt;</del>' in written
    assert 'data-seq="1234"' in written and written.count('class="fix"') == 1
    assert (' value="1234"' in written) is (top is None)


@pytest.mark.parametrize("rounds", [range(1, 2), range(1, 1235)])
def test_the_round_options_are_the_template_loop_s_markup(rounds: range) -> None:
    loop = Template(
        "{% load l10n %}{% localize off %}{% for n in rounds %}<option{% if forloop.last %} selected{% endif %}>"
        "{{ n }}</option>{% endfor %}{% endlocalize %}"
    )
    written = Template("{% load kibitz %}{% round_options rounds %}").render(Context({"rounds": rounds}))
    assert written == loop.render(Context({"rounds": rounds}))
    assert written.endswith(f"<option selected>{len(rounds)}</option>") and written.count("selected") == 1
