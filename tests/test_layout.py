"""The shape of the code, where a test can hold it: modules of at most 400 lines and functions of
at most 60 (what is over today listed, to shrink), the core split by what it judges, and no import
circle between the API's shared pieces."""

from __future__ import annotations

import ast
from pathlib import Path

SERVICE = Path(__file__).resolve().parents[1] / "service"


# Modules of at most 400 lines, functions of at most 60 (the play loop and the API's example
# documents apart). What is over today is listed with its size: it may shrink, never grow, and
# leaves the list when it is split. Nothing new joins it.
MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 60
MODULES_OVER: dict[str, int] = {}
FUNCTIONS_EXEMPT = {"core/play.py:run_plays"} | {
    f"api/{m}.py:examples" for m in ("apidoc", "club_examples", "table_examples")
}
FUNCTIONS_OVER: dict[str, int] = {}


def test_no_module_of_the_service_is_over_400_lines():
    sizes = {str(p.relative_to(SERVICE)): len(p.read_text().splitlines()) for p in SERVICE.rglob("*.py")}
    big = {k: v for k, v in sizes.items() if v > MAX_MODULE_LINES and v > MODULES_OVER.get(k, 0)}
    assert not big, big
    gone = {k for k, v in MODULES_OVER.items() if sizes.get(k, 0) <= MAX_MODULE_LINES}
    assert not gone, f"split now: take {sorted(gone)} off MODULES_OVER"


def _functions() -> dict[str, int]:
    out = {}
    for p in SERVICE.rglob("*.py"):
        for node in ast.walk(ast.parse(p.read_text())):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                out[f"{p.relative_to(SERVICE)}:{node.name}"] = node.end_lineno - node.lineno + 1  # type: ignore[operator]
    return out


def test_no_function_is_over_60_lines():
    sizes = _functions()
    long = {
        k: v
        for k, v in sizes.items()
        if v > MAX_FUNCTION_LINES and k not in FUNCTIONS_EXEMPT and v > FUNCTIONS_OVER.get(k, 0)
    }
    assert not long, long
    gone = {k for k, v in FUNCTIONS_OVER.items() if sizes.get(k, 0) <= MAX_FUNCTION_LINES}
    assert not gone, f"split now: take {sorted(gone)} off FUNCTIONS_OVER"


def test_the_core_is_split_by_what_it_judges_each_module_saying_what_it_owns():
    for name in ("engine", "adjudication", "judge", "play", "play_state", "suits", "without_deal", "bounds"):
        tree = ast.parse((SERVICE / "core" / f"{name}.py").read_text())
        assert ast.get_docstring(tree), name
    assert "def run_plays(" in (SERVICE / "core" / "play.py").read_text()
    assert "def adjudicate_without_deal(" in (SERVICE / "core" / "without_deal.py").read_text()
    assert "class Suits" in (SERVICE / "core" / "suits.py").read_text()


def _imports(path: Path) -> set[str]:
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            out |= {node.module or ""} | {a.name for a in node.names if not node.module}
    return out


def test_the_apis_shared_pieces_import_no_view_and_auth_does_not_come_back_to_common():
    common = _imports(SERVICE / "api" / "common.py")
    assert "auth" not in common, common
    assert "common" in _imports(SERVICE / "api" / "auth.py")


# What the use cases hand the views are values (dataclasses, enums, the core's values), never a
# loose ``dict[str, Any]``. A game's submission is the rules core's JSON document, read as such.
RETURNS_A_DOCUMENT = {"game_queries.py:submission_of"}


def test_the_use_cases_return_values_not_loose_dicts():
    loose = []
    for p in sorted((SERVICE / "tournament").glob("*.py")):
        for node in ast.parse(p.read_text()).body:
            if not isinstance(node, ast.FunctionDef) or node.name.startswith("_"):
                continue
            returns = ast.unparse(node.returns) if node.returns else "(none)"
            name = f"{p.name}:{node.name}"
            if ("dict[str, Any]" in returns or returns in ("Any", "(none)")) and name not in RETURNS_A_DOCUMENT:
                loose.append(f"{name} -> {returns}")
    # A table's stored seats and an unread submission stay inside the use cases (no view imports them).
    inside = {"submission.py:seated_players -> Any"}
    assert set(loose) <= inside, sorted(set(loose) - inside)
    views = "\n".join(p.read_text() for d in ("api", "web") for p in (SERVICE / d).glob("*.py"))
    assert "seats_of" not in views and "seated_players" not in views


