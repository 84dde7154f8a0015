from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.adjudication_verdict import AdjudicationVerdict

if TYPE_CHECKING:
    from ..models.claim_check import ClaimCheck
    from ..models.outcome import Outcome
    from ..models.ruleset_ref import RulesetRef
    from ..models.violation import Violation


T = TypeVar("T", bound="Adjudication")


@_attrs_define
class Adjudication:
    """
    Attributes:
        verdict (AdjudicationVerdict):
        ruleset (RulesetRef):
        deal_reconstructed (bool):
        notes (list[str]):
        violation (None | Violation):
        outcome (None | Outcome):
        claim (ClaimCheck | None): the record's claimed result set against the rules' (null: it claimed nothing)
    """

    verdict: AdjudicationVerdict
    ruleset: RulesetRef
    deal_reconstructed: bool
    notes: list[str]
    violation: None | Violation
    outcome: None | Outcome
    claim: ClaimCheck | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.claim_check import ClaimCheck
        from ..models.outcome import Outcome
        from ..models.violation import Violation

        verdict = self.verdict.value

        ruleset = self.ruleset.to_dict()

        deal_reconstructed = self.deal_reconstructed

        notes = self.notes

        violation: dict[str, Any] | None
        if isinstance(self.violation, Violation):
            violation = self.violation.to_dict()
        else:
            violation = self.violation

        outcome: dict[str, Any] | None
        if isinstance(self.outcome, Outcome):
            outcome = self.outcome.to_dict()
        else:
            outcome = self.outcome

        claim: dict[str, Any] | None
        if isinstance(self.claim, ClaimCheck):
            claim = self.claim.to_dict()
        else:
            claim = self.claim

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "verdict": verdict,
                "ruleset": ruleset,
                "deal_reconstructed": deal_reconstructed,
                "notes": notes,
                "violation": violation,
                "outcome": outcome,
                "claim": claim,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.claim_check import ClaimCheck
        from ..models.outcome import Outcome
        from ..models.ruleset_ref import RulesetRef
        from ..models.violation import Violation

        d = dict(src_dict)
        verdict = AdjudicationVerdict(d.pop("verdict"))

        ruleset = RulesetRef.from_dict(d.pop("ruleset"))

        deal_reconstructed = d.pop("deal_reconstructed")

        notes = cast(list[str], d.pop("notes"))

        def _parse_violation(data: object) -> None | Violation:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                violation_type_0 = Violation.from_dict(data)

                return violation_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Violation, data)

        violation = _parse_violation(d.pop("violation"))

        def _parse_outcome(data: object) -> None | Outcome:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                outcome_type_0 = Outcome.from_dict(data)

                return outcome_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Outcome, data)

        outcome = _parse_outcome(d.pop("outcome"))

        def _parse_claim(data: object) -> ClaimCheck | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                claim_type_0 = ClaimCheck.from_dict(data)

                return claim_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ClaimCheck | None, data)

        claim = _parse_claim(d.pop("claim"))

        adjudication = cls(
            verdict=verdict,
            ruleset=ruleset,
            deal_reconstructed=deal_reconstructed,
            notes=notes,
            violation=violation,
            outcome=outcome,
            claim=claim,
        )

        return adjudication
