"""Great War at Sea 1904-1905 battle scenarios as a navalwar :class:`~navalwar.engine.Game`.

Work in progress (issue 4): see ``docs/rules/gwas_1904.md`` for what is done.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from navalwar.actions import Action
from navalwar.datapack import bundled_data_dir, load_files, parse_toml
from navalwar.dice import Dice
from navalwar.engine import Context, Decision, Game, Outcome
from navalwar.errors import DataError, IllegalActionError, NavalwarError, UnknownNameError
from navalwar.games.gwas_1904 import battle as b
from navalwar.games.gwas_1904.combat import ShipDamage
from navalwar.games.gwas_1904.ship import ShipSpec
from navalwar.games.gwas_1904.ships import check_known, load_ships
from navalwar.games.gwas_1904.tables import DamageTables, load_tables
from navalwar.games.gwas_1904.tactical_map import EDGES, label
from navalwar.registry import GameSpec, OptionSpec, OptionValue

SPEC = GameSpec(
    id="gwas_1904",
    title="Great War at Sea: 1904-1905 (battle scenarios)",
    sides=(b.JAPAN, b.RUSSIA),
    map_kind="hex",
    rulebook="gwas_1904.txt",
    options=(
        OptionSpec(
            "effectiveness",
            False,
            "Optional rule 19.0: Effectiveness Ratings limit the firepower each gun type may use",
            "GWaS 19.0",
        ),
        OptionSpec(
            "secondary_penetration",
            False,
            "Optional rule 8.21: secondary (and "
            "auxiliary) hits may penetrate heavy (light) armour at close range",
            "GWaS 8.21",
        ),
    ),
)
NATION = {"J": b.JAPAN, "R": b.RUSSIA}


@attrs.frozen
class GData:
    """The GWaS data pack: ship data and tables."""

    ships: dict[tuple[str, str], ShipSpec]
    tables: DamageTables


@attrs.frozen
class BattleScenario:
    """A battle scenario (BS1-BS8)."""

    id: str
    title: str
    rule: str
    description: str
    night: bool
    impulses: int
    initiative: str
    entry_edge: str
    forces: dict[str, tuple[str, ...]]  # side -> ship keys "J:B06"
    er: dict[str, int]
    adjust: tuple[tuple[str, str, str, int], ...]  # (side, ship type, part, boxes lost)
    exit_win: tuple[str, int] | None  # (side, ships off the map) wins
    ties: str = ""  # the side that wins equal VP ("" = a draw)
    file: str = ""


def _scenario(doc: dict[str, Any], file: str, data: GData) -> BattleScenario:
    def need(table: dict[str, Any], key: str, kind: type, path: str) -> Any:
        if key not in table:
            raise DataError(f"missing field {key!r}", file=file, path=path + key)
        v = table[key]
        if not isinstance(v, kind) or (kind is int and isinstance(v, bool)):
            raise DataError(f"must be {kind.__name__}, not {v!r}", file=file, path=path + key)
        return v

    head = need(doc, "scenario", dict, "")
    forces_doc = need(doc, "forces", dict, "")
    forces: dict[str, tuple[str, ...]] = {}
    er: dict[str, int] = {}
    for side, nat in ((b.JAPAN, "J"), (b.RUSSIA, "R")):
        f = need(forces_doc, side, dict, "forces.")
        keys = []
        for i, code in enumerate(need(f, "ships", list, f"forces.{side}.")):
            if (nat, code) not in data.ships:
                known = [c for (n, c) in data.ships if n == nat]
                raise DataError(
                    str(UnknownNameError(f"{side} ship code", str(code), known)),
                    file=file,
                    path=f"forces.{side}.ships[{i}]",
                )
            keys.append(f"{nat}:{code}")
        forces[side] = tuple(keys)
        er[side] = f.get("er", 6)
    edge = need(head, "entry_edge", str, "scenario.")
    if edge not in EDGES:
        raise DataError(f"must be one of {', '.join(EDGES)}", file=file, path="scenario.entry_edge")
    adjust = tuple((a["side"], a["type"], a["part"], a["boxes"]) for a in doc.get("adjust", []))
    win = doc.get("victory", {}).get("exit")
    return BattleScenario(
        id=need(head, "id", str, "scenario."),
        title=need(head, "title", str, "scenario."),
        rule=head.get("rule", ""),
        description=head.get("description", ""),
        night=head.get("time", "day") == "night",
        impulses=head.get("impulses", 0),
        initiative=head.get("initiative", ""),
        entry_edge=edge,
        forces=forces,
        er=er,
        adjust=adjust,
        exit_win=(win["side"], win["ships"]) if win else None,
        file=file,
    )


class GreatWarAtSea1904(Game[b.Battle, GData]):
    """GWaS 1904 battle scenarios on the tactical map."""

    spec = SPEC
    action_types = b.ACTIONS

    def load_data(self, overrides: Sequence[Path] = (), strict: bool = False) -> GData:
        files = load_files("gwas_1904", ("ships.csv",), overrides)
        ships = load_ships(files["ships.csv"].content, str(files["ships.csv"].path))
        problems = check_known(ships)
        if problems:
            raise DataError(
                "contradicts the rulebook: " + "; ".join(problems[:3]),
                file=str(files["ships.csv"].path),
            )
        if strict:
            raise DataError(
                "strict mode: the GWaS ship data are reconstructed (no printed "
                "Ship Data Charts); give a transcription with --data DIR"
            )
        return GData(ships, load_tables(overrides))

    def scenarios(self) -> list[str]:
        return sorted(
            p.stem for p in (bundled_data_dir() / "gwas_1904" / "scenarios").glob("*.toml")
        )

    def load_scenario(self, name: str, data: GData) -> BattleScenario:
        path = Path(name)
        if not (name.endswith(".toml") or path.is_file()):
            if name not in self.scenarios():
                raise UnknownNameError("GWaS 1904 scenario", name, self.scenarios())
            path = bundled_data_dir() / "gwas_1904" / "scenarios" / f"{name}.toml"
        try:
            return _scenario(parse_toml(path), str(path), data)
        except (KeyError, TypeError) as exc:
            raise DataError(f"malformed scenario: {exc}", file=str(path)) from None

    def describe_scenario(self, scenario: BattleScenario) -> str:
        lines = [f"{scenario.title} ({scenario.rule})", scenario.description, ""]
        for side, keys in scenario.forces.items():
            lines.append(f"{side} (ER {scenario.er[side]}): " + ", ".join(keys))
        lines.append(
            f"{'Night' if scenario.night else 'Day'}; at most {scenario.impulses or 'any'}"
            f" impulses; {scenario.initiative or 'rolled'} initiative, entering from the "
            f"{scenario.entry_edge} edge."
        )
        return "\n".join(lines)

    def _specs(self, data: GData) -> dict[str, ShipSpec]:
        return {f"{n}:{c}": s for (n, c), s in data.ships.items()}

    def initial_state(
        self,
        scenario: BattleScenario,
        data: GData,
        options: Mapping[str, OptionValue],
        ctx: Context,
    ) -> b.Battle:
        specs = self._specs(data)
        ships = []
        for side, keys in scenario.forces.items():
            for key in keys:
                spec = specs[key]
                dmg = ShipDamage.new(spec)
                for s_side, s_type, part, boxes in scenario.adjust:
                    if s_side == side and spec.type == s_type:
                        dmg = attrs.evolve(dmg, track=dmg.track.hit(part, boxes))
                ships.append(b.BattleShip(key, side, None, dmg, scenario.er[side]))
        battle = b.Battle(
            tuple(ships),
            initiative=scenario.initiative or b.JAPAN,
            night=scenario.night,
            max_impulses=scenario.impulses,
            scenario=scenario,
            options=tuple(sorted(options.items())),
        )
        battle = b.set_up(battle, specs, scenario.entry_edge)
        ctx.log(
            "set_up",
            f"{scenario.title}: {battle.initiative} enters from the {scenario.entry_edge} edge",
            "GWaS 7.2",
        )
        return battle

    def advance(self, state: b.Battle, data: GData, ctx: Context) -> b.Battle:
        """Run the impulse sequence until a side must decide (volume 7.31)."""
        specs = self._specs(data)
        for _ in range(100_000):
            if state.over or state.todo:
                return state
            if state.step == 1 or not state.started:
                state = b.start_step(state, specs, ctx)
                continue
            state = b.finish_step(state, specs, data.tables, ctx)
            if b.battle_over(state):
                ctx.log(
                    "battle_end",
                    "One side has no ship left on the map: the tactical phase ends",
                    "GWaS 7.36",
                )
                state = attrs.evolve(state, over=True)
        raise NavalwarError("the battle made no progress")

    def decision(self, state: b.Battle, data: GData) -> Decision | None:
        return b.ask(state, self._specs(data))

    def apply(self, state: b.Battle, action: Action, data: GData, ctx: Context) -> b.Battle:
        specs = self._specs(data)
        if isinstance(action, b.Move):
            return b.apply_move(state, specs, action, ctx)
        if isinstance(action, b.Fire | b.Torpedo):
            return b.plan_attack(state, action)
        raise IllegalActionError(action.describe(), "not a GWaS battle action")

    def observe(self, state: b.Battle, side: str, data: GData) -> dict[str, Any]:
        """Own ships in full; enemy ships face down until seen, and never their damage
        (the ship data sheets are secret, notes §7)."""
        specs = self._specs(data)
        ships = []
        for s in state.ships:
            if s.hex is None and s.side != side:
                continue
            entry: dict[str, Any] = {
                "side": s.side,
                "hex": label(s.hex) if s.hex is not None else None,
            }
            if s.side == side or s.seen:
                spec = specs[s.key]
                entry.update(key=s.key, name=spec.name, type=spec.type)
            if s.side == side:
                entry.update(
                    sunk=s.damage.sunk,
                    left=s.left,
                    speed=s.damage.speed(specs[s.key]),
                    lost={
                        p: s.damage.track.lost_boxes(p)
                        for p in ("primary", "secondary", "tertiary", "hull")
                    },
                )
            elif s.damage.sunk and s.seen:
                entry.update(sunk=True)
            ships.append(entry)
        decision = self.decision(state, data)
        return {
            "game": self.id,
            "side": side,
            "impulse": state.impulse,
            "step": state.step,
            "initiative": state.initiative,
            "ships": ships,
            "over": state.over,
            "decision": None
            if decision is None or decision.side != side
            else {
                "kind": decision.kind,
                "prompt": decision.prompt,
                "choices": [self.codec.to_json(a) for a in decision.choices or ()],
            },
        }

    def outcome(self, state: b.Battle, data: GData) -> Outcome | None:
        if not state.over:
            return None
        specs = self._specs(data)
        vp = b.victory_points(state, specs)
        scen: BattleScenario = state.scenario  # type: ignore[assignment]
        if scen.exit_win:
            side, n = scen.exit_win
            off = sum(1 for s in state.ships if s.side == side and s.left)
            if off >= n:
                return Outcome(side, f"{side} victory", vp, f"{off} {side} ships got off the map")
        summary = f"Japan {vp[b.JAPAN]} VP, Russia {vp[b.RUSSIA]} VP"
        if vp[b.JAPAN] == vp[b.RUSSIA]:
            if scen.ties:
                return Outcome(
                    scen.ties, f"{scen.ties} victory", vp, summary + f" (ties go to {scen.ties})"
                )
            return Outcome(None, "Draw", vp, summary)
        winner = max(vp, key=vp.__getitem__)
        return Outcome(
            winner, f"{winner} victory", vp, f"Japan {vp[b.JAPAN]} VP, Russia {vp[b.RUSSIA]} VP"
        )

    def hidden_variants(
        self, state: b.Battle, side: str, data: GData, dice: Dice
    ) -> list[b.Battle]:
        """The enemy's damage records are secret: perturb them (not sunk ones)."""
        out = []
        for s in state.ships:
            if s.side != side and not s.damage.sunk and s.damage.track.remaining("hull") > 1:
                out.append(
                    state.with_ship(
                        attrs.evolve(
                            s, damage=attrs.evolve(s.damage, track=s.damage.track.hit("primary", 1))
                        )
                    )
                )
                break
        return out


__all__ = ["GData", "GreatWarAtSea1904", "load_files"]
