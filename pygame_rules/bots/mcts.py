"""The hard level: information-set Monte Carlo tree search under a time budget.

One tree is grown from the bot's view (single-observer ISMCTS, Cowling, Powley &
Whitehouse 2012). Every iteration deals a fresh determinization of the hidden
information, walks down the tree through the actions legal in that deal (UCB1
with availability counts, so actions that are only sometimes possible are judged
fairly), adds one node, plays on with a cheap policy for a few plies, and scores
the end position with the game's evaluation (or the real result if the game
ended). Players asked to act at the same moment (sealed offers) simply take turns
in the tree, the bot first at the root.

The tree branches on the choices that shape a turn: moves that only finish the
move before them (the rest of a Türme bonus chain) are taken by the game's
:meth:`~.knowledge.Knowledge.follow_up` policy without a node of their own, so the
next level of the tree is already the opponent's reply.

Branching is large (a hundred moves in the Türme), so nodes widen progressively:
a node visited n times has at most 1 + sqrt(n) children, added in order of promise
(at the root the medium level's one-ply values, below it the game's cheap
:meth:`~.knowledge.Knowledge.ordered`). The best root actions also start with their
one-ply value as a few virtual visits, so a search cut short by its budget plays
like the medium level rather than at random, and a longer one corrects it.

>>> from pygame_rules.bots import knowledge_for
>>> from pygame_rules.tuerme import GAME
>>> state = GAME.new_game(2, seed=4)
>>> from pygame_rules.steps import run
>>> action, iterations = run(search(knowledge_for(GAME), state, 0, Rng.from_seed(1), iterations=30))
>>> GAME.why_illegal(state, 0, action) is None, iterations
(True, 30)
"""

from __future__ import annotations

import math
import time
from typing import Any

from ..rng import Rng
from ..steps import Steps
from .knowledge import Knowledge, logistic
from .levels import ranking

#: UCB1 exploration constant for rewards in [0, 1].
EXPLORATION = 0.7
#: Virtual visits that carry the root actions' one-ply values into the search.
PRIOR_VISITS = 10
#: How many of the best root actions get such a prior (the others come in by widening).
PRIOR_ACTIONS = 8
#: Progressive widening: a node visited n times may have 1 + WIDENING * sqrt(n) children.
WIDENING = 1.0


class Node:
    """A tree node: the action that led here, who took it, and his reward statistics."""

    __slots__ = ("available", "children", "mover", "order", "reward", "visits")

    def __init__(self, mover: int) -> None:
        self.children: dict[Any, Node] = {}
        self.mover = mover
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        #: Rank of each action of the player to move here, best first (set on first need).
        self.order: dict[Any, int] | None = None

    def ucb(self) -> float:
        return (self.reward / self.visits
                + EXPLORATION * math.sqrt(math.log(self.available) / self.visits))


def search(k: Knowledge[Any, Any], view: Any, player: int, rng: Rng, *,
           budget_s: float = 1.0, iterations: int | None = None) -> Steps[tuple[Any, int]]:
    """The most visited root action (of equals, the one of most progress) after ``iterations``
    iterations (if given) or after ``budget_s`` seconds (counted from the first step: ranking
    the root actions is part of it, and root actions still unranked at the deadline get no
    prior), and the number of iterations run. In steps: it yields while ranking the root actions
    (:func:`~.levels.ranking`) and after each iteration."""
    deadline = time.perf_counter() + budget_s
    root_actions = k.moves(view, player)
    if len(root_actions) == 1:
        return root_actions[0], 0
    root = Node(player)
    scored = yield from ranking(k, view, player, root_actions, rng,
                                deadline=deadline if iterations is None else None)
    root.order = {a: i for i, (_, a) in enumerate(scored)}
    for value, action in scored[:PRIOR_ACTIONS]:
        root.children[action] = _prior(player, logistic(value / k.scale))
    done = 0
    while (done < iterations) if iterations is not None else (
            done == 0 or time.perf_counter() < deadline):
        _iterate(k, root, k.determinize(view, player, rng), player, rng)
        done += 1
        yield
    best = max(root_actions, key=lambda a: (root.children[a].visits if a in root.children else -1,
                                            k.progress(view, player, a)))
    return best, done


def _prior(mover: int, reward: float) -> Node:
    """A root child seeded with the one-ply value as :data:`PRIOR_VISITS` virtual visits, so
    that a short search falls back on the medium level's judgement."""
    node = Node(mover)
    node.visits = node.available = PRIOR_VISITS
    node.reward = PRIOR_VISITS * reward
    return node


def _widest(node: Node) -> int:
    """How many children ``node`` may have after its visits (progressive widening)."""
    return 1 + int(WIDENING * math.sqrt(node.visits))


def _iterate(k: Knowledge[Any, Any], root: Node, state: Any, player: int, rng: Rng) -> None:
    game = k.game
    node, path, mover = root, [root], player
    while not game.is_over(state):
        actions = k.moves(state, mover)
        legal = [a for a in actions if a in node.children]
        if len(legal) < len(actions) and len(legal) < _widest(node):
            if node.order is None:
                node.order = {a: i for i, a in enumerate(k.ordered(state, mover, actions, rng))}
            order = node.order
            untried = [a for a in actions if a not in node.children]
            action = min(untried, key=lambda a: order.get(a, len(order)))
            child = node.children[action] = Node(mover)
            for a in legal:
                node.children[a].available += 1
            child.available = 1
            state = _followed(k, game.play(state, mover, action))
            path.append(child)
            break
        best_value, chosen = float("-inf"), legal[0]
        for a in legal:
            child = node.children[a]
            child.available += 1
            value = child.ucb()
            if value > best_value:
                best_value, chosen = value, a
        state = _followed(k, game.play(state, mover, chosen))
        node = node.children[chosen]
        path.append(node)
        if not game.is_over(state):
            mover = game.to_move(state)[0]
    rewards = k.rewards(_playout(k, state, rng))
    root.visits += 1
    for n in path[1:]:
        n.visits += 1
        n.reward += rewards[n.mover]


def _followed(k: Knowledge[Any, Any], state: Any) -> Any:
    """``state`` after the :meth:`~.knowledge.Knowledge.follow_up` actions that complete
    the move just made."""
    game = k.game
    while not game.is_over(state):
        mover = game.to_move(state)[0]
        action = k.follow_up(state, mover)
        if action is None:
            break
        state = game.play(state, mover, action)
    return state


def _playout(k: Knowledge[Any, Any], state: Any, rng: Rng) -> Any:
    game = k.game
    for _ in range(k.playout_depth):
        if game.is_over(state):
            break
        mover = game.to_move(state)[0]
        state = game.play(state, mover, k.playout_action(state, mover, k.moves(state, mover), rng))
    return state
