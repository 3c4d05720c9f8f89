"""The gate for untrusted input, and the typed JSON codec behind it: limits before
parsing, schema checks before use, one error type, short messages."""

from __future__ import annotations

import enum
import json
import sys
import time
from dataclasses import dataclass
from typing import Union

import pytest

from pygame_rules import InvalidState
from pygame_rules.codec import from_json, tagged
from pygame_rules.gate import (
    MAX_INT,
    MAX_MESSAGE,
    Fields,
    Limits,
    check_text,
    choices_text,
    colour,
    data_depth,
    describe,
    name,
    nesting_depth,
    read_json,
    structure,
)
from pygame_rules.registry import get_game

DOC = Limits("the document", 1_000_000, 8)


def deep_list(depth: int) -> list[object]:
    """A list nested ``depth`` levels deep, built without recursion."""
    value: list[object] = []
    for _ in range(depth - 1):
        value = [value]
    return value


# ------------------------------------------------------------------ limits
@pytest.mark.parametrize("text, depth", [
    ("1", 0),
    ("[]", 1),
    ('{"a": [1, {"b": []}]}', 4),
    ('["[[[[", "{{{{"]', 1),                    # brackets inside strings do not count
    (r'["\"[[[[", "\\", [2]]', 2),               # nor after escaped quotes and backslashes
    ('{"name": "Ann ]]]] [[[["}', 1),
    ('[["unterminated [[[[', 2),                 # nothing after an open string counts
])
def test_nesting_depth_counts_brackets_outside_strings(text: str, depth: int) -> None:
    assert nesting_depth(text, 10) == depth
    if "unterminated" not in text:
        assert nesting_depth(text, 10) == data_depth(json.loads(text), 10)


def test_deep_json_is_refused_before_the_parser_sees_it() -> None:
    text = "[" * 300_000 + "]" * 300_000      # json.loads would raise RecursionError
    started = time.perf_counter()
    with pytest.raises(InvalidState, match="nested more than 8 levels deep"):
        read_json(text, DOC, InvalidState)
    assert time.perf_counter() - started < 1.0  # the scan stops at the limit
    assert nesting_depth(text, 8) == 9


@pytest.mark.parametrize("text", [
    '"' + '\\"' * 1_000_000,                  # escaped quotes, never closed
    '["' + "\\" * 2_000_000 + '"]',            # escaped backslashes
    "[1, " * 1_000_000,                         # deep, stops at the limit
])
def test_the_depth_scan_is_linear(text: str) -> None:
    started = time.perf_counter()
    nesting_depth(text, 16)
    assert time.perf_counter() - started < 1.0


def test_deep_data_is_measured_without_recursion() -> None:
    assert data_depth(deep_list(sys.getrecursionlimit() * 5), 20) == 21
    assert data_depth({"a": [{"b": 1}], "c": 2}, 20) == 3


@pytest.mark.parametrize("text, message", [
    ("x" * 2_000_000, "too large: 2,000,000 characters, at most 1,000,000"),
    ('{"a": NaN}', "not valid JSON"),
    ('[Infinity]', "not valid JSON"),
    ("9" * 5000, "not valid JSON"),                        # beyond Python's integer text limit
    ('{"a": 1', "not valid JSON"),
    (b"{}", "must be JSON text, not a bytes"),
    (None, "must be JSON text, not None"),
])
def test_read_json_refuses_with_one_error_type(text: object, message: str) -> None:
    with pytest.raises(InvalidState, match=message) as refused:
        read_json(text, DOC, InvalidState)
    assert len(str(refused.value)) <= MAX_MESSAGE


@pytest.mark.parametrize("text, values", [
    ("1", 1),
    ("[1, 2, 3]", 5),                                  # the list counts twice: opened and closed
    ('{"a": 1, "b": [true]}', 8),
    ('["a,b:c", "[{}]", "\\\",:"]', 5),                # nothing inside strings counts
    ('["unterminated, [{:', 2),                        # nor after an open string
    ('["", "", "", "", ""]', 7),
    ('""""""""""', 5),                                 # no JSON, but each string counts
])
def test_structure_counts_the_values_outside_strings(text: str, values: int) -> None:
    assert structure(text, 100)[1] == values
    assert structure(text, 2)[1] >= min(values, 3)     # it stops removing strings after 3


@pytest.mark.parametrize("text, accepted", [
    ("[1, 2, 3]", True),
    ("[1, 2, 3, 4]", False),
    ('["a,b,c,d,e,f,g"]', True),
    ('["", "", "", ""]', False),           # strings count, though no comma is left between them
    ("[[[[]]]]", False),
])
def test_read_json_keeps_to_the_values_allowed(text: str, accepted: bool) -> None:
    limits = Limits("the test document", 100, 8, 5)
    if accepted:
        assert read_json(text, limits, InvalidState) == json.loads(text)
    else:
        with pytest.raises(InvalidState, match="the test document holds more than 5 values"):
            read_json(text, limits, InvalidState)


