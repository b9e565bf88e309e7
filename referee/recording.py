"""Recordings: a folder with ``session.toml`` (game, players in turn order, [options]) and
``events.jsonl`` (one event a line, each with a time ``t`` in seconds), and their replay.

Events (players are numbered from 1 in the session's order, or named):

- ``{"t": 0, "table": {"pile1": ["T"], ...}}``: what the table shows, zone by zone (a pile lists
  only its top card);
- ``{"t": 1, "player": 1, "word": "TRAINING"}``, ``{"t": 2, "player": 2, "pass": true}``;
- ``{"t": 3, "player": 2, "button": "challenge"}`` (``slap``, ``draw``, ...);
- ``{"t": 4, "player": 1, "draw": 2}``;
- ``{"t": 4.5, "declare": "E"}``: the wild card just laid stands for E (the camera sees its "?");
- ``{"t": 5, "frame": "frames/000001.jpg"}``: a camera frame, read through vision with the
  calibration stored in ``session.toml``;
- ``{"t": 6, "verdict": {...}}``: what the referee ruled (written by the journal, skipped on replay).

Replay feeds every event through the table tracker and the game exactly as a live session does and
yields the verdicts as JSON-ready dicts, then always a final line with the scores.
"""

from __future__ import annotations

import json
import sys
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from referee.errors import UserError
from referee.games import new_game


class RecordingError(UserError):
    """A recording folder that cannot be read or replayed; the message says where and why."""


@dataclass
class Recording:
    folder: Path
    game: str
    players: list[str]
    options: dict
    events: list[dict]


def read(folder: str | Path) -> Recording:
    folder = Path(folder)
    session = folder / "session.toml"
    if not session.exists():
        raise RecordingError(f"{folder}: not a recording (no session.toml)")
    try:
        meta = tomllib.loads(session.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise RecordingError(f"{session}: {exc}") from None
    for key in ("game", "players"):
        if key not in meta:
            raise RecordingError(f"{session}: missing {key!r}")
    events: list[dict] = []
    path = folder / "events.jsonl"
    lines = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            event = json.loads(line)
        except json.JSONDecodeError:
            if n == len(lines):
                print(f"referee: warning: {path}:{n}: the last line is cut short (a crash while writing?); ignored", file=sys.stderr)
                break
            raise RecordingError(f"{path}:{n}: not a JSON object") from None
        if not isinstance(event, dict) or "t" not in event:
            raise RecordingError(f"{path}:{n}: an event needs a time \"t\"")
        events.append(event)
    return Recording(folder, meta["game"], list(meta["players"]), dict(meta.get("options", {})), events)


def _player(event: dict, players: list[str], where: str) -> int:
    who = event.get("player")
    if isinstance(who, int) and 1 <= who <= len(players):
        return who
    if isinstance(who, str) and who in players:
        return players.index(who) + 1
    raise RecordingError(f"{where}: unknown player {who!r} (players: {', '.join(players)})")


def replay(recording: Recording, lexicon=None) -> Iterator[dict]:
    """The verdicts of a recording, then ``{"event": "final", ...}``: through the same
    :class:`~referee.session.Session` as a live game (camera frames through vision and calibration)."""
    from referee.session import Session, calibration_of, replay_events

    game = new_game(recording.game, recording.players, recording.options, lexicon)
    calibration = calibration_of(recording.folder)
    layout = None
    if calibration is not None:
        from calibration import layout as layouts

        layout = layouts.load(game.name).for_zones(game.zones(len(game.players)))
    session = Session(game, layout, calibration)
    zones = set(game.zones(len(game.players)))
    yield from replay_events(session, recording.folder, _checked(recording, game, zones, calibration))
    yield from session.flush(float("inf"), force=True)
    yield game.result()


def _checked(recording: Recording, game, zones: set[str], calibration) -> Iterator[dict]:
    """The recording's events, each checked as it comes (players named by number)."""
    for n, event in enumerate(recording.events, 1):
        where = f"{recording.folder / 'events.jsonl'} event {n}"
        if "table" in event:
            unknown = sorted(set(event["table"]) - zones)
            if unknown:
                raise RecordingError(f"{where}: {game.title} has no zone {unknown[0]!r}; zones: {', '.join(sorted(zones))}")
        elif "frame" in event:
            if calibration is None:
                raise RecordingError(f"{where}: a camera frame, but session.toml has no calibration")
        elif not any(key in event for key in ("word", "pass", "button", "draw", "declare", "verdict")):
            raise RecordingError(f"{where}: unknown event {json.dumps(event)}")
        elif "verdict" not in event:
            event = {**event, "player": _player(event, recording.players, where)}
        yield event
