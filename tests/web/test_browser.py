"""The reference web client in a real headless Chromium, driven by its DOM contract
(docs/protocol.md, "Reference client DOM contract") against a live ``navalwar serve``:
a Tokyo Express game and a GWaS battle played to the end by clicking, a two-player
battle from two browsers whose pages hold nothing of the other side's hidden facts,
and the replay viewer. Screenshots of each screen go to ``build/screenshots/``.
"""

from __future__ import annotations

import html
import json
import random
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urljoin

Live = Any  # conftest.Live (not importable under --import-mode=importlib)
Page = Any

GWAS_SCENARIO = "port-arthur"  # the shortest GWaS battle (`navalwar scenarios gwas_1904`)
MAX_CLICKS = 400


def wait_idle(page: Page) -> None:
    """Until no request of the client is in flight."""
    page.wait_for_function("document.body.dataset.busy === 'false'")


def seat_of(page: Page) -> tuple[str, str, str]:
    """(match, side, token) of a game screen, from its ``#/play/<m>/<side>/<token>`` URL."""
    found = re.search(r"#/play/([^/]+)/([^/]+)/([^/?]+)", page.url)
    assert found, page.url
    mid, side, token = (unquote(g) for g in found.groups())
    return mid, side, token


def seat_path(mid: str, side: str, what: str) -> str:
    return f"/api/matches/{mid}/seats/{side}/{what}"


def settle(page: Page, live: Live, mid: str, side: str, token: str) -> dict[str, Any]:
    """Wait until the page shows what the server says this seat faces now (the same
    state, prompt and number of choices); the server's ``GET .../decision``."""
    want = live.ok("GET", seat_path(mid, side, "decision"), token=token)
    over = want["deciding"] is None
    state = "over" if over else want["deciding"]
    d = want["decision"] or {}
    arg = {
        "state": state,
        "prompt": d.get("prompt"),
        "count": d.get("choice_count") if d.get("enumerated") else -1,
    }
    page.wait_for_function(
        """(w) => {
          const g = document.querySelector('#game');
          if (document.body.dataset.busy !== 'false' || !g || g.dataset.deciding !== w.state)
            return false;
          if (w.state === 'over')
            return !document.querySelector('#outcome').hidden;
          if (w.state !== 'you') return true;
          if (document.querySelector('#prompt').textContent !== w.prompt) return false;
          if (w.count < 0) {
            const a = document.querySelector('#action-json');
            return !!a && a.value.trim().length > 0;
          }
          return document.querySelectorAll('#decision button.choice').length === w.count;
        }""",
        arg=arg,
    )
    return want  # type: ignore[no-any-return]


def actions_of(live: Live, mid: str, token: str) -> int:
    return int(live.ok("GET", f"/api/matches/{mid}", token=token)["actions"])


def click_once(page: Page, live: Live, mid: str, side: str, token: str, rng: random.Random) -> None:
    """Answer this seat's pending decision by clicking: a random ``button.choice``, or
    ``#sample`` then ``#submit``; wait until the server has taken it."""
    before = actions_of(live, mid, token)
    buttons = page.locator("#decision button.choice")
    count = buttons.count()
    if count:
        buttons.nth(rng.randrange(count)).click()
    else:
        page.click("#sample")
        wait_idle(page)
        assert json.loads(page.input_value("#action-json"))["tag"]
        page.click("#submit")
    deadline = time.monotonic() + 30
    while actions_of(live, mid, token) == before:
        assert time.monotonic() < deadline, "the click did not reach the server"
        error = page.locator("#error")
        assert not error.is_visible(), f"the client shows an error: {error.text_content()}"
        time.sleep(0.05)


def play_to_end(page: Page, live: Live, seed: int, shoot: Callable[[Page, str], Path]) -> int:
    """Click this seat's decisions until the game is over; the number of clicks."""
    mid, side, token = seat_of(page)
    rng = random.Random(seed)
    for clicks in range(MAX_CLICKS):
        want = settle(page, live, mid, side, token)
        if want["deciding"] is None:
            return clicks
        if clicks == 1:
            shoot(page, "decision")
        assert want["deciding"] == "you", "an agent or the rules left a decision pending"
        click_once(page, live, mid, side, token, rng)
    raise AssertionError(f"not over after {MAX_CLICKS} clicks")


