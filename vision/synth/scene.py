"""Table scenes with ground truth: cards dealt loose, in piles and in fanned lines, on wood, cloth,
patterned or plain tables, under home lighting, seen by a slightly tilted camera.

Everything is drawn straight into the final image: each card's texture is warped once onto its
quad (table position, rotation and camera tilt in one homography), so small cards stay sharp.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field

import cv2
import numpy as np

from referee import decks
from referee.cards import Face, parse_face
from vision.synth.cards import CardStyle, card_size, index_spots, random_style, render_card, rotated_corners
from vision.synth.textures import add_distractors, table_texture

@dataclass
class TrueCard:
    """One card in a scene, as a perfect reader would report it."""

    face: Face  # as read by a reader whose top is the image's top (two-vowel cards: upright vowel first)
    corners: np.ndarray  # 4 x 2 image points, clockwise from the card's own top-left (as printed)
    visible: float  # share of the card not covered by other cards or hands
    required: bool  # a reader must report it (top of a pile, or covered but its index strip shows)
    sideways: bool = False  # its long side faces the reader: no vowel is "up"
    indices: list[tuple[str, np.ndarray, bool]] = field(default_factory=list)  # each corner index: what it shows, its centre, whether it shows uncovered

    @property
    def center(self) -> np.ndarray:
        return self.corners.mean(axis=0)


@dataclass
class Scene:
    image: np.ndarray  # BGR uint8
    cards: list[TrueCard] = field(default_factory=list)
    layout: str = "loose"
    style: CardStyle | None = None


_DECK_FACES: dict[str, list[tuple[Face, bool, int]]] = {}


def deck_faces(name: str) -> list[tuple[Face, bool, int]]:
    """(face, red, points) for every physical card of a deck, letter cards only where others make no sense."""
    if name not in _DECK_FACES:
        deck = decks.load(name)
        _DECK_FACES[name] = [(f, red, deck.value(f)) for f, red in deck.expanded()]
    return _DECK_FACES[name]


def random_face(rng: random.Random) -> tuple[Face, bool, int]:
    """A face from one of the decks, or any letter (Swedish ones included), or a special card."""
    roll = rng.random()
    if roll < 0.35:
        return rng.choice(deck_faces("alpha"))
    if roll < 0.6:
        return rng.choice(deck_faces("alpha-blitz"))
    if roll < 0.75:
        return rng.choice(deck_faces("alphabirds"))
    if roll < 0.85:
        return rng.choice(deck_faces("alfapet"))
    if roll < 0.95:
        return parse_face(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZÅÄÖ")), False, rng.randint(1, 10)
    return parse_face(rng.choice(["BACK", "?", "A/E", "O/U", "I/O", "E/I"])), False, 1


def _reader_face(face: Face, angle: float) -> tuple[Face, bool]:
    """The face as a reader at the image's top sees it, and whether the card lies sideways."""
    c = math.cos(math.radians(angle))
    return (face if c >= 0 else face.turned()), abs(c) < 0.34


def _tilt(rng: random.Random, w: int, h: int, strength: float) -> np.ndarray:
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    dst = src + np.float32([[rng.uniform(-1, 1) * strength * w, rng.uniform(-1, 1) * strength * h] for _ in range(4)])
    return cv2.getPerspectiveTransform(src, dst)


