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
import re
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from service.core import adjudicate, random_record
from service.core.errors import RecordError
from service.core.record_form import read_ruleset

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


# Rulesets whose guard holds a called suited card, run again with the suits taken out of the plays
# too: a table writes ranks, so the called card's copies are where the plays cannot show them.
SUITLESS = ["standard", "kk-classic"]


def without_suits(record: dict) -> dict:
    def strip(cards: str) -> str:
        return " ".join(re.sub(r"^(10|[2-9JQKA])[SHDC]$", r"\1", t) for t in cards.split())

    return {**record, "plays": [{**p, "cards": strip(p["cards"])} if "cards" in p else p for p in record["plays"]]}


def judge(record: dict, suits_in_plays: bool = True) -> str:
    """'right', 'wrong: …', or 'asked: <what>'."""
    full = adjudicate(record)
    stripped = {k: v for k, v in record.items() if k not in ("deal", "guard")}
    if not suits_in_plays:
        stripped = without_suits(stripped)
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
    rows = [(spec, True) for spec in RULESETS] + [(spec, False) for spec in SUITLESS]
    for spec, suits in rows:
        rs = read_ruleset(spec)
        label = spec if isinstance(spec, str) else f"{spec['name']} {spec['options']}"
        if not suits:
            label += ", no suits in plays"
        seen: Counter[str] = Counter()
        for seed in range(args.games):
            verdict = judge(random_record(seed, rs), suits)
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
