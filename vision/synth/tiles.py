"""Photos of letter tiles (Bananagrams, Alfapet): thick square tiles lying loose or edge to edge on a
table, seen from above or a little aslant by a phone.

Tiles differ from cards in what makes them hard to find: a cream tile on a cream table, the tile's
side showing as a band along the edges turned away from the camera, hard sunlight casting sharp
shadows, and photos that were taken small and enlarged. These scenes stand in for real tile photos
in tests and benchmarks; they are never the only test of anything.
"""

from __future__ import annotations

import math
import random

import cv2
import numpy as np

from referee.cards import parse_face
from vision.synth import fonts
from vision.synth.cards import CardStyle, render_card, rotated_corners
from vision.synth.scene import Scene, TrueCard, _camera, _tilt
from vision.synth.textures import add_distractors, table_texture

LETTERS = "ABCDEFGHIJKLMNOPRSTUVYÄÖ"


def tile_style(rng: random.Random, held_out: bool) -> CardStyle:
    """A tile design: cream plastic or wood, one dark capital filling most of it, round corners."""
    serif = ("Serif", "Roman", "Garamond", "schola", "pagella", "Bookman", "Caladea")
    sans = [f for f in fonts.fonts(held_out) if not any(word in f.name for word in serif)]
    paper = rng.choice([(236, 226, 200), (242, 236, 215), (228, 214, 180), (245, 242, 232), (222, 200, 160)])
    return CardStyle(font=rng.choice(sans or list(fonts.fonts(held_out))), paper=paper,
                     ink=rng.choice([(15, 15, 15), (30, 25, 20), (10, 10, 40)]), aspect=1.0,
                     glyph=rng.uniform(0.5, 0.66), radius=rng.uniform(0.08, 0.2))


def _light_table(rng: random.Random, w: int, h: int) -> np.ndarray:
    """A white or cream surface (a table, a floor, a tablecloth) with faint texture."""
    base = np.float32(rng.choice([(238, 240, 242), (225, 232, 236), (215, 225, 232), (200, 210, 215), (230, 236, 240)]))
    img = np.ones((h, w, 3), np.float32) * base
    return np.clip(img * 0.9 + table_texture(rng, w, h).astype(np.float32) * 0.1, 0, 255).astype(np.uint8)


def _positions(rng: random.Random, n: int, side: float, w: int, h: int) -> list[tuple[np.ndarray, float]]:
    """(centre, angle) of up to n tiles: words of tiles edge to edge, and loose ones, none overlapping."""
    placed: list[np.ndarray] = []
    out: list[tuple[np.ndarray, float]] = []

    def free(corners: np.ndarray) -> bool:
        return all(cv2.intersectConvexConvex(corners.astype(np.float32), o.astype(np.float32))[0] <= 0.5 for o in placed)

    def put(center: np.ndarray, angle: float) -> bool:
        corners = rotated_corners(tuple(center), (side * 1.01, side * 1.01), angle)
        if corners.min() < 2 or corners[:, 0].max() > w - 2 or corners[:, 1].max() > h - 2 or not free(corners):
            return False
        placed.append(corners)
        out.append((center, angle))
        return True

    tries = 0
    while len(out) < n and tries < 20 * n:
        tries += 1
        start = np.array([rng.uniform(0, w), rng.uniform(0, h)])
        angle = rng.uniform(0, 360)
        if rng.random() < 0.5:  # a word: tiles in a row, touching or nearly
            a = math.radians(angle)
            along = np.array([math.cos(a), -math.sin(a)])
            for k in range(rng.randint(2, 7)):
                center = start + along * k * side * rng.uniform(1.0, 1.08)
                if len(out) >= n or not put(center, angle + rng.uniform(-6, 6)):
                    break
        else:
            put(start, angle)
    return out


