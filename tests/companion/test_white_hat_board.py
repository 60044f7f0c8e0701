"""White Hat's loops are written in Python (companion/templatetags/white_hat.py): each tag writes the markup of the
template loop beside it here, in every language, with every text escaped; and `sections` says which of the entry's
sections are open and when a page that fetches closed parts leaves the trick's fields for later."""

from __future__ import annotations

from typing import Any

import pytest
from django.template import Context, Template
from django.utils import translation

from companion.templatetags.white_hat import sections

LANGUAGES = ["en", "de", "fr", "es"]

# The board's loop (inside the board's {% localize off %}): a field's number is its list's, not in its text.
LOOP = Template(
    "{% load i18n l10n %}{% localize off %}{% translate 'a legal move ends here' as legal %}"
    '{% for f in board %}<li{% if f.ability or f.target %} class="{% if f.ability %}wh-ability-{{ f.ability }}'
    '{% if f.target %} {% endif %}{% endif %}{% if f.target %}wh-target{% endif %}"{% endif %}><b>{{ f.name }}</b> '
    "{{ f.value }}{% if f.changed is not None %} "
    "({% blocktranslate with n=f.changed %}printed {{ n }}{% endblocktranslate %}){% endif %}"
    '{% if f.ability %} <span class="wh-field-ability">{{ f.ability }}</span>{% endif %}{% if f.target %} '
    '<span class="wh-field-legal">{{ legal }}</span>{% endif %}{% if f.pawns %} <span class="wh-pawn">'
    "{{ f.pawns }}</span>{% endif %}</li>\n{% endfor %}{% endlocalize %}"
)
TAG = Template("{% load white_hat %}{% board_fields board %}")


def field(index: int, **changes: object) -> dict[str, object]:
    plain = {"index": index, "name": "Start", "value": 0, "changed": None, "ability": None, "pawns": ""}
    return plain | {"target": False} | changes


BOARD = [
    field(0),
    field(1, name='Ana\'s <"field">', value=1200, changed=3, ability="exploit", pawns="Ana:1 Ben:2", target=True),
    field(2, value=-2, changed=0, ability="<b>", target=True),
    field(3, pawns="Cleo:1"),
    field(4, target=True),
]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_board_fields_are_the_template_loop_s_markup(language: str) -> None:
    with translation.override(language):
        written = TAG.render(Context({"board": BOARD}))
        assert written == LOOP.render(Context({"board": BOARD}))
        stretch = Template("{% load white_hat %}{% board_stretch 2 board %}").render(Context({"board": BOARD[1:]}))
        assert (
            stretch
            == f'<ol id="wh-board-2" class="wh-board" start="1">\n{LOOP.render(Context({"board": BOARD[1:]}))}</ol>'
        )
    assert "Ana&#x27;s &lt;&quot;field&quot;&gt;" in written and "wh-ability-&lt;b&gt;" in written
    assert written.count("wh-target") == 3 and "1200 (" in written and "<li><b>Start</b> 0</li>" in written


FIELDS = Template(
    '{% load l10n %}{% localize off %}{% for i, name in fields %}<option value="{{ i }}">{{ i }} {{ name }}</option>'
    "{% endfor %}{% endlocalize %}"
)
PAWNS = Template(
    '{% load i18n l10n %}{% localize off %}{% for value, owner, n in pawns %}<option value="{{ value }}">'
    "{% blocktranslate %}{{ owner }}'s pawn {{ n }}{% endblocktranslate %}</option>{% endfor %}{% endlocalize %}"
)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_field_and_pawn_options_are_the_template_loops_markup(language: str) -> None:
    fields = [(0, "Start"), (12, "Ana's <router>")]
    pawns = [("Ana:1", "Ana", 1), ('B"en:2', "B<e>n", 2)]
    with translation.override(language):
        written = Template("{% load white_hat %}{% field_options fields %}|{% pawn_options pawns %}")
        context = {"fields": fields, "pawns": pawns}
        expected = FIELDS.render(Context(context)) + "|" + PAWNS.render(Context(context))
        assert written.render(Context(context)) == expected
    assert "Ana&#x27;s &lt;router&gt;" in expected and 'value="B&quot;en:2"' in expected


