"""The same output, md5-checked: what a checkout builds, reports and serves from a warehouse, one
md5 per thing, so that two checkouts (or two runs) can be compared.

    .venv/bin/python bench/compare_outputs.py --checkout ../main --checkout .
    .venv/bin/python bench/compare_outputs.py --checkout . > after.txt   # then diff two runs

For each checkout (its own `.venv/bin/pipeline`), in a temporary folder of its own: the warehouse
(`--warehouse`, default the first checkout's), the custom lists (`--custom`) and the download
cache (`--raw`) are copied; the stages run on the copies (`--stage`, default `build`; `--stage
none` runs none); then it prints an md5 for

- each warehouse table: its rows, whatever order they are stored in (the md5 of their count and
  the sum of each row's 64-bit hash: what hashing them ordered by every column tells, 40 times
  faster), without the columns that name a run or a build or say when (TIMESTAMP columns,
  `build_id`, `run_id`);
- each file of the custom folder: `built_from.json` without its build id and the warehouse's
  size and time, a column file (`*.cols`) without the build id of its header;
- each file `pipeline report --html` writes, and its standard output;
- the answer (status and JSON body) to each of a fixed list of requests to `pipeline serve`
  started on the copy (its own progress store): the list of puzzles; both games' public puzzle
  of an archived date (`--date`, default each game's last) and of a generated id
  (`--generated`); a player's guesses, hints, clues, checks, reveals and statistics on them.

In the files and the answers, the temporary folder's path and the build ids are replaced by
placeholders; in the report's text files and the answers, a decimal number of more than 9
significant digits is rounded to 9, and one nearer 0 than 1e-9 is 0 (the page's sort keys hold
DuckDB's parallel sums, whose last bits differ from run to run); a player's token is left out. The commands run in the temporary
folder, so that nothing of the checkouts is written.
With two checkouts it prints both md5s and whether they are the same, and exits with status 1
when any differs. It stands alone (DuckDB and the standard library), as the bench's scripts do.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import duckdb

EXCLUDED_COLUMNS = ("build_id", "run_id")  # name a run or a build, whatever their type
EXCLUDED_TYPES = ("TIMESTAMP",)  # say when (TIMESTAMP WITH TIME ZONE too)
EXCLUDED_KEYS = {"built_from.json": ("build", "warehouse")}  # the manifest's build, file identity
COLUMN_FILE_META = ("build",)  # a column file's header names the build that wrote it
SIGNIFICANT = 9  # digits a decimal number keeps (see the module's docstring)
NEGLIGIBLE = 1e-9  # a decimal number nearer 0 is 0 (1 - F1 of a perfect score: 6e-16 or 9e-16)
REPORT_TEXTS = (".html", ".csv", ".json", ".md", ".txt")  # rounded; a chart's PNG is compared whole
LONG_DECIMAL = re.compile(rb"-?\d+\.\d+(?:[eE][-+]?\d+)?")
PLAYER_KEYS = ("token", "room")  # made at random for each player or room
GENERATED_ID = "g7-medium-1"
START_TIMEOUT = 120.0  # seconds for `pipeline serve` to answer /api/health


@dataclass(frozen=True)
class Copy:
    """A checkout's temporary folder: the copies its commands read and write."""

    checkout: Path
    folder: Path

    @property
    def warehouse(self) -> Path:
        """Return the copy of the warehouse."""
        return self.folder / "warehouse.duckdb"

    def environment(self) -> dict[str, str]:
        """Return the environment of the checkout's commands: every file they touch in the copy."""
        return {
            **os.environ,
            "PIPELINE_WAREHOUSE": str(self.warehouse),
            "PIPELINE_CUSTOM": str(self.folder / "custom"),
            "PIPELINE_RAW": str(self.folder / "raw"),
            "PIPELINE_REPORTS": str(self.folder / "reports"),
            "PIPELINE_PROGRESS": str(self.folder / "progress.sqlite"),
            "PIPELINE_OFFLINE": "1",
        }

    def pipeline(self, *arguments: str, capture: bool = False) -> str:
        """Run the checkout's `pipeline` on the copy; return its output when `capture`."""
        command = [str(self.checkout / ".venv" / "bin" / "pipeline"), *arguments]
        done = subprocess.run(
            command,
            cwd=self.folder,
            env=self.environment(),
            stdout=subprocess.PIPE if capture else sys.stderr,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            raise SystemExit(f"error: `{shlex.join(command)}` exited with {done.returncode}")
        return done.stdout or ""


# --- normalizing ---------------------------------------------------------------------------------


def rounded(text: bytes) -> bytes:
    """Return a text with each decimal number of more than SIGNIFICANT digits rounded to them,
    and 0 for one nearer to 0 than NEGLIGIBLE (a difference of equal sums, left by rounding)."""

    def round_one(match: re.Match[bytes]) -> bytes:
        number = match.group()
        if abs(float(number)) < NEGLIGIBLE:
            return b"0"
        digits = len(re.sub(rb"[^0-9]", b"", number.split(b"e")[0].split(b"E")[0]).lstrip(b"0"))
        return number if digits <= SIGNIFICANT else b"%.*g" % (SIGNIFICANT, float(number))

    return LONG_DECIMAL.sub(round_one, text)


def placeholders(text: bytes, copy: Copy, builds: list[str]) -> bytes:
    """Return a text with the copy's folder and the build ids replaced by placeholders."""
    text = text.replace(str(copy.folder).encode(), b"<copy>")
    for build in builds:
        text = text.replace(build.encode(), b"<build>")
    return text


def md5(data: bytes) -> str:
    """Return the hex md5 of some bytes."""
    return hashlib.md5(data).hexdigest()


# --- the warehouse -------------------------------------------------------------------------------


def table_columns(con: duckdb.DuckDBPyConnection, table: str) -> tuple[list[str], list[str]]:
    """Return a table's columns compared and those left out (a run's, a build's, a time)."""
    kept: list[str] = []
    left_out: list[str] = []
    query = (
        "SELECT column_name, data_type FROM information_schema.columns "
        "WHERE table_schema = 'main' AND table_name = ? ORDER BY ordinal_position"
    )
    for name, kind in con.execute(query, [table]).fetchall():
        excluded = name in EXCLUDED_COLUMNS or kind.startswith(EXCLUDED_TYPES)
        (left_out if excluded else kept).append(name)
    return kept, left_out


def table_md5(con: duckdb.DuckDBPyConnection, table: str, columns: list[str]) -> tuple[str, int]:
    """Return the md5 of a table's rows and their count: of the count and the sum of each row's
    64-bit hash (DuckDB's `hash` of its columns), the same whatever order the rows are stored in,
    as the rows ordered by every column are, and 40 times faster than hashing each row's text."""
    quoted = ", ".join(f'"{name}"' for name in columns)
    query = f'SELECT count(*), sum(hash({quoted})::HUGEINT) FROM "{table}"'
    rows, total = con.execute(query).fetchone() or (0, 0)
    return md5(f"{rows} {total}".encode()), rows


def warehouse_md5s(copy: Copy) -> Iterator[tuple[str, str, str]]:
    """Yield (name, md5, note) for each table of the copy's warehouse."""
    with duckdb.connect(str(copy.warehouse), read_only=True) as con:
        con.execute("SET enable_progress_bar = false")
        query = (
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'main' "
            "AND table_type = 'BASE TABLE' ORDER BY table_name"
        )
        for (table,) in con.execute(query).fetchall():
            kept, left_out = table_columns(con, table)
            digest, rows = table_md5(con, table, kept)
            note = f"{rows:,} rows" + (f", without {', '.join(left_out)}" if left_out else "")
            yield f"warehouse {table}", digest, note


def build_ids(copy: Copy) -> list[str]:
    """Return the build ids the copy's warehouse and manifest name (the placeholders' values)."""
    builds = set()
    with duckdb.connect(str(copy.warehouse), read_only=True) as con:
        tables = {name for (name,) in con.execute("SHOW TABLES").fetchall()}
        if "dictionary_rules" in tables:
            query = "SELECT DISTINCT build_id FROM dictionary_rules"
            builds |= {build for (build,) in con.execute(query).fetchall()}
    manifest = copy.folder / "custom" / "built_from.json"
    if manifest.is_file():
        builds.add(json.loads(manifest.read_text()).get("build", ""))
    return sorted((build for build in builds if build), key=len, reverse=True)


# --- files ---------------------------------------------------------------------------------------


def column_file_content(data: bytes) -> bytes:
    """Return a column file without the build id of its header (storage/column_file.py: the
    columns, then the header's JSON, then its length in 8 bytes)."""
    length = int.from_bytes(data[-8:], "little")
    header = json.loads(data[-8 - length : -8])
    for key in COLUMN_FILE_META:
        header["meta"].pop(key, None)
    return data[: -8 - length] + json.dumps(header, sort_keys=True).encode()


def file_content(path: Path) -> bytes:
    """Return what is compared of a file: its bytes, or a manifest or header without its build."""
    data = path.read_bytes()
    if path.name in EXCLUDED_KEYS:
        record = json.loads(data)
        for key in EXCLUDED_KEYS[path.name]:
            record.pop(key, None)
        return json.dumps(record, sort_keys=True).encode()
    if path.suffix == ".cols":
        return column_file_content(data)
    return data


def folder_md5s(kind: str, folder: Path, copy: Copy, builds: list[str]) -> Iterator[tuple]:
    """Yield (name, md5, note) for each file under a folder, by path (a report's text rounded)."""
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        content = placeholders(file_content(path), copy, builds)
        if kind == "report" and path.suffix in REPORT_TEXTS:
            content = rounded(content)
        yield f"{kind} {path.relative_to(folder)}", md5(content), f"{path.stat().st_size:,} bytes"


def report_md5s(copy: Copy, builds: list[str]) -> Iterator[tuple[str, str, str]]:
    """Yield (name, md5, note) for each file `pipeline report --html` writes, and its output."""
    printed = copy.pipeline("report", "--html", capture=True).encode()
    yield "report (standard output)", md5(rounded(placeholders(printed, copy, builds))), ""
    yield from folder_md5s("report", copy.folder / "reports", copy, builds)


# --- the server ----------------------------------------------------------------------------------


def free_port() -> int:
    """Return a port of 127.0.0.1 nobody listens on (the OS's choice)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def request(url: str, method: str = "GET", body: Any = None, token: str = "") -> tuple[int, Any]:
    """Return the status and the JSON body of a request (a 4xx or 5xx answer too)."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"} if data is not None else {}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    sent = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(sent, timeout=60) as answer:
            return answer.status, json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


