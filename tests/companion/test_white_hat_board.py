"""White Hat's board fields are written in Python ({% board_fields %}, companion/templatetags/white_hat.py): the
same markup the template loop wrote, in every language, with every text escaped."""

from __future__ import annotations

import pytest
from django.template import Context, Template
from django.utils import translation

# The loop the tag replaces, as the state panel had it (inside the board's {% localize off %}).
LOOP = Template(
    "{% load i18n l10n %}{% localize off %}{% translate 'a legal move ends here' as legal %}\n"
    "{% for f in board %}<li class=\"wh-field wh-ability-{{ f.ability|default:'plain' }}"
    '{% if f.target %} wh-target{% endif %}" id="wh-field-{{ f.index }}"><span class="wh-field-name">'
    '{{ f.index }}. {{ f.name }}</span> <span class="wh-field-value">{{ f.value }}{% if f.changed is not None %} '
    "({% blocktranslate with n=f.changed %}printed {{ n }}{% endblocktranslate %}){% endif %}</span>"
    '{% if f.ability %} <span class="wh-field-ability">{{ f.ability }}</span>{% endif %}{% if f.target %} '
    '<span class="wh-field-legal">{{ legal }}</span>{% endif %}{% if f.pawns %} <span class="wh-pawn">'
    "{{ f.pawns }}</span>{% endif %}</li>\n{% endfor %}{% endlocalize %}"
)
TAG = Template("{% load white_hat %}\n{% board_fields board %}")


def field(index: int, **changes: object) -> dict[str, object]:
    plain = {"index": index, "name": "Start", "value": 0, "changed": None, "ability": None, "pawns": ""}
    return plain | {"target": False} | changes


BOARD = [
    field(0),
    field(1, name='Ana\'s <"field">', value=1200, changed=3, ability="exploit", pawns="Ana:1 Ben:2", target=True),
    field(2, value=-2, changed=0, ability="<b>", target=True),
    field(3, pawns="Cleo:1"),
]


@pytest.mark.parametrize("language", ["en", "de", "fr", "es"])
def test_the_board_fields_are_the_template_loop_s_markup(language: str) -> None:
    with translation.override(language):
        written = TAG.render(Context({"board": BOARD}))
        assert written == LOOP.render(Context({"board": BOARD}))
    assert "Ana&#x27;s &lt;&quot;field&quot;&gt;" in written and "wh-ability-&lt;b&gt;" in written
    assert written.count("wh-target") == 2 and "1200 (" in written


FIELDS = Template(
    '{% load l10n %}{% localize off %}{% for i, name in fields %}<option value="{{ i }}">{{ i }} {{ name }}</option>'
    "{% endfor %}{% endlocalize %}"
)
PAWNS = Template(
    '{% load i18n l10n %}{% localize off %}{% for value, owner, n in pawns %}<option value="{{ value }}">'
    "{% blocktranslate %}{{ owner }}'s pawn {{ n }}{% endblocktranslate %}</option>{% endfor %}{% endlocalize %}"
)


@pytest.mark.parametrize("language", ["en", "de", "fr", "es"])
def test_the_field_and_pawn_options_are_the_template_loops_markup(language: str) -> None:
    fields = [(0, "Start"), (12, "Ana's <router>")]
    pawns = [("Ana:1", "Ana", 1), ('B"en:2', "B<e>n", 2)]
    with translation.override(language):
        written = Template("{% load white_hat %}{% field_options fields %}|{% pawn_options pawns %}")
        context = {"fields": fields, "pawns": pawns}
        expected = FIELDS.render(Context(context)) + "|" + PAWNS.render(Context(context))
        assert written.render(Context(context)) == expected
    assert "Ana&#x27;s &lt;router&gt;" in expected and 'value="B&quot;en:2"' in expected