def render_tiles(rng: random.Random, size: tuple[int, int] = (1600, 1200), n_tiles: int | None = None,
                 held_out: bool = True, small: bool | None = None) -> Scene:
    """One photo of tiles on a table with ground truth (``n_tiles`` 0: an empty table). ``small``:
    taken at 640 x 480 and enlarged to ``size``, as a photo sent through a messaging app."""
    w, h = size
    n = rng.choice([0, 8, 15, 25, 40, 60]) if n_tiles is None else n_tiles
    style = tile_style(rng, held_out)
    side = min(0.12 * h, math.sqrt(w * h / max(n, 1) / rng.uniform(3, 8))) * rng.uniform(0.8, 1.0)
    H = _tilt(rng, w, h, rng.uniform(0.0, 0.08))
    table = _light_table(rng, w, h) if rng.random() < 0.6 else table_texture(rng, w, h)
    image = cv2.warpPerspective(table, H, (w, h), borderMode=cv2.BORDER_REFLECT)
    add_distractors(rng, image, n == 0)
    # the camera stands above a point near the picture (beyond it when the photo is aslant); a tile's
    # top face lies further from that point than its foot, so the sides facing it show
    nadir = np.array([w / 2, h / 2]) + np.array([rng.uniform(-1, 1) * w, rng.uniform(-1, 1) * h]) * rng.choice([0.1, 0.3, 0.6])
    height = rng.uniform(1.5, 2.5) * max(w, h)
    thickness = rng.uniform(0.1, 0.25) * side
    sun = rng.random() < 0.4
    a = rng.uniform(0, 2 * math.pi)
    cast = np.array([math.cos(a), math.sin(a)]) * thickness * (rng.uniform(0.8, 2.5) if sun else rng.uniform(0.2, 0.6))
    side_shade = rng.uniform(0.7, 0.9)
    cards: list[TrueCard] = []
    for center, angle in _positions(rng, n, side, w, h):
        face = parse_face(rng.choice(LETTERS))
        art = render_card(face, style, round(side))
        top = cv2.perspectiveTransform(rotated_corners(tuple(center), (art.shape[1], art.shape[0]), angle)
                                       .reshape(1, 4, 2).astype(np.float32), H).reshape(4, 2)
        foot = top - (top.mean(axis=0) - nadir) * thickness / height
        shadow = cv2.convexHull(np.concatenate([foot, foot + cast]).astype(np.float32)).reshape(-1, 2)
        _darken(image, shadow, rng.uniform(0.5, 0.75) if sun else rng.uniform(0.75, 0.9), 0.8 if sun else 0.3 * side)
        body = cv2.convexHull(np.concatenate([top, foot]).astype(np.float32)).reshape(-1, 2)
        cv2.fillConvexPoly(image, np.round(body * 16).astype(np.int32), tuple(float(c) * side_shade for c in style.paper[::-1]),
                           cv2.LINE_AA, shift=4)
        _paste(image, art, top)
        whole = bool((top >= 1).all() and (top[:, 0] < w - 1).all() and (top[:, 1] < h - 1).all())
        cards.append(TrueCard(face, top, 1.0, whole))  # one cut by the picture's edge need not be read
    image = _camera(rng, image)
    if small if small is not None else rng.random() < 0.6:
        little = cv2.resize(image, (640, round(640 * h / w)), interpolation=cv2.INTER_AREA)
        ok, jpeg = cv2.imencode(".jpg", little, [cv2.IMWRITE_JPEG_QUALITY, rng.randint(70, 92)])
        image = cv2.resize(cv2.imdecode(jpeg, cv2.IMREAD_COLOR), (w, h), interpolation=cv2.INTER_CUBIC)
    return Scene(image=image, cards=cards, layout="tiles", style=style)


def _darken(image: np.ndarray, polygon: np.ndarray, factor: float, blur: float) -> None:
    mask = np.zeros(image.shape[:2], np.float32)
    cv2.fillConvexPoly(mask, np.round(polygon * 16).astype(np.int32), 1.0, cv2.LINE_AA, shift=4)
    mask = cv2.GaussianBlur(mask, (0, 0), max(0.5, blur))[..., None]
    image[:] = (image * (1 - (1 - factor) * mask)).astype(np.uint8)


def _paste(image: np.ndarray, art: np.ndarray, corners: np.ndarray) -> None:
    h, w = image.shape[:2]
    x0, y0 = np.floor(corners.min(axis=0)).astype(int).clip(0)
    x1, y1 = np.minimum(np.ceil(corners.max(axis=0)).astype(int) + 1, [w, h])
    if x1 <= x0 or y1 <= y0:
        return  # beyond the picture
    src = np.float32([[0, 0], [art.shape[1], 0], [art.shape[1], art.shape[0]], [0, art.shape[0]]])
    M = cv2.getPerspectiveTransform(src, (corners - [x0, y0]).astype(np.float32))
    warped = cv2.warpPerspective(art, M, (x1 - x0, y1 - y0), flags=cv2.INTER_LINEAR)
    alpha = warped[..., 3:4].astype(np.float32) / 255
    roi = image[y0:y1, x0:x1]
    roi[:] = (roi * (1 - alpha) + warped[..., 2::-1].astype(np.float32) * alpha).astype(np.uint8)
