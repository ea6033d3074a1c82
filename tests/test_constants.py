"""One home for each fact: no two modules of `pipeline/` or `solvers/` define the same constant
(read from the code with `ast`). A constant defined twice is one name bound to one value in two
modules, or one value (a table, a pattern, a date, a long text) bound in two modules under any
name; a module that needs another's constant imports it."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The names each game's module declares for the code that reads it by name (its hooks, its API,
# its rules' shortest word, its generator's time limits): one per game, not one fact twice.
DECLARED_BY_EACH_GAME = {"HOOKS", "API", "MIN_LENGTH", "SECONDS_PER_100", "SECONDS_PER_ID"}
SHORT_TEXT = 12  # a shorter text ('custom', 'index.html') may mean two things in two modules


def constants(path: Path) -> list[tuple[str, ast.expr]]:
    """Return a module's constants: its top-level UPPER_CASE names and the values bound to them
    (not a name bound to another module's constant, nor a type variable)."""
    found = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        else:
            continue
        for target in targets:
            pairs = (
                zip(target.elts, value.elts, strict=True)
                if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple)
                else [(target, value)]
            )
            found += [
                (name.id, bound)
                for name, bound in pairs
                if isinstance(name, ast.Name) and name.id.isupper() and not is_alias(bound)
            ]
    return found


def is_alias(value: ast.expr) -> bool:
    """Return True for a value that names another constant, or makes a type variable."""
    if isinstance(value, ast.Name | ast.Attribute):
        return True
    return isinstance(value, ast.Call) and getattr(value.func, "id", "") == "TypeVar"


def is_trivial(value: ast.expr) -> bool:
    """Return True for a value two modules may hold for unrelated reasons: a number, a flag, a
    short text."""
    if not isinstance(value, ast.Constant):
        return False
    return not isinstance(value.value, str) or len(value.value) < SHORT_TEXT


def project_constants() -> list[tuple[str, str, ast.expr]]:
    """Return every constant of pipeline/ and solvers/ as (module, name, value)."""
    return [
        (str(path.relative_to(ROOT)), name, value)
        for folder in ("pipeline", "solvers")
        for path in sorted((ROOT / folder).rglob("*.py"))
        for name, value in constants(path)
    ]


def test_no_name_is_bound_to_the_same_value_in_two_modules() -> None:
    where: dict[tuple[str, str], set[str]] = defaultdict(set)
    for module, name, value in project_constants():
        if name not in DECLARED_BY_EACH_GAME:
            where[name, ast.dump(value)].add(module)
    twice = {name: sorted(modules) for (name, _), modules in where.items() if len(modules) > 1}
    assert twice == {}


def test_no_value_is_bound_in_two_modules() -> None:
    where: dict[str, set[tuple[str, str]]] = defaultdict(set)
    for module, name, value in project_constants():
        if not is_trivial(value):
            where[ast.dump(value)].add((module, name))
    twice = [sorted(bound) for bound in where.values() if len({m for m, _ in bound}) > 1]
    assert twice == []


def test_the_test_finds_a_constant_defined_twice(tmp_path: Path) -> None:
    first, second = tmp_path / "first.py", tmp_path / "second.py"
    first.write_text('EPOCH = dt.date(1970, 1, 1)\nVOWELS = "aeiou"\nT = TypeVar("T")\n')
    second.write_text('START = dt.date(1970, 1, 1)\nVOWELS = "aeiouy"\nALIAS = first.EPOCH\n')
    assert [(name, ast.unparse(value)) for name, value in constants(second)] == [
        ("START", "dt.date(1970, 1, 1)"),
        ("VOWELS", "'aeiouy'"),
    ]
    assert ast.dump(constants(first)[0][1]) == ast.dump(constants(second)[0][1])
