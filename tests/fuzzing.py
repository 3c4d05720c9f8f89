"""Seeded fuzzing shared by every game's tests: mutate valid inputs, accept only clean errors.

The protocol promises :class:`~pygame_rules.InvalidState` for every bad state, position or
JSON document and :class:`~pygame_rules.IllegalAction` for every bad action, each with a
message a person can read. :func:`fuzz_game` feeds a game thousands of mutated inputs made
from real positions of seeded random games and checks that each one is either accepted or
refused with exactly that error type, a short message, and within a time limit (so a huge
number is refused before anything is allocated for it).

:func:`mutate_json_text` does the same to a JSON document as text (what a save file or a
request is), deeply nested replacements included, which :func:`json.dumps` can't write.
The longest message allowed is the gate's (:data:`pygame_rules.gate.MAX_MESSAGE`).
"""

from __future__ import annotations

import dataclasses
import json
import reprlib
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import partial
from typing import Any

from pygame_rules import IllegalAction, InvalidState
from pygame_rules.gate import MAX_MESSAGE
from pygame_rules.protocol import Game
from pygame_rules.rng import Rng

__all__ = ["GARBAGE", "MAX_MESSAGE", "dumps_deep", "expect_clean", "expect_exactly_legal", "fuzz_game",
           "garbage_action", "mutate_json", "mutate_json_text", "mutate_text", "positions"]

#: Seconds one input may take, parsing and checking included (generous for a loaded CI).
TIME_LIMIT = 2.0

_HUGE = ("9" * 30, "10" * 2500, "-1", "-999", "0", "1e9", "4294967296", "")


def positions(game: Game[Any, Any], seed: int, games: int, every: int = 7,
              options: Sequence[Mapping[str, Any]] = ({},), plies: int = 2000) -> list[Any]:
    """States met along ``games`` seeded random games (every ``every``-th ply of the first
    ``plies``), each game with the next options of ``options`` in turn."""
    rng = Rng.from_seed(seed)
    found = []
    for g in range(games):
        players = game.min_players + g % (game.max_players - game.min_players + 1)
        state = game.new_game(players, seed=seed * 1000 + g, options=options[g % len(options)])
        for ply in range(plies):
            if game.is_over(state):
                break
            if ply % every == 0:
                found.append(state)
            player = rng.choice(game.to_move(state))
            state = game.apply(state, player, rng.choice(game.legal_actions(state, player)))
        found.append(state)
    return found


def mutate_text(text: str, rng: Rng) -> str:
    """``text`` with one random damage: a cut, a doubled or dropped span, a number made
    huge or negative, a stray character, or two words swapped."""
    if not text:
        return rng.choice(_HUGE)
    i = rng.randbelow(len(text))
    j = min(len(text), i + 1 + rng.randbelow(12))
    kind = rng.randbelow(7)
    if kind == 0:
        return text[:i]
    if kind == 1:
        return text[:i] + text[j:]
    if kind == 2:
        return text[:j] + text[i:j] * (1 + rng.randbelow(3)) + text[j:]
    if kind == 3:
        return text[:i] + rng.choice(_HUGE) + text[j:]
    if kind == 4:
        return text[:i] + rng.choice("/:;,=-+#x{}()[]|.0123456789 \t\n\x00é€") + text[i:]
    if kind == 5:
        words = text.split(" ")
        if len(words) > 1:
            a, b = rng.randbelow(len(words)), rng.randbelow(len(words))
            words[a], words[b] = words[b], words[a]
        return " ".join(words)
    digits = [k for k, c in enumerate(text) if c.isdigit()]
    if not digits:
        return text[::-1]
    k = rng.choice(digits)
    return text[:k] + rng.choice(_HUGE) + text[k + 1:]


