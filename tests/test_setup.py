"""Setting up: `make dictionary` installs only what the main job needs, from requirements.lock, and
`make test` and `make lint` add the dev extra's pins from requirements-dev.lock; both locks come
from pyproject.toml alone, hashed, the runtime's pins the same versions in both; and the editable
install of the project prints nothing."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
PIN = re.compile(r"^([A-Za-z0-9_.-]+)==(\S+) \\$", re.M)


def pins(lock: str) -> dict[str, str]:
    """Return a lock file's pinned versions by package name (normalized as pip does)."""
    text = (ROOT / lock).read_text()
    return {re.sub(r"[-_.]+", "-", name).lower(): version for name, version in PIN.findall(text)}


def requirement_name(requirement: str) -> str:
    """Return the package a requirement of pyproject.toml names (`psycopg[binary]>=3.2`)."""
    found = re.match(r"[A-Za-z0-9_.-]+", requirement)
    assert found is not None
    return re.sub(r"[-_.]+", "-", found[0]).lower()


def test_the_runtime_lock_holds_the_runtime_and_no_test_tool() -> None:
    runtime, everything = pins("requirements.lock"), pins("requirements-dev.lock")
    declared = {requirement_name(r) for r in PYPROJECT["project"]["dependencies"]}
    tools = {requirement_name(r) for r in PYPROJECT["project"]["optional-dependencies"]["dev"]}
    assert declared <= set(runtime)
    assert tools & set(runtime) == set()
    assert {"playwright", "schemathesis", "mypy", "ruff", "hypothesis"} <= set(everything)
    # the same versions: installing the dev lock over the runtime's changes none of its pins
    assert {name: everything.get(name) for name in runtime} == runtime
    assert declared | tools <= set(everything)


@pytest.mark.parametrize("lock", ["requirements.lock", "requirements-dev.lock"])
def test_every_pin_has_its_hashes(lock: str) -> None:
    entries = re.split(r"\n(?=[A-Za-z0-9_.-]+==)", (ROOT / lock).read_text().split("\n\n")[-1])
    pinned = [entry for entry in entries if "==" in entry.split("\n")[0]]
    assert len(pinned) == len(pins(lock)) > 0
    assert [entry.split(" ")[0] for entry in pinned if "--hash=sha256:" not in entry] == []


def make_dry_run(target: str, folder: Path) -> str:
    """Return the commands `make TARGET` would run in a fresh clone (`make -n`)."""
    for name in ("Makefile", "pyproject.toml", "requirements.lock", "requirements-dev.lock"):
        shutil.copy2(ROOT / name, folder / name)
    made = subprocess.run(
        ["make", "-n", target], cwd=folder, capture_output=True, text=True, timeout=60
    )
    assert made.returncode == 0, made.stderr
    return made.stdout


def test_make_dictionary_installs_the_runtime_lock_and_make_test_adds_the_dev_lock(
    tmp_path: Path,
) -> None:
    if shutil.which("make") is None:
        pytest.skip("no make")
    dictionary = make_dry_run("dictionary", tmp_path)
    assert "pip install --quiet -r requirements.lock" in dictionary
    assert "requirements-dev.lock" not in dictionary
    for target in ("test", "lint"):
        commands = make_dry_run(target, tmp_path)
        assert "pip install --quiet -r requirements.lock" in commands
        assert "pip install --quiet -r requirements-dev.lock" in commands
    lock = make_dry_run("lock", tmp_path)
    compiled = [line for line in lock.splitlines() if "pip-compile" in line]
    assert [line.split("--output-file ")[1] for line in compiled] == [
        "requirements-dev.lock pyproject.toml",
        "requirements.lock pyproject.toml",
    ]
    assert "--constraint requirements-dev.lock" in compiled[1]
    assert all("--generate-hashes" in line for line in compiled)


def test_the_editable_install_prints_nothing(tmp_path: Path) -> None:
    """As `make dictionary` installs the project (`pip install --quiet --no-deps -e .`), into an
    environment of its own: no boxed warning of the build backend, and the project importable."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    pip = [sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python")]
    installed = subprocess.run(
        [*pip, "install", "--quiet", "--no-deps", "-e", str(ROOT)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    if installed.returncode != 0 and "No matching distribution found for setuptools" in (
        installed.stderr
    ):
        pytest.skip("pip cannot fetch the build backend (setuptools) here")
    assert (installed.returncode, installed.stdout, installed.stderr) == (0, "", "")
    imported = subprocess.run(
        [str(venv / "bin" / "python"), "-c", "import pipeline, solvers; print(pipeline.__file__)"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert imported.stdout == f"{ROOT / 'pipeline' / '__init__.py'}\n"