def start_from_lobby(
    page: Page,
    live: Live,
    game: str,
    scenario: str,
    seed: int,
    sides: dict[str, str] | None = None,
    shoot: Callable[[Page, str], Path] | None = None,
) -> tuple[str, str, str]:
    """Open the lobby, choose a match and press Start; the new seat (match, side, token)."""
    page.goto(live.base + "/#/")
    page.wait_for_selector("body[data-screen='lobby']")
    wait_idle(page)
    page.select_option("select#game", game)
    wait_idle(page)
    page.select_option("select#scenario", scenario)
    wait_idle(page)
    page.wait_for_function("document.querySelector('#scenario-show').textContent.trim().length > 0")
    page.fill("input#seed", str(seed))
    for side, who in (sides or {}).items():
        page.select_option(f"select[name='side:{side}']", who)
    if shoot is not None:
        shoot(page, "lobby")
    page.click("button#start")
    page.wait_for_selector("body[data-screen='game'] #game[data-side]")
    wait_idle(page)
    return seat_of(page)


def check_outcome(page: Page, live: Live, mid: str, side: str, token: str) -> dict[str, Any]:
    """``#outcome`` is shown, and its result is the server's GET outcome."""
    got = live.ok("GET", seat_path(mid, side, "outcome"), token=token)
    assert got["over"] is True and got["outcome"] is not None
    assert page.locator("#outcome").is_visible()
    result = page.locator("#result").text_content() or ""
    outcome = got["outcome"]
    level = outcome.get("level") or ""
    assert result.strip(), "#result is empty"
    assert level and level in result, (level, result)
    assert (page.locator("#result").get_attribute("data-winner") or "") == (
        outcome.get("winner") or ""
    )
    report = page.locator("pre#report").text_content() or ""
    assert report.strip() == (got["report"] or "").strip()
    return got  # type: ignore[no-any-return]


def no_js_errors(page: Page) -> None:
    assert not page.js_errors, page.js_errors


def token_not_stored(page: Page, token: str) -> None:
    """A seat token is kept in the URL and sessionStorage only, never localStorage."""
    stored = page.evaluate("JSON.stringify(Object.entries(localStorage))")
    assert token not in stored, "a seat token is in localStorage"
    cookies = json.dumps(page.context.cookies())
    assert token not in cookies, "a seat token is in a cookie"


def test_tokyo_express_basic_played_to_the_end_by_clicking(
    live_server: Live, page_in: Callable[[], Page], screenshot: Callable[[Page, str], Path]
) -> None:
    """Tokyo Express ``basic``: the US clicked through to the end, Japan run by the
    rules; #undo takes back the first choice; #outcome shows the server's result, and
    Save downloads the server's save."""
    page = page_in()
    mid, side, token = start_from_lobby(
        page, live_server, "tokyo_express", "basic", 1, shoot=screenshot
    )
    assert side == "US"
    summary = live_server.ok("GET", f"/api/matches/{mid}", token=token)
    assert summary["sides"]["US"] == "human" and summary["sides"]["Japan"] == "rules"
    screenshot(page, "game")
    # Undo: the first choice (no dice rolled since) taken back, the same decision shown
    first = settle(page, live_server, mid, side, token)
    click_once(page, live_server, mid, side, token, random.Random(0))
    page.click("button#undo")
    deadline = time.monotonic() + 30
    while actions_of(live_server, mid, token) != 0:
        assert time.monotonic() < deadline, "#undo did not take the action back"
        time.sleep(0.05)
    assert settle(page, live_server, mid, side, token) == first
    clicks = play_to_end(page, live_server, 1, screenshot)
    assert clicks > 10
    check_outcome(page, live_server, mid, side, token)
    assert page.locator("#events li.event").count() > 0
    assert page.locator("#events li.event span.rule").count() > 0
    assert page.locator("#events li.event span.dice").count() > 0  # TE rolls dice
    token_not_stored(page, token)
    screenshot(page, "outcome")
    with page.expect_download() as info:
        page.click("button#save")
    saved = json.loads(Path(info.value.path()).read_text())
    assert saved == live_server.ok("GET", seat_path(mid, side, "save"), token=token)
    no_js_errors(page)


