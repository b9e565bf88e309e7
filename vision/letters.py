"""Cards found by their letters, where no edge map closed a card's outline: a cream tile on a cream
table, a white card on a white cloth, a card whose outline ran into the one beside it.

A card prints its letter big and dark in its middle, and little else near it. :func:`glyph_cards`
places a card of the size of the cards read round each such glyph, turned as the strokes or edges
around it run; :func:`vowel_pairs` places a two-vowel card round each pair of like-sized vowels the
right distance apart. Both look in the picture's print (:func:`print_of`, computed once for both),
outside the cards read already; the card reader then says whether a card lies there.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import cv2
import numpy as np

from vision.detect import WORK_SIZE, cut_by_edge, order_quad, shared_area, shrink

GLYPH_CONTRAST = 25  # how much darker than its surroundings (grey levels) a card's letter is
EDGE_SHARE = 0.02  # the most of the middle of a card found by its letter that other edges may cover (a blurred glyph's rim leaves a few)
RING = (0.42, 0.62)  # where a tile's edges run round its letter, in tile sides from its centre: its direction is theirs
STROKE_MOST = 0.25  # print is narrower than this share of a card's short side; darker patches wider than it are shade
BIG_GLYPH = 0.75  # the tallest letter a card prints, as a share of its long side
LONG_RUN = 1.0  # a run of ink at least this many card short sides long is a shade or an edge, no print
GLYPH_SEARCH = 48  # a card's short side, in pixels of the picture its letters are looked for in


def glyph_cards(gray: np.ndarray, size: tuple[float, float], taken: list[np.ndarray],
                printed: Print | None = None) -> list[list[np.ndarray]]:
    """Where a card of ``size`` (short, long side, image pixels) may lie round each big dark glyph
    outside the ``taken`` quads, overlapping none of them much: a square, or an oblong card's two
    ways of lying. A card whose outline closes in no edge map (a cream tile on a cream table, a
    white card on a white cloth, lit so that its shadow falls on one side only) still shows its
    letter, printed at its centre. Each quad is turned as the strongest edges run, all at right
    angles on a card - a tile's in the ring round its letter where its edges run, an oblong card's
    along its letter's own strokes - and is left to the reader to read, a quarter turn either way (a
    square) or a half turn (an oblong card). ``printed`` is the picture's :func:`print_of` for
    these cards, where found already."""
    short, long = size
    small, ink, scale, marks, boxes = printed or print_of(gray, short, taken)
    s = short * scale
    # the part of a card's face that holds nothing but its letter: clear of its corner indices, and
    # holding some of a two-vowel card's other vowel
    clear = (0.42 * short * scale, max(0.42 * short, 0.36 * long) * scale)
    reach = 0.65 * long * scale
    biggest = max(0.95 * s, BIG_GLYPH * long * scale)  # a card's letter may be nearly as tall as a card is wide, or more (an oblong card's)
    found = []
    for contour, (x, y, bw, bh) in zip(marks, boxes.tolist()):
        if not 0.3 * s <= max(bw, bh) <= 1.35 * s or min(bw, bh) < 0.06 * s:
            continue  # no letter of a card: a speck, a line, the table around a card
        if max(bw, bh) > biggest and max(cv2.minAreaRect(contour)[1]) > biggest:
            continue  # too big for a card's letter even along its own axes (a letter lying aslant has a wider box)
        cx, cy = x + bw / 2, y + bh / 2
        # the window round it that holds its card however turned, where the picture holds it
        x0, y0 = max(0, int(cx - reach)), max(0, int(cy - reach))
        x1, y1 = min(small.shape[1], int(cx + reach) + 1), min(small.shape[0], int(cy + reach) + 1)
        center = np.float32([cx, cy]) / scale
        window = small[y0:y1, x0:x1]
        own = np.zeros(window.shape, np.uint8)
        cv2.drawContours(own, [contour - [x0, y0]], -1, 1, thickness=cv2.FILLED)
        if cv2.countNonZero(own) < 0.02 * s * s:
            continue  # a thin ring, no letter
        stray_ink = ink[y0:y1, x0:x1] * (1 - own)
        at = (round(cx - x0), round(cy - y0))
        inner = np.zeros(window.shape, np.uint8)  # the circle inside the clear part however the card is turned
        cv2.circle(inner, at, round(clear[0]), 1, -1)
        if _print_in(stray_ink, inner, 0.04 * math.pi * clear[0] * clear[1], s):
            continue  # print round it (a patterned table, a printed sheet): found cheaply before the card is turned
        # the edges' direction (:func:`_strokes_turn`)
        if long < 1.2 * short:
            # a tile: its letter's slanting strokes (A, K, R) would turn it, and the table beyond its
            # edges may be patterned: only the ring round its letter where its edges run counts
            weight = np.zeros(window.shape, np.float32)
            cv2.circle(weight, at, round(RING[1] * s), 1.0, -1)
            cv2.circle(weight, at, round(RING[0] * s), 0.0, -1)
        else:
            # an oblong card: its letter's own strokes, which the table and the cards around do not turn
            weight = cv2.dilate(own, np.ones((3, 3), np.uint8))
        angle = _strokes_turn(window, weight)
        stray_edges = _edges_from(cv2.Canny(window, 30, 90) * (1 - cv2.dilate(own, np.ones((5, 5), np.uint8))), inner)
        ways = []
        for way in [angle] if long < 1.2 * short else [angle, angle + math.pi / 2]:
            zone, middle = np.zeros(window.shape, np.uint8), np.zeros(window.shape, np.uint8)
            turned = math.degrees(way)
            cv2.ellipse(zone, at, (round(clear[0]), round(clear[1])), turned, 0, 360, 1, -1)
            cv2.ellipse(middle, at, (round(0.7 * clear[0]), round(0.7 * clear[1])), turned, 0, 360, 1, -1)
            if _print_in(stray_ink, zone, 0.04 * cv2.countNonZero(zone), s):
                continue  # more print round it than a card's face leaves (a patterned table, a printed sheet)
            if cv2.countNonZero(stray_edges * middle) > EDGE_SHARE * cv2.countNonZero(middle):
                continue  # an edge runs across its middle: another card's, a sheet's (a T's bar above the card covering it)
            quad = order_quad(cv2.boxPoints(((float(center[0]), float(center[1])), (short, long), turned)))
            if cut_by_edge(quad, gray.shape):
                continue  # a card cut by the picture's edge is not readable
            if not any(shared_area(quad, other) > 0.15 * short * long for other in taken):
                ways.append(quad)  # else it would lie under a card found: what shows may be part of a letter (a T's stem)
        if ways:
            found.append(ways)
    return found


def _edges_from(edges: np.ndarray, inside: np.ndarray) -> np.ndarray:
    """The edges that run in from outside the ``inside`` mask, as another card's edge or a sheet's
    would: a blurred letter's rim, its dots and a tile's grain leave pieces of edge wholly inside,
    which tell nothing of what lies there."""
    _, labels = cv2.connectedComponents(edges, connectivity=8)
    reaching = np.zeros(labels.max() + 1, bool)
    reaching[labels[(edges > 0) & (inside == 0)]] = True
    reaching[0] = False
    return np.where(reaching[labels], edges, 0).astype(edges.dtype)


class Print(NamedTuple):
    """The print of a picture, as cards are looked for by their letters in it (:func:`print_of`)."""

    small: np.ndarray  # the picture, shrunk so that a card's short side is about GLYPH_SEARCH pixels
    ink: np.ndarray  # its dark strokes, no wider than a card's print
    scale: float  # of small to the picture
    marks: list[np.ndarray]  # the outer boundary of each stroke, also of one inside another's hole (a letter in its frame)
    boxes: np.ndarray  # and their bounding boxes (x, y, width, height)


def print_of(gray: np.ndarray, short: float, taken: list[np.ndarray]) -> Print:
    """The print that cards of short side ``short`` are looked for by their letters in (:class:`Print`),
    outside the ``taken`` quads: what is read already holds no letter of another card."""
    h, w = gray.shape[:2]
    scale = min(1.0, WORK_SIZE / max(h, w), GLYPH_SEARCH / short)
    if scale < 0.5:
        scale = 1 / math.floor(1 / scale)  # a whole step (a card's short side a little over GLYPH_SEARCH): area averaging is quick only at those
    small = shrink(gray, scale)
    s = short * scale
    ink = cv2.adaptiveThreshold(small, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV, max(3, int(s) | 1),
                                GLYPH_CONTRAST)
    # print is narrow: a broad dark patch (a thick tile's shaded side, a shadow) is no ink, and would
    # join the letters of tiles lying close together into one blob too big to be a letter
    brush = cv2.getStructuringElement(cv2.MORPH_RECT, (max(3, int(STROKE_MOST * s) | 1),) * 2)  # a square brush: quick
    ink &= cv2.threshold(cv2.morphologyEx(small, cv2.MORPH_BLACKHAT, brush), GLYPH_CONTRAST, 255, cv2.THRESH_BINARY)[1]
    for quad in taken:
        cv2.fillConvexPoly(ink, np.int32(np.round(np.asarray(quad) * scale)), 0)
    contours, hierarchy = cv2.findContours(ink, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    marks = [c for c, (_, _, _, parent) in zip(contours, hierarchy[0] if contours else []) if parent < 0]
    boxes = np.array([cv2.boundingRect(c) for c in marks], np.int32).reshape(-1, 4)
    return Print(small, ink, scale, marks, boxes)


VOWEL_SIZE = (0.18, 0.4)  # a two-vowel card's vowels are this tall, as shares of its long side
VOWEL_GAP = (0.4, 0.7)  # their middles this far apart
VOWELS_ALIKE = 1.35  # and the taller at most this many times as tall as the other
PAIR_ZONE = (0.4, 0.2)  # the middle of such a card, this far along and across the line between its vowels (shares of its long side)
PAIR_STRAY = 0.05  # the most of that zone other print may cover (a line between the vowels, a glyph in pieces)
BLOT_SOLID = 0.9  # a blot fills at least this share of its hull, and its ink this share of its outline


def vowel_pairs(gray: np.ndarray, size: tuple[float, float], taken: list[np.ndarray],
                printed: Print | None = None) -> list[np.ndarray]:
    """Where a card of ``size`` (short, long side) may lie round each pair of like-sized glyphs the
    right distance apart, with little other print between and beside them, outside the ``taken``
    quads: a two-vowel card prints its vowels towards either end, each too small to be taken for a
    card's one big letter (:func:`glyph_cards`), and the card's middle lies between them. It is
    turned as their strokes run, its long side the way nearer the line between them (the vowels may
    stand in opposite corners). ``printed`` is as for :func:`glyph_cards`."""
    short, long = size
    small, ink, scale, marks, boxes = printed or print_of(gray, short, taken)
    length = long * scale
    tall = boxes[:, 2:].max(axis=1).astype(np.float32)
    middles = (boxes[:, :2] + boxes[:, 2:] / 2).astype(np.float32)
    vowels = np.array([k for k in np.flatnonzero((tall >= VOWEL_SIZE[0] * length) & (tall <= VOWEL_SIZE[1] * length)).tolist()
                       if not _blot(marks[k], boxes[k], ink)], int)
    a, b = (vowels[k] for k in np.triu_indices(len(vowels), 1))
    step = middles[b] - middles[a]
    gap = np.hypot(step[:, 0], step[:, 1])
    paired = ((gap >= VOWEL_GAP[0] * length) & (gap <= VOWEL_GAP[1] * length)
              & (np.maximum(tall[a], tall[b]) <= VOWELS_ALIKE * np.minimum(tall[a], tall[b])))
    if not paired.any():
        return []  # the print round a pair is measured only where there is one
    a, b, step, gap = a[paired], b[paired], step[paired], gap[paired]
    centres, along = (middles[a] + middles[b]) / 2, step / gap[:, None]
    # the print lying in each pair's middle zone, but for the pair's own
    printing = np.flatnonzero((tall >= 0.06 * length) & (tall <= 0.6 * length))  # neither specks nor frames, sheets, tables
    covers = np.float32([cv2.contourArea(marks[k]) for k in printing.tolist()])
    offsets = middles[printing][None, :, :] - centres[:, None, :]
    u = np.abs((offsets * along[:, None, :]).sum(axis=2))
    v = np.abs(offsets[:, :, 0] * along[:, None, 1] - offsets[:, :, 1] * along[:, None, 0])
    stray = (u <= PAIR_ZONE[0] * length) & (v <= PAIR_ZONE[1] * length) & (printing != a[:, None]) & (printing != b[:, None])
    clear = (stray * covers).sum(axis=1) <= PAIR_STRAY * 4 * PAIR_ZONE[0] * PAIR_ZONE[1] * length * length
    found = []
    for first, second, centre, (ux, uy) in zip(a[clear], b[clear], centres[clear], along[clear].tolist()):
        x0, y0 = np.maximum(0, np.floor(centre - length / 2)).astype(int)
        x1, y1 = np.minimum([small.shape[1], small.shape[0]], np.ceil(centre + length / 2) + 1).astype(int)
        own = np.zeros((y1 - y0, x1 - x0), np.uint8)
        cv2.drawContours(own, [marks[first] - [x0, y0], marks[second] - [x0, y0]], -1, 1, thickness=cv2.FILLED)
        angle = _strokes_turn(small[y0:y1, x0:x1], cv2.dilate(own, np.ones((3, 3), np.uint8)))
        way = min((angle, angle + math.pi / 2), key=lambda t: abs(math.sin(t - math.atan2(uy, ux))))
        quad = order_quad(cv2.boxPoints(((float(centre[0] / scale), float(centre[1] / scale)), (long, short), math.degrees(way))))
        if cut_by_edge(quad, gray.shape):
            continue  # a card cut by the picture's edge is not readable
        if not any(shared_area(quad, other) > 0.15 * short * long for other in taken):
            found.append(quad)
    return found


def _blot(mark: np.ndarray, box: np.ndarray, ink: np.ndarray) -> bool:
    """Whether a mark of print is a solid blot (a dot of a table's pattern, no wider than a stroke of
    print), no vowel: convex, filled with ink, and no longer than it is wide. An O or an A has a
    hole, an E or a U is far from convex, and an I is long and thin."""
    x, y, w, h = box.tolist()
    area = cv2.contourArea(mark)
    hull = cv2.contourArea(cv2.convexHull(mark))
    return (max(w, h) < 2 * min(w, h) and area >= BLOT_SOLID * hull
            and cv2.countNonZero(ink[y : y + h, x : x + w]) >= BLOT_SOLID * area)


def _strokes_turn(window: np.ndarray, weight: np.ndarray) -> float:
    """How the strokes in ``window`` run, a quarter turn being no turn (radians): the mean of four
    times their edges' angle, weighted by the edges' strength times ``weight``."""
    dx, dy = cv2.Sobel(window, cv2.CV_32F, 1, 0), cv2.Sobel(window, cv2.CV_32F, 0, 1)
    strength = (dx * dx + dy * dy) * weight
    turn = np.arctan2(dy, dx) * 4
    return math.atan2(float((strength * np.sin(turn)).sum()), float((strength * np.cos(turn)).sum())) / 4


def _print_in(stray_ink: np.ndarray, zone: np.ndarray, most: float, side: float) -> bool:
    """Whether more than ``most`` pixels of print lie in ``zone`` round a card's letter: stray ink, its
    long runs not counted (:func:`_without_long_runs`, looked for only where the ink is too much)."""
    return cv2.countNonZero(stray_ink * zone) > most and cv2.countNonZero(_without_long_runs(stray_ink, side) * zone) > most


def _without_long_runs(ink: np.ndarray, side: float) -> np.ndarray:
    """Ink less its runs at least :data:`LONG_RUN` card sides long (``side``): the shaded side of a
    tile lying against another, or a shadow's edge, is no print round a card's letter."""
    _, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    long_runs = np.maximum(stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT]) >= LONG_RUN * side
    if not long_runs[1:].any():
        return ink
    long_runs[0] = True  # the background stays empty
    return np.where(long_runs[labels], 0, ink).astype(ink.dtype)
