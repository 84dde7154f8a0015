"""Crown procedures: how each ruleset chooses the emperor and the guard.

Each module takes the calls from the first one, checks them against the deal,
and returns a :class:`~service.core.call_types.Crown` (who is emperor and guard,
which cards moved, where the crown calls end) or the first call at fault. What
follows the crown — reveal, rebels, kick, surrender, another seat's open solo —
is shared by every ruleset and lives in :mod:`service.core.calls`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..call_types import Call, CallFault, Crown, DealView
from ..ruleset import CrownProcedure, Ruleset
from . import called, kk_classic, kk_simple, weihai

Procedure = Callable[[Sequence[Call], Ruleset, DealView], Crown | CallFault]
SnatchCheck = Callable[[int, Ruleset, DealView], str | None]

PROCEDURES: dict[CrownProcedure, Procedure] = {
    CrownProcedure.WEIHAI: weihai.take_crown,
    CrownProcedure.KK_SIMPLE: kk_simple.take_crown,
    CrownProcedure.CALLED: called.take_crown,
    CrownProcedure.KK_CLASSIC: kk_classic.take_crown,
}

# Who may declare an open solo after the crown (抢独), beyond the shared rules.
SNATCH_CHECKS: dict[CrownProcedure, SnatchCheck] = {
    CrownProcedure.KK_CLASSIC: kk_classic.snatch_refusal,
}

# The calls each procedure uses during the crown, as each module defines them.
CROWN_CALLS: dict[CrownProcedure, tuple[str, ...]] = {
    procedure: tuple(kind.value for kind in module.CALLS)
    for procedure, module in (
        (CrownProcedure.WEIHAI, weihai),
        (CrownProcedure.KK_SIMPLE, kk_simple),
        (CrownProcedure.CALLED, called),
        (CrownProcedure.KK_CLASSIC, kk_classic),
    )
}
