"""Records without their deal: does the referee ever give a verdict or a score that the full record
would not? For random legal games of every ruleset (and some options), the deal and the guard are
taken out and the record adjudicated again. Each answer is one of:

- answered: legal, with the full record's scores (right), or anything else (wrong);
- asked: a 422 that names what is missing (guard_unknown, deal_required), never wrong.

    .venv/bin/python checks/without_deal.py [--games 300]

Prints a line per ruleset and the totals; exits 1 if any answer is wrong (RULES §10: there must be
none). CI runs the same property on fewer games (tests/test_without_deal.py).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from service.core import adjudicate, random_record
from service.core.errors import RecordError
from service.core.reading import read_ruleset

RULESETS = [
    "weihai",
    {"name": "weihai", "options": {"pass": "hard"}},
    {"name": "weihai", "options": {"rebellion_threshold": 3}},
    "standard",
    "kk-simple",
    "kk-classic",
    "shandong",
    {"name": "shandong", "options": {"pass": "hard", "rebellion_threshold": 3}},
]


def judge(record: dict) -> str:
    """'right', 'wrong: …', or 'asked: <what>'."""
    full = adjudicate(record)
    stripped = {k: v for k, v in record.items() if k not in ("deal", "guard")}
    try:
        answer = adjudicate(stripped)
    except RecordError as exc:
        codes = sorted({p.code for p in exc.problems})
        if set(codes) <= {"guard_unknown", "deal_required"}:
            return "asked: " + "+".join(c.removesuffix("_unknown").removesuffix("_required") for c in codes)
        return f"wrong: refused with {codes}"
    if not answer.legal:
        return f"wrong: {answer.verdict.value} {answer.violation.code.value if answer.violation else ''}"
    if answer.outcome.scores != full.outcome.scores:
        return "wrong: other scores"
    return "right"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=300, help="random games per ruleset")
    args = ap.parse_args()
    total: Counter[str] = Counter()
    wrong_examples: list[str] = []
    for spec in RULESETS:
        rs = read_ruleset(spec)
        label = spec if isinstance(spec, str) else f"{spec['name']} {spec['options']}"
        seen: Counter[str] = Counter()
        for seed in range(args.games):
            verdict = judge(random_record(seed, rs))
            seen[verdict.split(":")[0] if verdict.startswith("wrong") else verdict] += 1
            if verdict.startswith("wrong") and len(wrong_examples) < 10:
                wrong_examples.append(f"{label} seed {seed}: {verdict}")
        total.update(seen)
        asked = ", ".join(f"{k.removeprefix('asked: ')} {v}" for k, v in sorted(seen.items()) if k.startswith("asked"))
        print(f"{label:55s} answered right {seen['right']:4d}, asked for {asked or 'nothing'}, wrong {seen['wrong']}")
    asked_total = sum(v for k, v in total.items() if k.startswith("asked"))
    print(
        f"total: {sum(total.values())} games; answered right {total['right']}, asked {asked_total}, wrong {total['wrong']}"
    )
    for line in wrong_examples:
        print("  " + line)
    return 1 if total["wrong"] else 0


if __name__ == "__main__":
    sys.exit(main())
