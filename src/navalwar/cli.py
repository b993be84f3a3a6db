"""The ``navalwar`` command line.

Every user mistake (unknown game, bad file, bad option) prints one clear line
on stderr and exits with status 2; never a traceback.
"""

from __future__ import annotations

import functools
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from navalwar.errors import NavalwarError, excerpt

F = TypeVar("F", bound=Callable[..., Any])


def _friendly(fn: F) -> F:
    """Turn navalwar errors and OS errors into one line on stderr, exit 2."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except NavalwarError as exc:
            click.echo(f"navalwar: error: {exc}", err=True)
            sys.exit(2)
        except OSError as exc:
            click.echo(f"navalwar: error: {exc.strerror or exc}: {exc.filename or ''}", err=True)
            sys.exit(2)

    return wrapper  # type: ignore[return-value]


class _PathType(click.Path):
    """A file name argument: a name no file can have (a NUL character in it) is a usage
    error (exit 2), not the ``ValueError`` the operating system's calls raise."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str | bytes) and (
            "\x00" in value if isinstance(value, str) else b"\x00" in value
        ):
            self.fail(f"{excerpt(value)} is not a file name (it holds a NUL character)", param, ctx)
        return super().convert(value, param, ctx)


def _parse_pairs(values: tuple[str, ...], what: str) -> dict[str, str]:
    out = {}
    for v in values:
        key, sep, val = v.partition("=")
        if not sep or not key or not val:
            raise NavalwarError(f"{what} must look like NAME=VALUE, not {excerpt(v)}")
        out[key.strip()] = val.strip()
    return out


