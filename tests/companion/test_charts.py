"""The SVG charts (companion/charts.py): well-formed SVG with a title and a text alternative that carries the
numbers, series told apart by dash as well as colour, the end line where the game has one, and the axis ticks."""

from __future__ import annotations

from xml.etree import ElementTree

from django.utils import translation

from companion import charts
from companion.templatetags.history import decimal, percent

SVG = "{http://www.w3.org/2000/svg}"


def parsed(svg: str) -> ElementTree.Element:
    root = ElementTree.fromstring(svg)  # raises on anything that is not well-formed XML
    assert root.tag == f"{SVG}svg" and root.get("role") == "img" and root.get("viewBox")
    title, desc = root.find(f"{SVG}title"), root.find(f"{SVG}desc")
    assert title is not None and desc is not None
    assert root.get("aria-labelledby") == f"{title.get('id')} {desc.get('id')}"
    return root


def test_progression_draws_a_line_per_player_from_zero() -> None:
    root = parsed(charts.progression(["Ana", "Ben"], [(5, 8), (13, 9)], ident="x", title="Scores", end_score=20))
    lines = root.findall(f"{SVG}polyline")
    assert len(lines) == 2
    assert [len(line.get("points", "").split()) for line in lines] == [3, 3]  # before round 1, after 1 and 2
    assert lines[0].get("stroke") != lines[1].get("stroke")
    assert lines[0].get("stroke-dasharray") != lines[1].get("stroke-dasharray")
    desc = root.find(f"{SVG}desc")
    assert desc is not None and desc.text == "Totals after each round. Ana: 5, 13; Ben: 8, 9. The game ends at 20."
    ends = [line for line in root.findall(f"{SVG}line") if line.get("class") == "end"]
    assert len(ends) == 1
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "Ana 13" in texts and "Ben 9" in texts and "end 20" in texts  # the legend names the final totals


def test_the_end_line_sits_at_its_score() -> None:
    root = parsed(charts.progression(["A"], [(10,)], ident="x", title="t", end_score=20))
    (end,) = [line for line in root.findall(f"{SVG}line") if line.get("class") == "end"]
    top, zero = float(end.get("y1", 0)), None
    for text in root.iter(f"{SVG}text"):
        if text.text == "0":
            zero = float(text.get("y", 0)) - 4
    assert zero is not None and top < zero  # 20 is drawn above 0


def test_names_are_escaped_and_negative_scores_drawn() -> None:
    svg = charts.progression(['<b>"Ana"</b> & co'], [(-26,)], ident="y", title="A <title>")
    root = parsed(svg)
    assert "<b>" not in svg
    title = root.find(f"{SVG}title")
    assert title is not None and title.text == "A <title>"


def test_a_table_without_rounds_says_so() -> None:
    root = parsed(charts.progression(["Ana", "Ben"], [], ident="z", title="t"))
    desc = root.find(f"{SVG}desc")
    assert desc is not None and desc.text == "No round scored yet."


def test_small_chart_has_no_axes() -> None:
    root = parsed(charts.progression(["Ana", "Ben"], [(1, 2)], ident="s", title="t", small=True))
    assert root.findall(f"{SVG}text") == [] and root.get("class") == "chart small"


def test_placements_bar_per_place() -> None:
    root = parsed(charts.placements({1: 3, 3: 1}, 4, ident="p", title="Ben's places"))
    bars = root.findall(f"{SVG}rect")
    assert len(bars) == 4
    widths = [float(b.get("width", 0)) for b in bars]
    assert widths[0] > widths[2] > 0 and widths[1] == widths[3] == 0
    desc = root.find(f"{SVG}desc")
    assert desc is not None and desc.text == "place 1: 3; place 2: 0; place 3: 1; place 4: 0."


def test_charts_speak_german() -> None:
    with translation.override("de"):
        root = parsed(charts.placements({1: 1}, 3, ident="p", title="t"))
    desc = root.find(f"{SVG}desc")
    assert desc is not None and desc.text is not None and desc.text.startswith("Platz 1: 1")


def test_ticks_are_round_numbers_inside_the_range() -> None:
    assert charts.ticks(0, 100) == [0, 25, 50, 75, 100]
    assert charts.ticks(-26, 30) == [-20, 0, 20]
    assert charts.ticks(0, 3) == [0, 1, 2, 3]
    assert charts.ticks(5, 5) == [5]


def test_numbers_as_people_read_them() -> None:
    from fractions import Fraction

    assert decimal(Fraction(18, 5)) == "3.6" and decimal(None) == "–" and decimal(Fraction(63, 3)) == "21.0"
    assert percent(Fraction(2, 3)) == "67 %" and percent(None) == "–"
    with translation.override("de"):
        assert decimal(Fraction(18, 5)) == "3,6"