@contextlib.contextmanager
def served(copy: Copy) -> Iterator[str]:
    """Start the checkout's `pipeline serve` on the copy, on a free port; yield its URL, and stop
    it (Ctrl-C, then a kill of its process group) when the block ends."""
    port = free_port()
    command = [str(copy.checkout / ".venv" / "bin" / "pipeline"), "serve", "--port", str(port)]
    server = subprocess.Popen(
        [*command, "--offline"],
        cwd=copy.folder,
        env=copy.environment(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # its workers in its own group, stopped with it
    )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(url, server)
        yield url
    finally:
        os.killpg(server.pid, signal.SIGINT)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


def wait_until_up(url: str, server: subprocess.Popen) -> None:
    """Return once the server answers /api/health; exit when it ends or takes too long."""
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"error: `pipeline serve` exited with {server.returncode}")
        with contextlib.suppress(OSError):
            if request(f"{url}/api/health")[0] == 200:
                return
        time.sleep(0.2)
    raise SystemExit(f"error: `pipeline serve` did not answer within {START_TIMEOUT:.0f} s")


class Player:
    """A player of the server: each request and its answer, hashed, in order."""

    def __init__(self, url: str, answers: list[tuple[str, str, str]]) -> None:
        """Make a new player on the server; its answers are appended to `answers`."""
        self.url, self.answers, self.token = url, answers, ""
        self.token = self.ask("POST", "/api/players")["token"]

    def ask(self, method: str, path: str, body: Any = None) -> Any:
        """Send a request as this player (a write always with a JSON body, `{}` when it says
        nothing more), record its answer's md5, and return its body."""
        sent = {} if method == "POST" and body is None else body
        status, answer = request(f"{self.url}{path}", method, sent, self.token)
        kept = answer
        if isinstance(answer, dict):
            kept = {key: value for key, value in answer.items() if key not in PLAYER_KEYS}
        text = f"{status}\n{json.dumps(kept, sort_keys=True)}".encode()
        name = f"api {len(self.answers) + 1:02} {method} {path}"
        name += f" {json.dumps(body, sort_keys=True)}" if body is not None else ""
        self.answers.append((name, md5(rounded(text)), str(status)))
        return answer


