"""What a batch run costs, end to end, beside only decoding the same records: ``baohuang adjudicate
--ndjson -`` over N Weihai games minus over 1 game (the command's start left out), against a plain
``json.loads`` loop over the same lines that keeps nothing (decode-and-drop), each in a process of
its own, the best of a few rounds. Then, in one process, the referee's work on each line and
``orjson.loads`` of the same lines in turn, round by round (the fair ratio: the referee decodes
with orjson too), min/median/max of the ratio, CPU and wall apart, for the compiled and the pure
core; the strict decode alone the same way. Then the game notation's parse beside
``orjson.loads`` of the same game as JSON, and records without their deal: each ruleset's p50,
p99 and slowest game.

    .venv/bin/python benchmarks/bench_e2e.py [--games 2000] [--rounds 3] [--tree PATH]

``--tree`` runs the referee of another checkout (the previous main, say) in the same run, so the
two are read side by side. Prints figures; asserts nothing. Targets (docs/benchmarks.md): the
referee at most 3.0× ``orjson.loads`` of the same lines compiled and 5.0× pure (interleaved
medians); the notation at most 2× ``orjson.loads`` of the same game; without the deal p99 at most
3 ms a game in every ruleset.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from service.core import COMPILED, random_record  # noqa: E402
from service.core.notation import format_record  # noqa: E402
from service.core.record_form import read_ruleset  # noqa: E402
from service.core.ruleset import PRESETS  # noqa: E402

DECODE = "import json, sys\nfor line in sys.stdin:\n    json.loads(line)\n"


def timed_process(cmd: list[str], data: Path, env: dict[str, str]) -> float:
    with data.open("rb") as f:
        t = time.perf_counter()
        subprocess.run(cmd, stdin=f, stdout=subprocess.DEVNULL, check=False, env=env, cwd=env.get("PYTHONPATH"))
        return time.perf_counter() - t


def per_game(cmd: list[str], many: Path, one: Path, n: int, rounds: int, env: dict[str, str]) -> float:
    """Seconds a game: (the command over n games - over 1) / (n - 1), the best of ``rounds``."""
    best = None
    for _ in range(rounds):
        cost = (timed_process(cmd, many, env) - timed_process(cmd, one, env)) / (n - 1)
        best = cost if best is None else min(best, cost)
    assert best is not None
    return best


def referee_cmd(tree: Path) -> list[str]:
    return [
        sys.executable,
        "-c",
        "import sys; from service.cli import main; sys.exit(main())",
        "adjudicate",
        "--ndjson",
        "-",
    ]


def end_to_end(games: int, rounds: int, trees: list[Path]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        many, one = Path(tmp) / "many.ndjson", Path(tmp) / "one.ndjson"
        lines = [json.dumps(random_record(seed)) for seed in range(games)]
        many.write_text("\n".join(lines) + "\n")
        one.write_text(lines[0] + "\n")
        base_env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        decode = per_game([sys.executable, "-c", DECODE], many, one, games, rounds, base_env)
        print(f"decode-and-drop json.loads: {decode * 1e6:7.1f} µs a game")
        for tree in trees:
            env = dict(base_env, PYTHONPATH=str(tree))
            for label, extra in _forms(tree):
                cost = per_game(referee_cmd(tree), many, one, games, rounds, {**env, **extra})
                print(f"referee {tree.name}{label}: {cost * 1e6:7.1f} µs a game, {cost / decode:.2f}× decode-and-drop")


# Run in a process of its own with PYTHONPATH set to the tree measured: times the tree's notation
# parse and its judging of records without their deal, on inputs this checkout wrote to files.
WORKER = r"""
import contextlib, json, statistics, sys, time
from service.core import COMPILED, adjudicate
from service.core.notation import parse
part, path, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
data = json.load(open(path))
import gc; gc.freeze()  # the inputs live all run: out of the collector's sight, as the service's startup is
out = {"compiled": COMPILED}
if part == "interleaved":
    # The referee's work for each line (decode strictly, judge, make the answer) and orjson.loads of
    # the same lines, in turn within this one process: a ratio a round, CPU and wall apart.
    import orjson
    from service.referee import answer_text as _adjudicate_text
    lines = data["lines"]
    for line in lines[:50]:
        _adjudicate_text(line); orjson.loads(line)
    def lap(fn):
        c, w = time.process_time(), time.perf_counter()
        for line in lines:
            fn(line)
        return time.process_time() - c, time.perf_counter() - w
    laps = []
    for _ in range(rounds):
        laps.append((lap(_adjudicate_text), lap(orjson.loads)))
    out["laps"] = laps
    out["games"] = len(lines)
