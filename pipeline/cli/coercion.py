"""How the command line turns an option's text into its value, without the validation library.

Typer 0.29 coerces every value but a flag's through a pydantic TypeAdapter built for its
parameter: the first one a command meets imports pydantic, and the adapters are built at each
start (about 0.1 s of every command, a third of what `solve spelling-bee --batch` spends beyond
its work). The options here are plain (text, a whole number, a number, a flag, a path, a choice
of an enum, each without bounds), so each gets a plain coercion instead, with Typer's own checks for
paths and choices and the same messages the CLI shows for a bad value (`pipeline/cli/app.py`);
any other parameter keeps Typer's.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from typer._click.exceptions import BadParameter
from typer._coercion import RuntimeParam
from typer._param_types import coerce_cli_choice, coerce_cli_path

if TYPE_CHECKING:
    from typer._click import Context
    from typer.core import _TyperParameter

# What a value that is not one says (what the CLI made of the validation library's words).
NOT_A_NUMBER = {int: "not a whole number", float: "not a number"}


@dataclass(frozen=True)
class PlainValue(RuntimeParam):
    """The coercion of a plain option: text as it is (several as a list), a number parsed, a
    flag read, a path made, a choice found among its enum's values."""

    def _coerce_value(self, value: Any, param: _TyperParameter, ctx: Context) -> Any:
        """Return the option's value from its text (or its default, already a value)."""
        kind = self.annotation
        try:
            if kind is str:
                return str(value)
            if kind == list[str]:
                return [
                    str(item) for item in (value if isinstance(value, list | tuple) else [value])
                ]
            if kind in NOT_A_NUMBER:
                return value if isinstance(value, kind) else kind(value)
            if kind is bool:
                return flag_value(value)
            if isinstance(kind, type) and issubclass(kind, Enum):
                case_sensitive = self.parameter_info.case_sensitive
                return coerce_cli_choice(value, choices=list(kind), case_sensitive=case_sensitive)
            path = value if isinstance(value, Path) else Path(value)
            return coerce_cli_path(path, self.parameter_info, path_type=Path, param=param, ctx=ctx)
        except ValueError as error:
            message = NOT_A_NUMBER.get(kind) or str(error)
            raise BadParameter(message, ctx=ctx, param=param) from None


# The texts the validation library reads as a bool (a flag's value is one already).
BOOL_WORDS = {word: True for word in ("1", "on", "t", "true", "y", "yes")}
BOOL_WORDS |= {word: False for word in ("", "0", "off", "f", "false", "n", "no")}


def flag_value(value: Any) -> bool:
    """Return a flag's value: a bool as it is, a text read as the validation library reads it."""
    if isinstance(value, bool):
        return value
    found = BOOL_WORDS.get(str(value).strip().lower())
    if found is None:
        raise ValueError("Input should be a valid boolean, unable to interpret input")
    return found


def is_plain(param: Any) -> bool:
    """Return True for a parameter PlainValue coerces as Typer would: text (or several texts), a
    number, a flag, a path or an enum's choice, without bounds, parser or file mode."""
    described = getattr(param, "type_descriptor", None)
    if described is None or described.file_annotation is not None:
        return False
    kind, info = described.annotation, described.parameter_info
    if info.parser is not None or info.min is not None or info.max is not None or info.clamp:
        return False
    if kind in (str, int, float, bool) or kind == list[str]:
        return True
    if isinstance(kind, type) and issubclass(kind, Enum):
        return True
    return kind is Path and info.path_type in (None, Path)


def plain_coercion(command: Any) -> None:
    """Give every plain parameter of a command and its subcommands (their help options too)
    the plain coercion, set where Typer keeps the one it would build on first use."""
    for param in [*getattr(command, "params", []), getattr(command, "_help_option", None)]:
        if getattr(param, "_runtime_param", False) is None and is_plain(param):
            described = param.type_descriptor
            param._runtime_param = PlainValue(described.parameter_info, described.annotation)
    for sub in getattr(command, "commands", {}).values():
        plain_coercion(sub)
