"""Who the guard was, where the record does not say (RULES §10): the record judged under every
seat that could have held SJ* or the called card's fourth copy, legal only where some seat makes
it legal and scored only where they all agree; otherwise the answer names the candidates."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .adjudication import Adjudication
from .call_types import Call, CallKind, DealView
from .cards import SEATS, Card, Rank
from .errors import Problem, RecordError, Violation
from .errors import ViolationCode as V
from .judge import finish, illegal
from .play_state import play_state_from_counts
from .ruleset import Ruleset

__all__ = ["agree_on_guard", "guard_card", "guard_unknown", "judge_every_guard", "progress"]


def judge_every_guard(
    rs: Ruleset,
    counts: list[list[int]],
    crown: int,
    calls: tuple[Call, ...],
    plays: list[Any],
    notes: list[str],
) -> Adjudication:
    """SJ* was never shown and nothing in the record names its holder: every seat that held a
    small joker could have held it (RULES §10). The record is judged under each. Each holder's
    judgement is complete (calls, then plays): the play phase does not depend on who the guard
    is, the calls and scores do."""
    candidates = [s for s in range(SEATS) if counts[s][Rank.SMALL_JOKER]]
    if not candidates:
        v = Violation(V.MARKED_CARD_MISSING, "/plays", "no seat held a small joker, so none held SJ*", None)
        return illegal(rs, v, True, tuple(notes))
    judged = {
        s: finish(rs, play_state_from_counts(counts, crown, s), DealView(None, crown, s), calls, plays, True, (), None)
        for s in candidates
    }
    return agree_on_guard(rs, judged, notes, None)


def agree_on_guard(
    rs: Ruleset, judged: Mapping[int, Adjudication], notes: list[str], card: Card | None
) -> Adjudication:
    """The record judged under each seat that could have been the guard (held SJ*, or the
    called ``card``'s fourth copy; the emperor's own seat is a hidden solo): legal only if some
    seat makes it legal, and then scored only if every such seat gives the same scores;
    otherwise the answer says what is missing."""
    what = "SJ*" if card is None else f"the fourth {card}"
    candidates = sorted(judged)
    legal = {s: a for s, a in judged.items() if a.legal}
    if not legal:
        # Illegal under every deal: report the point that no deal gets past, i.e. the latest of
        # the first violations, as the deal that got furthest shows it.
        s, worst = max(judged.items(), key=lambda kv: progress(kv[1].violation))
        who = ", ".join(str(x) for x in candidates)
        notes.append(
            f"{what} was never shown: seats {who} could have held it; under each the record breaks a rule, "
            f"at the latest here (with seat {s} holding it)"
        )
        return dataclasses.replace(worst, deal_reconstructed=True, outcome=None, notes=(*worst.notes, *notes))
    outcomes = {s: a.outcome for s, a in legal.items()}
    first = next(iter(outcomes.values()))
    assert first is not None
    if all(o is not None and o.scores == first.scores and o.facts.mode is first.facts.mode for o in outcomes.values()):
        seats = sorted(legal)
        if len(seats) == 1:
            notes.append(
                f"{what} was never shown: only seat {seats[0]} could have held it and made this record legal"
                + (
                    f" (seats {', '.join(str(x) for x in candidates if x not in legal)} would not)"
                    if len(candidates) > 1
                    else ""
                )
            )
        else:
            notes.append(
                f"{what} was never shown: seats {', '.join(map(str, seats))} could have held it; the verdict and "
                "the scores are the same whichever did"
            )
        chosen = legal[seats[0]]
        return dataclasses.replace(chosen, deal_reconstructed=True, notes=(*chosen.notes, *notes))
    raise guard_unknown(legal, card)


def guard_unknown(seats: Iterable[int], card: Card | None = None) -> RecordError:
    """422: who the guard was is not in the record, and the answer depends on it."""
    candidates = sorted(seats)
    if card is None:
        why = "SJ* was never played and nobody revealed"
    else:
        why = f"the plays do not show who held the fourth {card} and nobody revealed"
    return RecordError(
        [
            Problem(
                "/guard",
                "guard_unknown",
                f"without a deal the guard must be known: {why}, and seats "
                f"{', '.join(map(str, candidates))} could each have held it, with different scores; name the "
                'guard with "guard": seat (the emperor\'s own seat for a hidden solo)',
                {"missing": "guard", "candidates": candidates},
            )
        ]
    )


def guard_card(rs: Ruleset, calls: Sequence[Call]) -> Card | None:
    """The card whose fourth copy names the guard (None: the guard holds SJ*)."""
    if not rs.suits_required:
        return None
    return next((c.card for c in calls if c.kind is CallKind.ACCEPT), None)


def progress(v: Violation | None) -> tuple[int, int]:
    """How far into a record a violation lies: calls before plays, the log's end last."""
    if v is None:
        return (3, 0)
    if v.pointer.startswith("/calls"):
        return (0, int(v.pointer.rsplit("/", 1)[1]) if v.pointer.count("/") == 2 else -1)
    if v.pointer.startswith("/plays/"):
        return (1, int(v.pointer.rsplit("/", 1)[1]))
    return (2, 0)  # /plays: the log stops early