def _nodes(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _nodes(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _nodes(value, (*path, index))


#: Stands among the replacements for a deeply nested list, built only when it is chosen
#: (building one for every mutation made the fuzzers spend most of their time on it).
_DEEP = object()


def _replacement(value: Any, rng: Rng) -> Any:
    choices: list[Any] = [None, True, -1, 10**30, 2**63, 1.5, "", "x" * 5000, [], {}, [value, value],
                          {"kind": "?"}, {1: 2, "1": 3}, str(value), -(10**9), _DEEP]
    depth = rng.choice((50, 5000))
    if isinstance(value, int) and not isinstance(value, bool):
        choices += [value + 1, value - 1, -value, value * 1000]
    if isinstance(value, list) and value:
        choices += [value[:-1], value + value[-1:], value[::-1]]
    if isinstance(value, dict) and value:
        key = rng.choice(sorted(value, key=str))
        choices.append({k: v for k, v in value.items() if k != key})
    choice = rng.choice(choices)
    if choice is not _DEEP:
        return choice
    deep: Any = 0
    for _ in range(depth):
        deep = [deep]
    return deep


def mutate_json(data: Any, rng: Rng) -> Any:
    """A deep copy of ``data`` with one random node replaced (wrong type, out of range,
    huge, deeply nested, a key dropped or a list cut)."""
    copy = json.loads(json.dumps(data))
    path = rng.choice(list(_nodes(copy)))
    if not path:
        return _replacement(copy, rng)
    parent = copy
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = _replacement(parent[path[-1]], rng)
    return copy


def dumps_deep(data: Any) -> str:
    """JSON text for ``data`` however deeply it nests: :func:`json.dumps` recurses and
    fails on the deep values :func:`mutate_json` makes; this walks with a stack of its own."""
    out: list[str] = []
    stack: list[Any] = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, _Raw):
            out.append(item.text)
        elif isinstance(item, (list, dict)):
            pairs = list(item.items()) if isinstance(item, dict) else [(None, v) for v in item]
            stack.append(_Raw("}" if isinstance(item, dict) else "]"))
            for index in reversed(range(len(pairs))):
                key, value = pairs[index]
                stack.append(value)
                if key is not None:
                    stack.append(_Raw(json.dumps(str(key)) + ": "))
                if index:
                    stack.append(_Raw(", "))
            stack.append(_Raw("{" if isinstance(item, dict) else "["))
        else:
            out.append(json.dumps(item))
    return "".join(out)


class _Raw:
    """A piece of JSON text already written, on :func:`dumps_deep`'s stack."""

    def __init__(self, text: str) -> None:
        self.text = text


def mutate_json_text(text: str, rng: Rng) -> str:
    """The JSON document ``text`` with one node replaced as by :func:`mutate_json`,
    written back as JSON text (a deeply nested replacement included)."""
    mutant = mutate_json(json.loads(text), rng)
    try:
        return json.dumps(mutant)
    except RecursionError:
        return dumps_deep(mutant)


def expect_clean(errors: tuple[type[Exception], ...], call: Callable[[], Any], what: str) -> Any:
    """Run ``call``: it returns, or raises one of ``errors`` with a short message, in time.

    Returns the result, or None when it raised."""
    start = time.perf_counter()
    try:
        result = call()
    except errors as exc:
        message = str(exc)
        assert message and len(message) <= MAX_MESSAGE, f"{what}: message of {len(message)} chars: {message[:300]!r}"
        result = None
    except Exception as exc:
        raise AssertionError(f"{what}: {type(exc).__name__}: {str(exc)[:300]}") from exc
    elapsed = time.perf_counter() - start
    assert elapsed < TIME_LIMIT, f"{what}: took {elapsed:.1f} s"
    return result


def fuzz_game(game: Game[Any, Any], seed: int, cases: int) -> None:
    """``cases`` mutated position texts, state documents and actions for ``game``."""
    rng = Rng.from_seed(seed)
    states = positions(game, seed, games=4)
    for case in range(cases):
        state = rng.choice(states)
        kind = case % 3
        if kind == 0:
            text = mutate_text(game.position_text(state), rng)
            expect_clean((InvalidState,), partial(game.from_position_text, text), f"position {text[:120]!r}")
        elif kind == 1:
            doc = mutate_json(game.state_to_json(state), rng)
            expect_clean((InvalidState,), partial(game.state_from_json, doc), "state document")
        else:
            _fuzz_action(game, state, rng)


def _fuzz_action(game: Game[Any, Any], state: Any, rng: Rng) -> None:
    """A mutated action (from its JSON, and as a Python object with a field of the wrong
    type) is refused cleanly, or accepted only if ``legal_actions`` lists it."""
    movers = game.to_move(state)
    if not movers:
        return
    player = rng.choice(movers)
    legal = game.legal_actions(state, player)
    doc = mutate_json(game.action_to_json(rng.choice(legal)), rng)
    action = expect_clean((InvalidState,), partial(game.action_from_json, doc), f"action {reprlib.repr(doc)}")
    if action is not None:
        expect_exactly_legal(game, state, player, action, legal)
    expect_exactly_legal(game, state, player, garbage_action(rng.choice(legal), rng), legal)
    text = mutate_text(game.record_text(state, player, rng.choice(legal)), rng)
    expect_clean((IllegalAction,), partial(game.parse_action, state, text), f"move {text[:120]!r}")


def expect_exactly_legal(game: Game[Any, Any], state: Any, player: int, action: Any, legal: list[Any]) -> None:
    """``apply`` refuses ``action`` cleanly, or accepts it as one of ``legal`` (by value,
    of the types the game's actions declare)."""
    accepted = expect_clean((IllegalAction,), partial(game.apply, state, player, action),
                            f"apply {reprlib.repr(action)}") is not None
    listed = action in legal and game.action_problem(action) is None  # by value, of the declared types
    assert accepted == listed, f"apply {'accepted' if accepted else 'refused'} {reprlib.repr(action)}"


#: Values of the wrong type (or out of every range) for an action's field.
GARBAGE: tuple[Any, ...] = ({}, [], (), (1, 2), None, True, False, 1.5, -1, 10**5000, 35, "x" * 1000, "", object())


def garbage_action(action: Any, rng: Rng) -> Any:
    """``action`` with one field (if it has any) replaced by a value of the wrong type or
    range, or itself when it has no field."""
    fields = dataclasses.fields(action)
    if not fields:
        return action
    return dataclasses.replace(action, **{rng.choice(fields).name: rng.choice(GARBAGE)})
