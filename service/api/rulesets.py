"""GET /v1/rulesets: the rulesets and their options."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from ..core.ruleset import PRESET_DESCRIPTIONS, PRESETS, Ruleset, option_infos
from .common import Blueprint, fail, refusals
from .schemas import RulesetListSchema, RulesetSchema

blp = Blueprint("rulesets", __name__, url_prefix="/v1/rulesets", description="Rulesets, their options and defaults.")


def ruleset_json(rs: Ruleset) -> dict[str, Any]:
    return {
        "name": rs.name,
        "description": PRESET_DESCRIPTIONS.get(rs.name, ""),
        "deck_size": rs.deck_spec.size,
        "hand_sizes": list(rs.hand_sizes),
        "set_aside": None if rs.set_aside is None else rs.set_aside.symbol,
        "suits_required": rs.suits_required,
        "crown": rs.crown.value,
        "options": [
            {"key": o.key, "default": o.default, "choices": list(o.choices), "description": o.description}
            for o in option_infos(rs)
        ],
    }


@blp.route("")
class Rulesets(MethodView):
    @blp.response(200, RulesetListSchema)
    def get(self) -> dict[str, Any]:
        """List the rulesets"""
        return {"rulesets": [ruleset_json(rs) for rs in PRESETS.values()]}


@blp.route("/<string:name>")
class RulesetByName(MethodView):
    @blp.response(200, RulesetSchema)
    @refusals(blp, 404)
    def get(self, name: str) -> dict[str, Any]:
        """One ruleset: its options with their defaults and meaning"""
        rs = PRESETS.get(name)
        if rs is None:
            fail(404, message=f"no ruleset {name!r}; known: {', '.join(PRESETS)}")
        return ruleset_json(rs)