def _option_values(pairs: dict[str, str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs.items():
        if v.lower() in ("true", "false"):
            out[k] = v.lower() == "true"
        elif re.fullmatch(r"-?[0-9]+", v):
            if len(v) > 20:  # more than 64 bits, and perhaps more digits than int() reads
                raise NavalwarError(
                    f"--option {excerpt(k)}: a whole number of {len(v)} digits is too large"
                )
            out[k] = int(v)
        else:
            out[k] = v
    return out


class _Root(click.Group):
    """The ``navalwar`` group, whose help names the games registered when it is shown."""

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        import navalwar

        titles = [navalwar.load(g).spec.title for g in navalwar.games()]
        self.help = f"Rules-enforcing naval wargames: {'; '.join(titles)}."
        super().format_help_text(ctx, formatter)


@click.group(cls=_Root, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="navalwar")
def main() -> None:
    """Rules-enforcing naval wargames (the games registered: ``navalwar games``)."""


@main.command()
@_friendly
def games() -> None:
    """List the registered games."""
    import navalwar

    for gid in navalwar.games():
        g = navalwar.load(gid)
        click.echo(f"{gid:<16} {g.spec.title}  (sides: {', '.join(g.spec.sides)})")


@main.command()
@click.argument("game")
@_friendly
def scenarios(game: str) -> None:
    """List the scenarios of GAME."""
    import navalwar

    g = navalwar.load(game)
    data = g.load_data()
    for sid in g.scenarios():
        s = g.load_scenario(sid, data)
        click.echo(f"{sid:<16} {s.title}")


@main.command()
@click.argument("game")
@click.option(
    "--data",
    "data",
    multiple=True,
    type=_PathType(),
    help="Override data directory (an owner's transcription).",
)
@_friendly
def ships(game: str, data: tuple[str, ...]) -> None:
    """List the ships of GAME's data pack: side, code, name, type and class."""
    import navalwar

    g = navalwar.load(game)
    rows = g.ship_list(g.load_data([Path(d) for d in data]))
    if not rows:
        raise NavalwarError(f"{game} does not list its ships")
    _table(
        f"{g.spec.title}: {len(rows)} ships",
        ("Side", "Code", "Name", "Type", "Class"),
        [(r.side, r.code, r.name, r.type, r.ship_class) for r in rows],
    )


@main.command()
@click.argument("game")
@_friendly
def options(game: str) -> None:
    """List GAME's rules options: default, the values allowed, rule and meaning
    (set one with --option NAME=VALUE)."""
    import navalwar

    g = navalwar.load(game)

    def text(value: object) -> str:
        return str(value).lower() if isinstance(value, bool) else str(value)

    _table(
        f"{g.spec.title}: rules options (--option NAME=VALUE)",
        ("Option", "Default", "Allowed", "Rule", "Meaning"),
        [(o.name, text(o.default), o.allowed, o.rule, o.help) for o in g.spec.options],
    )


def _table(title: str, headers: tuple[str, ...], rows: list[tuple[str, ...]]) -> None:
    """Print a rich table on stdout: as wide as the terminal, or when stdout is not one
    (a pipe, a file) wide enough not to wrap most cells."""
    from rich.console import Console
    from rich.table import Table

    table = Table()
    for i, header in enumerate(headers):
        table.add_column(header, no_wrap=i == 0)
    for row in rows:
        table.add_row(*row)
    click.echo(title)
    console = Console()
    (console if console.is_terminal else Console(width=200)).print(table)


@main.command()
@click.argument("game")
@click.argument("scenario")
@_friendly
def show(game: str, scenario: str) -> None:
    """Show SCENARIO of GAME: forces, length, victory conditions."""
    import navalwar

    g = navalwar.load(game)
    click.echo(g.describe_scenario(g.load_scenario(scenario, g.load_data())))


def _start(
    game: str,
    scenario: str,
    seed: int,
    options: tuple[str, ...],
    data: tuple[str, ...],
    strict: bool,
) -> Any:
    from navalwar.engine import Match

    return Match.start(
        game,
        scenario,
        seed=seed,
        options=_option_values(_parse_pairs(options, "--option")),
        data=data,
        strict=strict,
    )


def _side(match: Any, name: str) -> str:
    """A side of the match's game, named in any letter case (``japan``: ``Japan``)."""
    return str(match.game.spec.side(name))


def _agents(match: Any, specs: tuple[str, ...], seed: int, default: str = "") -> dict[str, Any]:
    """An agent for every side: those named by ``--agent SIDE=NAME``, the others
    ``default`` (the game's own heuristic where it has one, else random)."""
    from navalwar.agents import default_agent, make_agent

    spec = match.game.spec
    chosen = {spec.agent_side(side): name for side, name in _parse_pairs(specs, "--agent").items()}
    default = default or default_agent(match.game.id)
    sides = match.game.spec.sides
    return {
        side: make_agent(match.game.id, chosen.get(side, default), seed + i + 1)
        for i, side in enumerate(sides)
    }


_common = [
    click.option("--seed", type=int, default=0, show_default=True, help="Dice seed."),
    click.option(
        "--option",
        "options",
        multiple=True,
        metavar="NAME=VALUE",
        help="A rules option (repeatable).",
    ),
    click.option(
        "--data",
        "data",
        multiple=True,
        type=_PathType(),
        help="Override data directory (an owner's transcription).",
    ),
    click.option("--strict", is_flag=True, help="Refuse data below 'historical' provenance."),
]


def common(fn: F) -> F:
    for opt in reversed(_common):
        fn = opt(fn)
    return fn


@main.command()
@click.argument("game")
@click.argument("scenario")
@common
@click.option(
    "--agent",
    "agent_specs",
    multiple=True,
    metavar="SIDE=NAME",
    help="Agent for a side: random, first, or one of the game's own (default: the "
    "game's heuristic where it has one, else random).",
)
@click.option("--save", "save_path", type=_PathType(), help="Save the finished match here.")
@click.option("--quiet", is_flag=True, help="Print only the result line.")
@_friendly
def run(
    game: str,
    scenario: str,
    seed: int,
    options: tuple[str, ...],
    data: tuple[str, ...],
    strict: bool,
    agent_specs: tuple[str, ...],
    save_path: str | None,
    quiet: bool,
) -> None:
    """Fight SCENARIO of GAME to the end with agents and print the battle report."""
    from navalwar.agents import play_out

    if save_path and not Path(save_path).resolve().parent.is_dir():
        raise NavalwarError(f"cannot save to {save_path}: its folder does not exist")
    match = _start(game, scenario, seed, options, data, strict)
    play_out(match, _agents(match, agent_specs, seed))
    if save_path:
        match.save(save_path)
    outcome = match.outcome
    if quiet:
        click.echo(outcome.result if outcome else "unfinished")
    else:
        report = match.report()
        click.echo(report)
        if outcome is not None and outcome.summary not in report:
            click.echo(f"\nResult: {outcome.summary}")
    if save_path:
        click.echo(f"\nSaved to {save_path}")


@main.command()
@click.argument("file", type=_PathType())
@click.option(
    "--data",
    "data",
    multiple=True,
    type=_PathType(),
    help="Override data directory the save was made with (a save opens none itself).",
)
@_friendly
def replay(file: str, data: tuple[str, ...]) -> None:
    """Replay a saved match, verify it reproduces its log, and print its report."""
    from navalwar.engine import Match

    match = Match.load(file, data)
    match.replay()
    click.echo(match.report())
    click.echo(f"\nReplay verified: {len(match.events)} events identical.")


@main.command()
@click.argument("path", type=_PathType())
@click.option(
    "--game",
    default=None,
    help="The game the file belongs to (default: worked out from the file; a save names its own).",
)
@click.option(
    "--data",
    "data",
    multiple=True,
    type=_PathType(),
    help="Override data directory to check a save or scenario with.",
)
@click.option(
    "--strict", is_flag=True, help="Also refuse data below 'historical' provenance (as play does)."
)
@_friendly
def validate(path: str, game: str | None, data: tuple[str, ...], strict: bool) -> None:
    """Check a scenario (.toml), save (.json) or data file or directory; list every problem
    (each an error line, exit status 2)."""
    from navalwar.validation import validate_path

    problems = validate_path(Path(path), game, data, strict)
    if problems:
        for p in problems:
            click.echo(f"navalwar: error: {p}", err=True)
        sys.exit(2)
    click.echo(f"{path}: OK")


@main.command()
@click.argument("game", metavar="GAME_OR_SAVE")
@click.argument("scenario", required=False)
@common
@click.option(
    "--side", default="", help="The side you play, in any letter case (default: the first side)."
)
@click.option(
    "--hotseat",
    is_flag=True,
    help="Every side is played by a person at this terminal, in turn: each sees only "
    "its own side's view.",
)
@click.option(
    "--agent",
    "agent_specs",
    multiple=True,
    metavar="SIDE=NAME",
    help="Agent for the other side(s) (default: the game's heuristic where it has one, "
    "else random).",
)
@_friendly
def play(
    game: str,
    scenario: str | None,
    seed: int,
    options: tuple[str, ...],
    data: tuple[str, ...],
    strict: bool,
    side: str,
    hotseat: bool,
    agent_specs: tuple[str, ...],
) -> None:
    """Play SCENARIO of GAME in the terminal, or continue a saved game (GAME_OR_SAVE is
    the save file: its game, scenario, seed and options are the save's).

    At the prompt, s [FILE] saves the game. Leaving an unfinished game (q, Ctrl-C,
    Ctrl-D) offers to save it; when the input is not a terminal it is saved at once.
    Exit status: 0 the game was played to its end, 1 left unfinished (q, Ctrl-D, end of
    input), 130 interrupted with Ctrl-C."""
    from navalwar.engine import Match
    from navalwar.terminal import play_terminal

    save_as = None
    if scenario is not None:
        match = _start(game, scenario, seed, options, data, strict)
    elif seed or options or strict:
        raise NavalwarError(
            "--seed, --option and --strict are for GAME SCENARIO: a saved game continues "
            "with the save's (--data gives the override directories it was made with)"
        )
    elif not Path(game).is_file():
        raise NavalwarError(
            f"{game}: no such save file; to start a new game give a game and a scenario "
            "(navalwar play GAME SCENARIO; navalwar games lists the games)"
        )
    else:
        match = Match.load(game, data=data)  # --data: the directories the save was made with
        save_as = game
    sides = match.game.spec.sides
    humans = set(sides) if hotseat else {_side(match, side) if side else sides[0]}
    agents = _agents(match, agent_specs, match.seed)
    playable = match.game.spec.playable_sides
    if not humans & set(playable):
        click.echo(
            f"note: the rules themselves play {', '.join(sorted(humans))} in this game, so you "
            f"will only watch; play {' or '.join(playable)} for decisions.",
            err=True,
        )
    status = play_terminal(match, humans, agents, save_as=save_as)
    if status:
        sys.exit(status)


@main.command()
@click.argument("save", metavar="SAVE_OR_GAME", type=_PathType())
@click.argument("scenario", required=False)
@common
@click.option(
    "--turn",
    type=int,
    default=None,
    help="Draw the map as at the start of this turn (what the game calls a turn: a Game "
    "Turn, an impulse) (default: the end).",
)
@click.option("-o", "--output", "output", type=_PathType(), default="map.svg", show_default=True)
@click.option("--whole-map", is_flag=True, help="Draw the whole map, not just the ships' area.")
@click.option(
    "--side",
    default=None,
    help="Draw what this side sees (default: the game's choice, the umpire's full view "
    "or the first side's).",
)
@_friendly
def render(
    save: str,
    scenario: str | None,
    seed: int,
    options: tuple[str, ...],
    data: tuple[str, ...],
    strict: bool,
    turn: int | None,
    output: str,
    whole_map: bool,
    side: str | None,
) -> None:
    """Draw a match's map as SVG: a saved match (SAVE_OR_GAME is the file), or the start
    of a new match (SAVE_OR_GAME SCENARIO: a game and one of its scenarios)."""
    from navalwar.engine import Match
    from navalwar.files import atomic_write, check_writable
    from navalwar.render.svg import render_match

    check_writable(output, "the map")
    if scenario is not None:
        match = _start(save, scenario, seed, options, data, strict)
    elif seed or options or strict:
        raise NavalwarError("--seed, --option and --strict are for GAME SCENARIO, not a save")
    else:
        match = Match.load(save, data)  # --data: the directories the save was made with
    svg = render_match(match, turn, whole_map=whole_map, side=side)
    atomic_write(output, svg)
    click.echo(f"wrote {output}")


@main.command()
@click.argument("name", required=False)
@_friendly
def schema(name: str | None) -> None:
    """List the protocol's JSON Schemas, or print the one called NAME as JSON
    (docs/protocol.md)."""
    from navalwar import protocol

    if name is None:
        for n in protocol.schema_names():
            click.echo(n)
        return
    click.echo(json.dumps(protocol.schema(name), indent=1))


@main.command()
@click.argument("game")
@click.argument("scenario")
@common
@_friendly
def observe(
    game: str,
    scenario: str,
    seed: int,
    options: tuple[str, ...],
    data: tuple[str, ...],
    strict: bool,
) -> None:
    """Print the first side's observation at the start, as JSON (for front-end builders)."""
    match = _start(game, scenario, seed, options, data, strict)
    click.echo(json.dumps(match.observe(match.game.spec.sides[0]), indent=1))


@main.command()
@click.argument("game")
@click.argument("scenario")
@click.option(
    "-n",
    "battles",
    type=click.IntRange(min=1),
    default=1000,
    show_default=True,
    help="Number of battles.",
)
@click.option(
    "--seed",
    type=int,
    default=0,
    show_default=True,
    help="Batch seed: battle i gets the i-th seed spawned from it.",
)
@click.option(
    "--workers",
    type=click.IntRange(min=1),
    default=None,
    help="Worker processes (default: all cores; 1 runs in this process). "
    "With --backend ray: the CPUs of the local Ray instance it starts.",
)
@click.option(
    "--backend",
    type=click.Choice(["process", "ray"]),
    default="process",
    show_default=True,
    help="Local processes, or Ray (pip install 'navalwar[ray]').",
)
@click.option(
    "--address",
    default=None,
    help="Ray cluster to join (HOST:PORT or 'auto'; default: a local instance).",
)
@click.option(
    "--agent",
    "agent_specs",
    multiple=True,
    metavar="SIDE=NAME",
    help="Agent for a side (default: the game's heuristic where it has one).",
)
@click.option(
    "--option", "options", multiple=True, metavar="NAME=VALUE", help="A rules option (repeatable)."
)
@click.option(
    "--out",
    "out",
    type=_PathType(dir_okay=False),
    default=None,
    help="Write one JSON line per battle here, as each finishes.",
)
@click.option(
    "--resume",
    is_flag=True,
    help="Continue an interrupted --out file: fight only the battles missing.",
)
@click.option("--force", is_flag=True, help="Replace an existing --out file.")
@click.option(
    "--plot",
    "plot",
    type=_PathType(dir_okay=False),
    default=None,
    help="Draw the VP-margin histogram and outcome shares (.svg, .png; "
    "pip install 'navalwar[plot]').",
)
@_friendly
def simulate(
    game: str,
    scenario: str,
    battles: int,
    seed: int,
    workers: int | None,
    backend: str,
    address: str | None,
    agent_specs: tuple[str, ...],
    options: tuple[str, ...],
    out: str | None,
    resume: bool,
    force: bool,
    plot: str | None,
) -> None:
    """Fight SCENARIO of GAME many times with agents; print win/draw/loss shares with
    Wilson 95% intervals and VP statistics.

    Every record keeps its dice seed: `navalwar run GAME SCENARIO --seed SEED` (with
    the same --option and --agent values) fights that battle again. Ctrl-C keeps every
    finished battle in --out; run the same command with --resume to continue."""
    import time

    from rich.console import Console

    from navalwar import batch
    from navalwar.batch.report import levels_table, plot_format, summary_table, vp_table, write_plot
    from navalwar.files import check_writable

    if plot:
        plot_format(plot)  # matplotlib, the format and the folder fail now, not after
    if out:
        check_writable(out, "the records")
    started = time.perf_counter()
    try:
        with _SimulateProgress() as report:
            records = batch.simulate(
                game,
                scenario,
                battles,
                seed,
                _parse_pairs(agent_specs, "--agent"),
                workers,
                backend,
                options=_option_values(_parse_pairs(options, "--option")),
                address=address,
                out=out,
                resume=resume,
                overwrite=force,
                progress=report,
                notify=lambda message: click.echo(f"note: {message}", err=True),
            )
    except batch.BatchInterrupted as stop:
        where = f"are in {stop.path}" if stop.path else "are lost (no --out file)"
        click.echo(f"\nInterrupted: {stop.done} of {stop.n} battles {where}.", err=True)
        if stop.path:
            click.echo("Run the same command with --resume to continue.", err=True)
        sys.exit(130)
    took = time.perf_counter() - started
    summary = batch.summarize(records)
    console = Console()
    title = f"{game} {scenario}: {summary.n} battles, seed {seed}"
    console.print(summary_table(summary, title))
    console.print(vp_table(summary))
    console.print(levels_table(summary))
    click.echo(f"{battles} battles in {took:.1f} s ({battles / took:.1f} battles/s)")
    if out:
        click.echo(f"Records: {out}")
    click.echo(f"Battle 0 again: {records[0].command()}")
    if plot:
        write_plot(records, summary, plot)
        click.echo(f"Plot: {plot}")


class _SimulateProgress:
    """A rich progress bar on stderr, fed by batch.simulate's progress callback."""

    def __init__(self) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        self.bar = Progress(
            "battles",
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
            console=Console(stderr=True),
            transient=True,
        )
        self.task = self.bar.add_task("simulate", total=None)
        self.started = False

    def __enter__(self) -> Callable[[int, int], None]:
        self.bar.start()
        return self

    def __call__(self, done: int, total: int) -> None:
        if not self.started:  # battles resumed from the file do not count in the speed
            self.started = True
            self.bar.reset(self.task, total=total, completed=done)
        self.bar.update(self.task, completed=done, total=total)

    def __exit__(self, *exc: object) -> None:
        self.bar.stop()


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
@click.option(
    "--max-matches",
    type=click.IntRange(1, 100_000),
    default=100,
    show_default=True,
    help="Live matches and replays held at once.",
)
@click.option(
    "--data",
    "data",
    multiple=True,
    type=_PathType(),
    help="Override data directory every match uses (an owner's transcription).",
)
@_friendly
def serve(host: str, port: int, max_matches: int, data: tuple[str, ...]) -> None:
    """Serve the web client and the JSON protocol (docs/protocol.md) for front ends.

    Open http://HOST:PORT/ in a browser to play. Localhost by default: the server
    is for one machine's players, and has no accounts or TLS of its own.
    """
    try:
        import uvicorn

        from navalwar.web import create_app
    except ImportError as exc:
        raise NavalwarError(
            f"navalwar serve needs the web extra ({exc.name} is missing): "
            "pip install 'navalwar[web]'"
        ) from None
    app = create_app(max_matches=max_matches, data=data)
    click.echo(f"navalwar: serving http://{host}:{port}/ (Ctrl-C stops)", err=True)
    try:
        uvicorn.run(app, host=host, port=port, log_level="warning", ws="websockets-sansio")
    except SystemExit as exc:  # uvicorn's exit 3: it could not start (the address)
        if exc.code in (0, None):
            raise
        raise NavalwarError(
            f"could not serve on {host}:{port} (in use, or not an address of this machine)"
        ) from None


if __name__ == "__main__":  # pragma: no cover
    main()
