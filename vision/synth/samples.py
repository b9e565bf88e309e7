"""Labelled crops for training and testing the card classifier.

Each sample is what :mod:`vision.crops` cuts at run time: a whole card straightened towards the
reader, a square end of a covered card's strip (a corner index, or nothing), or something that is
not a card at all (table, paper, coin, hand, a crop across a card's edge). The label is the class
(:data:`CLASSES`) and where the card's own top ended up in the crop (0 top, 1 right, 2 bottom, 3 left).
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import random

import cv2
import numpy as np

from referee.cards import LETTERS, VOWELS, Face, Kind, parse_face
from vision import crops
from vision.synth.cards import AMBIGUOUS, index_spots, random_style, render_card, varied
from vision.synth.textures import _coin, _paper, draw_hand, table_texture

PAIRS = tuple(f"{a}/{b}" for a, b in itertools.permutations(VOWELS, 2))
ACTIONS = ("STEAL", "SWAP", "TRIBUTE")  # AlphaBirds' bird cards, told apart by the word at their foot
SPECIAL = ("QU", "?", "QXZ", "BLITZ", *ACTIONS, "STOP", "ARROW", "BACK")
CLASSES: tuple[str, ...] = (*LETTERS, *SPECIAL, *PAIRS, "NOISE")
NOISE = CLASSES.index("NOISE")

# how many quarter turns leave a class looking the same (its rotation label is then ambiguous)
SYMMETRY = {c: 2 for c in "HINSZ"} | {"O": 1, "X": 1, "NOISE": 1, "STOP": 1, "BACK": 2}


def symmetric_turns(cls: str) -> int:
    """1: any quarter turn looks the same; 2: a half turn does; 4: every turn differs."""
    return SYMMETRY.get(cls, 4)


def _lighting(rng: random.Random, img: np.ndarray) -> np.ndarray:
    h, w = img.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    gain = rng.uniform(0.6, 1.2) * (1 + rng.uniform(-0.3, 0.3) * (xx / w - 0.5) + rng.uniform(-0.3, 0.3) * (yy / h - 0.5))
    if rng.random() < 0.3:
        cx, cy, r = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0.2, 0.6) * w
        gain *= 1 - rng.uniform(0.2, 0.45) * np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * r * r))
    cast = np.array(rng.choice([(0.85, 0.97, 1.08), (1.08, 1.0, 0.9), (1, 1, 1)]), np.float32)
    out = img.astype(np.float32) * gain[..., None] * cast
    sigma = rng.choice([0, 0, 0.5, 0.8, 1.1, 1.5])
    if sigma:
        out = cv2.GaussianBlur(out, (0, 0), sigma)
    out += np.random.default_rng(rng.randrange(2**32)).normal(0, rng.uniform(0, 6), out.shape).astype(np.float32)
    out = np.clip(out, 0, 255).astype(np.uint8)
    ok, jpeg = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, rng.randint(45, 95)])
    return cv2.imdecode(jpeg, cv2.IMREAD_COLOR)


def _face_for(cls: str, rng: random.Random) -> Face:
    if cls in PAIRS:
        return parse_face(cls)
    if cls == "?":
        return Face(Kind.WILD)
    return parse_face(cls)


def _top_side(own_top: np.ndarray, canonical: np.ndarray) -> int:
    """Which side of the straightened crop the card's own top-centre lands on (0 top .. 3 left)."""
    M = cv2.getPerspectiveTransform(canonical.astype(np.float32), np.float32([[0, 0], [1, 0], [1, 1], [0, 1]]))
    x, y = cv2.perspectiveTransform(own_top.reshape(1, 1, 2).astype(np.float32), M).reshape(2)
    return int(np.argmin([y, 1 - x, 1 - y, x]))


