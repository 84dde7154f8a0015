"""A second referee, written from RULES.md (and the decisions in docs/rules.md) and nothing else:
slow, plain and readable — lists of card strings, no packed counters, no caches. It covers every
ruleset and option with the deal given: the crowns that go with the marked big joker (weihai,
shandong, kk-simple) and those that call a suited card (standard, kk-classic).
tests/test_reference.py checks that the engine and this agree on the verdict, the pointer and
the scores for random games and single-move mistakes.

It shares no code with service/core beyond reading card tokens into (rank, marked) pairs.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

ORDER = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "SJ", "BJ"]
VALUE = {r: i for i, r in enumerate(ORDER)}
PLACE_POINTS = [4, 2, 0, -2, -4]


def tokens(cards: Any) -> list[str]:
    return cards.split() if isinstance(cards, str) else list(cards)


def card(token: str) -> tuple[str, bool]:
    """A token as (rank, marked): '10S' -> ('10', False), 'BJ*' -> ('BJ', True), '小王' -> ('SJ', False)."""
    t = token.strip().upper()
    names = {"小王": "SJ", "小花": "SJ", "小鬼": "SJ", "大王": "BJ", "大花": "BJ", "大鬼": "BJ"}
    if token.strip() in names:
        return names[token.strip()], False
    marked = t.endswith("*")
    t = t.rstrip("*")
    if t in ("SJ", "BJ"):
        return t, marked
    if t and t[-1] in "SHDC♠♥♦♣" and t[:-1] in VALUE:
        t = t[:-1]
    if t == "T":
        t = "10"
    return t, marked


SUITS = {"S": "S", "H": "H", "D": "D", "C": "C", "♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def suit(token: str) -> str | None:
    """The suit a token writes: '10S' -> 'S', '9' -> None, 'BJ' -> None."""
    t = token.strip().upper().rstrip("*")
    if len(t) > 1 and t[-1] in SUITS and t[:-1] in VALUE:
        return SUITS[t[-1]]
    return None


@dataclass
class Rules:
    deck: str = "165"
    last_rank: str = "sixes"
    twos_with_jokers: bool = True
    hard_pass: bool = False
    transfer_to: str = "next_but_one"
    rebellion_threshold: int = 2
    stacked: bool = False
    surrender: bool = False
    royal_sweep: bool = False
    open_solo_per_place: bool = False
    crown: str = "weihai"  # weihai (and shandong), kk-simple, standard, kk-classic (RULES §9)

    @property
    def kk_simple(self) -> bool:  # the crown is passed to the previous seat, not transferred
        return self.crown == "kk-simple"

    @property
    def called(self) -> bool:  # the guard holds a called suited card; no marked jokers in standard
        return self.crown in ("standard", "kk-classic")

    @property
    def marked(self) -> bool:
        return self.crown != "standard"

    @classmethod
    def of(cls, name: str, options: dict[str, Any]) -> Rules:
        return cls(
            crown=name if name in ("kk-simple", "standard", "kk-classic") else "weihai",
            deck=options["deck"],
            last_rank=options["last_rank"],
            twos_with_jokers=options["twos_with_jokers"],
            hard_pass=options["pass"] == "hard",
            transfer_to=options["transfer_to"],
            rebellion_threshold=options["rebellion_threshold"],
            stacked=options["reveal_and_rebellion"] == "stacked",
            surrender=options["surrender"],
            royal_sweep=options["royal_sweep_double"],
            open_solo_per_place=options["open_solo_table"] == "per_place",
        )

    def deck_counts(self) -> dict[str, int]:
        if self.deck == "165":
            return {**{r: 16 for r in ORDER[4:13]}, "6": 13, "SJ": 4, "BJ": 4}
        if self.deck == "168":
            return {**{r: 16 for r in ORDER[3:13]}, "SJ": 4, "BJ": 4}
        # the full deck; standard sets one big joker aside, offered with the crown
        return {**{r: 16 for r in ORDER[:13]}, "SJ": 4, "BJ": 3 if self.crown == "standard" else 4}

    def hand_sizes(self) -> list[int]:
        total = sum(self.deck_counts().values())
        return sorted([total // 5 + (1 if i < total % 5 else 0) for i in range(5)], reverse=True)

    def last(self) -> str | None:
        return {"sixes": "6", "sixes_final_play": "6", "threes": "3"}.get(self.last_rank)


@dataclass
class Verdict:
    verdict: str  # legal, illegal, incomplete
    pointer: str | None = None
    scores: list[int] | None = None
    why: str = ""
    facts: dict[str, Any] = field(default_factory=dict)


def illegal(pointer: str, why: str) -> Verdict:
    return Verdict("illegal", pointer, None, why)


# --- sets ------------------------------------------------------------------------------------


def is_set(ranks: list[str], twos_with_jokers: bool) -> bool:
    plain = {r for r in ranks if r not in ("SJ", "BJ")}
    if len(plain) > 1:
        return False
    if plain == {"2"} and len(plain) < len(set(ranks)) and not twos_with_jokers:
        return False
    return len(ranks) > 0


def beats(new: list[str], old: list[str]) -> bool:
    if len(new) != len(old):
        return False
    a = sorted(new, key=VALUE.get, reverse=True)
    b = sorted(old, key=VALUE.get, reverse=True)
    return all(VALUE[x] > VALUE[y] for x, y in zip(a, b, strict=True))


# --- the referee -------------------------------------------------------------------------------


def referee(record: dict[str, Any], name: str, options: dict[str, Any]) -> Verdict:
    rules = Rules.of(name, options)
    # hands: each a list of [rank, marked] cards; the suits dealt are kept beside them
    hands = [[list(card(t)) for t in tokens(h)] for h in record["deal"]]
    dealt_suits = [[suit(t) for t in tokens(h)] for h in record["deal"]]
    verdict = _check_deal(hands, dealt_suits, rules)
    if verdict is not None:
        return verdict
    suits = Suits(hands, dealt_suits)
    roles = _calls(record.get("calls") or [], hands, suits, rules, record.get("first_candidate"))
    if isinstance(roles, Verdict):
        return roles
    plays = record.get("plays") or []
    if roles["mode"] in ("surrender", "void"):
        if plays:
            return illegal("/plays/0", "the game ended before play")
        return Verdict("legal", None, [0] * 5 if roles["mode"] == "void" else _score(roles, [], rules))
    order = _play(plays, hands, suits, roles, rules)
    if isinstance(order, Verdict):
        return order
    return Verdict("legal", None, _score(roles, order, rules))


def _check_deal(hands: list[list[list[Any]]], dealt_suits: list[list[str | None]], rules: Rules) -> Verdict | None:
    sizes = sorted((len(h) for h in hands), reverse=True)
    if sizes != rules.hand_sizes():
        allowed = rules.hand_sizes()
        for i, h in enumerate(hands):
            if len(h) in allowed:
                allowed.remove(len(h))
            else:
                return illegal(f"/deal/{i}", "wrong size")
    deck = rules.deck_counts()
    seen: Counter[str] = Counter()
    seen_suited: Counter[tuple[str, str]] = Counter()
    for i, h in enumerate(hands):
        for (rank, marked), s in zip(h, dealt_suits[i], strict=True):
            seen[rank] += 1
            if seen[rank] > deck.get(rank, 0):
                return illegal(f"/deal/{i}", "not the deck")
            if s is not None:
                seen_suited[rank, s] += 1
                if seen_suited[rank, s] > 4:
                    return illegal(f"/deal/{i}", "more than four of a suited card")
            if marked and not rules.marked:
                return illegal(f"/deal/{i}", "no marked jokers in this ruleset")
    if not rules.marked:
        return None
    for rank in ("BJ", "SJ"):
        holders = [i for i, h in enumerate(hands) for r, m in h if r == rank and m]
        if not holders:
            return illegal("/deal", f"no {rank}*")
        if len(holders) > 1:
            return illegal(f"/deal/{holders[1]}", f"{rank}* twice")
    return None


class Suits:
    """Suits in play. A suited card a seat plays must be one of its copies of that card: those
    it was dealt, or a card dealt without its suit, or a card of that rank it received during the
    crown (whose suit nobody writes). Only where the deal shows suits; the deck holds four of
    each suited card in any case."""

    def __init__(self, hands: list[list[list[Any]]], dealt_suits: list[list[str | None]]) -> None:
        self.shown = any(s is not None for h in dealt_suits for s in h)
        self.dealt = [
            Counter(zip([r for r, _ in h], ds, strict=True)) for h, ds in zip(hands, dealt_suits, strict=True)
        ]
        self.received: list[Counter[str]] = [Counter() for _ in hands]
        self.played: list[Counter[tuple[str, str]]] = [Counter() for _ in hands]

    def give(self, seat: int, rank: str) -> None:
        self.received[seat][rank] += 1

    def copies(self, seat: int, rank: str, s: str) -> int:
        """Copies of the card (rank, suit) ``seat`` was dealt."""
        return self.dealt[seat][rank, s]

    def play(self, seat: int, written: list[tuple[str, str]]) -> bool:
        for rank, s in written:
            self.played[seat][rank, s] += 1
            if sum(p[rank, s] for p in self.played) > 4:
                return False
            if self.shown:
                mine = self.dealt[seat][rank, s] + self.dealt[seat][rank, None] + self.received[seat][rank]
                if self.played[seat][rank, s] > mine:
                    return False
        return True


def _holder(hands: list[list[list[Any]]], rank: str) -> int:
    return next(i for i, h in enumerate(hands) for r, m in h if r == rank and m)


def _calls(
    calls: list[dict[str, Any]], hands: list[list[list[Any]]], suits: Suits, rules: Rules, first: int | None
) -> dict[str, Any] | Verdict:
    dealt = [[list(c) for c in h] for h in hands]  # before the crown moves any card
    if rules.crown == "standard":
        crown = _crown_standard(calls, hands, suits, first)
    elif rules.crown == "kk-classic":
        crown = _crown_kk_classic(calls, hands, suits)
    else:
        crown = _crown_marked(calls, hands, rules)
    if isinstance(crown, Verdict) or crown[1] == "void":
        return crown if isinstance(crown, Verdict) else {"mode": "void"}
    i, mode, emperor, guard = crown
    return _declarations(calls, i, mode, emperor, guard, dealt, suits, rules)


def _move(hands: list[list[list[Any]]], suits: Suits, src: int | None, dst: int, rank: str, marked: bool) -> None:
    """A card changes hands during the crown (src None: the set-aside card)."""
    if src is not None:
        c = next(c for c in hands[src] if c[0] == rank and c[1] == marked)
        hands[src].remove(c)
    hands[dst].append([rank, marked])
    suits.give(dst, rank)


def _accept(
    i: int, c: dict[str, Any], seat: int, suits: Suits, solo: bool
) -> tuple[int, str, int, int | None] | Verdict:
    """A called card: three copies make the fourth's holder the guard, four a hidden solo; an
    open solo calls four."""
    rank, s = card(c["card"])[0], suit(c["card"])
    if rank in ("SJ", "BJ", "2") or s is None:
        return illegal(f"/calls/{i}", "this card cannot be called")
    held = suits.copies(seat, rank, s)
    if solo:
        return (i + 1, "open_solo", seat, None) if held >= 4 else illegal(f"/calls/{i}", "an open solo calls four")
    if held < 3:
        return illegal(f"/calls/{i}", "calling a card needs three copies")
    if held >= 4:
        return i + 1, "hidden_solo", seat, seat
    guard = next(x for x in range(5) if x != seat and suits.copies(x, rank, s))
    return i + 1, "normal", seat, guard


def _crown_standard(
    calls: list[dict[str, Any]], hands: list[list[list[Any]]], suits: Suits, first: int | None
) -> tuple[int, str, int, int | None] | Verdict:
    """RULES §9 standard: the crown and the set-aside BJ are offered from the first candidate
    towards the previous seat; every decliner after the first adds a 2 if it has one; after five
    refusals the first candidate is asked once more, and a second refusal voids the deal."""
    assert first is not None
    candidate = first
    givers: list[int] = []
    for i, c in enumerate(calls):
        if c["seat"] != candidate or c["call"] not in ("decline", "accept", "solo"):
            return illegal(f"/calls/{i}", "crown out of order")
        if c["call"] == "decline":
            if i > 0 and any(r == "2" for r, _ in hands[candidate]):
                givers.append(candidate)
            if i == 5:
                return (
                    illegal(f"/calls/{i + 1}", "the deal is void") if i + 1 < len(calls) else (i + 1, "void", -1, None)
                )
            candidate = (candidate - 1) % 5
            continue
        _move(hands, suits, None, candidate, "BJ", False)
        for g in givers:
            if g != candidate:
                _move(hands, suits, g, candidate, "2", False)
        return _accept(i, c, candidate, suits, c["call"] == "solo")
    return illegal("/calls", "the crown was offered and not answered")


def _crown_kk_classic(
    calls: list[dict[str, Any]], hands: list[list[list[Any]]], suits: Suits
) -> tuple[int, str, int, int | None] | Verdict:
    """RULES §9 kk-classic: the BJ* holder calls a suited triple, declares an open solo, or passes
    the crown (and BJ*) to the previous seat; after one round the holder must take it."""
    if not calls:
        return illegal("/calls", "no calls")
    speaker, passes = _holder(hands, "BJ"), 0
    for i, c in enumerate(calls):
        if c["seat"] != speaker or c["call"] not in ("accept", "solo", "transfer"):
            return illegal(f"/calls/{i}", "crown out of order")
        if c["call"] == "transfer":
            if passes == 5:
                return illegal(f"/calls/{i}", "the crown has gone round: take it")
            _move(hands, suits, speaker, (speaker - 1) % 5, "BJ", True)
            speaker, passes = (speaker - 1) % 5, passes + 1
            continue
        if c["call"] == "solo":
            return i + 1, "open_solo", speaker, None
        return _accept(i, c, speaker, suits, False)
    return illegal("/calls", "the crown was passed and not answered")


def _crown_marked(
    calls: list[dict[str, Any]], hands: list[list[list[Any]]], rules: Rules
) -> tuple[int, str, int, int | None] | Verdict:
    bj, sj = _holder(hands, "BJ"), _holder(hands, "SJ")
    if not calls:
        return illegal("/calls", "no calls")
    speaker, transferred = bj, False
    i = 0
    emperor = guard = None
    mode = None
    while True:
        if i >= len(calls):
            return illegal("/calls", "the crown was transferred and not answered")
        c = calls[i]
        if c["seat"] != speaker or c["call"] not in ("ascend", "solo", "transfer"):
            return illegal(f"/calls/{i}", "crown out of order")
        if c["call"] == "transfer" and rules.kk_simple:
            # the crown card itself goes to the previous seat; ten passes void the deal
            target = (speaker - 1) % 5
            for card_ in hands[speaker]:
                if card_[0] == "BJ" and card_[1]:
                    hands[speaker].remove(card_)
                    hands[target].append(card_)
                    break
            passes = sum(1 for x in calls[: i + 1] if x["call"] == "transfer")
            speaker = target
            i += 1
            if passes == 10:
                if i < len(calls):
                    return illegal(f"/calls/{i}", "the deal is void")
                return i, "void", -1, None
            continue
        if c["call"] == "transfer":
            if transferred:
                return illegal(f"/calls/{i}", "a second transfer")
            if sj != speaker:
                return illegal(f"/calls/{i}", "transfer without both")
            target = (speaker + 2) % 5 if rules.transfer_to == "next_but_one" else (speaker - 1) % 5
            # BJ* changes hands
            for card_ in hands[speaker]:
                if card_[0] == "BJ" and card_[1]:
                    hands[speaker].remove(card_)
                    hands[target].append(card_)
                    break
            transferred, speaker = True, target
            i += 1
            continue
        if c["call"] == "solo":
            mode, emperor, guard = "open_solo", speaker, None
        elif sj == speaker:
            mode, emperor, guard = "hidden_solo", speaker, speaker
        else:
            mode, emperor, guard = "normal", speaker, sj
        i += 1
        break
    assert mode is not None and emperor is not None
    return i, mode, emperor, guard


def _declarations(
    calls: list[dict[str, Any]],
    i: int,
    mode: str,
    emperor: int,
    guard: int | None,
    dealt: list[list[list[Any]]],
    suits: Suits,
    rules: Rules,
) -> dict[str, Any] | Verdict:
    rebels: list[int] = []
    revealed = False
    kicker = None
    other = False
    surrendered = False
    for j in range(i, len(calls)):
        c = calls[j]
        seat, kind = c["seat"], c["call"]
        if surrendered:
            return illegal(f"/calls/{j}", "after a surrender")
        if kicker is not None and kind == "kick":
            return illegal(f"/calls/{j}", "second kick")
        if kicker is not None and kind in ("reveal_guard", "rebel"):
            return illegal(f"/calls/{j}", "after the kick")
        if kind in ("ascend", "transfer", "accept", "decline"):
            return illegal(f"/calls/{j}", "the crown is taken, or no such call in this ruleset")
        if kind == "solo":
            if mode == "open_solo" or other or seat == emperor or rules.crown in ("kk-simple", "standard"):
                return illegal(f"/calls/{j}", "solo not allowed now")
            if rules.crown == "kk-classic" and not _may_snatch(dealt[seat], suits.dealt[seat]):
                return illegal(f"/calls/{j}", "抢独 needs three jokers and four identical cards")
            mode, emperor, guard = "open_solo", seat, None
            continue
        other = True
        if kind == "reveal_guard":
            if mode != "normal" or seat != guard or revealed:
                return illegal(f"/calls/{j}", "reveal")
            revealed = True
        elif kind == "rebel":
            if mode == "open_solo" or seat in (emperor, guard) or seat in rebels:
                return illegal(f"/calls/{j}", "rebel")
            rebels.append(seat)
        elif kind == "kick":
            success = len(rebels) >= rules.rebellion_threshold
            if mode == "open_solo":
                ok = seat != emperor
            elif seat in (emperor, guard):
                ok = success
            else:
                ok = mode == "normal" and revealed
            if not ok:
                return illegal(f"/calls/{j}", "kick without a declaration")
            kicker = seat
        elif kind == "surrender":
            if not rules.surrender or mode != "open_solo" or seat != emperor:
                return illegal(f"/calls/{j}", "surrender")
            surrendered = True
        else:
            return illegal(f"/calls/{j}", f"no {kind} in this ruleset")
    return {
        "mode": "surrender" if surrendered else mode,
        "emperor": emperor,
        "guard": guard,
        "rebels": rebels,
        "revealed": revealed,
        "kicker": kicker,
    }


def _may_snatch(hand: list[list[Any]], dealt: Counter[tuple[str, str | None]]) -> bool:
    jokers = sum(1 for r, _ in hand if r in ("SJ", "BJ"))
    return jokers >= 3 and any(n >= 4 for (_, s), n in dealt.items() if s is not None)


def _play(
    plays: list[dict[str, Any]], hands: list[list[list[Any]]], suits: Suits, roles: dict[str, Any], rules: Rules
) -> list[int] | Verdict:
    out: list[int] = []
    turn = roles["emperor"]
    table: list[str] | None = None
    table_seat = -1
    passed: set[int] = set()  # since the last set (soft) / in this trick (hard)
    last_rank = rules.last()

    def still_in() -> list[int]:
        return [s for s in range(5) if s not in out]

    def next_seat(after: int, skip: set[int]) -> int:
        s = after
        for _ in range(5):
            s = (s + 1) % 5
            if s not in out and s not in skip:
                return s
        return after

    for i, p in enumerate(plays):
        seat = p.get("seat", turn)
        if seat is None:
            seat = turn
        ptr = f"/plays/{i}"
        if len(out) >= 4:
            return illegal(ptr, "game over")
        if seat != turn:
            return illegal(ptr, "out of turn")
        if p.get("pass") is True:
            if table is None:
                return illegal(ptr, "must lead")
            passed.add(seat)
            others = [s for s in still_in() if s != table_seat]
            if all(s in passed for s in others):
                # the trick ends: the set's player leads, or after it the next seat (接风)
                turn = table_seat if table_seat not in out else next_seat(table_seat, set())
                table, passed = None, set()
            else:
                turn = next_seat(seat, passed)
            continue
        played = [card(t) for t in tokens(p["cards"])]
        ranks = [r for r, _ in played]
        if not is_set(ranks, rules.twos_with_jokers):
            return illegal(ptr, "not a set")
        hand = hands[seat]
        # take the cards from the hand: a marked one must be held; a plain BJ may be the marked copy
        # when the seat has no plain one left
        remaining = [list(c) for c in hand]
        for rank, marked in sorted(played, key=lambda rm: not rm[1]):
            exact = next((c for c in remaining if c[0] == rank and c[1] == marked), None)
            if exact is None and not marked:
                exact = next((c for c in remaining if c[0] == rank), None)
            if exact is None:
                return illegal(ptr, "not in hand")
            remaining.remove(exact)
        written = [(r, x) for r, x in ((card(t)[0], suit(t)) for t in tokens(p["cards"])) if x is not None]
        if not suits.play(seat, written):
            return illegal(ptr, "a suited card the seat does not hold")
        if last_rank is not None and last_rank in ranks:
            if rules.last_rank == "sixes_final_play":
                if remaining:
                    return illegal(ptr, "sixes not last")
            elif any(c[0] != last_rank for c in hand):
                return illegal(ptr, "sixes not last")
        if table is not None and not beats(ranks, table):
            return illegal(ptr, "does not beat")
        hands[seat] = remaining
        table, table_seat = ranks, seat
        if not rules.hard_pass:
            passed = set()
        if not remaining:
            out.append(seat)
            if len(out) == 4:
                out.append(next(s for s in range(5) if s not in out))
                continue
        others = [s for s in still_in() if s != seat]
        if rules.hard_pass and all(s in passed for s in others):
            turn = seat if seat not in out else next_seat(seat, set())
            table, passed = None, set()
        else:
            turn = next_seat(seat, passed)
    if len(out) < 5:
        return Verdict("incomplete", "/plays", None, "the log stops early")
    return out


def _score(roles: dict[str, Any], order: list[int], rules: Rules) -> list[int]:
    mode, emperor, guard = roles["mode"], roles["emperor"], roles["guard"]
    success = len(roles["rebels"]) >= rules.rebellion_threshold
    if mode == "surrender":
        scores = [1] * 5
        scores[emperor] = -4
    elif mode == "normal":
        k = PLACE_POINTS[order.index(emperor)] + PLACE_POINTS[order.index(guard)]
        scores = [-k] * 5
        scores[emperor], scores[guard] = 2 * k, k
        factor = 1
        if roles["revealed"] and success:
            factor = 4 if rules.stacked else 2
        elif roles["revealed"] or success:
            factor = 2
        if rules.royal_sweep and {order.index(emperor), order.index(guard)} in ({0, 1}, {3, 4}):
            factor *= 2
        scores = [s * factor for s in scores]
    elif mode == "hidden_solo":
        e = [16, 8, 0, -8, -16][order.index(emperor)]
        scores = [-e // 4] * 5
        scores[emperor] = e
        if success:
            scores = [2 * s for s in scores]
    else:  # open solo
        if rules.open_solo_per_place:
            e = 2 * [16, 4, 0, -4, -16][order.index(emperor)]
        else:
            e = 32 if order.index(emperor) == 0 else -32
        scores = [-e // 4] * 5
        scores[emperor] = e
    if roles["kicker"] is not None:
        scores = [2 * s for s in scores]
    assert sum(scores) == 0
    return scores
