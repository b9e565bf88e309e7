"""The session: one game refereed from what the camera sees and what the players type or press.

Everything goes through :class:`Session`, live or replayed, so a replay rules exactly as the live game
did: a camera frame is read (vision), carried onto the mat and split into zones (calibration),
settled (:class:`referee.table.Settler`: nothing moving, the same state in successive frames), turned
into physical changes (:class:`referee.table.TableTracker`) and ruled by the game; typed words,
passes, draws and button presses are ruled directly. A pile or line that looks otherwise than when it
was last accepted, its newest card's face the same, has a new card: the same card played again.

With a :class:`Journal` every accepted table state and every input is written and flushed *before*
it is ruled, and every verdict after, so a game survives a crash or a power cut: the journal is a
recording, and resuming replays it silently and goes on appending.
"""

from __future__ import annotations

import json
import os
import tomllib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from referee.cards import VOWELS, Kind, parse_face
from referee.games import Game, base
from referee.table import Observation, Settler, TableTracker

Listener = Callable[[dict], None]
INPUT_WAIT = 1.5  # seconds an input waits at most for the table to settle
CARD_MM = 88.0  # the long side of a poker-size card, the cards every mat is drawn for
SAME_CARD_CHANGE = 0.08  # a zone whose picture changed this much, its newest card's face the same, has a new card


def _toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return json.dumps(str(value), ensure_ascii=False)


class Journal:
    """A recording written as the game goes: ``session.toml`` once, then ``events.jsonl`` one flushed
    line per event; camera frames as JPEG files when the picture changed (``frames=True``)."""

    def __init__(self, folder: Path, game: Game, options: dict, calibration: dict | None = None,
                 frames: bool = False, resume: bool = False) -> None:
        self.folder = Path(folder)
        self.frames = frames
        self.folder.mkdir(parents=True, exist_ok=True)
        session = self.folder / "session.toml"
        if not resume:
            lines = [f"game = {_toml_value(game.name)}", f"players = {_toml_value(game.players)}"]
            if calibration:
                lines.append("calibration = " + json.dumps(json.dumps(calibration)))
            lines.append("\n[options]")
            lines += [f"{k} = {_toml_value(v)}" for k, v in options.items()]
            session.write_text("\n".join(lines) + "\n", encoding="utf-8")
        events = self.folder / "events.jsonl"
        if resume and events.exists():
            _drop_torn_last_line(events)
        self.file = open(events, "a", encoding="utf-8")
        self.frame_count = len(list((self.folder / "frames").glob("*.jpg"))) if (self.folder / "frames").exists() else 0

    def write(self, event: dict) -> None:
        self.file.write(json.dumps(event, ensure_ascii=False) + "\n")
        self.file.flush()
        os.fsync(self.file.fileno())

    def frame(self, t: float, image: np.ndarray, same: bool) -> None:
        """Keep a frame as a JPEG, or - when it is the ``same`` picture as the last one read - note
        that the kept one was seen again (so the recording stays small, and a replay sees a frame at
        every moment the live session did)."""
        if not self.frames:
            return
        if same and self.frame_count:
            self.write({"t": t, "frame": f"frames/{self.frame_count:06}.jpg"})
            return
        self.frame_count += 1
        name = f"frames/{self.frame_count:06}.jpg"
        (self.folder / "frames").mkdir(exist_ok=True)
        cv2.imwrite(str(self.folder / name), image, [cv2.IMWRITE_JPEG_QUALITY, 88])
        self.write({"t": t, "frame": name})

    def close(self) -> None:
        self.file.close()


def thumbnail(image: np.ndarray) -> np.ndarray:
    """A frame's small grey copy, for telling frames apart cheaply."""
    return cv2.resize(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), (160, 120), interpolation=cv2.INTER_AREA).astype(np.int16)


def _drop_torn_last_line(path: Path) -> None:
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        path.write_bytes(data[: data.rfind(b"\n") + 1])