def test_gwas_battle_played_to_the_end_against_an_agent(
    live_server: Live, page_in: Callable[[], Page], screenshot: Callable[[Page, str], Path]
) -> None:
    """A GWaS 1904 battle (the shortest): Russia clicked to the end, Japan an agent."""
    page = page_in()
    mid, side, token = start_from_lobby(
        page,
        live_server,
        "gwas_1904",
        GWAS_SCENARIO,
        2,
        sides={"Japan": "agent:random", "Russia": "human"},
        shoot=screenshot,
    )
    assert side == "Russia"
    summary = live_server.ok("GET", f"/api/matches/{mid}", token=token)
    assert summary["sides"] == {"Japan": "agent:random", "Russia": "human"}
    page.wait_for_selector("#map svg")
    screenshot(page, "game")
    play_to_end(page, live_server, 2, screenshot)
    check_outcome(page, live_server, mid, side, token)
    screenshot(page, "outcome")
    no_js_errors(page)


HEX_LABEL = re.compile(r"[A-Z]{1,2}\d{1,2}")  # every hex's label is drawn on every map
FIELD_NAME = re.compile(r"[a-z_]+")  # the JSON's own words (prompt, choices, hex ...)


def strings_of(value: Any, into: set[str]) -> set[str]:
    """Every key and scalar of a JSON value, as text."""
    if isinstance(value, dict):
        for k, v in value.items():
            into.add(str(k))
            strings_of(v, into)
    elif isinstance(value, list):
        for v in value:
            strings_of(v, into)
    elif value is not None and not isinstance(value, bool):
        into.add(str(value))
    return into


def hidden_from(live: Live, mid: str, seats: dict[str, str], side: str, public: str) -> set[str]:
    """What the other side's observation holds and ``side``'s may not know: the strings
    of the other side's observation that are not in ``side``'s observation, events or
    the public texts (the scenario's description and the game's listing), nor hex
    labels, field names or short numbers."""
    (other,) = [s for s in seats if s != side]
    mine = live.ok("GET", seat_path(mid, side, "observation"), token=seats[side])
    theirs = live.ok("GET", seat_path(mid, other, "observation"), token=seats[other])
    events = live.ok("GET", seat_path(mid, side, "events") + "?since=0", token=seats[side])
    known = json.dumps(mine) + json.dumps(events) + public
    return {
        s
        for s in strings_of(theirs, set()) - strings_of(mine, set())
        if len(s) >= 4
        and not HEX_LABEL.fullmatch(s)
        and not FIELD_NAME.fullmatch(s)
        and s not in known
    }


def leaks(page: Page, hidden: set[str]) -> list[str]:
    """The hidden strings that this page's DOM holds (as text or HTML-escaped)."""
    dom = page.content()
    return sorted(s for s in hidden if s in dom or html.escape(s) in dom)


