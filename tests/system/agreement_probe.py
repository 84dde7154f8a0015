"""Adjudicate every game the generators make and print one digest of all the verdicts.

Run once on the compiled core and once with ``BAOHUANG_PURE=1``; the two lists must be equal
(tests/system/test_compiled.py). The games: for every ruleset the reference tests use, legal
records with and without the deal, each with one person's mistake made in it, and the notation
form of the legal ones read back. It prints a short digest of each verdict.

    python -m tests.system.agreement_probe SEEDS
"""

from __future__ import annotations

import hashlib
import json
import random
import sys

from service.core import adjudicate, random_record
from service.core.notation import format_record, parse
from service.core.record_form import read_ruleset
from tests.core.test_reference import RULESETS, mutate


def verdicts(seeds: int) -> list[str]:
    """A short digest of each verdict, in the order the games were made."""
    out = []
    for spec in RULESETS:
        rs = read_ruleset(spec)
        for seed in range(seeds):
            record = random_record(seed, rs)
            games = [record, random_record(seed, rs, with_deal=False), mutate(record, random.Random(seed))]
            games.append(parse(format_record(record)).record)
            for game in games:
                verdict = adjudicate(game).to_json()
                text = json.dumps(verdict, sort_keys=True, ensure_ascii=False)
                out.append(f"{spec} {seed}: " + hashlib.sha256(text.encode()).hexdigest()[:16])
    return out


if __name__ == "__main__":
    import service.core

    print(json.dumps({"compiled": service.core.COMPILED, "verdicts": verdicts(int(sys.argv[1]))}))
