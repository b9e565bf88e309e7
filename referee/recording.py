"""Recordings: a folder with ``session.toml`` (game, players in turn order, [options]) and
``events.jsonl`` (one event a line, each with a time ``t`` in seconds), and their replay.

Events (players are numbered from 1 in the session's order, or named):

- ``{"t": 0, "table": {"pile1": ["T"], ...}}``: what the table shows, zone by zone (a pile lists
  only its top card);
- ``{"t": 1, "player": 1, "word": "TRAINING"}``, ``{"t": 2, "player": 2, "pass": true}``;
- ``{"t": 3, "player": 2, "button": "challenge"}`` (``slap``, ``draw``, ...);
- ``{"t": 4, "player": 1, "draw": 2}``;
- ``{"t": 5, "frame": "frames/000001.jpg"}``: a camera frame (read through vision; not yet here).

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
from referee.games import base, new_game
from referee.table import Change, TableTracker


class RecordingError(UserError):
    pass


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
    """The verdicts of a recording, then ``{"event": "final", ...}``."""
    game = new_game(recording.game, recording.players, recording.options, lexicon)
    tracker = TableTracker(game.zones(len(recording.players)), game.pile_zones)
    names = recording.players
    frames_noted = False

    def rule(action: base.Action) -> Iterator[dict]:
        for verdict in game.apply(action):
            yield verdict.to_json(names)

    for n, event in enumerate(recording.events, 1):
        where = f"{recording.folder / 'events.jsonl'} event {n}"
        t = float(event["t"])
        yield from rule(base.Tick(game.current, t))
        if "table" in event:
            try:
                changes = tracker.observe(event["table"])
            except KeyError as exc:
                raise RecordingError(f"{where}: {game.title} has no zone {exc.args[0]!r}; zones: "
                                     f"{', '.join(tracker.zones)}") from None
            for change in changes:
                yield from rule(_action(change, game, t))
        elif "word" in event:
            yield from rule(base.Word(_player(event, names, where), t, str(event["word"])))
        elif event.get("pass"):
            yield from rule(base.Pass(_player(event, names, where), t))
        elif "button" in event:
            yield from rule(base.Press(_player(event, names, where), t, str(event["button"])))
        elif "draw" in event:
            yield from rule(base.Draw(_player(event, names, where), t, int(event["draw"])))
        elif "frame" in event:
            if not frames_noted:
                frames_noted = True
                yield {"event": "info", "t": t, "reason": "camera frames are skipped: reading frames needs the live-session pipeline, not built yet"}
        else:
            raise RecordingError(f"{where}: unknown event {json.dumps(event)}")
    yield game.result()


def _action(change: Change, game: base.Game, t: float) -> base.Action:
    player = game.zone_owner(change.zone) or game.current
    if change.kind == "play":
        return base.Play(player, t, change.zone, change.face)
    if change.kind == "take_back":
        return base.TakeBack(player, t, change.zone)
    return base.Clear(player, t, change.zone, change.count)