@dataclass
class Session:
    game: Game
    layout: object | None = None  # calibration.layout.Layout, for camera frames
    calibration: object | None = None  # calibration.homography.Calibration
    journal: Journal | None = None
    listeners: list[Listener] = field(default_factory=list)
    settler: Settler = field(default_factory=Settler)

    def __post_init__(self) -> None:
        self.tracker = TableTracker(self.game.zones(len(self.game.players)), self.game.pile_zones)
        self.names = self.game.players
        self._previous: np.ndarray | None = None
        self._last_seen: tuple | None = None  # the last picture read (thumbnail), with what it showed
        self.waiting: list[dict] = []  # inputs made while the table was moving
        self._was_moving = True  # whether the last frame had something moving over the table
        self._looks: dict[str, tuple[str, np.ndarray]] = {}  # zone -> its newest card and picture in this frame
        self._anchors: dict[str, tuple[str, np.ndarray]] = {}  # ... when the zone was last accepted
        self._under_now: dict[str, str] = {}  # line -> the card read under its newest, in this frame
        self._under: list[dict[str, str]] = []  # ... in the last two frames
        self._newest_unread: set[str] = set()  # lines whose newest card lay unreadable since last accepted
        self._warned: str | None = None
        self.warning = ""

    # -- rulings ----------------------------------------------------------------------------------

    def _rule(self, action: base.Action) -> list[dict]:
        out = [v.to_json(self.names) for v in self.game.apply(action)]
        for verdict in out:
            if verdict.get("won") and not self.game.pile_zones:  # the winner now takes the line's cards
                self.settler.expected.update(self.tracker.zones)
            if self.journal:
                self.journal.write({"t": verdict["t"], "verdict": verdict})
            for listener in self.listeners:
                listener(verdict)
        return out

    def _tell(self, verdict: dict) -> list[dict]:
        for listener in self.listeners:
            listener(verdict)
        return [verdict]

    def alert(self, t: float, message: str) -> list[dict]:
        """A problem to show until it is solved (the camera gone); the next good frame clears it."""
        self.warning = self._warned = message
        return self._tell({"event": "info", "t": t, "reason": message, "warning": True})

    def table(self, t: float, observation: Observation) -> list[dict]:
        """A settled table state (zone -> faces in reading order)."""
        if self.journal:
            self.journal.write({"t": t, "table": {z: list(f) for z, f in observation.items()}})
        out = self._rule(base.Tick(self.game.current, t))
        for change in self.tracker.observe({z: list(f) for z, f in observation.items()}):
            player = self.game.zone_owner(change.zone) or self.game.current
            if change.kind == "play":
                action: base.Action = base.Play(player, t, change.zone, change.face)
            elif change.kind == "declare":
                action = base.Declare(player, t, change.face.letters)
            elif change.kind == "take_back":
                action = base.TakeBack(player, t, change.zone)
            else:
                action = base.Clear(player, t, change.zone, change.count)
            ruled = self._rule(action)
            if change.kind == "play" and any(v["event"] == "reject" and v.get("zone") == change.zone for v in ruled):
                self.tracker.expect_take_back(change.zone)
            out += ruled
        return out

    def input(self, event: dict) -> list[dict]:
        """A word, pass, button or draw (the recording's event form, players numbered from 1). Watching
        a table, an input made while hands are still moving over it waits until it settles (at most
        :data:`INPUT_WAIT` seconds), so that it is ruled against the cards it was made for: a slap
        quicker than the referee's eye still catches the card just laid."""
        if self.journal:
            self.journal.write(event)
        t = float(event["t"])
        if self.layout is not None and (self.waiting or self.settler.unsettled(t)):
            self.waiting.append(event)
            return []
        return self._ruled_input(event)

    def flush(self, t: float, force: bool = False) -> list[dict]:
        """Rule the inputs that waited for the table, once it has settled (or waited long enough)."""
        out: list[dict] = []
        settled = not self.settler.unsettled(t)
        while self.waiting and (force or settled or t - float(self.waiting[0]["t"]) >= INPUT_WAIT):
            out += self._ruled_input(self.waiting.pop(0))
        return out

    def _ruled_input(self, event: dict) -> list[dict]:
        t = float(event["t"])
        who = event.get("player", self.game.current)
        player = who if isinstance(who, int) else self.names.index(who) + 1
        out = self._rule(base.Tick(self.game.current, t))
        if "word" in event:
            return out + self._rule(base.Word(player, t, str(event["word"])))
        if event.get("pass"):
            return out + self._rule(base.Pass(player, t))
        if "button" in event:
            return out + self._rule(base.Press(player, t, str(event["button"])))
        if "draw" in event:
            return out + self._rule(base.Draw(player, t, int(event["draw"])))
        if "declare" in event:
            ruled = self._rule(base.Declare(player, t, str(event["declare"]).upper()))
            for verdict in ruled:
                if verdict["event"] == "declare":  # the table keeps the wild's letter from now on
                    self.tracker.declare(verdict["zone"], parse_face(verdict["face"]))
            if not ruled:
                ruled = self._tell({"event": "info", "t": t, "reason": f"{self.game.title} has no wild card to declare"})
            return out + ruled
        return out

    # -- camera frames ----------------------------------------------------------------------------

    def observe(self, image: np.ndarray, look_closer: bool = True, everywhere: bool = False) -> tuple[Observation, list[str]]:
        """What the picture shows, zone by zone, and what could not be read (a pile that had cards
        and now shows none counts as unreadable: piles are never taken away). With ``look_closer``
        a pile or line that held cards (or showed one a moment ago) but shows none readable (a line:
        no readable newest card) is looked at again on its own
        (:func:`vision.see_within`): a card filling its field to the brim runs into the mat beside it.
        ``everywhere``: every pile that shows nothing readable is looked at again (once the hands
        have left the table: a card just dealt there may have been missed)."""
        import vision
        from calibration import zones

        sightings = [s for s in vision.see(image) if self._long_mm(s) <= 1.15 * CARD_MM]  # longer: a field of the mat
        found, _ = zones.assign(sightings, self.calibration, self.layout)
        self._looks = {}
        self._under_now = {}
        observation: Observation = {}
        unreadable = []
        for zone in self.layout.zones:
            cards = found.get(zone.name, [])
            if look_closer and self._unread(zone, cards) and (self._held(zone.name) or (everywhere and zone.kind == "pile")):
                cards = self._closer(image, zone, cards)
            faces = self._faces(zone, cards)
            if zone.kind == "line" and len(cards) > 1 and cards[-2].face.kind is not Kind.UNKNOWN:
                self._under_now[zone.name] = str(cards[-2].face)
            if faces and faces[-1] != "UNKNOWN" and self._whole(self._newest(zone, cards)):
                faces = self._laid_again(image, zone, faces)
            if faces and faces[-1] == "UNKNOWN":
                unreadable.append(zone.name)
            observation[zone.name] = faces
        return observation, unreadable

    def _closer(self, image: np.ndarray, zone, cards: list) -> list:
        """A zone looked at on its own (:func:`vision.see_within`), on its own colour and then on grey,
        until its top card reads; ``cards`` when neither shows anything readable."""
        import vision
        from calibration import zones

        outline = self.calibration.to_image_points(zone.corners())
        for ground in ("own", "grey"):
            closer = zones.assign(vision.see_within(image, outline, ground=ground), self.calibration, self.layout)[0].get(zone.name, [])
            if any(s.face.kind is not Kind.UNKNOWN for s in closer):
                cards = closer
                if not self._unread(zone, cards):
                    break
        return cards

    def _held(self, zone: str) -> bool:
        """Whether a zone holds cards: known to, or a card was read there a moment ago."""
        return bool(self.tracker.seen.get(zone)) or any(
            set(obs.get(zone, ())) - {"UNKNOWN"} for _, obs in self.settler.history)

    def _unread(self, zone, cards: list) -> bool:
        """Whether what a zone shows leaves its top card (a line: its newest, lying whole) unread."""
        if zone.kind == "pile":
            return not any(s.face.kind is not Kind.UNKNOWN and self._top_card(s) for s in cards)
        return not cards or not self._whole(cards[-1]) or cards[-1].face.kind is Kind.UNKNOWN

    @staticmethod
    def _newest(zone, cards: list):
        """A pile's top card (the most of it seen), a line's card at its end."""
        return max(cards, key=lambda s: (s.visible, s.confidence)) if zone.kind == "pile" else cards[-1]

    def _faces(self, zone, cards: list) -> tuple[str, ...]:
        """A zone's sightings (in reading order) as the tracker's observation of it."""
        if zone.kind == "pile":
            if not cards:  # a pile does not vanish: its card is there but not seen
                return ("UNKNOWN",) if self.tracker.seen.get(zone.name) else ()
            top = self._newest(zone, cards)
            return (str(top.face) if self._top_card(top) else "UNKNOWN",)
        if not cards:
            return ()
        # a line changes at its end, where the newest card lies whole; the covered ones show only
        # their indices, too unsurely read to compare from frame to frame, so they stand as one
        # UNKNOWN (the tracker knows each from when it was the newest)
        newest = str(cards[-1].face) if self._whole(cards[-1]) else "UNKNOWN"
        covered = len(cards) > 1 or bool(self.tracker.seen.get(zone.name))  # they do not vanish
        return ("UNKNOWN", newest) if covered else (newest,)

    def _laid_again(self, image: np.ndarray, zone, faces: tuple[str, ...]) -> tuple[str, ...]:
        """``faces`` - or, when the zone's newest card shows the face it showed when last accepted but
        the place looks otherwise, that face twice: a new card like the last one was laid. A pile
        then shows, bottom to top, the cards known on it like the new one and the card under them,
        and the new one: one like card under the new one would read as the pile as it was when
        the second of three like cards was laid."""
        self._looks[zone.name] = (faces[-1], self._picture(image, zone))
        anchor = self._anchors.get(zone.name)
        if not anchor or parse_face(anchor[0]).card() != parse_face(faces[-1]).card():
            return faces
        if _changed(anchor[1], self._looks[zone.name][1]) <= SAME_CARD_CHANGE:
            return faces
        if zone.kind == "line":
            return (*faces[:-1], anchor[0], faces[-1])
        known = [str(face) for face in self.tracker.seen.get(zone.name, [])]
        like = len(known)
        while like and parse_face(known[like - 1]).card() == parse_face(faces[-1]).card():
            like -= 1
        return (*known[max(0, like - 1):], faces[-1]) if like < len(known) else (anchor[0], faces[-1])

    def _with_covered_newest(self, settled: Observation) -> Observation:
        """The settled table, with the card under a line's newest named where that card was laid
        unreadable and the newest covered it before it could be read (its index, read alike in the
        last two frames, now shows it): the tracker would otherwise never know it was laid."""
        out = dict(settled)
        for zone in sorted(self._newest_unread):
            faces = settled.get(zone)
            if faces is None or (faces and faces[-1] == "UNKNOWN"):
                continue  # not settled, or still unread: wait
            self._newest_unread.discard(zone)
            under = {frame.get(zone) for frame in self._under}
            if not faces or len(self._under) < 2 or len(under) > 1 or None in under:
                continue
            card = under.pop()
            if parse_face(card).card() != parse_face(faces[-1]).card():  # the same card twice is a card laid again
                out[zone] = (*faces[:-1], card, faces[-1])
        return out

    def _whole(self, sighting) -> bool:
        """Whether a sighting is a whole card: all of it seen, and card-sized on the mat - not half a
        card whose printing (a two-vowel card's divider) cut it in two."""
        return sighting.visible >= 0.9 and self._long_mm(sighting) >= 0.8 * CARD_MM

    def _top_card(self, sighting) -> bool:
        """Whether a pile's sighting can stand for its top card: whole, or at least not a lone vowel
        (half of a two-vowel card, cut by its divider, reads as one vowel; no card is half a consonant)."""
        return self._whole(sighting) or (sighting.face.kind is Kind.LETTER and sighting.face.letters not in VOWELS)

    def _long_mm(self, sighting) -> float:
        """A sighting's long side on the mat, in millimetres."""
        mm = self.calibration.to_mat_points(sighting.corners)
        return float(max(np.linalg.norm(mm[1] - mm[0]), np.linalg.norm(mm[2] - mm[1])))

    def _picture(self, image: np.ndarray, zone) -> np.ndarray:
        """A zone as seen from straight above at 2 px/mm, grey, brightness divided out."""
        corners = self.calibration.to_image_points(zone.corners()).astype(np.float32)
        w, h = round(2 * zone.size[0]), round(2 * zone.size[1])
        M = cv2.getPerspectiveTransform(corners, np.float32([[0, 0], [w, 0], [w, h], [0, h]]))
        flat = cv2.warpPerspective(image, M, (w, h))
        flat = cv2.cvtColor(flat, cv2.COLOR_BGR2GRAY) if flat.ndim == 3 else flat
        flat = cv2.GaussianBlur(flat, (5, 5), 0).astype(np.float32)
        return flat / (flat.mean() + 1e-6)

    def moving(self, small: np.ndarray) -> bool:
        """Whether something moved since the last frame (a hand, an arm, a shadow); ``small`` is the
        frame's :func:`thumbnail`."""
        previous, self._previous = self._previous, small
        if previous is None:
            return True
        return float((np.abs(small - previous) > 18).mean()) > 0.004

    def frame(self, t: float, image: np.ndarray, same: bool | None = None) -> list[dict]:
        """One camera frame: rule on the table once it has settled. A picture the ``same`` as the
        last one read (a recording names it again; live, it differs only by the camera's noise) is
        not read again: what it showed stands, live and in replay alike."""
        small = thumbnail(image)
        if same is None:
            same = self._last_seen is not None and float(np.abs(small - self._last_seen[0]).mean()) < 1.0
        same = same and self._last_seen is not None
        if self.journal:
            self.journal.frame(t, image, same)
        moving = self.moving(small)
        self._was_moving, was_moving = moving, self._was_moving
        if same:
            observation, unreadable, under = self._last_seen[1:]
        else:
            observation, unreadable = self.observe(image, look_closer=not moving, everywhere=was_moving and not moving)
            under = self._under_now
            self._last_seen = (small, observation, unreadable, under)
        self._under = [*self._under[-1:], under]
        if not moving:
            self._newest_unread |= {z for z in unreadable if not self.game.pile_zones and self.tracker.seen.get(z)}
        out: list[dict] = []
        warning = ""
        if unreadable and not moving:
            warning = f"{unreadable[0]} unreadable: move it into the light"
        if warning != self._warned:
            self._warned = warning
            self.warning = warning
            if warning:
                out += self._tell({"event": "info", "t": t, "reason": warning, "warning": True})
        settled = self.settler.feed(t, observation, moving)
        if settled is not None:
            out += self.table(t, self._with_covered_newest(settled))
        if not moving:  # a still zone that shows what was accepted looks as it looks now (light drifts)
            accepted = self.settler.accepted or {}
            for zone, faces in observation.items():
                if accepted.get(zone) != faces:
                    continue
                if not faces:
                    self._anchors.pop(zone, None)  # emptied: the next card there is new whatever it shows
                elif zone in self._looks:
                    self._anchors[zone] = self._looks[zone]
        return out + self.flush(t)