def _scene_of(rng: random.Random, card: np.ndarray, angle: float, tilt: float):
    """The card (RGBA) lying on a patch of table at ``angle``: (BGR patch, card corners in the patch)."""
    h, w = card.shape[:2]
    diag = math.hypot(w, h)
    size = int(diag * rng.uniform(1.25, 1.6)) + 4
    patch = table_texture(rng, size, size)
    c = np.array([size / 2, size / 2]) + np.array([rng.uniform(-0.05, 0.05) * size for _ in range(2)])
    a = math.radians(angle)
    rot = np.array([[math.cos(a), math.sin(a)], [-math.sin(a), math.cos(a)]])
    local = np.array([[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]])
    corners = local @ rot.T + c
    corners += np.array([[rng.uniform(-tilt, tilt) * w, rng.uniform(-tilt, tilt) * h] for _ in range(4)])
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    M = cv2.getPerspectiveTransform(src, corners.astype(np.float32))
    warped = cv2.warpPerspective(card, M, (size, size))
    alpha = warped[..., 3:4].astype(np.float32) / 255
    shadow = cv2.GaussianBlur(alpha[..., 0], (0, 0), max(1.0, h * 0.02))[..., None]
    patch = (patch * (1 - 0.3 * shadow)).astype(np.float32)
    patch = (patch * (1 - alpha) + warped[..., 2::-1] * alpha).astype(np.uint8)
    return patch, corners.astype(np.float32), M


