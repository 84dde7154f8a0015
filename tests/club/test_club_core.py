"""The club core's rules on their own (no database): a seat's contribution, shared ranks, figures
by role, and a season's sums under each counting rule."""

from __future__ import annotations

from hypothesis import assume, given
from hypothesis import strategies as st

from service.club import (
    STAT_COLUMNS,
    Contribution,
    Evening,
    Part,
    Role,
    StandingRow,
    contribution,
    counted_evenings,
    ranked,
    role_figures,
    season_row,
)

roles = st.sampled_from([r.value for r in Role])
scores = st.integers(min_value=-48, max_value=48)


@given(st.lists(st.tuples(roles, scores, st.booleans()), max_size=40))
def test_contributions_add_up_to_the_totals_by_role(seats):
    total = sum((contribution(r, s, rebelled) for r, s, rebelled in seats), Contribution())
    assert total.games == len(seats) == total.wins + total.draws + total.losses
    assert total.total == sum(s for _, s, _ in seats)
    figures = role_figures(seats)
    assert total.emperor_games == figures[Part.EMPEROR].games
    assert total.guard_total == figures[Part.GUARD].total
    assert sum(figures[r].games for r in Role) == len(seats)  # every game in exactly one role
    # 造反 only where the seat called it, and only on the side against the crown (平民)
    called = [(s, r) for r, s, rebelled in seats if rebelled and r == Role.OTHER]
    assert figures[Part.REBEL].games == len(called) <= figures[Part.OTHER].games
    assert figures[Part.REBEL].total == sum(s for s, _ in called)
    assert figures[Part.REBEL].wins == sum(1 for s, _ in called if s > 0)
    assert (total + -total).as_dict() == dict.fromkeys(STAT_COLUMNS, 0)


rows = st.lists(
    st.tuples(st.integers(-20, 20), st.integers(0, 3), st.integers(0, 3), st.text(max_size=3)),
    max_size=25,
)


@given(rows)
def test_ranks_are_shared_exactly_by_rows_equal_on_what_decides(found):
    standings = [
        StandingRow(player_id=k, name=name, total=total, wins=wins, games=games)
        for k, (total, wins, games, name) in enumerate(found)
    ]
    out = ranked(standings, lambda row: row.player_id)
    assert sorted(row.player_id for row in out) == list(range(len(found)))
    for position, row in enumerate(out, start=1):
        assert row.rank <= position
        if position > 1:
            before = out[position - 2]
            same = all(getattr(row, f) == getattr(before, f) for f in ("total", "wins", "games"))
            assert (row.rank == before.rank) == same
            if not same:
                assert row.rank == position


evenings = st.lists(
    st.builds(
        lambda total, games, wins, byes: (total, games, min(wins, games), byes),
        scores,
        st.integers(0, 12),
        st.integers(0, 12),
        st.integers(0, 2),
    ),
    max_size=12,
)


def _evenings(found):
    return [
        Evening.of(100 + k, k, Contribution(games=g, total=t - 2 * b, wins=w), byes=b, bye_points=2)
        for k, (t, g, w, b) in enumerate(found)
    ]


@given(evenings)
def test_a_season_counting_all_is_the_sum_of_its_evenings(found):
    played = _evenings(found)
    row = season_row(1, "m", played, "all", None)
    assert row.total == sum(e.total for e in played) and row.games == sum(e.games for e in played)
    assert row.evenings == row.evenings_counted == len(played)


@given(evenings, st.integers(1, 12))
def test_a_season_counting_best_n_sums_the_n_best_totals(found, best):
    played = _evenings(found)
    assume(len(played) > best)
    row = season_row(1, "m", played, "best", best)
    assert row.evenings_counted == best and row.evenings == len(played)
    assert row.total == sum(sorted((e.total for e in played), reverse=True)[:best])
    chosen = counted_evenings(played, "best", best)
    left = [e for e in played if e not in chosen]
    assert min(e.total for e in chosen) >= max(e.total for e in left)
    assert [e.position for e in chosen] == sorted(e.position for e in chosen)
