"""POST /v1/scores: score a result sheet (no play log)."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from ..core.scoring import score
from ..core.sheets import read_sheet
from .common import Blueprint
from .schemas import ScoreAnswerSchema, ScoreSheetSchema

blp = Blueprint(
    "scores",
    __name__,
    url_prefix="/v1/scores",
    description="Score a game from its result sheet, for tables that did not record the plays.",
)


@blp.route("")
class Scores(MethodView):
    @blp.arguments(ScoreSheetSchema)
    @blp.response(200, ScoreAnswerSchema)
    def post(self, sheet: dict[str, Any]) -> dict[str, Any]:
        """Score a result sheet

        The sheet is an outcome without scores. Sheets that describe a game that could not
        have happened (a kick with no open declaration, a guard who is the emperor in a
        normal game, a finishing order that is not a permutation of the seats…) are 422.
        """
        rs, facts = read_sheet(sheet)
        answer = score(facts, rs).to_json()
        answer["ruleset"] = {"name": rs.name, "options": rs.options()}
        return answer