elif part == "decode":
    # The strict decode (core/jsonio.loads), the same without the compiled pass over the bytes
    # (orjson's writer and the colon counts, as the pure core checks), and orjson.loads, in turn.
    import orjson
    from service.core import jsonio
    lines = [line.encode() for line in data["lines"]]
    scan = getattr(jsonio, "_scan", None)  # None in a tree from before the pass
    def counted(line):
        jsonio._scan = None
        try:
            return jsonio.loads(line)
        finally:
            jsonio._scan = scan
    def lap(fn):
        c = time.process_time()
        for line in lines:
            fn(line)
        return time.process_time() - c
    out["laps"] = [(lap(jsonio.loads), lap(counted), lap(orjson.loads)) for _ in range(rounds)]
    out["games"] = len(lines)
    out["pass"] = scan is not None
elif part == "notation":
    # The notation's parse and orjson.loads of the same game as JSON bytes, in turn, CPU time.
    import orjson
    texts, jsons = data["texts"], [j.encode() for j in data["jsons"]]
    for t in texts[:20]:
        parse(t)
    def lap(fn, items):
        c = time.process_time()
        for item in items:
            fn(item)
        return time.process_time() - c
    out["laps"] = [(lap(parse, texts), lap(orjson.loads, jsons)) for _ in range(rounds * 3)]
    out["games"] = len(texts)
else:
    for name, records in sorted(data.items()):
        if name.endswith(":warm-up"):
            continue
        with contextlib.suppress(Exception):  # the process's first game of a ruleset pays for its imports
            adjudicate(data[name + ":warm-up"])
        times = []
        for rec in records:
            t = time.perf_counter()
            with contextlib.suppress(Exception):  # a record that asks for the guard is an answer too
                adjudicate(rec)
            times.append(time.perf_counter() - t)
        times.sort()
        out[name] = [statistics.median(times), times[min(len(times) - 1, int(len(times) * 0.99))], times[-1]]
print(json.dumps(out))
"""


def _forms(tree: Path) -> list[tuple[str, dict[str, str]]]:
    """The forms of the core to run for ``tree``: as installed, and pure where that is compiled."""
    compiled = any(tree.joinpath("service", "core").glob("engine.*.so"))
    return [("", {}), (" (pure core)", {"BAOHUANG_PURE": "1"})] if compiled else [(" (pure: not compiled)", {})]


def _run_worker(tree: Path, part: str, path: Path, rounds: int, extra: dict[str, str]) -> dict[str, object]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(extra, PYTHONPATH=str(tree))
    done = subprocess.run(
        [sys.executable, "-c", WORKER, part, str(path), str(rounds)],
        env=env,
        cwd=str(tree),
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, object] = json.loads(done.stdout)
    return result


def interleaved(games: int, rounds: int, trees: list[Path], tmp: Path) -> None:
    """The referee against ``orjson.loads`` of the same lines (the fastest decoder of the same
    bytes), in turn in one process, ``rounds`` times: each round's ratio, min/median/max, of the
    CPU time and of the wall time."""
    path = tmp / "lines.json"
    path.write_text(json.dumps({"lines": [json.dumps(random_record(seed)) for seed in range(games)]}))
    for tree in trees:
        for label, extra in _forms(tree):
            r = _run_worker(tree, "interleaved", path, rounds, extra)
            laps, n = r["laps"], int(r["games"])  # type: ignore[call-overload]
            for k, what in ((0, "CPU"), (1, "wall")):
                ratios = sorted(ref[k] / base[k] for ref, base in laps)  # type: ignore[index]
                ref_us = statistics.median(ref[k] for ref, _ in laps) / n * 1e6  # type: ignore[index]
                base_us = statistics.median(base[k] for _, base in laps) / n * 1e6  # type: ignore[index]
                print(
                    f"referee {tree.name}{label} vs orjson.loads, {what}: {ref_us:6.1f} vs {base_us:5.1f} µs a game; "
                    f"ratio min {ratios[0]:.2f} median {statistics.median(ratios):.2f} max {ratios[-1]:.2f} "
                    f"({len(laps)} rounds, interleaved)"
                )


def decode(rounds: int, trees: list[Path], tmp: Path) -> None:
    """The strict decode against ``orjson.loads`` of the same bytes, with the compiled pass over
    the bytes and without it, in turn in one process: CPU, each round's ratio."""
    path = tmp / "lines.json"
    for tree in trees:
        r = _run_worker(tree, "decode", path, rounds, {})
        laps, n = r["laps"], int(r["games"])  # type: ignore[call-overload]
        if not r["pass"]:
            print(f"strict decode {tree.name}: no compiled pass over the bytes in this tree")
        for k, what in ((0, "strict decode"), (1, "strict decode without the pass")):
            ratios = sorted(lap[k] / lap[2] for lap in laps)  # type: ignore[index]
            us = statistics.median(lap[k] for lap in laps) / n * 1e6  # type: ignore[index]
            base = statistics.median(lap[2] for lap in laps) / n * 1e6  # type: ignore[index]
            print(
                f"{what} {tree.name} vs orjson.loads, CPU: {us:6.1f} vs {base:5.1f} µs a game; ratio min "
                f"{ratios[0]:.2f} median {statistics.median(ratios):.2f} max {ratios[-1]:.2f} ({len(laps)} rounds, interleaved)"
            )


