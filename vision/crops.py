"""From a card's quadrilateral to the small, upright, normalised picture the classifier reads.

The same functions cut the training crops (:mod:`vision.synth.samples`) and the crops at run time,
so that what the model learned is exactly what it is shown.

The reader's "up" (the image's top by default, or a zone's own direction) decides how a card is
turned before reading: a card of playing-card shape is straightened with its long side upright and
the short side nearer the reader's top at the top, so its letter reads upright or upside down; a
square tile may come out turned a quarter either way. The classifier then says what it sees and how
the card's own top is turned.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

SIZE = 48  # crops are SIZE x SIZE grey
UP = np.array([0.0, -1.0])  # the image's top


def sides_of(quad: np.ndarray) -> tuple[float, float]:
    """The (short, long) side lengths of a quad, each the mean of two opposite sides."""
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = np.asarray(quad).tolist()
    a = math.hypot(x1 - x0, y1 - y0) + math.hypot(x3 - x2, y3 - y2)
    b = math.hypot(x2 - x1, y2 - y1) + math.hypot(x0 - x3, y0 - y3)
    return min(a, b) / 2, max(a, b) / 2


def is_square(quad: np.ndarray) -> bool:
    short, long = sides_of(quad)
    return long / max(1e-6, short) < 1.2


def scaled(quad: np.ndarray, factor: float) -> np.ndarray:
    """The quad grown (or shrunk) by ``factor`` about its centre: a crop with room round a card, or one
    within its printed frame."""
    center = quad.mean(axis=0)
    return center + (quad - center) * factor


def towards_top(quad: np.ndarray) -> np.ndarray:
    """From the centre of a crop's quad to the middle of its top edge (its first)."""
    return (quad[0] + quad[1]) / 2 - quad.sum(axis=0) / 4


def long_side_first(quad: np.ndarray) -> np.ndarray:
    """The quad's corners (clockwise) from an end of a long side: a-b and d-c are its long sides."""
    return quad if np.linalg.norm(quad[1] - quad[0]) >= np.linalg.norm(quad[2] - quad[1]) else np.roll(quad, -1, axis=0)


def facing(quad: np.ndarray, up: np.ndarray = UP) -> np.ndarray:
    """The quad's corners rolled so that its first edge is the card's top as the reader sees it:
    for an oblong card one of its short edges, for a square one any edge; the one most towards ``up``."""
    quad = np.asarray(quad, np.float32)
    points = quad.tolist()
    cx, cy = sum(p[0] for p in points) / 4, sum(p[1] for p in points) / 4
    ux, uy = float(up[0]), float(up[1])
    square = is_square(quad)
    best, best_score = 0, -math.inf
    for start in range(4):
        (ax, ay), (bx, by), (qx, qy) = points[start], points[(start + 1) % 4], points[(start + 2) % 4]
        if not square and math.hypot(bx - ax, by - ay) > math.hypot(qx - bx, qy - by):
            continue  # a long edge cannot be the top of an oblong card
        score = ((ax + bx) / 2 - cx) * ux + ((ay + by) / 2 - cy) * uy
        if score > best_score:
            best, best_score = start, score
    return quad[[(best + i) % 4 for i in range(4)]]


def warp(image: np.ndarray, quad: np.ndarray, size: int = SIZE) -> np.ndarray:
    """The inside of ``quad`` (first corner at the crop's top-left, clockwise) as a size x size grey crop."""
    gray = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    dst = np.float32([[0, 0], [size, 0], [size, size], [0, size]])
    M = cv2.getPerspectiveTransform(np.asarray(quad, np.float32), dst)
    return cv2.warpPerspective(gray, M, (size, size), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE)


def zoomed(crops: np.ndarray, scale: float) -> np.ndarray:
    """uint8 crops [n, S, S] scaled by ``scale`` about their middles (over 1 zooms in), their edge
    pixels repeated where zooming out leaves the crop short."""
    size = crops.shape[1]
    shift = size / 2 * (1 - scale)
    M = np.float32([[scale, 0, shift], [0, scale, shift]])
    return np.stack([cv2.warpAffine(c, M, (size, size), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE) for c in crops])


def normalise(crops: np.ndarray) -> np.ndarray:
    """uint8 [n, S, S] -> float32 [n, 1, S, S], each crop to zero mean and unit contrast, so that
    lighting and ink colour do not matter."""
    x = crops.astype(np.float32)
    mean = x.mean(axis=(1, 2), keepdims=True)
    std = x.std(axis=(1, 2), keepdims=True) + 8.0
    return ((x - mean) / std)[:, None]


def end_squares(quad: np.ndarray) -> list[np.ndarray]:
    """The two square ends of a strip (the visible part of a covered card): where its corner
    indices are. Each comes back as a quad in image coordinates, clockwise."""
    quad = np.asarray(quad, np.float32)
    # make the first edge a short one
    if np.linalg.norm(quad[1] - quad[0]) > np.linalg.norm(quad[2] - quad[1]):
        quad = np.roll(quad, -1, axis=0)
    a, b, c, d = quad  # a-b short edge, b-c long edge
    long = max(1e-6, float(np.linalg.norm(c - b)))
    short = float(np.linalg.norm(b - a))
    t = min(1.0, short / long)
    first = np.float32([a, b, b + (c - b) * t, a + (d - a) * t])
    second = np.float32([d + (a - d) * t, c + (b - c) * t, c, d])
    return [first, second]


FOOT_BAND = (0.64, 0.98, 0.04)  # a bird card's word: from and to these shares of its height, this share in from each side


def foot_band(quad: np.ndarray, top: float = FOOT_BAND[0], bottom: float = FOOT_BAND[1], margin: float = FOOT_BAND[2]) -> np.ndarray:
    """The band along the foot of a card (``quad`` clockwise from its own top-left) where a bird card
    prints the word of its action: at the card reader's size that word is a few pixels high, so it
    is cut and read on its own (:func:`vision.read.word_reader`)."""
    a, b, c, d = np.asarray(quad, np.float32)
    left, right = (lambda t: a + (d - a) * t), (lambda t: b + (c - b) * t)
    rows = [(left(t), right(t)) for t in (top, top, bottom, bottom)]
    return np.float32([l + (r - l) * share for (l, r), share in zip(rows, (margin, 1 - margin, 1 - margin, margin))])