def archived_dates(puzzles: Any, date: str | None) -> dict[str, str]:
    """Return the archived date to play of each game: `date`, or the game's last."""
    games = puzzles.get("games", puzzles) if isinstance(puzzles, dict) else {}
    return {game: date or archive["last"] for game, archive in games.items() if "last" in archive}


def play_spelling_bee(url: str, puzzle: str, answers: list[tuple[str, str, str]]) -> None:
    """Play a Spelling Bee puzzle as a player would: guesses of every kind, hints, clues,
    the reveal, then forget it (the answers learned from another player's reveal)."""
    path = f"/api/spelling-bee/{puzzle}"
    revealed = Player(url, answers).ask("POST", f"{path}/reveal")
    if not isinstance(revealed, dict) or not revealed.get("answers"):
        return  # a puzzle the server cannot make: its answer is compared all the same
    words, pangrams = revealed["answers"], revealed["pangrams"]
    player = Player(url, answers)
    player.ask("GET", f"{path}/progress")
    guesses = [words[0], words[0], *pangrams[:1], *revealed["maybe"][:1], words[0][:3], "qxqx"]
    for word in guesses:
        player.ask("POST", f"{path}/guess", {"word": word})
    player.ask("GET", f"{path}/hints")
    player.ask("GET", f"{path}/clues")
    player.ask("GET", f"{path}/progress")
    player.ask("POST", f"{path}/reveal")
    player.ask("GET", "/api/players/me/stats")
    player.ask("POST", f"{path}/restart")
    player.ask("DELETE", "/api/players/me")


