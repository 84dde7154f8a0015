"""The charts of a member's page and a season's, drawn on the server as SVG with pygal: no
script is loaded (``js=[]``) and the pages show them as images, each with its numbers in a table
beside it. Every label is in the page's language."""

from __future__ import annotations

import functools
import math
from typing import Any

from ..club import season
from ..tournament.members import MemberPage
from .i18n import gettext

LABEL_FONT = 18  # px: large enough to read when the 640-pixel chart is shrunk to a phone's width


@functools.cache
def _style() -> Any:
    from pygal.style import Style

    return Style(
        background="white",
        plot_background="white",
        foreground="#1b1b1b",
        foreground_strong="#1b1b1b",
        foreground_subtle="#888",
        colors=("#8a1c1c", "#1d6b35", "#3b5b92", "#c90", "#555"),
        font_family="'Noto Sans CJK SC', 'Noto Sans SC', 'PingFang SC', 'Microsoft YaHei', sans-serif",
        title_font_size=24,
        label_font_size=LABEL_FONT,
        major_label_font_size=LABEL_FONT,
        legend_font_size=LABEL_FONT,
        value_font_size=16,
    )


# Points a line chart draws at most: a long history is thinned evenly (its last point kept), and
# an axis names at most MAX_LABELS of its points. A chart stays a few tens of kilobytes whatever
# the club's size; its table beside it has every number.
MAX_POINTS = 120
MAX_LABELS = 12


@functools.cache
def _measured(kind: str) -> Any:
    """pygal's chart ``kind``, laid out by the widths the labels are drawn at. pygal reckons every
    character at 0.6 em, so slanted Chinese evenings reached down into the legend below them, and
    a legend of several columns counts its rows short (5 names in 2 columns: 2 rows): the room
    below the plot is made again from ``text_width`` and the rows the legend really takes."""
    import pygal  # pygal loads when a chart is first drawn, not when a worker starts

    class Measured(getattr(pygal, kind)):  # type: ignore[misc]
        def _compute_margin(self) -> None:
            super()._compute_margin()
            labels = [x[0] if isinstance(x, tuple) else x for x in (self._x_labels or ())]
            if labels and self.show_x_labels and self.x_label_rotation:
                slant = abs(math.sin(math.radians(self.x_label_rotation)))
                drawn = self.spacing + max(text_width(str(x)) for x in labels) * slant + LABEL_FONT
                more = max(0.0, drawn - self._x_labels_height)
                self._x_labels_height += more
                self.margin_box.bottom += more
            columns = self.legend_at_bottom_columns
            if self.show_legend and self.legend_at_bottom and columns and self._order:
                rows, counted = math.ceil(self._order / columns), self._order // columns
                self.margin_box.bottom += (rows - counted) * 1.5 * max(LABEL_FONT, self.legend_box_size)

    return Measured