# The score track: each kind of line one path, the markers and their labels one group each, the totals under it.
TRACK = Template(
    "{% load i18n l10n %}{% localize off %}"
    '<svg class="wh-track" viewBox="0 0 {{ t.width }} {{ t.height }}" role="img" aria-labelledby="wh-track-title">'
    '<title id="wh-track-title">{% translate "Pursuit points so far:" %}{% for row in t.rows %} {{ row.name }} '
    "{{ row.total }}{% if not forloop.last %},{% endif %}{% endfor %}</title>\n"
    '<path class="wh-tick" d="{% for k in t.ticks %}M{{ k.x }} 4V{{ t.height }}{% endfor %}"/><g class="wh-tick-label">'
    '{% for k in t.ticks %}<text x="{{ k.x }}" y="8">{{ k.label }}</text>{% endfor %}</g>\n'
    '<path class="wh-lane" d="{% for row in t.rows %}M10 {{ row.y|add:6 }}H{{ t.width|add:-10 }}{% endfor %}"/>'
    '<path class="wh-progress" d="{% for row in t.rows %}M{{ row.start }} {{ row.y|add:6 }}H{{ row.x }}{% endfor %}"/>'
    '<g class="wh-trail">{% for row in t.rows %}{% if row.before is not None %}<circle cx="{{ row.before }}" '
    'cy="{{ row.y|add:6 }}" r="3"/>{% endif %}{% endfor %}</g><g class="wh-marker">{% for row in t.rows %}'
    '<circle class="wh-seat-{{ forloop.counter0 }}" cx="{{ row.x }}" cy="{{ row.y|add:6 }}" r="8"/>{% endfor %}</g>'
    '<g class="wh-marker-label">{% for row in t.rows %}<text x="{{ row.x }}" y="{{ row.y|add:9 }}">{{ row.initial }}'
    '</text>{% endfor %}</g></svg>\n<ul class="wh-totals">{% for row in t.rows %}<li><span class="wh-dot '
    'wh-seat-{{ forloop.counter0 }}"></span>{{ row.name }} <b>{{ row.total }}</b></li>{% endfor %}</ul>'
    "{% endlocalize %}"
)


def row(name: str, i: int, total: int, before: int | None) -> dict[str, Any]:
    return {"name": name, "total": total, "x": 10 + total, "y": 14 + 22 * i, "start": 10, "before": before}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_track_is_the_template_loops_markup(language: str) -> None:
    rows = [row("Ana", 0, 1200, 1100), row('B<e>n "B"', 1, -3, None), row("Cleo", 2, 0, 0)]
    for r in rows:
        r["initial"] = r["name"][:2]
    drawing = {"rows": rows, "ticks": [{"x": 10, "label": -10}, {"x": 290, "label": 1200}], "width": 300}
    drawing["height"] = 14 + 3 * 22
    with translation.override(language):
        written = Template("{% load white_hat %}{% track t %}").render(Context({"t": drawing}))
        assert written == TRACK.render(Context({"t": drawing}))
    assert (
        "B&lt;e&gt;n &quot;B&quot; -3" in written
        and ">1200</b>" in written
        and '<circle cx="0" cy="64" r="3"/></g>' in written
    )


