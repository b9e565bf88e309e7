"""A simulator that proves the referee end to end: simple bots play whole games, every moment of the
table is rendered as camera frames (the printed mat on a table, seen in perspective, lighting that
drifts, hands crossing between plays), and two recordings are written - the image recording the
referee must rule from, and the symbolic recording of what really happened, whose replay gives the
verdicts and scores the simulator knows are right.

    from referee import simulate
    simulate.write(simulate.play("alpha", seed=1), Path("sim-alpha-1"))
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from referee import decks, lexicon
from referee.cards import Face, Kind, parse_face
from referee.games import new_game
from referee.session import Session

PLAYERS = {"alpha": ["Peter", "Mary"], "blitz": ["Belton", "Mary", "Peter"], "alphabet-bang": ["Ann", "Bob"],
           "taketwo": ["Ann", "Bob", "Cy"]}
REST = 2.0  # seconds of a resting table filmed after each change
OPTIONS = {"alpha": {}, "blitz": {}, "alphabet-bang": {"stack": 10}, "taketwo": {"hand": 4}}


@dataclass
class Script:
    """A game as it happened: table states (zone -> faces, bottom to top) and inputs, in time order."""

    game: str
    players: list[str]
    options: dict
    moments: list[dict] = field(default_factory=list)  # {"t", "table": {...}} or an input event

    def table(self, t: float, piles: dict[str, list[Face]]) -> None:
        self.moments.append({"t": round(t, 2), "table": {z: [str(f) for f in faces] for z, faces in piles.items()}})

    def say(self, event: dict) -> None:
        self.moments.append({k: (round(v, 2) if k == "t" else v) for k, v in event.items()})


def _deck(name: str, rng: random.Random) -> list[Face]:
    cards = [face for face, _ in decks.load(name).expanded()]
    rng.shuffle(cards)
    return cards


# ------------------------------------------------------------------------------------------ bots


def _feed(session: Session, moment: dict) -> list[dict]:
    if "table" in moment:
        return session.table(moment["t"], {z: tuple(f) for z, f in moment["table"].items()})
    return session.input(moment)


def _alpha(rng: random.Random, script: Script, lex) -> None:
    deck = _deck("alpha-blitz", rng)
    game = new_game("alpha", script.players, script.options, lex)
    session = Session(game)
    zones = game.zones(2)
    piles = {z: [] for z in zones}
    t = 0.0
    for z in zones:
        piles[z].append(deck.pop())
    script.table(t, piles)
    _feed(session, script.moments[-1])
    turn = 0
    while not game.over and deck and turn < 14:
        player = game.current
        in_play = [z for z in zones if piles[z][-1].kind is not Kind.BLITZ]
        word_first = rng.random() < 0.5

        def speak():
            nonlocal t
            t += rng.uniform(2, 4)
            letters = [piles[z][-1] for z in in_play]
            best = lex.best_from_letters(letters, min_length=4, limit=12)
            fresh = [w for w in best if not any(lex.same_family(w, s) for s in game.scored)]
            if fresh and rng.random() < 0.85:
                event = {"t": t, "player": player, "word": rng.choice(fresh[:4]).upper()}
            else:
                event = {"t": t, "player": player, "pass": True}
            script.say(event)
            _feed(session, event)

        def place():
            nonlocal t
            t += rng.uniform(2, 4)
            card = deck.pop()
            if card.kind is Kind.BLITZ and len(in_play) <= 3 and rng.random() < 0.5:
                deck.insert(0, card)
                card = next(c for c in reversed(deck) if c.kind is not Kind.BLITZ)
                deck.remove(card)
            # a card like the one it covers would be invisible to the camera; the bots avoid it
            zone = rng.choice([z for z in zones if piles[z][-1].kind is not Kind.BLITZ and str(piles[z][-1]) != str(card)]
                              or [z for z in zones if piles[z][-1].kind is not Kind.BLITZ])
            piles[zone].append(card)
            script.table(t, piles)
            _feed(session, script.moments[-1])

        if word_first:
            speak()
            if not game.over:
                place()
        else:
            place()
            if not game.over:
                speak()
        turn += 1


def _blitz(rng: random.Random, script: Script, lex) -> None:
    deck = _deck("alpha-blitz", rng)
    game = new_game("blitz", script.players, script.options, lex)
    session = Session(game)
    n = len(script.players)
    zones = game.zones(n)
    letters = [c for c in deck if c.kind is not Kind.BLITZ][: len(zones)]
    for card in letters:
        deck.remove(card)
    piles = {z: [card] for z, card in zip(zones, letters)}
    t = 0.0
    script.table(t, piles)
    _feed(session, script.moments[-1])
    rounds = 0
    while not game.over and rounds < 5 and len(deck) > n:
        letters = [piles[z][-1] for z in zones if piles[z][-1].kind is not Kind.BLITZ]
        words = lex.best_from_letters(letters, min_length=4, limit=60)
        words = [w for w in words if not any(lex.same_family(w, s) for s, _ in game.scored)]
        by_length: dict[int, str] = {}
        for w in sorted(words, key=len):
            by_length.setdefault(len(w), w)
        callers = rng.sample(range(1, n + 1), n)
        lengths = sorted(by_length)
        for k, player in enumerate(callers):
            t += rng.uniform(1.5, 3)
            if k < len(lengths) and rng.random() < 0.9:
                event = {"t": t, "player": player, "word": by_length[lengths[k]].upper()}
            else:
                event = {"t": t, "player": player, "pass": True}
            script.say(event)
            _feed(session, event)
        t += rng.uniform(2, 3)
        for player in range(1, n + 1):
            own = [z for z in zones if game.zone_owner(z) == player and piles[z][-1].kind is not Kind.BLITZ]
            if own:
                card = deck.pop()
                piles[rng.choice(own)].append(card)
        script.table(t, piles)
        _feed(session, script.moments[-1])
        rounds += 1


def _alphabet_bang(rng: random.Random, script: Script, lex) -> None:
    deck = _deck("alpha", rng)
    game = new_game("alphabet-bang", script.players, script.options, lex)
    session = Session(game)
    stack = int(script.options.get("stack", 37))
    stacks = {1: deck[:stack], 2: deck[stack : 2 * stack]}
    line: list[Face] = []
    t = 0.0
    while not game.over and stacks[game.current]:
        player = game.current
        line.append(stacks[player].pop())
        t += rng.uniform(1.5, 2.5)
        script.table(t, {"line": line})
        verdicts = _feed(session, script.moments[-1])
        if any(v.get("match") for v in verdicts):
            t += rng.uniform(0.3, 0.8)
            event = {"t": t, "player": rng.choice([1, 2]), "button": "slap"}
            script.say(event)
            _feed(session, event)
            line = []
            t += rng.uniform(1.5, 2.5)
            script.table(t, {"line": line})
            _feed(session, script.moments[-1])


def _taketwo(rng: random.Random, script: Script, lex) -> None:
    from referee.games.taketwo import TakeTwo, is_vowel

    deck = _deck("alpha", rng)
    game = new_game("taketwo", script.players, script.options, lex)
    session = Session(game)
    n = len(script.players)
    size = int(script.options.get("hand", 6))
    hands = {p: [deck.pop() for _ in range(size)] for p in range(1, n + 1)}
    pile = [deck.pop()]
    t = 0.0
    script.table(t, {"discard": pile})
    _feed(session, script.moments[-1])
    turns = 0
    while not game.over and turns < 40 and len(deck) > 6:
        player = game.current
        hand = hands[player]

        def playable(card: Face) -> bool:
            probe: TakeTwo = game.copy()
            return probe._fits(card)[0]

        options = [c for c in hand if playable(c)]
        t += rng.uniform(1.5, 3)
        if not options:
            event = {"t": t, "player": player, "button": "draw"}
            script.say(event)
            _feed(session, event)
            hand += [deck.pop(), deck.pop()]
            options = [c for c in hand if playable(c)]
            if not options:
                t += 1
                event = {"t": t, "player": player, "pass": True}
                script.say(event)
                _feed(session, event)
                turns += 1
                continue
            t += rng.uniform(1, 2)
        card = rng.choice(options)
        hand.remove(card)
        pile.append(card)
        before = list(game.hands)
        script.table(t, {"discard": pile[-2:]})
        _feed(session, script.moments[-1])
        if card.kind is Kind.WILD and rng.random() < 0.7:  # said as it is laid; sometimes as the card beneath
            beneath = game.beneath.plays_as
            letter = beneath if beneath and rng.random() < 0.4 else rng.choice("BDKMST" if is_vowel(game.beneath) else "AEIOU")
            script.say({"t": t + rng.uniform(0.2, 1.0), "player": player, "declare": letter})
            _feed(session, script.moments[-1])
        for p in range(1, n + 1):  # the penalty draws the referee ordered
            for _ in range(max(0, game.hands[p - 1] - before[p - 1])):
                if deck:
                    hands[p].append(deck.pop())
        turns += 1


BOTS = {"alpha": _alpha, "blitz": _blitz, "alphabet-bang": _alphabet_bang, "taketwo": _taketwo}


def play(game_name: str, seed: int, lex=None) -> Script:
    """A whole game of ``game_name`` played by bots."""
    lex = lex or lexicon.load("en")
    rng = random.Random(seed)
    script = Script(game_name, PLAYERS[game_name], dict(OPTIONS[game_name]))
    BOTS[game_name](rng, script, lex)
    return script


# ------------------------------------------------------------------------------------- rendering


class Camera:
    """A fixed camera over the printed mat on a table; renders table states as frames."""

    def __init__(self, game: str, rng: random.Random, size=(960, 720), held_out: bool = True, printed: bool = False) -> None:
        from calibration import layout as layouts
        from calibration import mat
        from vision.synth import fonts
        from vision.synth.cards import print_style, random_style
        from vision.synth.textures import table_texture

        self.rng = rng
        self.size = size
        self.layout = layouts.load(game)
        w, h = size
        mw, mh = self.layout.mat
        scale = min(w * rng.uniform(0.78, 0.9) / mw, h * rng.uniform(0.78, 0.9) / mh)
        cx, cy = w / 2 + rng.uniform(-0.03, 0.03) * w, h / 2 + rng.uniform(-0.03, 0.03) * h
        corners = np.float32([[cx - mw * scale / 2, cy - mh * scale / 2], [cx + mw * scale / 2, cy - mh * scale / 2],
                              [cx + mw * scale / 2, cy + mh * scale / 2], [cx - mw * scale / 2, cy + mh * scale / 2]])
        corners += np.float32([[rng.uniform(-1, 1) * 0.03 * w, rng.uniform(-1, 1) * 0.03 * h] for _ in range(4)])
        self.H = cv2.getPerspectiveTransform(np.float32([[0, 0], [mw, 0], [mw, mh], [0, mh]]), corners)  # mm -> px
        k = 3.0
        art = cv2.cvtColor(np.asarray(mat.render(self.layout, k)), cv2.COLOR_RGB2BGR)
        to_px = self.H @ np.diag([1 / k, 1 / k, 1])
        self.background = cv2.warpPerspective(art, to_px, size, dst=table_texture(rng, w, h), borderMode=cv2.BORDER_TRANSPARENT)
        from dataclasses import replace

        style = print_style(next(f for f in fonts.fonts() if f.name == "DejaVuSans-Bold.ttf")) if printed else \
            random_style(rng, held_out=held_out, square=False)
        self.style = replace(style, aspect=63 / 88)  # poker cards
        self.textures: dict[tuple[str, bool], np.ndarray] = {}
        self.gain = 1.0
        self.piles: dict[str, tuple[list[str], list[str], int]] = {}  # pile -> (faces shown, where each lies, cards in it)
        self.placed = 0  # cards put on piles so far

    def _texture(self, face: Face, red: bool) -> np.ndarray:
        from vision.synth.cards import render_card

        key = (str(face), red)
        if key not in self.textures:
            self.textures[key] = render_card(face, self.style, 180, red=red, points=3)
        return self.textures[key]

    def _place(self, image: np.ndarray, face: Face, red: bool, center_mm, up, jitter: float, key: str, shift: float = 1.5) -> None:
        """Draw a card; ``key`` names where it lies, so that it lies the same way in every frame."""
        place = random.Random(key)
        tex = self._texture(face, red)
        th, tw = tex.shape[:2]
        h_mm = 88.0
        w_mm = h_mm * tw / th
        u = np.asarray(up, float)
        a = math.radians(place.uniform(-jitter, jitter))
        u = np.array([u[0] * math.cos(a) - u[1] * math.sin(a), u[0] * math.sin(a) + u[1] * math.cos(a)])
        r = np.array([-u[1], u[0]])
        c = np.asarray(center_mm, float) + [place.uniform(-shift, shift) for _ in range(2)]
        mm = np.float32([c + u * h_mm / 2 - r * w_mm / 2, c + u * h_mm / 2 + r * w_mm / 2,
                         c - u * h_mm / 2 + r * w_mm / 2, c - u * h_mm / 2 - r * w_mm / 2])
        px = cv2.perspectiveTransform(mm.reshape(1, 4, 2), self.H).reshape(4, 2)
        x0, y0 = np.floor(px.min(axis=0)).astype(int).clip(0)
        x1, y1 = np.ceil(px.max(axis=0)).astype(int) + 1
        x1, y1 = min(x1, image.shape[1]), min(y1, image.shape[0])
        src = np.float32([[0, 0], [tw, 0], [tw, th], [0, th]])
        M = cv2.getPerspectiveTransform(src, (px - [x0, y0]).astype(np.float32))
        warped = cv2.warpPerspective(tex, M, (x1 - x0, y1 - y0))
        alpha = warped[..., 3:4].astype(np.float32) / 255
        roi = image[y0:y1, x0:x1]
        shadow = cv2.GaussianBlur(alpha[..., 0], (0, 0), 2.0)[..., None]
        roi[:] = (roi * (1 - 0.3 * np.roll(shadow, (2, 2), axis=(0, 1))) * (1 - alpha) + warped[..., 2::-1] * alpha).astype(np.uint8)

    def _pile_keys(self, zone: str, shown: list[str], count: int) -> list[str]:
        """How each shown card of a pile of ``count`` cards lies: a card keeps its place while it is
        on the pile, and a new card - even one like the cards under it - lies its own way."""
        before, keys, had = self.piles.get(zone, ([], [], 0))
        if shown != before or count != had:
            self.placed += 1
            grown = count == had + 1 and shown[:-1] == before[-1:]
            keys = keys[-1:] if grown else [f"{zone}-{self.placed}-{i}" for i in range(len(shown) - 1)]
            keys = keys + [f"{zone}-{self.placed}-top"]
            self.piles[zone] = (shown, keys, count)
        return keys

    def frame(self, table: dict[str, list[str]], red: set[str], hand: float | None = None) -> np.ndarray:
        """The table as a camera frame; ``hand`` (0..1) draws an arm crossing the picture at that point."""
        from vision.synth.textures import draw_hand

        image = self.background.copy()
        for zone in self.layout.zones:
            faces = [parse_face(f) for f in table.get(zone.name, [])]
            if zone.kind == "line":
                right = zone.right
                start = np.asarray(zone.center) - right * (zone.size[0] / 2 - 35)
                for i, face in enumerate(faces):
                    self._place(image, face, str(face) in red, start + right * 24 * i, zone.up, 1.5, f"{zone.name}{i}{face}")
            else:
                shown = [str(f) for f in faces[-2:]]
                for face, key in zip(faces[-2:], self._pile_keys(zone.name, shown, len(faces))):
                    # a card dropped on a pile lands a few millimetres and degrees off
                    self._place(image, face, str(face) in red, zone.center, zone.up, 5, key, shift=3.0)
        if hand is not None:
            state = random.Random(int(hand * 1000))
            draw_hand(state, image)
        self.gain = float(np.clip(self.gain + self.rng.uniform(-0.02, 0.02), 0.85, 1.1))
        image = np.clip(image.astype(np.float32) * self.gain, 0, 255).astype(np.uint8)
        noise = np.random.default_rng(self.rng.randrange(2**32)).normal(0, 2.0, image.shape)
        return np.clip(image + noise, 0, 255).astype(np.uint8)


def write(script: Script, folder: Path, seed: int = 0, size=(960, 720), held_out: bool = True, printed: bool = False,
          quality: int = 80) -> dict:
    """Write ``folder/images`` (the camera recording) and ``folder/truth`` (the symbolic recording);
    returns the truth's final line. ``printed`` draws the project's printable deck design."""
    from calibration import homography
    from referee import recording

    rng = random.Random(seed)
    camera = Camera(script.game, rng, size, held_out, printed)
    red = {str(c.face) for c in decks.load(new_game(script.game, script.players).deck).cards if c.red}
    truth, images = folder / "truth", folder / "images"
    for path in (truth, images / "frames"):
        path.mkdir(parents=True, exist_ok=True)
    head = f"game = {json.dumps(script.game)}\nplayers = {json.dumps(script.players)}\n"
    options = "\n[options]\n" + "".join(f"{k} = {json.dumps(v)}\n" for k, v in script.options.items())
    (truth / "session.toml").write_text(head + options, encoding="utf-8")
    (truth / "events.jsonl").write_text("".join(json.dumps(m) + "\n" for m in script.moments), encoding="utf-8")

    empty = camera.frame({}, red)
    calibration = homography.from_markers(empty, script.game)
    from dataclasses import asdict

    (images / "session.toml").write_text(head + f"calibration = {json.dumps(json.dumps(asdict(calibration)))}\n" + options, encoding="utf-8")
    events: list[dict] = []
    count = 0
    table: dict[str, list[str]] = {}

    def shoot(t: float, hand: float | None) -> None:
        nonlocal count
        count += 1
        name = f"frames/{count:06}.jpg"
        cv2.imwrite(str(images / name), camera.frame(table, red, hand), [cv2.IMWRITE_JPEG_QUALITY, quality])
        events.append({"t": round(t, 2), "frame": name})

    changes = [m["t"] for m in script.moments if "table" in m]
    for moment in script.moments:
        t = moment["t"]
        if "table" in moment:
            # a hand comes in, puts the card down and leaves; then the table rests until the next
            # hand comes (at most REST seconds are filmed): a few fresh frames, then the last one
            # seen again, as a journal records a picture that does not change
            shoot(t - 0.6, 0.3 + 0.4 * rng.random())
            table = {**table, **moment["table"]}
            shoot(t - 0.3, 0.3 + 0.4 * rng.random())
            for k in range(3):
                shoot(t + 0.2 * k, None)
            until = min([c - 0.6 for c in changes if c > t] + [t + REST])
            last = events[-1]["frame"]
            events += [{"t": round(t + 0.2 * k, 2), "frame": last} for k in range(3, 100) if t + 0.2 * k < until - 1e-6]
        else:
            events.append(moment)
    events.sort(key=lambda e: e["t"])
    (images / "events.jsonl").write_text("".join(json.dumps(e) + "\n" for e in events), encoding="utf-8")
    return list(recording.replay(recording.read(truth)))[-1]