def test_a_document_too_deep_is_refused_as_such_though_it_holds_too_many_values() -> None:
    with pytest.raises(InvalidState, match="nested more than 8 levels deep"):
        read_json("[" * 100 + "]" * 100, Limits("the test document", 1000, 8, 50), InvalidState)


def test_check_text_bounds_length_and_control_characters() -> None:
    limits = Limits("the position", 20)
    assert check_text("d4-c4\te4", limits, InvalidState) == "d4-c4\te4"
    assert check_text("d4-c4\ne4", limits, InvalidState, lines=True) == "d4-c4\ne4"
    for bad, message in [("x" * 21, "too long: 21 characters, at most 20"),
                         ("d4\nc4", "control character .U\\+000A."),
                         ("d4\x00", "control character .U\\+0000."),
                         ("a\u202eb", "control character .U\\+202E."),
                         (42, "must be text, not 42")]:
        with pytest.raises(InvalidState, match=message):
            check_text(bad, limits, InvalidState)


# ----------------------------------------------------------------- schemas
@pytest.mark.parametrize("value", ["red", "#1a2B3c"])
def test_colours_of_the_palette_or_strict_hex_pass(value: str) -> None:
    assert colour(value, ("red", "blue"), "the colour", InvalidState) == value


@pytest.mark.parametrize("value", [
    "blue;background-image:url(http://example.com/x.png)",
    "blue;", "navy", "Red", "#fff", "#12345g", "#1234567", " red", "red\n", "", None, 3, ["red"],
    "url(http://example.com)", "expression(alert(1))",
])
def test_anything_else_is_no_colour(value: object) -> None:
    with pytest.raises(InvalidState, match="the colour must be one of red, blue or a #rrggbb colour") as refused:
        colour(value, ("red", "blue"), "the colour", InvalidState)
    assert len(str(refused.value)) <= MAX_MESSAGE


def test_names_are_bounded_text_without_control_characters() -> None:
    assert name("Zoë 👩‍👧", "the name", 10, InvalidState) == "Zoë 👩‍👧"   # joiners are fine
    for bad, message in [("", "is empty"), ("   ", "is empty"), ("x" * 11, "is longer than 10"),
                         ("a\tb", "holds a control character"), ("a\x1bb", "holds a control character"),
                         ("a\u2028b", "holds a control character"), ("\u202eevil", "holds a control character"),
                         ("a\ud800", "holds a control character"), (7, "must be text")]:
        with pytest.raises(InvalidState, match=f"the name {message}"):
            name(bad, "the name", 10, InvalidState)


def test_describe_never_converts_anything_big_or_deep() -> None:
    assert describe(deep_list(100_000)) == "a list"
    assert describe({"a": 1}) == "an object"
    assert describe(10**4000) == "a huge number"
    assert describe(MAX_INT) == str(MAX_INT)
    assert len(describe("x" * 10_000)) <= 41
    assert describe(True) == "True" and describe(None) == "None"


def test_choices_text_lists_as_many_as_fit() -> None:
    assert choices_text(["a", "b"]) == "a, b"
    long = choices_text(f"Kind{i}" for i in range(40))
    assert long.endswith("more)") and len(long) < 110


def test_fields_checks_keys_types_and_ranges() -> None:
    request = Fields({"n": 5, "t": "x", "b": True, "f": 0.5}, "the request", InvalidState,
                     known=("n", "t", "b", "f", "missing"), labels={"f": "fraction"})
    assert request.integer("n", 0, 9) == 5 and request.text("t", 3) == "x"
    assert request.integer("missing", 0, 9, default=2) == 2
    assert request.number("f", 0, 1) == 0.5
    checks = [
        (lambda: request.integer("n", 6, 9), "the request's n must be a whole number from 6 to 9, not 5"),
        (lambda: request.integer("b", 0, 9), "the request's b must be a whole number from 0 to 9, not True"),
        (lambda: request.number("f", 1, 2), "the request's fraction must be a number from 1 to 2, not 0.5"),
        (lambda: request.text("n", 3), "the request's n must be text, not 5"),
        (lambda: request.choice("t", ("a", "b")), "the request's t must be one of a, b, not 'x'"),
        (lambda: request.object("t"), "the request's t must be an object"),
        (lambda: request.items("t", 3), "the request's t must be a list"),
        (lambda: request.get("missing"), "the request has no missing"),
        (lambda: Fields({"x": 1}, "the request", InvalidState, known=("y",)), "unknown field 'x' .known: y."),
        (lambda: Fields([], "the request", InvalidState), "the request must be a JSON object, not a list"),
        (lambda: Fields({1: 2}, "the request", InvalidState), "field whose name is not text"),
    ]
    for check, message in checks:
        with pytest.raises(InvalidState, match=message):
            check()


