"""``referee play``: the live loop around a :class:`~referee.session.Session` - frames from a camera
source, typed words and key presses from the keyboard (or inputs from a recording), verdicts to the
terminal, the display and the speaker, everything journaled so that ``--resume`` carries on after a
crash or a power cut exactly where the game was.

Typed lines (desktop):  ``WORD`` a word by the player whose turn it is; ``2 WORD`` a word by player 2;
``pass`` / ``2 pass``; ``draw`` / ``2 draw``; ``?=E`` the wild card just laid stands for E (TakeTwo);
``!2`` player 2's button (challenge, or slap in Alphabet Bang); ``quit``.

The referee box's buttons (``--config``): a player's press is their button, held it passes (draws two
in TakeTwo); holding the menu button ends the game.
"""

from __future__ import annotations

import queue
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from hardware.buttons import PressLogic
from referee import feedback, recording
from referee.errors import UserError
from referee.games import new_game
from referee.session import Journal, Session, calibration_of, replay_events

BUTTON = {"alphabet-bang": "slap"}  # what a player's button means; "challenge" elsewhere
HELD = {"taketwo": "draw"}  # what holding a player's button means; "pass" elsewhere
SAY_LETTERS = {"alphabet-bang", "taketwo"}  # the letter-recognition games say each card's letter and sound


def parse_line(line: str, t: float, game_name: str) -> dict | None:
    """A typed line as an input event, or None."""
    words = line.strip().split()
    if not words:
        return None
    player = None
    if words[0].startswith("!") and words[0][1:].isdigit():
        return {"t": t, "player": int(words[0][1:]), "button": BUTTON.get(game_name, "challenge")}
    if words[0].isdigit() and len(words) > 1:
        player, words = int(words[0]), words[1:]
    text = words[0].lower()
    event: dict = {"t": t}
    if player:
        event["player"] = player
    if text == "pass":
        return {**event, "pass": True}
    if text == "draw":
        return {**event, "draw": 2}
    if text.startswith("?="):
        return {**event, "declare": text[2:].upper()}
    if text.isalpha():
        return {**event, "word": text.upper()}
    return None


def button_events(presses, game_name: str, since: float = 0.0) -> tuple[list[dict], bool]:
    """Button presses (:class:`hardware.buttons.ButtonPress`) as input events, with ``since`` taken
    off their times, and whether the menu button was held (the game ends). A player's press is their
    button (challenge, or slap in Alphabet Bang); held, it draws two (TakeTwo) or passes."""
    events, quit_ = [], False
    for press in presses:
        t = round(press.t - since, 3)
        if press.button == 0:
            quit_ = quit_ or press.long
        elif press.long and HELD.get(game_name, "pass") == "draw":
            events.append({"t": t, "player": press.button, "draw": 2})
        elif press.long:
            events.append({"t": t, "player": press.button, "pass": True})
        else:
            events.append({"t": t, "player": press.button, "button": BUTTON.get(game_name, "challenge")})
    return events, quit_


def box_buttons(config) -> tuple[object | None, PressLogic | None]:
    """The referee box's buttons (:class:`hardware.buttons.GpioButtons`) and their press timing from
    its config (:class:`hardware.config.Config`), or (None, None) where there are none (a desktop)."""
    if not config.button_pins:
        return None, None
    from hardware.buttons import GpioButtons

    try:
        buttons = GpioButtons(config.button_pins)
    except Exception as exc:  # noqa: BLE001 - gpiozero raises many kinds where there is no GPIO
        print(f"buttons: not available ({exc}); type !N for player N's button", file=sys.stderr)
        return None, None
    return buttons, PressLogic(float(config.buttons.get("bounce_seconds", 0.03)), float(config.buttons.get("hold_seconds", 0.8)))


def _stdin_lines() -> queue.Queue:
    lines: queue.Queue = queue.Queue()

    def read() -> None:
        for line in sys.stdin:
            lines.put(line)
        lines.put(None)

    threading.Thread(target=read, daemon=True).start()
    return lines


