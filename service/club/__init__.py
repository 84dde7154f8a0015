"""The club's core: the words of a club's results and each club rule, once, as pure Python.

Beside the rules core (``service.core``, which judges one game), this holds what a club makes
of its games: the vocabulary (a seat's role, a table entry's state, a season's counting rule, as
enums), a seat's contribution to a standing, the standings order and its shared ranks, a
member's figures by role, and how a season counts its evenings. No web framework and no
database (an import contract holds it): persistence reads the rows, the use cases call these
rules, the views present the values. Modelled on lichess's Swiss sheet (a sealed outcome and a
pure ``pointsFor``, the database apart) and the mahjong package's one rule, one place.

>>> from service.club import Role, contribution
>>> contribution(Role.EMPEROR, 4).emperor_wins
1
"""

from .season import Counting, Evening, SeasonRow, counted_evenings, season_row
from .standing import (
    RANKED_BY,
    STANDINGS_ORDER,
    STAT_COLUMNS,
    Contribution,
    Rankable,
    RoleFigures,
    StandingRow,
    contribution,
    evening_total,
    ranked,
    role_figures,
    role_figures_of,
)
from .vocabulary import CROWN, OPEN_STATES, DealState, EntryState, Part, Role, Side, WebhookEvent, may_confirm

__all__ = [
    "CROWN",
    "OPEN_STATES",
    "RANKED_BY",
    "STANDINGS_ORDER",
    "STAT_COLUMNS",
    "Contribution",
    "Counting",
    "DealState",
    "EntryState",
    "Evening",
    "Part",
    "Rankable",
    "Role",
    "RoleFigures",
    "SeasonRow",
    "Side",
    "StandingRow",
    "WebhookEvent",
    "contribution",
    "counted_evenings",
    "evening_total",
    "may_confirm",
    "ranked",
    "role_figures",
    "role_figures_of",
    "season_row",
]
