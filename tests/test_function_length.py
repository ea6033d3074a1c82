"""Functions a reader can hold: no function of `pipeline/` or `solvers/` runs over 60 lines.

A function's length is its body after the docstring: its signature (a command's options are
declarations, one per line) and its docstring are not counted, nor is a module's table of
declarations, which is no function.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAX_LINES = 60


def body_lines(node: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """Return the lines of a function's body, from its first statement after the docstring."""
    body = node.body
    if len(body) > 1 and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    end = node.end_lineno or node.lineno
    return end - body[0].lineno + 1


def long_functions(source: str) -> list[tuple[str, int]]:
    """Return each function of a module's text (nested ones too) over MAX_LINES, with its length."""
    return [
        (node.name, body_lines(node))
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and body_lines(node) > MAX_LINES
    ]


def test_a_function_s_length_is_its_body_after_the_docstring() -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(MAX_LINES))
    fits = f'def fits(\n    a: int,\n    b: int,\n) -> None:\n    """Doc."""\n{body}\n'
    assert long_functions(fits) == []
    assert long_functions(fits + "    x = 0\n") == [("fits", MAX_LINES + 1)]


def test_no_function_is_over_60_lines() -> None:
    offenders = [
        f"{path.relative_to(ROOT)}: {name} ({lines} lines)"
        for folder in ("pipeline", "solvers")
        for path in sorted((ROOT / folder).rglob("*.py"))
        for name, lines in long_functions(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []
