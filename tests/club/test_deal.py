"""A table's deal as a pure value (``club.deal.Deal``): every step and every refusal, without a
database; and, over random sequences of steps, the deal's invariant — never more than one
pending version, a dispute always two, a confirmed deal taking no further step."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.club import EntryState, WebhookEvent
from service.club.deal import NEW, Deal, Version
from service.club.errors import Conflict, NotFound

P, D = EntryState.PENDING, EntryState.DISPUTED


def test_the_first_version_waits():
    step = Deal(1, ()).enter(replace=False, mine=False, agrees=False)
    assert step.states == {NEW: P} and step.event == WebhookEvent.GAME_PENDING and step.stores is None


def test_the_same_side_replaces_its_version_only_when_it_says_so():
    deal = Deal(2, (Version(5, P, "张伟"),))
    with pytest.raises(Conflict) as asked:
        deal.enter(replace=False, mine=True, agrees=False)
    assert asked.value.extra == {"code": "deal_entered", "deal": 2} and "entered by 张伟" in str(asked.value)
    step = deal.enter(replace=True, mine=True, agrees=True)  # its own side agreeing with itself confirms nothing
    assert step.states == {5: EntryState.REPLACED, NEW: P} and step.event == WebhookEvent.GAME_PENDING


def test_the_other_side_confirms_by_agreeing_and_disputes_by_differing():
    deal = Deal(2, (Version(5, P),))
    agreed = deal.enter(replace=False, mine=False, agrees=True)
    assert agreed.states == {5: EntryState.CONFIRMED, NEW: EntryState.AGREED} and agreed.stores == 5
    differs = deal.enter(replace=True, mine=False, agrees=False)
    assert differs.states == {5: D, NEW: D} and differs.event == WebhookEvent.GAME_DISPUTED


def test_a_disputed_deal_is_the_directors():
    deal = Deal(4, (Version(5, D), Version(6, D)))
    for step in (
        lambda: deal.enter(replace=True, mine=False, agrees=True),
        lambda: deal.confirm(5),
        lambda: deal.withdraw(5),
    ):
        with pytest.raises(Conflict) as refused:
            step()
        assert refused.value.extra["code"] == "deal_disputed"
    back = deal.withdraw(5, director=True)  # the director withdraws one: the other waits again
    assert back.states == {5: EntryState.WITHDRAWN, 6: P}
    settled = deal.settle(6)
    assert settled.states == {5: EntryState.OVERRULED, 6: EntryState.CONFIRMED} and settled.stores == 6


def test_a_confirmation_names_the_version_it_saw():
    deal = Deal(1, (Version(9, P),))
    assert deal.confirm(9).states == {9: EntryState.CONFIRMED}
    with pytest.raises(Conflict) as stale:
        deal.confirm(8)
    assert stale.value.extra["code"] == "entry_replaced"
    with pytest.raises(NotFound):
        Deal(1, ()).confirm(9)


def test_the_director_enters_a_version_of_their_own_or_the_deal_is_overruled():
    deal = Deal(3, (Version(9, P),))
    own = deal.settle(None)
    assert own.states == {9: EntryState.OVERRULED, NEW: EntryState.CONFIRMED} and own.entered
    assert deal.overrule().states == {9: EntryState.OVERRULED}
    with pytest.raises(NotFound):
        deal.settle(7)
    with pytest.raises(NotFound):
        deal.withdraw(7)


# --- random sequences: the deal as a table and a director would drive it ---------------------------

ACTIONS = st.lists(
    st.tuples(
        st.sampled_from(["enter", "confirm", "withdraw", "settle"]),
        st.booleans(),  # replace / the director
        st.booleans(),  # mine
        st.booleans(),  # agrees
        st.integers(0, 1),  # which open version
    ),
    max_size=12,
)


@given(ACTIONS)
def test_a_deal_never_has_two_pending_versions_nor_a_dispute_of_one(actions):
    open_: list[Version] = []
    next_id, done = 1, False
    for kind, flag, mine, agrees, which in actions:
        deal = Deal(1, tuple(open_))
        pick = open_[which % len(open_)].id if open_ else 99
        try:
            if done:
                break
            if kind == "enter":
                step = deal.enter(replace=flag, mine=mine, agrees=agrees)
            elif kind == "confirm":
                step = deal.confirm(pick)
            elif kind == "withdraw":
                step = deal.withdraw(pick, director=flag)
            else:
                step = deal.settle(pick if flag else None)
        except (Conflict, NotFound):
            continue
        states = {v.id: v.state for v in open_}
        for key, state in step.states.items():
            states[next_id if key is NEW else key] = state
        if NEW in step.states:
            next_id += 1
        open_ = [Version(i, s) for i, s in sorted(states.items()) if s in (P, D)]
        pending = [v for v in open_ if v.state == P]
        disputed = [v for v in open_ if v.state == D]
        assert len(pending) <= 1 and len(disputed) in (0, 2) and not (pending and disputed), open_
        done = step.event == WebhookEvent.GAME_CONFIRMED
        if done:
            assert not open_  # a deal that is a game has no open version left
