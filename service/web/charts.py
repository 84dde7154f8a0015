"""The charts of a member's page and a season's, drawn on the server as SVG with pygal: no
script is loaded (``js=[]``) and the pages show them as images, each with its numbers in a table
beside it. Every label is in the page's language."""

from __future__ import annotations

from typing import Any

import pygal
from pygal.style import Style

from ..tournament.members import MemberPage
from .i18n import gettext

STYLE = Style(
    background="white",
    plot_background="white",
    foreground="#1b1b1b",
    foreground_strong="#1b1b1b",
    foreground_subtle="#888",
    colors=("#8a1c1c", "#1d6b35", "#3b5b92", "#c90", "#555"),
    font_family="'Noto Sans CJK SC', 'Noto Sans SC', 'PingFang SC', 'Microsoft YaHei', sans-serif",
    # large enough to read when the 640-pixel chart is shrunk to a phone's width
    title_font_size=24,
    label_font_size=18,
    major_label_font_size=18,
    legend_font_size=18,
    value_font_size=16,
)


def _chart(kind: Any, title: str, **kw: Any) -> Any:
    return kind(
        js=[],
        disable_xml_declaration=True,
        style=STYLE,
        title=title,
        width=640,
        height=420,
        legend_box_size=16,
        legend_at_bottom=True,
        truncate_label=14,
        x_label_rotation=30,
        print_values=False,
        **kw,
    )


def _svg(chart: Any) -> str:
    return str(chart.render(is_unicode=True))


def score_by_evening(member: MemberPage) -> str:
    c = _chart(pygal.Line, gettext("Score over the evenings"), dots_size=3)
    c.x_labels = [e.tournament for e in member.evenings]
    c.add(gettext("Total so far"), [e.cumulative for e in member.evenings])
    c.add(gettext("That evening"), [e.total for e in member.evenings])
    return _svg(c)


def rating_over_time(member: MemberPage) -> str:
    steps = member.rating_history
    c = _chart(pygal.Line, gettext("Rating over time, with its band"), show_dots=False, show_x_labels=False)
    c.add(gettext("Skill (μ)"), [round(x.mu, 2) for x in steps])
    c.add("μ + 2σ", [round(x.mu + 2 * x.sigma, 2) for x in steps], stroke_style={"dasharray": "4, 4"})
    c.add("μ − 2σ", [round(x.mu - 2 * x.sigma, 2) for x in steps], stroke_style={"dasharray": "4, 4"})
    return _svg(c)


def by_role(member: MemberPage) -> str:
    c = _chart(pygal.Bar, gettext("Results by role"))
    c.x_labels = [gettext(r.role) for r in member.by_role]
    c.add(gettext("Games"), [r.games for r in member.by_role])
    c.add(gettext("Wins"), [r.wins for r in member.by_role])
    return _svg(c)


def met(member: MemberPage) -> str:
    c = _chart(pygal.HorizontalBar, gettext("Played with and against most"))
    names = [x.name for x in member.partners] + [x.name for x in member.opponents]
    c.x_labels = names
    c.add(gettext("On the same side"), [x.games for x in member.partners] + [None] * len(member.opponents))
    c.add(gettext("On the other side"), [None] * len(member.partners) + [x.games for x in member.opponents])
    return _svg(c)


def leaders(evenings: list[tuple[str, dict[int, int]]], names: dict[int, str], top: list[int]) -> str:
    """The season's leaders: each one's total so far, evening by evening."""
    c = _chart(pygal.Line, gettext("The leaders, evening by evening"), dots_size=3)
    c.x_labels = [name for name, _ in evenings]
    for m in top:
        running, points = 0, []
        for _, totals in evenings:
            running += totals.get(m, 0)
            points.append(running)
        c.add(names.get(m, "?"), points)
    return _svg(c)


MEMBER_CHARTS = {"score": score_by_evening, "rating": rating_over_time, "roles": by_role, "met": met}