def play_letter_boxed(url: str, puzzle: str, answers: list[tuple[str, str, str]]) -> None:
    """Play a Letter Boxed board as a player would: a chain begun, a broken one, the solution,
    the clues, the reveal, then forget it (the solution learned from another player's reveal)."""
    path = f"/api/letter-boxed/{puzzle}"
    revealed = Player(url, answers).ask("POST", f"{path}/reveal")
    if not isinstance(revealed, dict) or not revealed.get("solution"):
        return  # a board the server cannot make: its answer is compared all the same
    solution = revealed["solution"]
    player = Player(url, answers)
    player.ask("GET", f"{path}/progress")
    for chain in (solution[:1], [solution[0], solution[0]], solution):
        player.ask("POST", f"{path}/check", {"words": chain})
    player.ask("GET", f"{path}/progress")
    player.ask("GET", f"{path}/clues")
    player.ask("POST", f"{path}/reveal")
    player.ask("GET", "/api/players/me/stats")
    player.ask("POST", f"{path}/restart")
    player.ask("DELETE", "/api/players/me")


def api_md5s(copy: Copy, date: str | None, generated: str) -> list[tuple[str, str, str]]:
    """Return (name, md5, status) for each answer of the fixed requests to the copy's server."""
    answers: list[tuple[str, str, str]] = []
    with served(copy) as url:
        public = Player(url, answers)
        dates = archived_dates(public.ask("GET", "/api/puzzles"), date)
        for game in ("spelling-bee", "letter-boxed"):
            for puzzle in (dates[game], generated):
                public.ask("GET", f"/api/{game}/{puzzle}")
        public.ask("DELETE", "/api/players/me")
        for puzzle in (dates["spelling-bee"], generated):
            play_spelling_bee(url, puzzle, answers)
        for puzzle in (dates["letter-boxed"], generated):
            play_letter_boxed(url, puzzle, answers)
    return answers


# --- a checkout ----------------------------------------------------------------------------------


def prepared_copy(checkout: Path, options: argparse.Namespace, folder: Path) -> Copy:
    """Copy the warehouse, the custom lists and the download cache into the folder, and run the
    stages there with the checkout's code; return the copy."""
    copy = Copy(checkout, folder)
    shutil.copy2(options.warehouse, copy.warehouse)
    shutil.copytree(options.custom, folder / "custom")
    if options.raw.is_dir():
        shutil.copytree(options.raw, folder / "raw")
    (folder / "reports").mkdir()
    for stage in options.stage:
        if stage != "none":
            print(f"{checkout}: pipeline {stage}", file=sys.stderr, flush=True)
            copy.pipeline(*shlex.split(stage))
    return copy