def _changed(a: np.ndarray, b: np.ndarray) -> float:
    """The share of a pile's picture that changed: a card put down even a little otherwise moves its
    edges and letter; the same card left alone changes only by the camera's noise."""
    return float((np.abs(a - b) > 0.12).mean())


def replay_events(session: Session, folder: Path, events: Iterable[dict]) -> Iterator[dict]:
    """Feed a recording's events to a session, yielding its verdicts as they come: frames through
    vision, table states, inputs."""
    name, image = None, None  # the frame file last read: a recording names a file again when the picture did not change
    for event in events:
        t = float(event["t"])
        if "frame" in event:
            same = event["frame"] == name
            if not same:
                name, image = event["frame"], cv2.imread(str(folder / event["frame"]), cv2.IMREAD_COLOR)
                if image is None:
                    yield from session._tell({"event": "info", "t": t, "reason": f"frame {name} is missing or unreadable; skipped"})
            if image is not None:
                yield from session.frame(t, image, same)
        elif "table" in event:
            yield from session.table(t, {z: tuple(f) for z, f in event["table"].items()})
        elif "verdict" not in event:  # a verdict line is the journal's own record of what was ruled
            yield from session.input(event)


def calibration_of(folder: Path):
    """The calibration stored in a recording's session.toml, if any."""
    meta = tomllib.loads((folder / "session.toml").read_text(encoding="utf-8"))
    if "calibration" not in meta:
        return None
    from calibration.homography import Calibration

    data = json.loads(meta["calibration"])
    data["image_size"] = tuple(data["image_size"])
    return Calibration(**data)
