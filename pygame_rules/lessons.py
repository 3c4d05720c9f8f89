"""Guided first games: lessons as data, checked answers, and a replay through the engine.

A :class:`Lesson` is a short scripted sequence of :class:`Step` records. Each step
starts from a position (written in the game's position notation, or the result of
the step before), shows a text and highlights, and either asks the learner for a
move (``expect``: the notations accepted) or is only read ("Next"). After the
learner's move, the other seats' scripted ``replies`` are played. Texts are English,
marked with ``N_`` where they are written and shown with ``_()``.

Each game keeps its lessons in ``pygame_rules/<game>/lessons.py`` (``LESSONS``, which
the game's registry record holds); :func:`replay` runs one through the engine, so a rules
change that breaks a lesson fails the tests.

>>> first = lesson("tuerme/moving")
>>> first.game, first.learner, len(replay(first)) == len(first.steps) + 1
('tuerme', 0, True)
>>> step = first.steps[1]
>>> state = replay(first)[1]
>>> game = get_game("tuerme")
>>> check_answer(step, state, game.parse_action(state, step.expect[0])[1]).outcome
<Outcome.CORRECT: 'correct'>

A :class:`LessonRun` is a learner going through one lesson (what the embed shows):

>>> run = LessonRun(first)
>>> run.index, run.asks
(0, False)
>>> run.next()
>>> run.answer(game.parse_action(run.state, "d4-d1")[1]).outcome
<Outcome.OTHER: 'other'>
>>> run.answer(game.parse_action(run.state, "d4xd6")[1]).correct, run.index, run.played
(True, 2, ((0, 'd4xd6'),))
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from typing import Any

from .errors import IllegalAction, InvalidState
from .examples import read_moves, read_position
from .i18n import N_, _, ngettext
from .protocol import OptionValue
from .registry import GAMES, RECORDS, get_game, get_record, interaction_for
from .whynot import is_choice


@dataclasses.dataclass(frozen=True)
class Step:
    """One step of a lesson: where it stands, what it says, what the learner must do.

    ``position`` is a position text (read like a diagram, so a Türme board may hold
    only the stones that matter), or ``""`` to go on from the step before. ``expect``
    lists the notations of the moves that count as right (the first is the one the
    script follows); none makes it a step that is only read. ``replies`` are the
    other seats' actions played after the learner's move (or, on a read step, shown
    as the step's result).
    """

    text: str
    position: str = ""
    #: Keyword arguments for the game's ``render_svg`` (see its ``render`` module).
    highlights: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    expect: tuple[str, ...] = ()
    #: Shown after a wrong move, with the engine's reason (marked ``N_`` like ``text``).
    hint: str = ""
    replies: tuple[str, ...] = ()
    #: Said after a legal move that is not the step's, instead of :data:`NOT_THIS_MOVE`.
    wrong: str = ""

    @property
    def asks(self) -> bool:
        """True if the learner must make a move (else the step has only "Next")."""
        return bool(self.expect)


@dataclasses.dataclass(frozen=True)
class Lesson:
    """A short guided sequence of steps about one part of a game's rules."""

    #: ``<game>/<name>``, e.g. ``tuerme/bonus-moves`` (also the embed's ``data-lesson``).
    id: str
    title: str
    players: int
    steps: tuple[Step, ...]
    #: The seat the learner plays (and whose view is drawn).
    learner: int = 0
    #: The game options the lesson is played with (written in its positions too; for the UI).
    options: Mapping[str, OptionValue] = dataclasses.field(default_factory=dict)

    @property
    def game(self) -> str:
        return self.id.split("/")[0]


class Outcome(enum.Enum):
    """How a learner's move compares with the lesson's."""

    CORRECT = "correct"
    #: Legal, but not the move the lesson asks for.
    OTHER = "other"
    ILLEGAL = "illegal"


@dataclasses.dataclass(frozen=True)
class Verdict:
    """The judgement of a learner's move: the outcome, why (in the active language), a hint."""

    outcome: Outcome
    reason: str = ""
    hint: str = ""

    @property
    def correct(self) -> bool:
        return self.outcome is Outcome.CORRECT


class LessonError(ValueError):
    """A lesson that does not replay through the engine; the message names the step."""


#: The reason given for a legal move that is not the lesson's.
NOT_THIS_MOVE = N_("That move is allowed, but it is not the one this lesson is about.")


def lessons(game: str) -> tuple[Lesson, ...]:
    """The lessons of ``game``, in teaching order."""
    return get_record(game).lessons


def lesson(lesson_id: str) -> Lesson:
    """The lesson called ``lesson_id`` (``tuerme/moving``); ValueError lists the known ones."""
    game = lesson_id.split("/")[0]
    found = {ls.id: ls for ls in lessons(game)} if game in RECORDS else {}
    if lesson_id not in found:
        known = ", ".join(found) or ", ".join(sorted(RECORDS))
        raise ValueError(f"no lesson {lesson_id!r}; known: {known}")  # i18n: internal
    return found[lesson_id]


def following(lesson: Lesson) -> Lesson | None:
    """The lesson after ``lesson`` in its game's teaching order, or None after the last (and
    after a lesson that is none of the game's, such as one read from a file)."""
    found = lessons(lesson.game)
    index = next((k for k, ls in enumerate(found) if ls is lesson), len(found))
    return found[index + 1] if index + 1 < len(found) else None


def _game_of(state: object) -> Any:
    for game in GAMES.values():
        if isinstance(state, game.state_type):
            return game
    raise ValueError(f"{type(state).__name__} is the state of no game")  # i18n: internal


def expected(step: Step, state: Any) -> list[tuple[int, Any]]:
    """The (player, action) of each notation ``step`` accepts, in ``state``."""
    game = _game_of(state)
    return [game.parse_action(state, text) for text in step.expect]


def check_answer(step: Step, state: Any, action: Any, player: int | None = None) -> Verdict:
    """Judge the learner's ``action`` in ``state`` (the step's position) against ``step``.

    ``player`` is the seat that acts (default: the first one to move). An illegal
    action gets the engine's reason, a legal one that is not the lesson's gets
    the step's ``wrong`` text (else :data:`NOT_THIS_MOVE`); both carry the step's hint.
    """
    game = _game_of(state)
    mover = game.to_move(state)[0] if player is None else player
    if any(who == mover and wanted == action for who, wanted in expected(step, state)):
        return Verdict(Outcome.CORRECT)
    hint = _(step.hint) if step.hint else ""
    try:
        game.apply(state, mover, action)
    except IllegalAction as exc:
        return Verdict(Outcome.ILLEGAL, str(exc), hint)
    return Verdict(Outcome.OTHER, _(step.wrong or NOT_THIS_MOVE), hint)


def replay(lesson: Lesson) -> list[Any]:
    """The state at the start of each step, then the state after the last one.

    Every position must be valid, every expected move legal and the learner's, and
    the replies legal after each expected move; else :class:`LessonError` says where.
    """
    game = get_game(lesson.game)
    states: list[Any] = []
    state: Any = None
    for number, step in enumerate(lesson.steps, 1):
        try:
            if not step.position and state is None:
                raise LessonError(_("the first step needs a position"))
            state = _start(game, step, state)
            if game.num_players(state) != lesson.players:
                raise LessonError(ngettext("the position is for {n} player, the lesson for {players}",
                                           "the position is for {n} players, the lesson for {players}",
                                           game.num_players(state)).format(n=game.num_players(state),
                                                                           players=lesson.players))
            states.append(state)
            moves = expected(step, state)
            if any(who != lesson.learner for who, _action in moves):
                raise LessonError(_("an expected move is not the learner's"))
            results = [game.apply(state, who, action) for who, action in moves]
            state = _play_replies(game, results[0] if results else state, step.replies)
            for other in results[1:]:
                _play_replies(game, other, step.replies)
        except (IllegalAction, InvalidState, LessonError) as exc:
            raise LessonError(_("{lesson} step {step}: {problem}").format(
                lesson=lesson.id, step=number, problem=exc)) from None
    states.append(state)
    return states


def _start(game: Any, step: Step, previous: Any) -> Any:
    """The state a step starts from: its own position, or the one the step before left."""
    return read_position(game, step.position) if step.position else previous


def _play_replies(game: Any, state: Any, replies: tuple[str, ...]) -> Any:
    for _who, _action, after in read_moves(game, state, replies):
        state = after
    return state


class LessonRun:
    """A learner going through ``lesson`` from step ``start`` (counted from 0).

    ``state`` is the board of the current step (after the last step: where the lesson
    ended). A step that asks for a move moves on only after :meth:`answer` got a
    right one; a step that is only read moves on with :meth:`next`. Either way the
    moves played (the learner's, then the scripted replies) are in ``played``, each
    as (player, log text as the learner reads it), until the next move. Texts come in the active language.
    """

    def __init__(self, lesson: Lesson, start: int = 0) -> None:
        if not 0 <= start < len(lesson.steps):
            raise ValueError(f"{lesson.id} has steps 0-{len(lesson.steps) - 1}, not {start}")  # i18n: internal
        self.lesson = lesson
        self.game = get_game(lesson.game)
        self.index = start
        self.state: Any = replay(lesson)[start]
        self.played: tuple[tuple[int, str], ...] = ()

    @property
    def step(self) -> Step | None:
        """The current step, or None once the lesson is over."""
        return self.lesson.steps[self.index] if self.index < len(self.lesson.steps) else None

    @property
    def done(self) -> bool:
        return self.step is None

    @property
    def asks(self) -> bool:
        """True if the current step waits for the learner's move."""
        return self.step is not None and self.step.asks

    @property
    def title(self) -> str:
        return _(self.lesson.title)

    @property
    def text(self) -> str:
        """The current step's explanation ("" once the lesson is over)."""
        return _(self.step.text) if self.step is not None else ""

    @property
    def highlights(self) -> Mapping[str, Any]:
        return self.step.highlights if self.step is not None else {}

    def answer(self, action: Any) -> Verdict:
        """Judge the learner's ``action``; a right one is played, with the step's replies."""
        step = self.step
        if step is None or not step.asks:
            raise ValueError("this step asks for no move")  # i18n: internal
        verdict = check_answer(step, self.state, action, self.lesson.learner)
        if verdict.correct:
            learner = self.lesson.learner
            after = self.game.apply(self.state, learner, action)
            mine = (learner, self.game.move_text(self.state, learner, action, after, viewer=learner))
            self._advance(step, after, (mine,))
        return verdict

    def next(self) -> None:
        """Go on from a step that is only read (playing the moves it shows)."""
        step = self.step
        if step is None or step.asks:
            raise ValueError("this step waits for a move")  # i18n: internal
        self._advance(step, self.state, ())

    def _advance(self, step: Step, state: Any, played: tuple[tuple[int, str], ...]) -> None:
        for who, action, after in read_moves(self.game, state, step.replies):
            played += ((who, self.game.move_text(state, who, action, after, viewer=self.lesson.learner)),)
            state = after
        self.index += 1
        self.played = played
        self.state = _start(self.game, self.step, state) if self.step is not None else state


class LessonBoard:
    """A learner going through ``lesson`` on the board (what the embed's lesson shows): a
    :class:`LessonRun`, the game's board interaction and the note on the learner's last try.

    At each step the interaction takes the half-made choice the step draws as its own
    (:meth:`~pygame_rules.interaction.Interaction.adopt`), so a ringed field is a click it
    takes; a click on that choice itself (the piece drawn picked, as the text names it) keeps
    it rather than putting it down. A click the board can't take is explained (about the thing clicked) with the
    step's hint; any click it takes, and every move, replaces the note, so a message about a
    wrong try never stays beside the right one.

    >>> board = LessonBoard(lesson("tuerme/moving"), 1)
    >>> board.highlights()["selected"], board.clickable()[-1]
    ('d4', {'square': 'd6'})
    >>> board.click({"square": "e4"})
    >>> print(board.note["kind"], board.note["lines"][0])  # doctest: +NORMALIZE_WHITESPACE
    illegal Not possible: d4-e4: a green stone on e4 has the symbol B; a piece with the symbol A
    may only cover the same symbol.
    >>> board.click({"square": "d6"})
    >>> board.note, board.run.index
    ({'kind': 'correct', 'lines': ['Right: red: d4xd6.']}, 2)
    """

    def __init__(self, lesson: Lesson, start: int = 0, names: list[str] | None = None) -> None:
        self.lesson = lesson
        self.start = start
        self.game = get_game(lesson.game)
        self.ui = interaction_for(self.game)
        if names is not None:
            self.ui.names = names
        self.names = self.ui.names
        self.reset()

    def reset(self) -> None:
        """Back to the step the lesson was opened at."""
        self.run = LessonRun(self.lesson, self.start)
        self.note: dict[str, Any] | None = None
        self._fresh()

    def _fresh(self) -> None:
        """A new try at the step: the interaction holds the step's half-made choice."""
        self.ui.reset()
        player = self.player
        self._adopted: dict[str, Any] = {}
        self._bare: dict[str, Any] = {}
        if player is not None:
            self._bare = self.ui.highlights(self.run.state, player)
            self.ui.adopt(self.run.state, player, self.run.highlights)
            self._adopted = self.ui.highlights(self.run.state, player)

    @property
    def player(self) -> int | None:
        """The learner, while the step waits for his move."""
        return self.lesson.learner if self.run.asks else None

    def highlights(self) -> dict[str, Any]:
        """What the board draws: the step's highlights while the learner has not changed the
        step's choice, then the step's other marks and the interaction's choice."""
        step, player = dict(self.run.highlights), self.player
        if player is None:
            return step
        now = self.ui.highlights(self.run.state, player)
        if now == self._adopted:
            return step
        drawn = {k: v for k, v in step.items()
                 if k not in self.ui.choice_keys and not self.ui.rings({k: v})}
        return {**drawn, **now}

    def prompt(self) -> str:
        player = self.player
        return self.ui.prompt(self.run.state, player) if player is not None else ""

    def buttons(self) -> list[Any]:
        player = self.player
        return self.ui.buttons(self.run.state, player) if player is not None else []

    def clickable(self) -> list[dict[str, str]]:
        player = self.player
        return self.ui.clickable(self.run.state, player) if player is not None else []

    def click(self, target: Mapping[str, str]) -> None:
        """A click on the board element with these ``data-*`` values."""
        player, state = self.player, self.run.state
        if player is None:
            return
        if not is_choice(target, self.ui.clickable(state, player)):
            reason = self.ui.why_not(state, player, target, self.ui.highlights(state, player))
            if reason:
                step = self.run.step
                hint = _(step.hint) if step is not None and step.hint else ""
                self.note = {"kind": Outcome.ILLEGAL.value,
                             "lines": [line for line in (_("Not possible: {reason}.").format(reason=reason), hint)
                                       if line]}
                return
        action = self.ui.click(state, player, dict(target))
        if action is not None:
            self._judge(action)
            return
        self.note = None
        if self._adopted != self._bare and self.ui.highlights(state, player) == self._bare:
            self.ui.adopt(state, player, self.run.highlights)  # the step's choice is not put down

    def button(self, index: int) -> None:
        """The ``index``-th of :meth:`buttons` was pressed."""
        buttons = self.buttons()
        if not 0 <= index < len(buttons):
            raise ValueError(_("that button is gone; the board has changed"))
        chosen = buttons[index]
        if chosen.action is not None:
            for action in chosen.actions:  # a quantity at once: each move judged, up to a wrong one
                if not self._judge(action):
                    break
        else:
            self.ui.step(chosen.step)
            self.note = None

    def next(self) -> None:
        """Go on from a step that is only read."""
        if self.run.asks or self.run.done:
            raise ValueError(_("this step waits for your move"))
        self.run.next()
        self.note = self._played(None)
        self._fresh()

    def _judge(self, action: Any) -> bool:
        """Judge the learner's ``action``: whether it was the step's move."""
        verdict = self.run.answer(action)
        self.note = self._played(verdict) if verdict.correct else verdict_note(verdict)
        self._fresh()
        return verdict.correct

    def _played(self, verdict: Verdict | None) -> dict[str, Any] | None:
        """The note on the moves just played: the learner's right one, then the replies."""
        moves = [f"{self.names[who]}: {text}" for who, text in self.run.played]
        lines = [_("Right: {move}.").format(move=moves.pop(0))] if verdict is not None else []
        if moves:
            lines.append(_("Then: {moves}.").format(moves="; ".join(moves)))
        return {"kind": Outcome.CORRECT.value, "lines": lines} if lines else None


def verdict_note(verdict: Verdict) -> dict[str, Any]:
    """What the learner reads after a wrong move: why, then the step's hint."""
    why = (_("That move is not allowed: {reason}.").format(reason=verdict.reason)
           if verdict.outcome is Outcome.ILLEGAL else verdict.reason)
    return {"kind": verdict.outcome.value, "lines": [line for line in (why, verdict.hint) if line]}