def test_two_players_in_two_browsers_see_nothing_of_each_other(
    live_server: Live, page_in: Callable[[], Page], screenshot: Callable[[Page, str], Path]
) -> None:
    """A two-player GWaS battle from two browser contexts, the second opening the seat
    link: turns played alternately, and neither page's DOM ever holds a fact that only
    the other side's observation has (face-down counters' ships, hidden positions ...)."""
    first = page_in()
    mid, side1, token1 = start_from_lobby(
        first,
        live_server,
        "gwas_1904",
        GWAS_SCENARIO,
        4,
        sides={"Japan": "human", "Russia": "human"},
    )
    link = first.locator("#seat-links a.seat-link")
    link.first.wait_for()
    assert link.count() == 1
    second = page_in()
    second.goto(urljoin(first.url, link.first.get_attribute("href") or ""))
    second.wait_for_selector("body[data-screen='game'] #game[data-side]")
    mid2, side2, token2 = seat_of(second)
    assert mid2 == mid and side2 != side1
    seats = {side1: token1, side2: token2}
    pages = {side1: first, side2: second}
    game = next(g for g in live_server.ok("GET", "/api/games")["games"] if g["id"] == "gwas_1904")
    public = json.dumps(game) + json.dumps(
        live_server.ok("GET", f"/api/matches/{mid}", token=token1)
    )
    rng = random.Random(4)
    checked = {side1: 0, side2: 0}
    found = {side1: 0, side2: 0}
    clicked = {side1: 0, side2: 0}
    for turn in range(14):
        deciding = None
        for side, page in pages.items():
            want = settle(page, live_server, mid, side, seats[side])
            hidden = hidden_from(live_server, mid, seats, side, public)
            found[side] = max(found[side], len(hidden))
            assert not leaks(page, hidden), f"{side}'s page holds {leaks(page, hidden)[:10]}"
            checked[side] += 1
            if want["deciding"] == "you":
                deciding = side
        if deciding is None:
            break
        if turn == 1:
            for side, page in pages.items():
                screenshot(page, f"game-{side}")
        click_once(pages[deciding], live_server, mid, deciding, seats[deciding], rng)
        clicked[deciding] += 1
    # the check could fail: each side has facts of its own that the other may not see
    assert found[side1] > 0 and found[side2] > 0, found
    assert checked[side1] >= 5 and checked[side2] >= 5
    assert clicked[side1] > 0 and clicked[side2] > 0, clicked  # both played
    # the check sees a hidden fact were one in the DOM (put there by hand, as text)
    hidden = sorted(hidden_from(live_server, mid, seats, side1, public))
    first.evaluate(
        "(t) => { const p = document.createElement('p'); p.hidden = true;"
        " p.textContent = t; document.body.append(p); }",
        hidden[0],
    )
    assert hidden[0] in leaks(first, set(hidden))
    for page in pages.values():
        no_js_errors(page)
        for token in seats.values():
            token_not_stored(page, token)


def finished_save(live: Live, seed: int) -> tuple[dict[str, Any], int]:
    """A Tokyo Express ``basic`` game played to the end over the API: its save and the
    number of actions in it."""
    made = live.ok(
        "POST", "/api/matches", {"game": "tokyo_express", "scenario": "basic", "seed": seed}
    )
    mid, (side, token) = made["match"], next(iter(made["seats"].items()))
    for _ in range(2000):
        d = live.ok("GET", seat_path(mid, side, "decision"), token=token)
        if d["deciding"] is None:
            break
        action = live.ok("POST", seat_path(mid, side, "sample"), token=token)["action"]
        live.ok("POST", seat_path(mid, side, "actions"), action, token)
    save = live.ok("GET", seat_path(mid, side, "save"), token=token)
    return save, len(save["actions"])


