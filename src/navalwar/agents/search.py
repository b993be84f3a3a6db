"""A search agent for any registered game: Monte Carlo rollouts over cloned states.

At each decision with several legal choices the agent tries the candidates (all of
them, or the policy's choice and a random sample of the others when there are many)
in simulated continuations and plays the one that scores best. It uses the public
:class:`~navalwar.engine.Game` interface only, so it plays any registered game:

1. **Determinisation.** What the deciding side may not see is replaced by a sample
   from the game's :meth:`~navalwar.engine.Game.hidden_variants` (the reshuffled
   Gunnery decks and chit cup of Tokyo Express, a perturbed enemy damage record in
   GWaS 1904); a game with no hidden facts is searched as it stands. The match's
   own dice are never read: every rollout rolls the agent's own seeded dice, so the
   search does not know the future rolls, and the agent is deterministic given its
   seed (unless a ``time_budget`` cuts a search short).
2. **Rollouts.** From the determinised position the candidate is applied and the
   rules advanced without an event log (``Game.apply`` + ``Game.advance``, i.e.
   :meth:`~navalwar.engine.Game.step` with ``record=False``), and the game is played
   on by the rollout policy for both sides (the game's ``heuristic`` agent where it
   has one, else random) for ``depth`` decisions or to the end. The match itself is
   never touched: the policy reads the position from a clone.
3. **Scoring.** A finished rollout scores 1 for a win, 0.5 for a draw, 0 for a loss,
   blended with the normalised Victory Point margin (``margin_weight``), so that a
   heavier defeat or a larger victory still tells. A truncated rollout is scored
   the same way on the game's estimate of the result if it ended now (its
   :meth:`~navalwar.engine.Game.estimate`), or 0.5 (nothing known) if it has none.
4. **Allocation.** The budget (``rollouts`` per candidate) is spent by sequential
   halving: after each phase the worse half of the candidates is dropped, so the
   promising ones get most of the simulations. Every candidate in the running is
   tried with the same determinisations and dice seeds (common random numbers), so
   the comparison measures the choice rather than the luck.
5. **Choice.** The policy's own choice is always a candidate and is kept unless
   another beats it, on the paired differences of their rollouts, by more than
   ``threshold`` and ``confidence`` standard errors: the search corrects the policy
   where the simulations show a clear gain and does not chase noise.

Decisions whose legal actions are not listed (a sampler only), and decisions of
kinds outside ``kinds`` when it is given, are left to the policy.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Collection, Sequence
from typing import TYPE_CHECKING, Any

from navalwar.actions import Action
from navalwar.dice import Dice
from navalwar.engine import Context, Decision, Game, Match, Outcome

if TYPE_CHECKING:
    from navalwar.agents import Agent

Estimator = Callable[[Game[Any, Any], Any, Any], Outcome | None]
"""``(game, state, data) -> Outcome | None``: the result if the game ended now."""

_SEED_RANGE = 2**62


def _rollout_policy(game_id: str, policy: str, seed: int) -> Agent:
    """The agent that plays both sides in rollouts."""
    from navalwar.agents import RandomAgent, game_agents

    if policy == "random":
        return RandomAgent(seed)
    factory = game_agents(game_id).get(policy)
    if factory is None:
        if policy != "heuristic":
            from navalwar.errors import UnknownNameError

            raise UnknownNameError(
                f"rollout policy for {game_id}", policy, ["random", *game_agents(game_id)]
            )
        return RandomAgent(seed)
    return factory(seed)


class SearchAgent:
    """Flat Monte Carlo search with determinisation (see the module docstring).

    Args:
        seed: seeds the agent's own dice (determinisations, rollout dice, subsets).
        rollouts: simulations per candidate at each decision.
        depth: decisions a rollout plays after the candidate before it is scored on
            the game's estimate (``None``: to the end).
        policy: the rollout policy and the fallback for decisions not searched:
            ``"heuristic"`` (the game's own agent of that name, random where the
            game has none) or ``"random"``, or any other agent name of the game.
        time_budget: seconds of search per decision at most (the rollouts are cut
            at a round boundary; the agent is then no longer reproducible).
        max_choices: a decision with more legal choices is searched over the
            policy's choice plus a random sample of the others of this size in all.
        threshold: how much better in mean score (0..1) a candidate must do than the
            policy's choice to be preferred ...
        confidence: ... and by how many standard errors of the paired differences
            (0: the best mean wins).
        kinds: the decision kinds to search (``None``: all); the others are left to
            the policy.
        early_stop: end a search after a phase in which no candidate did better than
            the policy's choice (most decisions, where the policy is right, then cost a
            fraction of the budget).
        margin_weight: the weight of the normalised VP margin in a rollout's score.
        estimator: the result estimate of a truncated rollout (default: the game's
            :meth:`~navalwar.engine.Game.estimate`).
    """

    name = "search"

    def __init__(
        self,
        seed: int = 0,
        rollouts: int = 8,
        depth: int | None = 24,
        policy: str = "heuristic",
        time_budget: float | None = None,
        *,
        max_choices: int = 12,
        threshold: float = 0.02,
        confidence: float = 1.5,
        kinds: Collection[str] | None = None,
        early_stop: bool = True,
        margin_weight: float = 0.25,
        estimator: Estimator | None = None,
    ) -> None:
        if rollouts < 1:
            raise ValueError(f"rollouts must be at least 1, not {rollouts}")
        if depth is not None and depth < 0:
            raise ValueError(f"depth must be >= 0 or None, not {depth}")
        self.seed = seed
        self.rollouts = rollouts
        self.depth = depth
        self.policy = policy
        self.time_budget = time_budget
        self.max_choices = max(2, max_choices)
        self.threshold = threshold
        self.confidence = confidence
        self.kinds = frozenset(kinds) if kinds is not None else None
        self.early_stop = early_stop
        self.margin_weight = margin_weight
        self.estimator = estimator
        self.dice = Dice(seed)
        self._policies: dict[str, Agent] = {}  # play the rollouts
        self._fallbacks: dict[str, Agent] = {}  # propose the default in the match
        self.searched = 0  # decisions searched (statistics)
        self.overruled = 0  # of which the policy's choice was overruled
        self.simulations = 0  # rollouts played

    @classmethod
    def for_game(cls, game: str, seed: int = 0, **options: Any) -> SearchAgent:
        """The agent with ``game``'s tuned settings (its declared ``search_settings``),
        overridden by ``options`` (what ``make_agent(game, "search", seed)`` and
        ``--agent SIDE=search`` build)."""
        from navalwar.registry import load

        return cls(seed, **{**load(game).search_settings, **options})

    # -- the agent ---------------------------------------------------------------------
    def choose(self, match: Match, decision: Decision) -> Action:
        """The best candidate by the rollouts (the policy's choice unless clearly beaten)."""
        policy = self._fallback(match)
        choices = decision.choices
        if not choices:
            return policy.choose(match, decision)
        if len(choices) == 1:
            return choices[0]
        default = policy.choose(match, decision)
        if default not in choices:  # a policy that disagrees with the rules: play safe
            default = choices[0]
        if self.kinds is not None and decision.kind not in self.kinds:
            return default
        candidates = self._candidates(choices, default)
        scores = self._search(match, decision, candidates)
        self.searched += 1
        best = self._best(scores)
        if best:
            self.overruled += 1
        return candidates[best]

    def _best(self, scores: Sequence[Sequence[float]]) -> int:
        """The candidate to play: the one with the best mean score, if its paired gain
        over the policy's choice (candidate 0) is above ``threshold`` and ``confidence``
        standard errors; else 0."""
        base = scores[0]
        n = len(base)
        best, best_gain = 0, 0.0
        for i in range(1, len(scores)):
            if len(scores[i]) != n:  # dropped along the way
                continue
            diffs = [a - b for a, b in zip(scores[i], base, strict=True)]
            gain = sum(diffs) / n
            if gain <= max(self.threshold, best_gain):
                continue
            if n > 1:
                var = sum((d - gain) ** 2 for d in diffs) / (n - 1)
                if gain < self.confidence * math.sqrt(var / n):
                    continue
            best, best_gain = i, gain
        return best

    # -- the search --------------------------------------------------------------------
    def _fallback(self, match: Match) -> Agent:
        """The policy that proposes the default choice in the match itself: an instance
        of its own, untouched by the rollouts, so that a game in which the search never
        overrules it is exactly the game the policy alone would play."""
        return self._agent(self._fallbacks, match.game.id)

    def _policy(self, match: Match) -> Agent:
        """The policy that plays the rollouts (both sides)."""
        return self._agent(self._policies, match.game.id)

    def _agent(self, agents: dict[str, Agent], game_id: str) -> Agent:
        found = agents.get(game_id)
        if found is None:
            found = _rollout_policy(game_id, self.policy, self.seed)
            agents[game_id] = found
        return found

    def _candidates(self, choices: Sequence[Action], default: Action) -> list[Action]:
        """The policy's choice first, then the others (a random subset if many)."""
        others = [a for a in choices if a != default]
        if len(others) >= self.max_choices:
            others = list(self.dice.shuffled(others, "search subset"))[: self.max_choices - 1]
        return [default, *others]

    def _search(
        self, match: Match, decision: Decision, candidates: Sequence[Action]
    ) -> list[list[float]]:
        """Each candidate's rollout scores, round by round, by sequential halving: the
        budget of ``rollouts`` per candidate is spent in phases, after each of which the
        worse half of the candidates is dropped (the policy's choice, candidate 0, is
        always kept as the yardstick). A round is one determinisation and one dice seed,
        common to every candidate still in the running, so the candidates left at the
        end share all their rounds."""
        game: Game[Any, Any] = match.game
        data = match.data
        side = decision.side
        scores: list[list[float]] = [[] for _ in candidates]
        deadline = time.perf_counter() + self.time_budget if self.time_budget is not None else None
        view = match.clone()  # the rollout policy reads the position from a Match
        budget = self.rollouts * len(candidates)
        phases = max(2, math.ceil(math.log2(len(candidates))))
        alive = list(range(len(candidates)))
        spent = 0
        for phase in range(phases):
            rounds = max(1, (budget - spent) // (len(alive) * (phases - phase)))
            for _ in range(rounds):
                state = self._determinise(game, match.state, side, data)
                seed = self.dice.roll(_SEED_RANGE, "rollout seed") - 1
                for i in alive:
                    scores[i].append(
                        self._rollout(game, view, match, state, candidates[i], side, seed)
                    )
                spent += len(alive)
                if deadline is not None and time.perf_counter() >= deadline:
                    return scores
            others = sorted(alive[1:], key=lambda i: (-sum(scores[i]), i))
            if self.early_stop and sum(scores[0]) >= sum(scores[others[0]]):
                return scores  # nothing beats the policy's choice so far: keep it
            alive = [0, *sorted(others[: max(1, len(others) // 2)])]
        return scores

    def _determinise(self, game: Game[Any, Any], state: Any, side: str, data: Any) -> Any:
        """The position with what ``side`` may not see replaced by a sample."""
        variants = game.hidden_variants(state, side, data, self.dice)
        if not variants:
            return state
        return self.dice.choose(variants, "determinisation")

    def _rollout(
        self,
        game: Game[Any, Any],
        view: Match,
        match: Match,
        state: Any,
        action: Action,
        side: str,
        seed: int,
    ) -> float:
        """Play ``action`` then the policy from ``state``; the score for ``side``."""
        self.simulations += 1
        ctx = Context(Dice(seed), record=False)
        data = match.data
        view.actions = list(match.actions)
        state = game.advance(game.apply(state, action, data, ctx), data, ctx)
        view.actions.append(action)
        policy = self._policy(match)
        steps = 0
        while self.depth is None or steps < self.depth:
            decision = ctx.decision_of(game, state, data)
            if decision is None:
                break
            view.state = state
            chosen = policy.choose(view, decision)
            # the policy chose from the decision's own legal actions: no need for
            # Game.step's check (which would work out the decision a second time)
            state = game.advance(game.apply(state, chosen, data, ctx), data, ctx)
            view.actions.append(chosen)
            steps += 1
        return self._score(game, state, data, side)

    def _score(self, game: Game[Any, Any], state: Any, data: Any, side: str) -> float:
        """1 win, 0.5 draw, 0 loss, blended with the VP margin; 0.5 if nothing is known."""
        result = game.outcome(state, data)
        if result is None:
            if self.estimator is not None:
                result = self.estimator(game, state, data)
            else:
                result = game.estimate(state, data)
        if result is None:
            return 0.5
        win = 0.5 if result.winner is None else 1.0 if result.winner == side else 0.0
        ours = float(result.scores.get(side, 0))
        theirs = sum(float(v) for k, v in result.scores.items() if k != side)
        margin = 0.5 + 0.5 * (ours - theirs) / (ours + theirs + 5.0)
        return (1.0 - self.margin_weight) * win + self.margin_weight * margin


__all__ = ["Estimator", "SearchAgent"]
