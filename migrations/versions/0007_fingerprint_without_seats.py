"""game fingerprints leave out each play's seat

The same game entered once with every play's seat written and once with some left out (or
null) got two fingerprints, so it was stored twice. In a legal game the seat is always the one
whose turn it is: the fingerprint (service.core.identity) now leaves it out. This recomputes
every held hash, as 0003 did; two stored games that now turn out to be one: the earlier keeps
the fingerprint, the later holds none (it stays stored and counted).

Revision ID: 0007
Revises: 0006
"""

import importlib.util
import json
from pathlib import Path
from typing import Any

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

# 0003's way of recomputing every held hash, loaded from its file beside this one.
_spec = importlib.util.spec_from_file_location(
    "baohuang_migration_0003", Path(__file__).with_name("0003_record_hash_is_the_game_fingerprint.py")
)
assert _spec is not None and _spec.loader is not None
_0003 = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_0003)


def _fingerprint(seats_as_written: bool) -> Any:
    def fingerprint(record: dict[str, Any], name: str, options: Any) -> str:
        from service.core.identity import record_fingerprint
        from service.core.ruleset import Ruleset

        if isinstance(options, str):
            options = json.loads(options)
        rs = Ruleset.from_options(name, options, check=False)
        return record_fingerprint(record, rs, seats_as_written=seats_as_written)

    return fingerprint


def upgrade() -> None:
    _0003._rehash(_fingerprint(seats_as_written=False))


def downgrade() -> None:
    _0003._rehash(_fingerprint(seats_as_written=True))