def _jitter(rng: random.Random, quad: np.ndarray, amount: float) -> np.ndarray:
    """The corners a detector might find: each a little off, and the whole a little turned."""
    size = float(np.linalg.norm(quad[2] - quad[0]))
    quad = quad + np.float32([[rng.uniform(-amount, amount) * size for _ in range(2)] for _ in range(4)])
    a = np.radians(rng.uniform(-5, 5))
    c = quad.mean(axis=0)
    rot = np.float32([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
    return (quad - c) @ rot.T + c


def _design(rng: random.Random, held_out: bool, square: bool | None = None, thin_framed: float = 0.0):
    """A card design for the index readers' samples: training designs vary their index and frame
    (:func:`varied`), ``thin_framed`` of them given a thin frame."""
    style = random_style(rng, held_out=held_out, square=square)
    return style if held_out else varied(style, rng, thin_framed)


def whole_card(rng: random.Random, cls: str, held_out: bool = False) -> tuple[np.ndarray, int, int]:
    """A whole card of class ``cls``, straightened as at run time: (crop, class index, own-top side)."""
    face = _face_for(cls, rng)
    square = rng.random() < 0.3 and face.kind is not Kind.TWO_VOWEL
    style = random_style(rng, held_out=held_out, square=square)
    red = face.letters in ("J", "K", "QU", "X", "Z") and rng.random() < 0.4
    card = render_card(face, style, rng.randint(48, 220), red=red, points=rng.randint(0, 10))
    angle = rng.uniform(0, 360)
    patch, corners, _ = _scene_of(rng, card, angle, tilt=0.05)
    patch = _lighting(rng, patch)
    seen = _jitter(rng, corners, 0.035)
    canonical = crops.facing(seen)
    side = _top_side((corners[0] + corners[1]) / 2, canonical)
    label = cls
    if face.kind is Kind.TWO_VOWEL and side == 2:
        label = str(face.turned())  # the other vowel is now on top: it is the one in play
        side = 0
    return crops.warp(patch, canonical), CLASSES.index(label), side


def corner(rng: random.Random, held_out: bool = False) -> tuple[np.ndarray, int, int]:
    """A square end of a covered card's strip: its corner index, or (without an index) NOISE."""
    cls = rng.choice([c for c in CLASSES if c not in ("NOISE", "STOP")])
    face = _face_for(cls, rng)
    style = random_style(rng, held_out=held_out, square=rng.random() < 0.2)
    card = render_card(face, style, rng.randint(80, 240), points=rng.randint(0, 10))
    h, w = card.shape[:2]
    s = rng.uniform(0.22, 0.42) * w
    which = rng.randrange(4)  # 0 TL, 1 TR, 2 BR, 3 BL (card's own)
    x0 = 0 if which in (0, 3) else w - s
    y0 = 0 if which in (0, 1) else h - s
    local = np.float32([[x0, y0], [x0 + s, y0], [x0 + s, y0 + s], [x0, y0 + s]])
    patch, corners, M = _scene_of(rng, card, rng.uniform(0, 360), tilt=0.04)
    patch = _lighting(rng, patch)
    square = cv2.perspectiveTransform(local.reshape(1, 4, 2), M).reshape(4, 2)
    canonical = crops.facing(_jitter(rng, square, 0.04))
    own_top = cv2.perspectiveTransform(np.float32([[[x0 + s / 2, y0]]]), M).reshape(2)
    side = _top_side(own_top, canonical)
    # which letter is printed in this corner, upright as the card's own top says
    printed = _printed_index(face, style, which)
    if printed and printed[1]:
        side = (side + 2) % 4  # the lower corners print their index turned
    return crops.warp(patch, canonical), CLASSES.index(printed[0] if printed else "NOISE"), side


def noise(rng: random.Random) -> tuple[np.ndarray, int, int]:
    """Something card-shaped that is not a card."""
    size = rng.randint(64, 260)
    patch = table_texture(rng, size, size)
    kind = rng.randrange(5)
    if kind == 1:
        _paper(rng, patch, True)
    elif kind == 2:
        for _ in range(3):
            _coin(rng, patch)
    elif kind == 3:
        draw_hand(rng, patch)
    elif kind == 4:  # across the edge of a card
        style = random_style(rng)
        card = render_card(parse_face(rng.choice(LETTERS)), style, size)
        y = rng.randint(-card.shape[0] // 2, size // 2)
        x = rng.randint(size // 3, size - 4)
        region = patch[max(0, y) : y + card.shape[0], x : x + card.shape[1]]
        piece = card[max(0, -y) : max(0, -y) + region.shape[0], : region.shape[1]]
        a = piece[..., 3:4] / 255
        region[:] = (region * (1 - a) + piece[..., 2::-1] * a).astype(np.uint8)
    patch = _lighting(rng, patch)
    m = size * 0.15
    quad = np.float32([[m, m], [size - m, m], [size - m, size - m], [m, size - m]])
    quad[:, 0] = size / 2 + (quad[:, 0] - size / 2) * rng.uniform(0.5, 1.0)
    quad = _jitter(rng, quad, 0.05)
    return crops.warp(patch, crops.facing(quad)), NOISE, 0


# what the index reader (covered cards) tells apart: what a corner index can show, or nothing
INDEX_CLASSES: tuple[str, ...] = (*LETTERS, "QU", "?", "QXZ", "NOISE")
INDEX_NOISE = INDEX_CLASSES.index("NOISE")
_NO_INDEX = ("BLITZ", *ACTIONS, "ARROW", "BACK")
THIN_FRAMED = 0.3  # the share of training designs given a thin frame for the second index reader (:func:`framed_index_batch`)


def _printed_index(face: Face, style, corner: int) -> tuple[str, bool] | None:
    """What the card prints in its own corner ``corner`` (0 top-left, clockwise): (the index's class,
    whether it is printed turned), or None."""
    for shows, x, y in index_spots(face, style):
        at = (0 if x < 0.5 else 1) if y < 0.5 else (3 if x < 0.5 else 2)
        if at == corner:
            return shows, corner in (2, 3)
    return None


def _overlapped(rng: random.Random, under: np.ndarray, over: np.ndarray, shift: np.ndarray,
                turn: float) -> tuple[np.ndarray, np.ndarray]:
    """Two RGBA cards as they lie in a fan: ``over`` moved by ``shift`` (and turned a little) on top of
    ``under``, casting a soft shadow on it: (one RGBA canvas the size of ``under`` plus the shift, where
    ``under``'s top-left lies on it)."""
    h, w = under.shape[:2]
    W, H = w + int(abs(shift[0])) + 2, h + int(abs(shift[1])) + 2
    origin = np.array([max(0.0, -shift[0]), max(0.0, -shift[1])]) + 1
    canvas = np.zeros((H, W, 4), np.float32)
    place = np.float32([[1, 0, origin[0]], [0, 1, origin[1]]])
    canvas[:] = cv2.warpAffine(under, place, (W, H)).astype(np.float32)
    centre = (float(origin[0] + shift[0] + w / 2), float(origin[1] + shift[1] + h / 2))
    M = cv2.getRotationMatrix2D((w / 2, h / 2), turn, 1.0)
    M[:, 2] += np.array(centre) - (w / 2, h / 2)
    top = cv2.warpAffine(over, M, (W, H)).astype(np.float32)
    a = top[..., 3:4] / 255
    fall = rng.uniform(0.01, 0.03) * h
    shade = cv2.GaussianBlur(cv2.warpAffine(a[..., 0], np.float32([[1, 0, fall], [0, 1, fall]]), (W, H)), (0, 0), max(1.0, 0.02 * h))
    canvas[..., :3] *= 1 - rng.uniform(0.15, 0.4) * shade[..., None]
    canvas = canvas * (1 - a) + top * a
    canvas[..., 3:4] = np.maximum(canvas[..., 3:4], top[..., 3:4])
    return np.clip(canvas, 0, 255).astype(np.uint8), origin


def _index_shows(style, side: int, share: float) -> bool:
    """Whether most of a corner index shows in a strip of ``share`` of the card's width (a left or
    right strip, ``side`` 0 or 2) or height (top or bottom). Less is answered as no index: a reader
    must not guess a letter from the stump of one."""
    x, y = style.index_at
    return share >= (x + 0.05 if side in (0, 2) else y + style.index_size * 0.35)


def strip_ends(rng: random.Random, held_out: bool = False, thin_framed: float = 0.0) -> list[tuple[np.ndarray, int, int]]:
    """The two square ends of a covered card's strip in a rendered fan, cut as at run time
    (:func:`vision.crops.end_squares`, a little off and a little wide): [(crop, index class of
    :data:`INDEX_CLASSES`, own-top side)]. The card on top lies beside or below the covered one, either
    way, so the strip is any of the card's four sides; an end shows the corner's index or nothing."""
    roll = rng.random()
    if roll < 0.66:
        cls = rng.choice([*LETTERS, "QU", "?", "QXZ"])
    elif roll < 0.88:
        cls = rng.choice(PAIRS)
    else:
        cls = rng.choice(_NO_INDEX)
    face = _face_for(cls, rng)
    style = _design(rng, held_out, square=rng.random() < 0.2, thin_framed=thin_framed)
    if not style.index and rng.random() < 0.85:
        style = dataclasses.replace(style, index=True)  # what matters is reading the index where there is one
    height = rng.randint(80, 240)
    red = face.letters in ("J", "K", "QU", "X", "Z") and rng.random() < 0.4
    under = render_card(face, style, height, red=red, points=rng.randint(0, 10))
    over_face = _face_for(rng.choice(CLASSES[:-1]), rng)
    over = render_card(over_face, style, height, points=rng.randint(0, 10))
    h, w = under.shape[:2]
    side = rng.randrange(4)  # the covered card's side that shows: 0 left, 1 top, 2 right, 3 bottom
    share = rng.uniform(0.14, 0.5)
    step = share * (w if side in (0, 2) else h)
    shift = {0: (step, 0.0), 1: (0.0, step), 2: (-step, 0.0), 3: (0.0, -step)}[side]
    shift = np.array(shift) + np.array([rng.uniform(-0.03, 0.03) * w, rng.uniform(-0.03, 0.03) * h]) * (np.array(shift) == 0)
    group, origin = _overlapped(rng, under, over, shift, rng.uniform(-2.5, 2.5))
    x0, y0 = origin
    strip = {0: [(0, 0), (step, 0), (step, h), (0, h)], 1: [(0, 0), (w, 0), (w, step), (0, step)],
             2: [(w - step, 0), (w, 0), (w, h), (w - step, h)], 3: [(0, h - step), (w, h - step), (w, h), (0, h)]}[side]
    strip = np.float32(strip) + np.float32([x0, y0])
    patch, _, M = _scene_of(rng, group, rng.uniform(0, 360), tilt=0.04)
    patch = _lighting(rng, patch)
    corners = np.float32([[x0, y0], [x0 + w, y0], [x0 + w, y0 + h], [x0, y0 + h]])
    out = []
    for end in crops.end_squares(strip):
        centre = end.mean(axis=0)
        which = int(np.argmin(np.linalg.norm(corners - centre, axis=1)))
        size = float(np.linalg.norm(end[1] - end[0]))
        own_top = cv2.perspectiveTransform((centre - [0, size / 2]).reshape(1, 1, 2).astype(np.float32), M).reshape(2)
        # as run time reads an end: a little moved outwards (the strip found a pixel or two inside
        # the card's edge), and with a margin
        away = (centre - strip.mean(axis=0)) / (np.linalg.norm(centre - strip.mean(axis=0)) + 1e-9)
        moved = centre + (end - centre) * rng.uniform(0.95, 1.2) + away * rng.uniform(0, 0.1) * size
        seen = cv2.perspectiveTransform(moved.reshape(1, 4, 2).astype(np.float32), M).reshape(4, 2)
        canonical = crops.facing(_jitter(rng, seen, 0.04))
        turn = _top_side(own_top, canonical)
        printed = _printed_index(face, style, which) if _index_shows(style, side, share) else None
        label, turned = (INDEX_CLASSES.index(printed[0]), printed[1]) if printed else (INDEX_NOISE, False)
        out.append((crops.warp(patch, canonical), label, (turn + 2) % 4 if turned else turn))
    return out


def detected_ends(rng: random.Random, held_out: bool = False, thin_framed: float = 0.0) -> list[tuple[np.ndarray, int, int]]:
    """The strip ends that the run-time detector (:func:`vision.detect.find_cards`) cuts from a rendered
    table of fans and piles, each in one of the two views :func:`vision.see` reads it in: [(crop, index
    class, own-top side)]. :func:`strip_ends` cuts ends where a strip truly lies; these are cut where
    the detector finds one, a little off, too short, or on no card at all, as the reader meets them.
    The label comes from the scene's truth: the one uncovered corner index inside the view, or NOISE
    where no index lies near. An end with parts of several indices, or with one mostly covered, has
    no one answer and is left out."""
    from vision import detect, indices  # here, not above: vision imports this module
    from vision.synth.scene import indices_inside, render_scene

    layout = rng.choice(("fan", "fan", "mixed", "piles"))
    scene = render_scene(rng, layout=layout, style=_design(rng, held_out, thin_framed=thin_framed), n_cards=rng.randint(12, 24))
    gray = cv2.cvtColor(scene.image, cv2.COLOR_BGR2GRAY)
    out = []
    for region in detect.find_cards(scene.image, gray=gray):
        if not region.partial:
            continue
        for end in crops.end_squares(region.quad):
            end = crops.facing(end, crops.UP)
            view = rng.choice(indices.end_views(end, region.quad))
            if not indices_inside(scene.cards, crops.scaled(end, 1.6)):
                if rng.random() < 0.3:  # most ends found show no index: keep a few, not to drown the letters
                    out.append((crops.warp(gray, view), INDEX_NOISE, 0))
                continue
            inside = indices_inside(scene.cards, view)
            shown = [(k, shows, point) for k, shows, point, uncovered in inside if uncovered]
            if len(shown) == 1 and len({k for k, *_ in inside}) == 1:
                k, shows, point = shown[0]
                card = scene.cards[k]
                top = (card.corners[0] + card.corners[1]) / 2 - card.center
                top /= np.linalg.norm(top) + 1e-9
                if np.dot(point - card.center, top) < 0:
                    top = -top  # an index in the card's lower half is printed turned
                own_top = view.mean(axis=0) + top * float(np.linalg.norm(view[1] - view[0])) / 2
                out.append((crops.warp(gray, view), INDEX_CLASSES.index(shows), _top_side(own_top, view)))
    return out


def glyph_part(rng: random.Random, held_out: bool = False, thin_framed: float = 0.0) -> tuple[np.ndarray, int, int]:
    """A square from the middle of a card's face, as wide as a strip's end: part of its big glyph, which
    a strip cut wrongly may show and which is no index."""
    face = _face_for(rng.choice(CLASSES[:-1]), rng)
    style = _design(rng, held_out, thin_framed=thin_framed)
    card = render_card(face, style, rng.randint(80, 240), points=rng.randint(0, 10))
    h, w = card.shape[:2]
    s = rng.uniform(0.15, 0.5) * w
    x, y = rng.uniform(0.15 * w, 0.85 * w - s), rng.uniform(0.28 * h, 0.72 * h - s)
    local = np.float32([[x, y], [x + s, y], [x + s, y + s], [x, y + s]])
    patch, _, M = _scene_of(rng, card, rng.uniform(0, 360), tilt=0.04)
    patch = _lighting(rng, patch)
    square = cv2.perspectiveTransform(local.reshape(1, 4, 2), M).reshape(4, 2)
    return crops.warp(patch, crops.facing(_jitter(rng, square, 0.04))), INDEX_NOISE, 0


def index_batch(seed: int, n: int, held_out: bool = False, thin_framed: float = 0.0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """n samples for the index reader, from one seed: mostly strip ends (about a quarter of all
    samples cut by the detector, :func:`detected_ends`), and parts of glyphs and things that are no
    card as NOISE. (crops uint8 [n, S, S], classes of INDEX_CLASSES, sides)."""

    def draw(rng: random.Random) -> list[tuple[np.ndarray, int, int]]:
        roll = rng.random()
        if roll < 0.07:  # a scene gives about eight ends, so these are about a quarter of the samples
            return detected_ends(rng, held_out, thin_framed)
        if roll < 0.72:
            return strip_ends(rng, held_out, thin_framed)
        if roll < 0.86:
            return [glyph_part(rng, held_out, thin_framed)]
        crop, _, _ = noise(rng)
        return [(crop, INDEX_NOISE, 0)]

    return _drawn_batch(seed, n, draw)


def framed_index_batch(seed: int, n: int, held_out: bool = False) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """n samples for the second index reader: as :func:`index_batch`, with :data:`THIN_FRAMED` of the
    training designs given a thin frame. Designs never seen in training print their index where a
    frame line runs through it; this reader has read many so, and the two readers' agreement
    (:func:`vision.read.agreed`) reads more covered cards than either, and as few wrongly."""
    return index_batch(seed, n, held_out, thin_framed=THIN_FRAMED)


def _drawn_batch(seed: int, n: int, draw) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """n samples from one seed, ``draw`` giving a few (crop, label, side) at a time (the ends of one
    scene's strips, say): the first n of them."""
    rng = random.Random(seed)
    x = np.zeros((n, crops.SIZE, crops.SIZE), np.uint8)
    y = np.zeros(n, np.int64)
    r = np.zeros(n, np.int64)
    i = 0
    while i < n:
        for crop, label, side in draw(rng)[: n - i]:
            x[i], y[i], r[i] = crop, label, side
            i += 1
    return x, y, r


# what the word reader tells apart: the action word printed at a bird card's foot, or no such word
WORD_CLASSES: tuple[str, ...] = (*ACTIONS, "NOISE")
WORD_NOISE = WORD_CLASSES.index("NOISE")


def word_bands(rng: random.Random, held_out: bool = False) -> list[tuple[np.ndarray, int, int]]:
    """Foot bands (:func:`vision.crops.foot_band`) cut as at run time from a card's slightly wrong
    corners, a little higher or lower, wider or narrower: a bird card's, labelled with its action
    word, and one along another of its sides, as NOISE; or another card's foot, as NOISE."""
    bird = rng.random() < 0.75
    cls = rng.choice(ACTIONS if bird else [c for c in CLASSES if c not in (*ACTIONS, "NOISE")])
    face = _face_for(cls, rng)
    style = random_style(rng, held_out=held_out, square=rng.random() < 0.3 and face.kind is not Kind.TWO_VOWEL)
    card = render_card(face, style, rng.randint(64, 240), points=rng.randint(0, 10))
    patch, corners, _ = _scene_of(rng, card, rng.uniform(0, 360), tilt=0.05)
    patch = _lighting(rng, patch)
    canonical = crops.facing(_jitter(rng, corners, 0.03))
    own = np.roll(canonical, -_top_side((corners[0] + corners[1]) / 2, canonical), axis=0)  # from its own top-left

    def band(quad: np.ndarray) -> np.ndarray:
        return crops.warp(patch, crops.foot_band(quad, rng.uniform(0.58, 0.7), rng.uniform(0.94, 1.02), rng.uniform(0.0, 0.08)))

    if not bird:
        return [(band(own), WORD_NOISE, 0)]
    return [(band(own), WORD_CLASSES.index(cls), 0), (band(np.roll(own, -rng.randint(1, 3), axis=0)), WORD_NOISE, 0)]


def word_batch(seed: int, n: int, held_out: bool = False) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """n samples for the word reader, from one seed (crops uint8 [n, S, S], classes of WORD_CLASSES,
    sides: always 0, the band being cut upright)."""
    return _drawn_batch(seed, n, lambda rng: word_bands(rng, held_out))


def sample(rng: random.Random, held_out: bool = False) -> tuple[np.ndarray, int, int]:
    """One sample for the card reader: whole cards, corners (which the index reader reads, and this
    one where that is missing) and things that are no card."""
    roll = rng.random()
    if roll < 0.52:
        return whole_card(rng, rng.choice(CLASSES[:-1]), held_out)
    if roll < 0.8:
        return corner(rng, held_out)
    return noise(rng)


def batch(seed: int, n: int, held_out: bool = False) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """n samples from one seed: (crops uint8 [n, S, S], classes int64 [n], own-top sides int64 [n])."""
    rng = random.Random(seed)
    x = np.zeros((n, crops.SIZE, crops.SIZE), np.uint8)
    y = np.zeros(n, np.int64)
    r = np.zeros(n, np.int64)
    for i in range(n):
        x[i], y[i], r[i] = sample(rng, held_out)
    return x, y, r


__all__ = ["ACTIONS", "AMBIGUOUS", "CLASSES", "INDEX_CLASSES", "PAIRS", "WORD_CLASSES", "batch", "corner", "detected_ends",
           "index_batch", "noise", "sample", "strip_ends", "whole_card", "word_batch", "word_bands"]