CHIPS = Template(
    '{% for seat in seats %}<label class="chip"><input type="radio" name="{{ field }}" value="{{ seat.0 }}"'
    '{% if seat.2 %} data-order="{{ seat.2 }}"{% endif %}{% if checked == seat.0|stringformat:"d" %} checked'
    "{% endif %} required><span>{{ seat.1 }}</span></label>{% endfor %}"
)
MOVES = Template(
    "{% load i18n %}{% for m in moves %}"
    '<button type="submit" name="move" value="{{ m.value }}" class="chip">{% blocktranslate with owner=m.owner '
    "n=m.n field=m.name %}{{ owner }}'s pawn {{ n }} to {{ field }}{% endblocktranslate %}</button>{% empty %}"
    '<span class="muted">{% translate "No pawn can move." %}</span>{% endfor %}'
)
SEATS = Template(
    "{% load i18n %}{% for i, name, total, f1, f2 in seats %}"
    '<fieldset class="wh-seat"><legend>{{ name }}</legend><label>{% blocktranslate %}Pursuit points in hand (or tap '
    'the cards below){% endblocktranslate %} <input type="number" name="sum-{{ i }}" value="{{ total }}" min="0" '
    'inputmode="numeric"></label>{% if not tracked %}<span class="wh-fields"><label>{% translate "Field of pawn 1" %} '
    '<input type="number" name="field-{{ i }}-1" value="{{ f1 }}" inputmode="numeric"></label><label>'
    '{% translate "Field of pawn 2" %} <input type="number" name="field-{{ i }}-2" value="{{ f2 }}" '
    'inputmode="numeric"></label></span>{% endif %}</fieldset>\n{% endfor %}'
)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_seat_chips_moves_and_round_seats_are_the_template_loops_markup(language: str) -> None:
    seats = [(0, "Ana", "[0, 1]"), (1, 'B<e>n "B"', "[1, 0]")]
    moves = [{"value": 'Ana:1@2"', "owner": "Ana", "n": "1", "name": "Router <2>"}]
    typed = [(0, "Ana", "7", "", "-1"), (1, "B<e>n", '"3"', "2", "")]
    with translation.override(language):
        for chosen in ("", "1"):
            for shown in (seats, [s[:2] for s in seats]):
                context = Context({"seats": shown, "field": "leader", "checked": chosen})
                tag = Template("{% load white_hat %}{% seat_chips seats field checked %}")
                assert tag.render(context) == CHIPS.render(context)
        for listed in (moves, []):
            context = Context({"moves": listed})
            assert Template("{% load white_hat %}{% move_buttons moves %}").render(context) == MOVES.render(context)
        for tracked in (True, False):
            context = Context({"seats": typed, "tracked": tracked})
            written = Template("{% load white_hat %}{% round_seats seats tracked %}").render(context)
            assert written == SEATS.render(context)
    assert 'value="&quot;3&quot;"' in written and 'name="field-1-1" value="2"' in written
    chips = Template("{% load white_hat %}{% seat_chips seats 'leader' 1 %}").render(Context({"seats": seats}))
    assert 'value="1" data-order="[1, 0]" checked required><span>B&lt;e&gt;n &quot;B&quot;</span>' in chips


def entry(**values: object) -> dict[str, object]:
    return {"tricks_open": False, "open": "", "next": "round", "move_first": False} | values


@pytest.mark.parametrize(
    ("shown", "tricks", "quick", "trick_later"),
    [
        (entry(), False, True, True),  # before a round: the round end open, the trick closed
        (entry(tricks_open=True, next="trick"), True, False, False),  # under way by tricks
        (entry(tricks_open=True, next="move", move_first=True), True, False, True),  # the move first
        (entry(tricks_open=True, next="move", move_first=True, open="trick"), True, False, False),  # sent
        (entry(tricks_open=True, next="round"), False, True, True),  # every trick played
        (entry(open="start"), True, True, False),  # a refused start: by tricks
    ],
)
def test_sections_say_what_is_open_and_when_the_trick_is_left_for_later(
    shown: dict[str, object], tricks: bool, quick: bool, trick_later: bool
) -> None:
    found = sections(shown, True)
    assert (found["tricks"], found["quick"], found["trick_later"]) == (tricks, quick, trick_later)
    assert not sections(shown, False)["trick_later"]  # without script: every part