def test_the_replay_viewer_steps_and_scrubs_a_saved_game(
    live_server: Live,
    page_in: Callable[[], Page],
    screenshot: Callable[[Page, str], Path],
    tmp_path: Path,
) -> None:
    """#/replay: a finished game's save loaded with #replay-file, stepped forward and
    back and scrubbed; #replay-position follows and #map changes."""
    save, n = finished_save(live_server, 6)
    assert n > 5
    file = tmp_path / "finished.json"
    file.write_text(json.dumps(save))
    page = page_in()
    page.goto(live_server.base + "/#/")
    page.wait_for_selector("body[data-screen='lobby']")
    page.click("a#open-replay")
    page.wait_for_selector("body[data-screen='replay']")
    screenshot(page, "replay-empty")
    page.set_input_files("input#replay-file", str(file))

    def at(k: int) -> str:
        page.wait_for_function(
            "(t) => document.body.dataset.busy === 'false' && "
            "document.querySelector('#replay-position').textContent.trim() === t",
            arg=f"{k} / {n}",
        )
        page.wait_for_selector("#map svg")
        return str(page.inner_html("#map"))

    start = at(0)
    screenshot(page, "replay-start")
    page.click("button#step-forward")
    one = at(1)
    page.click("button#step-forward")
    at(2)
    page.click("button#step-back")
    assert at(1) == one
    page.click("button#step-back")
    assert at(0) == start
    page.locator("input#scrub").fill(str(n))  # a range input: sets the value, fires change
    end = at(n)
    assert end != start, "the map did not change from the first step to the last"
    assert page.locator("#events li.event").count() > 0
    screenshot(page, "replay-end")
    page.locator("input#scrub").fill(str(n // 2))
    at(n // 2)
    page.click("button#next-turn")
    page.wait_for_function("document.body.dataset.busy === 'false'")
    later = page.locator("#replay-position").text_content() or ""
    assert int(later.split("/")[0]) > n // 2 or n // 2 == n
    no_js_errors(page)


def test_hot_seat_switches_seats_and_saves_mid_game(
    live_server: Live, page_in: Callable[[], Page], screenshot: Callable[[Page, str], Path]
) -> None:
    """Both GWaS sides on one screen: ``#seat-switch`` moves the view to the seat whose
    decision is pending, each seat answers its own, and a hot-seat match saves mid-game."""
    page = page_in()
    page.goto(live_server.base + "/#/")
    page.wait_for_selector("body[data-screen='lobby']")
    wait_idle(page)
    page.select_option("select#game", "gwas_1904")
    wait_idle(page)
    page.select_option("select#scenario", GWAS_SCENARIO)
    wait_idle(page)
    for side in ("Japan", "Russia"):
        page.select_option(f"select[name='side:{side}']", "human")
    page.check("input#hot-seat")
    page.click("button#start")
    page.wait_for_selector("body[data-screen='game'] #game[data-side]")
    wait_idle(page)
    mid, _, token = seat_of(page)
    summary = live_server.ok("GET", f"/api/matches/{mid}", token=token)
    assert summary["hot_seat"] is True
    assert summary["sides"] == {"Japan": "human", "Russia": "human"}
    rng, played = random.Random(3), set()
    for _ in range(MAX_CLICKS):
        if played == {"Japan", "Russia"}:
            break
        mid, side, token = seat_of(page)
        want = settle(page, live_server, mid, side, token)
        if want["deciding"] is None:
            break
        if want["deciding"] == "other":
            page.wait_for_selector("#seat-switch button.seat[data-to-move='true']")
            page.click("#seat-switch button.seat[data-to-move='true']")
            page.wait_for_function("(s) => !location.hash.includes('/' + s + '/')", arg=side)
            wait_idle(page)
            continue
        click_once(page, live_server, mid, side, token, rng)
        played.add(side)
    assert played == {"Japan", "Russia"}, played
    screenshot(page, "hot-seat")
    mid, side, token = seat_of(page)
    with page.expect_download() as info:
        page.click("button#save")
    saved = json.loads(Path(info.value.path()).read_text())
    assert (
        saved["actions"]
        == live_server.ok("GET", seat_path(mid, side, "save"), token=token)["actions"]
    )
    no_js_errors(page)


def test_the_odds_of_an_attack_are_shown_before_it_is_committed(
    live_server: Live, page_in: Callable[[], Page], screenshot: Callable[[Page, str], Path]
) -> None:
    """Tokyo Express: at the first attack decision, *Odds* then a choice shows the
    server's exact odds of it (``describe``) and plays nothing; *Commit* plays it."""
    page = page_in()
    mid, side, token = start_from_lobby(page, live_server, "tokyo_express", "basic", 7)
    rng = random.Random(5)
    for _ in range(MAX_CLICKS):
        want = settle(page, live_server, mid, side, token)
        assert want["deciding"] == "you", "the game ended before any attack"
        d = want["decision"]
        found = None
        for i, choice in enumerate(d["choices"] or []):
            status, odds = live_server.call("POST", seat_path(mid, side, "odds"), choice, token)
            if status == 200 and odds["attacks"]:
                found = (i, odds["attacks"][0])
                break
        if found is not None:
            break
        click_once(page, live_server, mid, side, token, rng)
    else:
        raise AssertionError("no attack decision reached")
    index, attack = found
    before = actions_of(live_server, mid, token)
    page.click("button#odds")
    page.locator("#decision button.choice").nth(index).click()
    wait_idle(page)
    panel = page.locator("#odds-panel")
    panel.locator("p.describe").first.wait_for()
    assert attack["describe"] in (panel.text_content() or "")
    assert actions_of(live_server, mid, token) == before  # looking plays nothing
    screenshot(page, "odds")
    page.click("button#commit")
    deadline = time.monotonic() + 30
    while actions_of(live_server, mid, token) == before:
        assert time.monotonic() < deadline, "Commit did not play the choice"
        time.sleep(0.05)
    no_js_errors(page)
