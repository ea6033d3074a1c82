"""Progress lines on stderr: whole in a log (stderr no terminal), never wrapped at 80 columns."""

from __future__ import annotations

from pipeline import progress

URL = "https://raw.githubusercontent.com/LDNOOBW/List-of-Dirty-Naughty-Obscene-and-Otherwise-Bad-Words/master/en"


def test_a_long_line_is_written_whole_when_stderr_is_a_log(capsys) -> None:
    line = f"fetched {URL} into the download cache, which the next run reads instead"
    assert len(line) > 120
    progress.note(line)
    with progress.step(f"reading {URL}"):
        pass
    for item in progress.track(range(3), f"checking {URL}"):
        assert item in range(3)
    err = capsys.readouterr().err.splitlines()
    assert err[0] == f"  {line}"
    assert err[1] == f"> reading {URL} ..."
    assert err[2].startswith("  done in ") and err[2].endswith(" s")
    assert err[3] == f"  checking {URL}: 3 done"
    assert len(err) == 4