@contextlib.contextmanager
def work_folder(keep: Path | None) -> Iterator[Path]:
    """Yield a new temporary folder: removed at the end, or kept inside `keep` when given."""
    if keep is None:
        with tempfile.TemporaryDirectory(prefix="compare-outputs-") as temporary:
            yield Path(temporary)
        return
    keep.mkdir(parents=True, exist_ok=True)
    yield Path(tempfile.mkdtemp(prefix="compare-outputs-", dir=keep))


def checkout_md5s(checkout: Path, options: argparse.Namespace) -> dict[str, tuple[str, str]]:
    """Return {name: (md5, note)} of everything compared, for one checkout."""
    with work_folder(options.keep) as folder:
        copy = prepared_copy(checkout, options, folder)
        builds = build_ids(copy)
        found = [*warehouse_md5s(copy)]
        found += folder_md5s("custom", copy.folder / "custom", copy, builds)
        if options.report:
            found += report_md5s(copy, builds)
        if options.serve:
            found += api_md5s(copy, options.date, options.generated)
    return {name: (digest, note) for name, digest, note in found}


# --- the command ---------------------------------------------------------------------------------


def parsed_options(arguments: list[str]) -> argparse.Namespace:
    """Return the command line's options, the copies' sources defaulting to the first checkout's."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--checkout", type=Path, action="append", required=True)
    parser.add_argument("--warehouse", type=Path, help="default: the first checkout's")
    parser.add_argument("--custom", type=Path, help="default: the first checkout's data/custom")
    parser.add_argument("--raw", type=Path, help="default: the first checkout's data/raw")
    parser.add_argument("--stage", action="append", help="a command run first (default: build)")
    parser.add_argument("--date", help="the archived date played (default: each game's last)")
    parser.add_argument("--generated", default=GENERATED_ID, help="the generated id played")
    parser.add_argument("--no-report", dest="report", action="store_false")
    parser.add_argument("--no-serve", dest="serve", action="store_false")
    parser.add_argument("--keep", type=Path, help="keep the copies in this folder")
    options = parser.parse_args(arguments)
    first = options.checkout[0]
    options.warehouse = options.warehouse or first / "warehouse.duckdb"
    options.custom = options.custom or first / "data" / "custom"
    options.raw = options.raw or first / "data" / "raw"
    options.stage = options.stage or ["build"]
    for checkout in options.checkout:
        if not (checkout / ".venv" / "bin" / "pipeline").is_file():
            parser.error(f"{checkout} has no .venv/bin/pipeline (run `make install` there)")
    return options


def print_one(found: dict[str, tuple[str, str]]) -> None:
    """Print one checkout's md5s, a line each (two runs' outputs compare with diff)."""
    for name, (digest, note) in found.items():
        print(f"{digest}  {name}" + (f"  ({note})" if note else ""))


def print_compared(checkouts: list[Path], found: list[dict[str, tuple[str, str]]]) -> int:
    """Print each thing's md5 in every checkout and whether they agree; return how many differ."""
    names = list(dict.fromkeys(name for each in found for name in each))
    print("  ".join(f"[{n}] {checkout}" for n, checkout in enumerate(checkouts, start=1)))
    differ = 0
    for name in names:
        digests = [each.get(name, ("(missing)", ""))[0] for each in found]
        same = len(set(digests)) == 1
        differ += not same
        shown = digests[:1] if same else digests
        notes = dict.fromkeys(each[name][1] for each in found if each.get(name, ("", ""))[1])
        noted = f"  ({'; '.join(notes)})" if notes else ""
        print(f"{'same' if same else 'DIFFERENT':9}  {'  '.join(shown)}  {name}{noted}")
    print(f"{len(names) - differ} of {len(names)} the same, {differ} different")
    return differ


def main(arguments: list[str]) -> int:
    """Compare the outputs of the checkouts; return the exit status (1: some differ)."""
    options = parsed_options(arguments)
    found = [checkout_md5s(checkout, options) for checkout in options.checkout]
    if len(found) == 1:
        print_one(found[0])
        return 0
    return 1 if print_compared(options.checkout, found) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