def _legend(chart: Any, titles: list[str]) -> None:
    """The legend below the plot in as many columns as its longest name lets sit side by side
    (a column is as wide as the plot shared out), and the picture taller by the rows it adds."""
    room = chart.config.width - 90 - (chart.config.margin_right or 0)
    widest = max((text_width(t) for t in titles), default=0) + 16 + 14
    columns = max(1, min(len(titles), int(room // widest)))
    chart.config.legend_at_bottom_columns = columns
    chart.config.height += int((math.ceil(len(titles) / columns) - 1) * 1.5 * LABEL_FONT)


def _chart(kind: str, title: str, **kw: Any) -> Any:
    options: dict[str, Any] = {
        "js": [],
        "disable_xml_declaration": True,
        "style": _style(),
        "title": title,
        "width": 640,
        "height": 440,
        "legend_box_size": 16,
        "legend_at_bottom": True,
        "truncate_label": -1,  # labels are shortened here, by characters (a Chinese name is short)
        "truncate_legend": -1,
        "x_label_rotation": 30,
        "print_values": False,
        "margin_bottom": 24,
        "max_scale": 7,  # the y axis names a few values, each clear of the next at 18 px
    }
    options.update(kw)
    return _measured(kind)(**options)


def _svg(chart: Any) -> str:
    titles = [str(kw.get("title", "")) for _, kw in chart.raw_series]
    if chart.config.show_legend and titles:
        _legend(chart, titles)
    values = [v for points, _ in chart.raw_series for v in points if isinstance(v, (int, float))]
    if values and kind_of(chart) == "Line":
        # the highest and the lowest point a little inside the plot, not on its edge by the title
        low, high = min(values), max(values)
        pad = max(1.0, 0.08 * (high - low))
        chart.config.range = (low - pad, high + pad)
    return str(chart.render(is_unicode=True))


def kind_of(chart: Any) -> str:
    """The pygal chart class a chart of ours is drawn with ("Line", "Bar", …)."""
    return str(type(chart).__mro__[1].__name__)


def _short(label: str, n: int = 10) -> str:
    """A label of at most ``n`` characters (an ellipsis says it was shortened)."""
    return label if len(label) <= n else label[: n - 1] + "…"


def thinned(n: int, most: int = MAX_POINTS) -> list[int]:
    """The indexes of ``n`` points a chart draws (the club core's rule, at this chart's most)."""
    return season.thinned(n, most)


def text_width(text: str, size: float = LABEL_FONT) -> float:
    """About how wide ``text`` is drawn: a Chinese character is a full em, a Latin letter or
    digit a little over half (pygal reckons every character at about half, which leaves a label
    of Chinese words running off the picture)."""
    return sum(size if ord(ch) > 0x2E7F else 0.62 * size for ch in text)


def _x_labels(chart: Any, labels: list[str]) -> None:
    """The x axis's labels, shortened; slanted 30°, the last one reaches right of the plot and
    every one reaches down: the margins make room for them as drawn."""
    shown = [_short(x) for x in labels]
    chart.x_labels = shown
    if len(labels) > MAX_LABELS:
        chart.x_labels_major_count = MAX_LABELS
        chart.show_minor_x_labels = False
    if shown:
        widest = max(text_width(x) for x in shown)
        chart.config.margin_right = max(chart.config.margin_right or 0, int(0.87 * text_width(shown[-1])) + 12)
        chart.config.margin_bottom = max(chart.config.margin_bottom or 0, int(0.5 * widest) - 40)


def score_by_evening(member: MemberPage) -> str:
    evenings = [member.evenings[i] for i in thinned(len(member.evenings))]
    c = _chart("Line", gettext("Score over the evenings"), show_dots=len(evenings) < 40, dots_size=3)
    _x_labels(c, [e.tournament for e in evenings])
    c.add(gettext("Total so far"), [e.cumulative for e in evenings])
    c.add(gettext("That evening"), [e.total for e in evenings])
    return _svg(c)


def rating_over_time(member: MemberPage) -> str:
    """The rating (μ − 3σ) over the member's whole history (its steps spread evenly: the use case
    reads them), with the skill estimate μ and μ + 3σ: the rating is the band's lower edge, one
    convention everywhere."""
    steps = member.rating_series
    c = _chart("Line", gettext("Rating over the evenings"), show_dots=len(steps) < 40, show_x_labels=False)
    c.add(gettext("Rating (μ − 3σ)"), [round(x.rating, 2) for x in steps], stroke_style={"width": 3})
    c.add(gettext("Skill (μ)"), [round(x.mu, 2) for x in steps])
    c.add("μ + 3σ", [round(x.mu + 3 * x.sigma, 2) for x in steps], stroke_style={"dasharray": "4, 4"})
    return _svg(c)


def by_role(member: MemberPage) -> str:
    c = _chart("Bar", gettext("Results by role"))
    parts = (*member.by_role, member.rebellion)  # 造反: of the games as 平民, those it was called in
    c.x_labels = [gettext(r.role) for r in parts]
    c.add(gettext("Games"), [r.games for r in parts])
    c.add(gettext("Wins"), [r.wins for r in parts])
    return _svg(c)


def partners(member: MemberPage) -> str:
    c = _chart("HorizontalBar", gettext("On the same side most"), show_legend=False)
    c.x_labels = [_short(x.name or "?", 12) for x in member.partners]
    c.add(gettext("Games"), [x.games for x in member.partners])
    return _svg(c)


def opponents(member: MemberPage) -> str:
    c = _chart("HorizontalBar", gettext("On the other side most"), show_legend=False)
    c.x_labels = [_short(x.name or "?", 12) for x in member.opponents]
    c.add(gettext("Games"), [x.games for x in member.opponents])
    return _svg(c)


def leaders(evenings: list[tuple[str, dict[int, int]]], names: dict[int, str], top: list[int]) -> str:
    """The season's leaders: each one's total so far, at each evening shown (the use case thinned
    a long season to MAX_POINTS evenings: seasons.season_leaders)."""
    c = _chart("Line", gettext("The leaders, evening by evening"), show_dots=len(evenings) < 40, dots_size=3)
    _x_labels(c, [name for name, _ in evenings])
    for m in top:
        c.add(_short(names.get(m, "?"), 12), [running.get(m, 0) for _, running in evenings])
    return _svg(c)


MEMBER_CHARTS = {
    "score": score_by_evening,
    "rating": rating_over_time,
    "roles": by_role,
    "partners": partners,
    "opponents": opponents,
}
