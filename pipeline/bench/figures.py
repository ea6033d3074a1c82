"""What the benches print: figures beside their targets (as text or one JSON object), and whole
commands timed as new processes with the peak memory each reports."""

from __future__ import annotations

import subprocess
import sys
import time
from dataclasses import dataclass


@dataclass(frozen=True)
class Figure:
    """One measured figure, with its target when it has one."""

    name: str
    value: float
    target: str = ""
    met: bool | None = None
    digits: int = 4  # printed after the point (0: a count, with thousands separators)


PEAK_REPORTER = (
    "import atexit, sys\n"
    "from pipeline.cli import main\n"
    "def peak():\n"
    "    status = open('/proc/self/status').read()\n"
    "    print('peak-kb', status.split('VmHWM:')[1].split()[0], file=sys.stderr)\n"
    "atexit.register(peak)\n"
    "main()\n"
)


def timed_command(arguments: list[str]) -> tuple[float, float]:
    """Return a whole command's wall time (s) and its peak memory (MB), run as a new process that
    reports its own high-water mark (a child's rusage would count the parent's, copied at fork)."""
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", PEAK_REPORTER, *arguments],
        check=True,
        capture_output=True,
        text=True,
    )
    seconds = time.perf_counter() - started
    peak_kb, _ = reported_peak(done.stderr)
    return seconds, peak_kb / 1024


def reported_peak(stderr: str) -> tuple[int, list[str]]:
    """Return the peak kB a PEAK_REPORTER command reported (0 when it did not get to report it)
    and the other lines of its standard error."""
    lines = stderr.splitlines()
    peaks = [int(line.split()[1]) for line in lines if line.startswith("peak-kb ")]
    return (peaks[-1] if peaks else 0), [line for line in lines if not line.startswith("peak-kb ")]


def format_figures(sections: dict[str, list[Figure]]) -> str:
    """Return the figures as text, each beside its target."""
    lines = []
    for title, figures in sections.items():
        lines.append(title)
        for figure in figures:
            target = (
                f"  target {figure.target}: {'met' if figure.met else 'MISSED'}"
                if figure.target
                else ""
            )
            value = (
                f"{figure.value:,.0f}"
                if figure.digits == 0
                else f"{figure.value:.{figure.digits}f}"
            )
            lines.append(f"  {figure.name}: {value}{target}")
    return "\n".join(lines)


def figures_record(sections: dict[str, list[Figure]]) -> dict:
    """Return the figures as one JSON object."""
    return {
        title: [{"name": f.name.strip(), "value": f.value, "target": f.target or None, "met": f.met} for f in figures]
        for title, figures in sections.items()
    }  # fmt: skip