# The club's refusals are decided by the club's rules (service/club/rules.py), not where the rows
# are read: persistence raises none of them (a lookup that finds nothing, NotFound, is its own).
REFUSALS = {
    node.name
    for node in ast.walk(ast.parse((SERVICE / "club" / "errors.py").read_text()))
    if isinstance(node, ast.ClassDef)
} - {"NotFound"}


def _raised(node: ast.Raise) -> str | None:
    exc = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
    return exc.id if isinstance(exc, ast.Name) else exc.attr if isinstance(exc, ast.Attribute) else None


def test_persistence_decides_no_club_rule():
    assert {"Conflict", "DuplicateGame", "Forbidden"} <= REFUSALS
    found = [
        f"{p.relative_to(SERVICE)}:{node.lineno} raises {_raised(node)}"
        for p in (SERVICE / "persistence").rglob("*.py")
        for node in ast.walk(ast.parse(p.read_text()))
        if isinstance(node, ast.Raise) and node.exc is not None and _raised(node) in REFUSALS
    ]
    assert not found, found


def test_the_club_refusals_are_defined_in_the_club_core():
    defined = {
        f"{p.relative_to(SERVICE)}:{node.name}"
        for p in SERVICE.rglob("*.py")
        if p.parent.name in ("persistence", "tournament", "api", "web")
        for node in ast.walk(ast.parse(p.read_text()))
        if isinstance(node, ast.ClassDef) and node.name in REFUSALS
    }
    assert not defined, defined


def test_webhook_events_are_named_by_the_club_core():
    """Every site that records or reads a webhook event names it by ``WebhookEvent``: the event's
    words are written once, in club/vocabulary.py (the API's documented examples apart)."""
    from service.club import WebhookEvent

    words = {e.value for e in WebhookEvent}
    exempt = {"club/vocabulary.py", "api/apidoc.py"}
    found = [
        f"{p.relative_to(SERVICE)}:{node.lineno} {node.value!r}"
        for p in SERVICE.rglob("*.py")
        if str(p.relative_to(SERVICE)) not in exempt
        for node in ast.walk(ast.parse(p.read_text()))
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in words
    ]
    assert not found, found


def test_no_use_case_writes_an_outbox_row_or_updates_ratings_by_hand():
    """A use case records events (uow.record), as the aggregates and repositories do; the unit of
    work alone turns them into outbox rows, rating marks and ratings updates when it commits.
    Persistence writes neither of its own accord: the statement that stores a new game on
    PostgreSQL's autocommit pool writes only the rows the unit of work made of its event
    (``RowsWithTheGame``). (A season's kept rows are persistence's own, as the players' totals
    are: the write that changes a tournament's standings notes it, ``season_totals.changed``, and
    the unit of work brings them up to date after its commit.)"""
    writers = ("add_event", "after_write", "mark", "ratings_mark", "mark_tournament", "mark_games_of_players")
    allowed = {("tournament", "unit_of_work.py"), ("tournament", "ratings.py"), ("persistence", "ratings.py")}
    found = []
    for folder in ("tournament", "persistence", "api", "web"):
        for p in (SERVICE / folder).glob("*.py"):
            if (folder, p.name) in allowed:
                continue
            for node in ast.walk(ast.parse(p.read_text())):
                if isinstance(node, ast.Call):
                    name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
                    if name in writers:
                        found.append(f"{folder}/{p.name}:{node.lineno} {name}")
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    sql = " ".join(node.value.split()).lower()
                    for table in ("webhook_events", "rating_marks"):
                        if f"insert into {table}" in sql and f"json_to_recordset(:{_ROWS[table]})" not in sql:
                            found.append(f"{folder}/{p.name}:{node.lineno} writes {table}")
    assert not found, sorted(set(found))