# ------------------------------------------------------------------- codec
@dataclass(frozen=True)
class Point:
    x: int
    y: float = 0.0


@tagged
@dataclass(frozen=True)
class Kind0:
    n: int


KINDS = [tagged(dataclass(frozen=True)(type(f"Kind{i}", (), {"__annotations__": {"n": "int"}})))
         for i in range(1, 30)]
MANY = Union[(Kind0, *KINDS)]


@pytest.mark.parametrize("data, message", [
    ({"x": 1, 1: 2}, "field names must be text"),                        # was a TypeError
    ({"x": 1, "1": 2, 1: 3}, "field names must be text"),
    ({"x": 2**53 + 1}, r"\$.x: the number is out of range"),
    ({"x": -(10**30)}, r"\$.x: the number is out of range"),
    ({"x": 1, "y": float("nan")}, r"\$.y: expected a number"),
    ({"x": 1, "y": float("inf")}, r"\$.y: expected a number"),
    ({"x": deep_list(50_000)}, r"\$.x: expected an integer, got a list"),  # was a RecursionError
    ({"x": 1, "z" * 5000: 1}, "unexpected field 'zzz"),
])
def test_codec_raises_only_short_invalid_state(data: object, message: str) -> None:
    with pytest.raises(InvalidState, match=message) as refused:
        from_json(Point, data)
    assert len(str(refused.value)) <= MAX_MESSAGE


class Colour(enum.Enum):
    RED = "r"
    BLUE = "b"


@pytest.mark.parametrize("data", [deep_list(50_000), {"r": 1}, "x" * 10_000, 10**30, None, "g"])
def test_an_enum_refuses_anything_but_its_values_briefly(data: object) -> None:
    assert from_json(Colour, "b") is Colour.BLUE
    with pytest.raises(InvalidState, match=r"is not one of 'r', 'b'") as refused:  # was a RecursionError
        from_json(Colour, data)
    assert len(str(refused.value)) <= MAX_MESSAGE


def test_unknown_kinds_are_named_in_a_short_list() -> None:
    expected = r"unknown kind ''; expected one of Kind0, Kind1, .*\(and \d+ more\)"
    with pytest.raises(InvalidState, match=expected) as refused:
        from_json(MANY, {"kind": "", "n": 1})
    assert len(str(refused.value)) <= MAX_MESSAGE
    assert from_json(MANY, {"kind": "Kind7", "n": 1}).n == 1


@dataclass(frozen=True)
class Table:
    rows: tuple[tuple[int, ...], ...]


def test_the_codec_reads_at_most_max_values_values() -> None:
    """Each list and object spends its length first: 1 + 100 + 100 * 98 values pass, and the
    99th row of 100 more is refused before any of its items is read."""
    assert len(from_json(Table, {"rows": [[0] * 98] * 100}).rows) == 100
    with pytest.raises(InvalidState, match=r"\$.rows\[98\]: too many values \(a state or action holds at most "
                                           r"10,000 values\)"):
        from_json(Table, {"rows": [[0] * 100] * 100})
    rows = [[]] * 10_000_000
    started = time.perf_counter()
    with pytest.raises(InvalidState, match=r"\$.rows: too many values"):
        from_json(Table, {"rows": rows})
    assert time.perf_counter() - started < 0.01


def test_long_paths_keep_their_end() -> None:
    with pytest.raises(InvalidState) as refused:
        from_json(dict[str, Point], {"k" * 500: {"x": "1"}})
    message = str(refused.value)
    assert len(message) <= MAX_MESSAGE and message.startswith("…") and "expected an integer" in message


def test_every_game_refuses_a_hostile_state_document_cleanly() -> None:
    for game_name in ("babel", "saba", "tuerme"):
        game = get_game(game_name)
        document = game.state_to_json(game.new_game(game.min_players, seed=1))
        for hostile in (deep_list(20_000), {1: 2, "1": 3}, 10**30, "x" * 100_000):
            with pytest.raises(InvalidState) as refused:
                game.state_from_json({**document, "state": hostile})
            assert len(str(refused.value)) <= MAX_MESSAGE
        with pytest.raises(InvalidState, match="too long"):
            game.from_position_text("x" * 20_000)