def notation(rounds: int, trees: list[Path], tmp: Path) -> None:
    records = [random_record(seed) for seed in range(200)]
    path = tmp / "notation.json"
    path.write_text(
        json.dumps({"texts": [format_record(r) for r in records], "jsons": [json.dumps(r) for r in records]})
    )
    for tree in trees:
        for label, extra in _forms(tree):
            r = _run_worker(tree, "notation", path, rounds, extra)
            laps, games = r["laps"], int(r["games"])  # type: ignore[arg-type]
            ratios = sorted(p / j for p, j in laps)  # type: ignore[union-attr]
            p = statistics.median(x for x, _ in laps) / games  # type: ignore[union-attr]
            j = statistics.median(y for _, y in laps) / games  # type: ignore[union-attr]
            print(
                f"notation parse {tree.name}{label} vs orjson.loads of the same game, CPU: {p * 1e6:6.1f} vs "
                f"{j * 1e6:5.1f} µs a game; ratio min {ratios[0]:.2f} median {statistics.median(ratios):.2f} "
                f"max {ratios[-1]:.2f} ({len(ratios)} rounds, interleaved)"
            )


def without_deal(games: int, trees: list[Path], tmp: Path) -> None:
    path = tmp / "nodeal.json"
    data = {
        name: [random_record(seed, read_ruleset(name), with_deal=False) for seed in range(games)]
        for name in sorted(PRESETS)
    }
    for name in sorted(PRESETS):  # one game more a ruleset, not timed (another seed)
        data[name + ":warm-up"] = random_record(10**6, read_ruleset(name), with_deal=False)  # type: ignore[assignment]
    path.write_text(json.dumps(data))
    results = [
        (f"{tree.name}{label}", _run_worker(tree, "nodeal", path, 1, extra))
        for tree in trees
        for label, extra in _forms(tree)
    ]
    print(f"records without their deal ({games} a ruleset): p50 / p99 / max ms")
    print(f"{'ruleset':<12} " + " ".join(f"{label:>30}" for label, _ in results))
    for name in sorted(PRESETS):
        cells = []
        for _, r in results:
            p50, p99, worst = r[name]  # type: ignore[misc]
            cells.append(f"{p50 * 1e3:8.2f} {p99 * 1e3:8.2f} {worst * 1e3:8.2f}     ")
        print(f"{name:<12} " + " ".join(f"{c:>30}" for c in cells))


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--tree", type=Path, action="append", default=[], help="another checkout to run beside this one")
    ap.add_argument("--no-deal-games", type=int, default=300)
    args = ap.parse_args()
    trees = [ROOT, *(t.resolve() for t in args.tree)]
    print(f"core in this process: {'compiled (mypyc)' if COMPILED else 'pure Python'}; {sys.version.split()[0]}")
    end_to_end(args.games, args.rounds, trees)
    with tempfile.TemporaryDirectory() as tmp:
        interleaved(args.games, max(args.rounds, 7), trees, Path(tmp))
        decode(max(args.rounds, 9), trees, Path(tmp))
        notation(args.rounds, trees, Path(tmp))
        without_deal(args.no_deal_games, trees, Path(tmp))
    return 0


if __name__ == "__main__":
    sys.exit(main())