_ROWS = {"webhook_events": "outbox", "rating_marks": "marks"}  # the rows the unit of work gave


def test_an_entrys_state_is_decided_by_its_deal_alone():
    """A table entry's state changes only as ``club.deal.Deal`` decides: the deals repository's
    ``save`` writes the step; no other code assigns a state or stores one."""
    found = []
    for folder in ("tournament", "persistence", "api", "web"):
        for p in (SERVICE / folder).glob("*.py"):
            tree = ast.parse(p.read_text())
            allowed = set()
            if p.name == "deals.py" and folder == "persistence":
                deals = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Deals")
                save = next(n for n in deals.body if isinstance(n, ast.FunctionDef) and n.name == "save")
                allowed = {id(n) for n in ast.walk(save)}
            for node in ast.walk(tree):
                if id(node) in allowed:
                    continue
                # an entry's state given a value of EntryState's (a delivery's state is another thing)
                if isinstance(node, ast.Assign) and "EntryState." in ast.unparse(node.value):
                    for t in node.targets:
                        for x in t.elts if isinstance(t, ast.Tuple) else [t]:
                            if isinstance(x, ast.Attribute) and x.attr == "state":
                                found.append(f"{folder}/{p.name}:{node.lineno} assigns .state")
                if isinstance(node, ast.keyword) and node.arg == "state" and "EntryState." in ast.unparse(node.value):
                    found.append(f"{folder}/{p.name}:{node.value.lineno} stores state={ast.unparse(node.value)}")
    assert not found, found


ORM_MODULES = ("models.py", "club_models.py", "webhook_models.py")


def _orm_classes() -> set[str]:
    names = set()
    for name in ORM_MODULES:
        tree = ast.parse((SERVICE / "persistence" / name).read_text())
        names |= {n.name for n in tree.body if isinstance(n, ast.ClassDef) and n.name != "Base"}
    return names


def test_persistence_hands_up_read_only_shapes_never_rows():
    """What a public function of persistence returns (and what a value it hands up holds) names
    the club core's read-only shapes (club/records.py), never an ORM class: above persistence a
    row is read, and a change is asked of a repository."""
    orm = _orm_classes()
    found = []
    for p in (SERVICE / "persistence").glob("*.py"):
        if p.name in ORM_MODULES:
            continue
        tree = ast.parse(p.read_text())
        for node in ast.walk(tree):
            annotations = []
            if isinstance(node, ast.FunctionDef) and not node.name.startswith("_") and node.returns is not None:
                annotations.append((node.lineno, node.returns))
            if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                annotations += [(x.lineno, x.annotation) for x in node.body if isinstance(x, ast.AnnAssign)]
            for line, a in annotations:
                named = {n.id for n in ast.walk(a) if isinstance(n, ast.Name)}
                named |= {
                    w
                    for n in ast.walk(a)
                    if isinstance(n, ast.Constant) and isinstance(n.value, str)
                    for w in n.value.replace("[", " ").replace("]", " ").replace(",", " ").replace("|", " ").split()
                }
                if named & orm:
                    found.append(f"persistence/{p.name}:{line} {ast.unparse(a)}")
    assert not found, found


def _session_uses(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Attribute) and node.attr == "session":
            found.append(f"{path.name}:{node.lineno} .session")
        if isinstance(node, ast.Name) and node.id.endswith("_repo"):
            found.append(f"{path.name}:{node.lineno} {node.id}")
    return found


def test_the_use_cases_reach_the_database_through_the_repositories_alone():
    """Every use case asks the repositories its unit of work hands out (``uow.tables``, ``deals``,
    ``games``, ``rounds``, ``tournaments``, ``members``, ``organizers``, ``seasons``, ``ratings``,
    ``webhooks``), so a fake unit of work runs them (tests/use_cases): no session, no persistence
    module function. The unit of work itself apart. (submission.py reads a game for them all: it
    names persistence's ``Submission`` value and a tournament's ruleset, and no session.)"""
    found = []
    for p in sorted((SERVICE / "tournament").glob("*.py")):
        if p.name != "unit_of_work.py":
            found += [x for x in _session_uses(p) if p.name != "submission.py" or x.endswith(".session")]
    assert not found, found