def _place(rng, layout: str, n: int, card_h: float, aspect: float, w: int, h: int):
    """(center, angle, required-if-covered) for each card in table coordinates, bottom card first."""
    cw = card_h * aspect
    placed: list[tuple[tuple[float, float], float, bool]] = []
    boxes: list[np.ndarray] = []

    def free(corners: np.ndarray) -> bool:
        poly = corners.astype(np.float32)
        for other in boxes:
            inter, _ = cv2.intersectConvexConvex(poly, other.astype(np.float32))
            if inter > 0.5:
                return False
        return True

    def loose(count: int) -> None:
        for _ in range(count):
            for _ in range(60):
                center = (rng.uniform(0.6 * card_h, w - 0.6 * card_h), rng.uniform(0.6 * card_h, h - 0.6 * card_h))
                angle = rng.uniform(0, 360) if rng.random() < 0.7 else rng.choice([0, 90, 180, 270]) + rng.uniform(-8, 8)
                corners = rotated_corners(center, (cw * 1.04, card_h * 1.04), angle)
                if free(corners):
                    boxes.append(corners)
                    placed.append((center, angle, True))
                    break

    def pile(count: int) -> None:
        for _ in range(40):
            center = (rng.uniform(0.7 * card_h, w - 0.7 * card_h), rng.uniform(0.7 * card_h, h - 0.7 * card_h))
            angle = rng.uniform(0, 360) if rng.random() < 0.5 else rng.choice([0, 180]) + rng.uniform(-6, 6)
            corners = rotated_corners(center, (cw * 1.15, card_h * 1.15), angle)
            if free(corners):
                boxes.append(corners)
                for k in range(count):
                    jitter = 0.03 * card_h
                    c = (center[0] + rng.uniform(-jitter, jitter), center[1] + rng.uniform(-jitter, jitter))
                    placed.append((c, angle + rng.uniform(-5, 5), k == count - 1))
                return

    def group(centers: list[np.ndarray], angle: float, askew: float) -> bool:
        """Lay cards at these centres, each turned ``angle`` give or take ``askew`` degrees, if
        together they fit the picture and leave what lies there already free."""
        outline = np.concatenate([rotated_corners(tuple(c), (cw, card_h), angle) for c in centers])
        if outline.min() < 4 or outline[:, 0].max() > w - 4 or outline[:, 1].max() > h - 4:
            return False
        hull = cv2.convexHull(outline.astype(np.float32)).reshape(-1, 2)
        if not free(hull):
            return False
        boxes.append(hull)
        placed.extend((tuple(c), angle + rng.uniform(-askew, askew), True) for c in centers)
        return True

    def fan(count: int) -> None:
        vertical = rng.random() < 0.35
        step = rng.uniform(0.24, 0.36) * (card_h if vertical else cw)
        for _ in range(40):
            angle = rng.uniform(-25, 25) + (rng.choice([0, 180]) if rng.random() < 0.3 else 0)
            a = math.radians(angle)
            along = np.array([-math.sin(a), -math.cos(a)]) if vertical else np.array([math.cos(a), -math.sin(a)])
            along = -along if vertical else along  # vertical fans run down the card's own column
            start = np.array([rng.uniform(0.1 * w, 0.9 * w), rng.uniform(0.1 * h, 0.9 * h)])
            centers = [start + along * step * k for k in range(count)]
            if group(centers, angle, askew=2):
                return

    def word(count: int) -> None:
        """Cards laid edge to edge in a row (a word as players lay it), each a little askew; square
        tiles sometimes in a second row beneath (a crossword's block)."""
        rows = 2 if aspect > 0.9 and rng.random() < 0.5 else 1
        for _ in range(40):
            angle = rng.uniform(0, 360) if rng.random() < 0.4 else rng.choice([0, 90, 180, 270]) + rng.uniform(-15, 15)
            a = math.radians(angle)
            along, down = np.array([math.cos(a), -math.sin(a)]), np.array([math.sin(a), math.cos(a)])
            gaps = [rng.uniform(0.0, 0.06) * cw for _ in range(count)]
            start = np.array([rng.uniform(0.1 * w, 0.9 * w), rng.uniform(0.1 * h, 0.9 * h)])
            cells = [(r, k) for r in range(rows) for k in range(count) if r == 0 or rng.random() < 0.6]
            centers = [start + along * (k * cw + sum(gaps[:k])) + down * r * (card_h + rng.uniform(0.0, 0.06) * card_h)
                       for r, k in cells]
            if group(centers, angle, askew=3):
                return

    def groups_of(lay: Callable[[int], None]) -> None:
        """Groups of 3 to 7 cards laid by ``lay`` until there are ``n`` cards or no group fits."""
        while len(placed) < n:
            before = len(placed)
            lay(rng.randint(3, 7))
            if len(placed) == before:
                break

    if layout == "loose":
        loose(n)
    elif layout == "words":
        groups_of(word)
    elif layout == "piles":
        for _ in range(max(1, n // 3)):
            pile(rng.randint(1, 4))
    elif layout == "fan":
        groups_of(fan)
    elif layout == "mixed":
        fan(rng.randint(3, 6))
        pile(rng.randint(2, 4))
        loose(max(0, n - len(placed)))
    return placed


def render_scene(
    rng: random.Random,
    size: tuple[int, int] = (1280, 960),
    layout: str = "loose",
    n_cards: int = 20,
    held_out: bool = False,
    style: CardStyle | None = None,
    card_height: float | None = None,
    tilt: float = 0.05,
    distractors: bool = True,
    hands: bool = True,
) -> Scene:
    """One photo of a table with ground truth."""
    w, h = size
    style = style or random_style(rng, held_out=held_out)
    if card_height is None:
        per_card = w * h / max(n_cards, 1) / (4.0 if layout == "loose" else 2.5)
        card_height = float(np.clip(math.sqrt(per_card / style.aspect), 0.09 * h, 0.26 * h))
    H = _tilt(rng, w, h, tilt)

    image = cv2.warpPerspective(table_texture(rng, w, h), H, (w, h), borderMode=cv2.BORDER_REFLECT)
    if distractors:
        add_distractors(rng, image, layout == "empty")
    owner = np.full((h, w), -1, np.int32)
    areas: list[int] = []
    indices: list[list[tuple[str, np.ndarray]]] = []  # each card's indices: what each shows, and its centre in the image
    cards: list[TrueCard] = []
    placements = [] if layout == "empty" else _place(rng, layout, n_cards, card_height, style.aspect, w, h)
    cw, ch = card_size(style, round(card_height))
    light = rng.uniform(0, 2 * math.pi)  # where the shadows fall
    shadow_dx, shadow_dy = math.cos(light) * 0.02 * ch, math.sin(light) * 0.02 * ch
    for center, angle, required in placements:
        index = len(cards)
        face, red, points = random_face(rng)
        texture = render_card(face, style, ch, red=red, points=points)
        table_corners = rotated_corners(center, (cw, ch), angle)
        corners = cv2.perspectiveTransform(table_corners.reshape(1, 4, 2).astype(np.float32), H).reshape(4, 2)
        x0, y0 = np.floor(corners.min(axis=0) - 0.06 * ch).astype(int).clip(0)
        x1, y1 = np.ceil(corners.max(axis=0) + 0.06 * ch).astype(int)
        x1, y1 = min(x1, w), min(y1, h)
        if x1 <= x0 or y1 <= y0:
            continue
        src = np.float32([[0, 0], [texture.shape[1], 0], [texture.shape[1], texture.shape[0]], [0, texture.shape[0]]])
        M = cv2.getPerspectiveTransform(src, (corners - [x0, y0]).astype(np.float32))
        spots = index_spots(face, style)
        at = np.float32([[x * texture.shape[1], y * texture.shape[0]] for _, x, y in spots]).reshape(-1, 1, 2)
        indices.append([(shows, point + [x0, y0]) for (shows, _, _), point in
                        zip(spots, cv2.perspectiveTransform(at, M).reshape(-1, 2) if spots else [])])
        roi = image[y0:y1, x0:x1]
        warped = cv2.warpPerspective(texture, M, (x1 - x0, y1 - y0), flags=cv2.INTER_LINEAR)
        alpha = warped[..., 3:4].astype(np.float32) / 255
        # soft shadow, then the card
        shadow = cv2.GaussianBlur(alpha[..., 0], (0, 0), max(1.0, ch * 0.02))
        shift = np.float32([[1, 0, shadow_dx], [0, 1, shadow_dy]])
        shadow = cv2.warpAffine(shadow, shift, (x1 - x0, y1 - y0))[..., None]
        blended = roi * (1 - 0.35 * shadow)
        blended = blended * (1 - alpha) + warped[..., 2::-1].astype(np.float32) * alpha
        roi[:] = blended.astype(np.uint8)
        inside = alpha[..., 0] > 0.5
        owner[y0:y1, x0:x1][inside] = index
        areas.append(int(inside.sum()))
        reader_face, sideways = _reader_face(face, angle)
        inside_picture = bool((corners >= 1).all() and (corners[:, 0] < w - 1).all() and (corners[:, 1] < h - 1).all())
        cards.append(TrueCard(reader_face, corners, 1.0, required and inside_picture, sideways))

    if hands and layout != "empty" and rng.random() < 0.15:
        from vision.synth.textures import draw_hand

        covered = draw_hand(rng, image)
        under_hand = set(np.unique(owner[covered]).tolist())
        owner[covered] = -2
    else:
        under_hand = set()
    for index, card in enumerate(cards):
        card.visible = float((owner == index).sum()) / max(1, areas[index])
        card.indices = [(shows, point, _index_uncovered(owner, index, point, ch)) for shows, point in indices[index]]
        if index in under_hand or card.visible < 0.12 or (card.visible < 0.9 and not _named_by_indices(owner, index, indices[index], ch)):
            card.required = False  # a hand over it, or covered and its indices too hidden to name it
    image = _camera(rng, image)
    return Scene(image=image, cards=cards, layout=layout, style=style)


def indices_inside(cards: list[TrueCard], quad: np.ndarray) -> list[tuple[int, str, np.ndarray, bool]]:
    """The corner indices whose centres lie in ``quad``: (which card, what it shows, its centre, whether
    it shows uncovered), for scoring and labelling the strip ends a detector cuts."""
    outline = np.asarray(quad, np.float32).reshape(-1, 1, 2)
    return [(k, shows, point, uncovered) for k, card in enumerate(cards) for shows, point, uncovered in card.indices
            if cv2.pointPolygonTest(outline, (float(point[0]), float(point[1])), False) >= 0]


def _named_by_indices(owner: np.ndarray, card: int, indices: list[tuple[str, np.ndarray]], card_h: float) -> bool:
    """Whether the indices of a covered card that show name it: each different thing its indices
    show (a two-vowel card's two vowels) shows in one index at least, uncovered
    (:func:`_index_uncovered`)."""
    shown = {shows for shows, point in indices if _index_uncovered(owner, card, point, card_h)}
    return bool(indices) and shown == {shows for shows, _ in indices}


def _index_uncovered(owner: np.ndarray, card: int, point: np.ndarray, card_h: float) -> bool:
    """Whether the index centred at ``point`` shows: most of the square around it, about an index
    high, is the card's own (``owner``: which card each pixel shows)."""
    half = max(2, round(0.045 * card_h))
    h, w = owner.shape
    x, y = round(float(point[0])), round(float(point[1]))
    around = owner[max(0, y - half) : min(h, y + half + 1), max(0, x - half) : min(w, x + half + 1)]
    return bool(around.size) and float((around == card).mean()) >= 0.7


def _camera(rng: random.Random, image: np.ndarray) -> np.ndarray:
    """Home lighting and a phone-grade camera: colour cast, gradient, soft shadows, blur, noise, JPEG."""
    h, w = image.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    gain = 1 + rng.uniform(-0.25, 0.25) * (xx / w - 0.5) + rng.uniform(-0.25, 0.25) * (yy / h - 0.5)
    for _ in range(rng.randint(0, 2)):
        cx, cy, r = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0.15, 0.5) * w
        gain *= 1 - rng.uniform(0.1, 0.35) * np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * r * r))
    gain *= rng.uniform(0.7, 1.15)
    cast = {"warm": (0.85, 0.97, 1.08), "cold": (1.08, 1.0, 0.9), "neutral": (1.0, 1.0, 1.0)}[rng.choice(["warm", "cold", "neutral"])]
    out = image.astype(np.float32) * gain[..., None] * np.array(cast, np.float32)
    sigma = rng.choice([0, 0, 0.6, 0.9, 1.2])
    if sigma:
        out = cv2.GaussianBlur(out, (0, 0), sigma)
    out += np.random.default_rng(rng.randrange(2**32)).normal(0, rng.uniform(0, 5), out.shape).astype(np.float32)
    out = np.clip(out, 0, 255).astype(np.uint8)
    ok, jpeg = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, rng.randint(55, 95)])
    return cv2.imdecode(jpeg, cv2.IMREAD_COLOR)