def _recorded_stream(folder: Path, done: list[dict]) -> Iterator[dict]:
    """A recording's frames, table states and inputs, in order, leaving out what the journal ``done``
    of an interrupted game already holds: everything before its last time, and at that time as many
    table states and inputs as it holds (frames at that time were seen already)."""
    ruled = [e for e in done if "verdict" not in e and "frame" not in e]
    last = max((float(e["t"]) for e in ruled), default=float("-inf"))
    same = sum(1 for e in ruled if float(e["t"]) == last)
    for event in recording.read(folder).events:
        t = float(event["t"])
        if "verdict" in event or t < last:
            continue
        if t == last and ("frame" in event or same > 0):
            same -= 0 if "frame" in event else 1
            continue
        yield event


def run(game_name: str, players: list[str], source: str, options: dict | None = None, record: Path | None = None,
        resume: bool = False, calibration_file: Path | None = None, show: Callable[[dict], None] | None = None,
        display_kind: str = "none", speech: bool = False, speed: float = 0.0, buttons=None,
        press_logic: PressLogic | None = None) -> dict:
    """Referee one game from ``source``; returns the final line. ``speed`` paces a recording source
    (times real time; 0 as fast as possible). ``buttons`` (:class:`hardware.buttons.GpioButtons`,
    live sources only) are the players' buttons, their edges told apart by ``press_logic``; their
    clock must be the camera's (monotonic; for a folder source, the folder's frame times)."""
    import cv2

    from calibration import homography
    from calibration import layout as layouts
    from hardware import camera
    from hardware.display import Display, open_device
    from hardware.speech import Speaker, letter_words
    from referee.cards import parse_face

    show = show or _print
    options = dict(options or {})
    press_logic = press_logic or PressLogic()
    if record is not None and (record / "events.jsonl").exists() and not resume:
        raise UserError(f"{record} already holds a game: add --resume to carry on with it, or record elsewhere")
    old = None
    if resume and record is not None and not (record / "events.jsonl").exists():
        resume = False  # nothing to carry on with: a new game (the service's first start)
    if resume:
        if record is None or not (record / "session.toml").exists():
            raise UserError("--resume needs --record DIR pointing at the interrupted game's journal")
        old = recording.read(record)
        game_name, players, options = old.game, old.players, old.options
    game = new_game(game_name, players, options)
    layout = layouts.load(game.name).for_zones(game.zones(len(players)))
    calibration = homography.Calibration.load(calibration_file) if calibration_file else None
    kind, _, arg = source.partition(":")
    if kind == "recording":
        calibration = calibration or calibration_of(Path(arg))
    if old is not None:
        calibration = calibration or calibration_of(record)
    session = Session(game, layout, calibration)
    unlogged: list[dict] = []
    if old is not None:
        # silently: all of it was ruled before the crash; verdicts ruled but not yet written are written now
        ruled = [v for v in replay_events(session, record, old.events) if not v.get("warning")]
        unlogged = ruled[sum(1 for e in old.events if "verdict" in e):]
        print(f"resumed {record}: {len(old.events)} events; scores {dict(zip(game.players, game.scores))}", file=sys.stderr)

    display = Display(open_device(display_kind, folder=(record or Path(".")) / "display") if display_kind != "none" else None)
    speaker = Speaker(enabled=speech)
    state = {"verdict": ""}

    def listener(verdict: dict) -> None:
        show(verdict)
        state["verdict"] = feedback.describe(verdict)
        if verdict["event"] == "play" and game.name in SAY_LETTERS and verdict.get("face"):
            speaker.say(letter_words(parse_face(verdict["face"]).plays_as or verdict["face"], sound=True))
        elif verdict["event"] in ("word", "reject", "challenge", "slap", "game_end", "round_end") or verdict.get("warning"):
            speaker.say(state["verdict"])

    def camera_trouble(message: str) -> None:
        """The camera is gone: say so on the screen and aloud; the game waits and resumes."""
        session.alert(0.0, message)
        _refresh(display, session, state)

    session.listeners.append(listener)
    journal: Journal | None = None

    def step(t: float, image=None, event: dict | None = None, same: bool | None = None) -> None:
        nonlocal calibration, journal
        if image is not None and session.calibration is None:
            try:
                session.calibration = calibration = homography.from_markers(image, game.name)
            except homography.CalibrationError as exc:
                if session.warning != str(exc):
                    session.alert(t, str(exc))  # keep looking: a hand may be over a marker
                _refresh(display, session, state)
                return
            print(f"calibrated on the mat's markers: fit error {calibration.error_mm:.2f} mm", file=sys.stderr)
        if record is not None and journal is None:
            from dataclasses import asdict

            journal = session.journal = Journal(record, game, options, asdict(calibration) if calibration else None,
                                                frames=kind != "recording", resume=old is not None)
            for verdict in unlogged:
                journal.write({"t": verdict["t"], "verdict": verdict})
        if image is not None:
            session.frame(t, image, same)
        if event is not None:
            session.input(event)
        _refresh(display, session, state)

    try:
        if kind == "recording":
            folder = Path(arg)
            if old is not None:
                step(0.0)  # open the journal at once, to write what the crash left unwritten
            previous = None
            name = image = None
            for event in _recorded_stream(folder, old.events if old is not None else []):
                if speed and previous is not None:
                    time.sleep(max(0.0, float(event["t"]) - previous) / speed)
                previous = float(event["t"])
                if "frame" in event:
                    same = event["frame"] == name  # a recording names a frame again when the picture did not change
                    if not same:
                        name, image = event["frame"], cv2.imread(str(folder / event["frame"]), cv2.IMREAD_COLOR)
                    if image is not None:
                        step(float(event["t"]), image=image, same=same)
                elif "table" in event:
                    step(float(event["t"]))
                    session.table(float(event["t"]), {z: tuple(f) for z, f in event["table"].items()})
                else:
                    step(float(event["t"]), event=event)
                if game.over:
                    break
        else:
            frames = camera.open_source(source) if kind == "folder" else camera.Reconnecting(
                lambda: camera.open_source(source), status=camera_trouble)
            lines = _stdin_lines()
            started = time.monotonic()
            pressed: list = []  # button presses not yet ruled
            for frame in frames:
                t = frame.t if kind == "folder" else frame.t - started
                step(t, image=frame.image)
                if buttons is not None:
                    pressed += [p for p in map(press_logic.feed, buttons.drain()) if p is not None]
                    since = 0.0 if kind == "folder" else started
                    now = [p for p in pressed if p.t - since <= t]  # in time with the pictures
                    pressed = [p for p in pressed if p.t - since > t]
                    events, quit_ = button_events(now, game.name, since)
                    for event in events:
                        step(event["t"], event=event)
                    if quit_:
                        break
                while lines is not None and not lines.empty():
                    line = lines.get()
                    if line is None or line.strip() == "quit":
                        lines = None
                        break
                    event = parse_line(line, t, game.name)
                    if event:
                        step(t, event=event)
                if game.over or (lines is None and kind != "folder"):
                    break
        session.flush(float("inf"), force=True)  # inputs still waiting for the table
    finally:
        speaker.wait()
        speaker.close()
        if journal:
            journal.close()
    final = game.result()
    show(final)
    return final


def _print(verdict: dict) -> None:
    when = f"{verdict['t']:>7.1f}s  " if "t" in verdict else "\n"
    print(when + feedback.describe(verdict), flush=True)


def _refresh(display, session: Session, state: dict) -> None:
    from hardware.display import Screen

    game = session.game
    letters = ""
    if hasattr(game, "in_play"):
        letters = " ".join(f.plays_as for f in game.in_play() if f.plays_as)
    display.show(Screen(game=game.title.split(" (")[0], turn=game.name_of(game.current) if not game.over else "",
                        letters=letters, verdict=state["verdict"], scores=tuple(zip(game.players, game.scores)),
                        warning=session.warning))

