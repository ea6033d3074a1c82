"""The rules of the house, read from the code's own imports (stdlib `ast`): the layers import only
downward at run time (the type checker's imports may name a type of a layer above); `solvers/`
is pure; renderers never query; the dictionary model does no I/O; only the front ends (the CLI,
the web server) read what a user types; the web server names no game (each game's routes live in
its own folder, and the server's puzzle cache in serve/, not among the stages); no module imports
itself through others, not even for a type or inside a function."""

from __future__ import annotations

import ast
import fnmatch
import graphlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# Each layer, top to bottom as docs/architecture.md draws them, may import its own
# modules and those of the layers below it, never one above. `NAME.**` is a package and all it
# holds, `*` one name; of two patterns that fit a module, the one naming more of it wins.
LAYERS = (
    # the command line and the server, each game's own commands among them
    ("front ends", ("pipeline.cli.**", "pipeline.serve.**", "pipeline.games.*.cli")),
    (
        "commands' work",
        ("pipeline.stages.**", "pipeline.bench.**", "pipeline.solve.**", "pipeline.api")
        + ("pipeline.games.*.generator",),  # a game's generator as the commands ask it
    ),
    ("the report", ("pipeline.report.**",)),
    ("the games", ("pipeline.games.**",)),
    ("rendering", ("pipeline.render.**",)),
    # the contract between the stages and the games: the games' typed roles, below every stage
    ("storage", ("pipeline.storage.**", "pipeline.games.contract")),
    ("model and sources", ("pipeline.model.**", "pipeline.sources.**")),
    (
        "base",
        ("pipeline.errors", "pipeline.config", "pipeline.progress", "pipeline.table")
        + ("pipeline.dates", "pipeline.collector")
        # the game registry and each game's records: names and data every layer reads
        + ("pipeline.games", "pipeline.games.game", "pipeline.games.*.records"),
    ),
    ("solvers", ("solvers.**",)),
)
FRONT_END_LIBRARIES = ("typer", "click", "fastapi", "starlette", "uvicorn", "argparse")
IO_LIBRARIES = ("duckdb", "requests", "urllib", "socket", "os", "shutil", "pathlib", "tempfile")


def python_files(*folders: str) -> list[Path]:
    """Return the Python files of some folders of the project."""
    return sorted(path for folder in folders for path in (ROOT / folder).rglob("*.py"))


def module_name(path: Path) -> str:
    """Return the dotted module name of a file (a package's __init__ is the package)."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_module(name: str) -> bool:
    """Return True when a dotted name is a module or package of the project."""
    path = ROOT.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def type_checking_blocks(tree: ast.AST) -> set[int]:
    """Return the ids of the import nodes inside `if TYPE_CHECKING:` blocks (names for types)."""
    return {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING"
        for inner in ast.walk(node)
    }


def imported_modules(path: Path, at_run_time: bool = False) -> list[str]:
    """Return every module a file imports, at its top or inside a function (`from X import a`
    imports X.a when that is a module, else X); `at_run_time`: not the type checker's imports."""
    modules = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    types_only = type_checking_blocks(tree) if at_run_time else set()
    for node in ast.walk(tree):
        if id(node) in types_only:
            continue
        if isinstance(node, ast.Import):
            modules += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [f"{node.module}.{alias.name}" for alias in node.names]
            modules += [name if is_module(name) else node.module for name in names]
    return modules


def fits(module: str, pattern: str) -> bool:
    """Return True when a module fits a layer's pattern."""
    if pattern.endswith(".**"):
        package = pattern.removesuffix(".**")
        return module == package or fnmatch.fnmatchcase(module, package + ".*")
    return len(module.split(".")) == len(pattern.split(".")) and fnmatch.fnmatchcase(
        module, pattern
    )


def named_parts(pattern: str) -> tuple[int, bool]:
    """Return how much of a module a pattern names: its names, and whether it names it whole."""
    names = [part for part in pattern.split(".") if part not in ("*", "**")]
    return len(names), not pattern.endswith(".**")


def layer_of(module: str) -> int | None:
    """Return the layer of a project module (the pattern naming more of it wins), or None."""
    fitting = [
        (named_parts(pattern), number)
        for number, (_, patterns) in enumerate(LAYERS)
        for pattern in patterns
        if fits(module, pattern)
    ]
    return max(fitting)[1] if fitting else None


@pytest.mark.parametrize("path", python_files("pipeline", "solvers"), ids=module_name)
def test_imports_only_run_downward(path: Path) -> None:
    name = module_name(path)
    own = layer_of(name)
    if own is None:
        return  # pipeline/__init__.py: the version, read lazily
    upward = [
        module
        for module in imported_modules(path, at_run_time=True)
        if (layer := layer_of(module)) is not None and layer < own
    ]
    assert upward == [], f"{name} ({LAYERS[own][0]}) imports a layer above it"


def project_imports() -> dict[str, set[str]]:
    """Return each module of the project and the project's modules it imports, every kind of
    import counted: at its top, inside a function, and for the type checker alone."""
    return {
        module_name(path): {
            module
            for module in imported_modules(path)
            if module.startswith(("pipeline.", "solvers.")) and module != module_name(path)
        }
        for path in python_files("pipeline", "solvers")
    }


def import_cycle(imports: dict[str, set[str]]) -> list[str]:
    """Return one cycle of imports among the modules ([]: none), first module repeated last."""
    try:
        graphlib.TopologicalSorter(imports).prepare()
    except graphlib.CycleError as error:
        return list(reversed(error.args[1]))
    return []


def test_import_cycle_finds_a_cycle() -> None:
    imports = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert import_cycle(imports) in (
        ["a", "b", "c", "a"],
        ["b", "c", "a", "b"],
        ["c", "a", "b", "c"],
    )
    assert import_cycle({"a": {"b"}, "b": {"c"}, "c": set(), "d": {"a", "c"}}) == []


def test_no_module_imports_itself_through_others() -> None:
    """Type-only and deferred imports count: a cycle of them still ties its modules together
    (one cannot be read, moved or tested without the others)."""
    assert import_cycle(project_imports()) == []


def test_solvers_import_nothing_of_the_pipeline() -> None:
    for path in python_files("solvers"):
        assert not [m for m in imported_modules(path) if m.startswith("pipeline")], path


def test_renderers_never_query() -> None:
    for path in python_files("pipeline/render"):
        queries = [
            m
            for m in imported_modules(path)
            if m.startswith(("duckdb", "pipeline.storage.warehouse", "pipeline.stages"))
        ]
        assert queries == [], path


def test_the_dictionary_model_does_no_io() -> None:
    for path in python_files("pipeline/model"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        io = [m for m in imported_modules(path) if m.split(".")[0] in IO_LIBRARIES]
        opens = [
            node.lineno
            for node in ast.walk(tree)
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "open"
        ]
        assert (io, opens) == ([], []), path


def test_only_the_front_ends_read_what_a_user_types() -> None:
    for path in python_files("pipeline", "solvers"):
        if layer_of(module_name(path)) == 0:  # the front ends
            continue
        text = path.read_text(encoding="utf-8")
        libraries = [m for m in imported_modules(path) if m.split(".")[0] in FRONT_END_LIBRARIES]
        assert (libraries, "sys.argv" in text, "input(" in text) == ([], False, False), path


GAME_NAMES = re.compile(r"spelling.bee|letter.boxed", re.IGNORECASE)


def test_the_server_names_no_game() -> None:
    """A game's API is declared in its own folder (games/<slug>/api.py, through its hook `api`)
    and the server registers every game alike: a third game needs no line in serve/."""
    for path in python_files("pipeline/serve"):
        named = GAME_NAMES.findall(path.read_text(encoding="utf-8"))
        assert named == [], path


def test_every_module_has_one_layer() -> None:
    names = [module_name(path) for path in python_files("pipeline", "solvers")]
    assert [name for name in names if layer_of(name) is None] == ["pipeline"]  # its version
    layers = {
        name: LAYERS[number][0]
        for name, number in ((n, layer_of(n)) for n in names)
        if number is not None
    }
    assert layers["pipeline.games"] == layers["pipeline.games.game"] == "base"
    assert (
        layers["pipeline.games.hooks"] == layers["pipeline.games.spelling_bee.hooks"] == "the games"
    )
    assert layers["pipeline.report.sections"] == "the report"
    assert layers["pipeline.games.contract"] == "storage"


def test_the_architecture_page_draws_the_layers_in_their_order() -> None:
    """docs/architecture.md's drawing names each layer, top to bottom, as LAYERS does."""
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    drawing = page.split("```", 2)[1]
    drawn = [line.removesuffix(":") for line in drawing.splitlines() if line[:1].isalpha()]
    assert drawn == [name for name, _ in LAYERS]
