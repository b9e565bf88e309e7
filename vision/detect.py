"""Finding cards in an image: quadrilaterals of card face, whole or partly covered.

A card is a region of the picture enclosed by edges and shaped like a (perspective) rectangle. Edges
are found in lightness and in both colour channels, so a card shows up on a light table as well as on
a dark one, and on a table of the same brightness but another colour. The regions between edges are
then kept when they are convex, nearly fill their own quadrilateral and have a card's size. Printed
detail inside a card (letters, frames, patterns) makes holes or nested regions, which are filled or
dropped; what a covered card shows between its own edges and the card above it is a strip, kept as a
partial card when it is as long as the whole cards around it. A region made of cards laid edge to
edge, or a sheet of paper they lie on, gives way to the cards found on it.

The classifier later rejects card-shaped things that are not cards (a sheet of paper, a phone).
A card whose outline closes in no edge map is looked for by its letter instead (:mod:`vision.letters`),
once the cards found show how big a card is; the cards fanned out from under a card read are looked
for beside it (:func:`strips_beside`) where their fan's outline closes in none.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import NamedTuple

import cv2
import numpy as np

from vision.crops import sides_of

WORK_SIZE = 800  # long side of the image the search runs on
CARD_SHAPED = 1.8  # the most a card's long side is of its short one (playing cards 1.6, tiles 1.0)
CORNER_OUT = 0.4  # the farthest a fitted quadrilateral's corner may lie outside the outline, in its shortest side's lengths
SOLID = 0.88  # the least a card's face fills its own convex hull (area / hull area)
BITTEN_FILL = 0.45  # the least a face with a glyph's bite out of it fills its quadrilateral
BITTEN_SIDES = 0.85  # the least share of the quadrilateral's sides such a face must reach along
LINE_STEP = 35  # the least step in grey (a Sobel response) along a card's edge lying on another, in a straightened group
STRIP_FACE = 0.5  # a region found inside a strip of a fan running off the picture is its face where it is this share of it or more
STRIP_WIDTH = 0.7  # a piece of a group narrower than this share of its whole cards' width is a covered card's strip
HALVES_FILL = 0.3  # two holes of a face cut in two fill at least this share of the box round both
HALVES_SIZE = 0.85  # and their hull is at least this share of the median card-shaped region found
WIDE_TRIM = 0.2  # an outline that is no quadrilateral is trimmed again this hard (shares of its square root)
END_REACH = (0.08, 0.06)  # how far beyond and inside a strip's ends its card's own edges are looked for (shares of its length)
LOST_END_REACH = (0.15, 0.04)  # the same for a strip found on its own (:func:`to_card_edges`), which may be its card's frame
LOST_SIDE_REACH = 0.4  # and how far beyond its far side its card's edge is looked for, in its widths
SNAP_REACH = 0.2  # how far either way of a quad's side the edge it is snapped onto is looked for, in its short sides
SNAP_SAMPLES = 24  # the points along a side where the step in lightness across it is measured


@dataclass
class Region:
    quad: np.ndarray  # 4 x 2 float32 image points, clockwise, starting nearest the image's top-left; never changed (centre is cached)
    area: float  # in image pixels
    partial: bool = False  # a strip of a card that something covers
    inner: list[Region] = field(default_factory=list)  # card-shaped regions inside it, largest first
    parts: list[Region] = field(default_factory=list)  # the cards lying on it or making it up, where it is no card
    group: int = 0  # the pieces cut from one fanned group share this number
    cut_from: Region | None = None  # the region this piece was cut from (:func:`split_overlaps`)

    @cached_property
    def center(self) -> np.ndarray:
        # asked for hundreds of times a frame, while pieces are nested, split and paired
        return self.quad.sum(axis=0) / 4

    @property
    def sides(self) -> tuple[float, float]:
        """(short, long) side lengths."""
        return sides_of(self.quad)


def order_quad(points: np.ndarray) -> np.ndarray:
    """Four points clockwise on screen, starting with the one nearest the image's top-left."""
    pts = np.asarray(points, np.float32).reshape(4, 2)
    # four points: plain floats, at a tenth of numpy's time a call (a frame orders a hundred quads)
    xy = pts.tolist()
    cx, cy = sum(x for x, _ in xy) / 4, sum(y for _, y in xy) / 4
    order = sorted(range(4), key=lambda i: math.atan2(xy[i][1] - cy, xy[i][0] - cx))  # clockwise on screen (y down)
    start = min(range(4), key=lambda k: xy[order[k]][0] + xy[order[k]][1])
    return pts[[order[(start + i) % 4] for i in range(4)]]


INK_WIDTH = 9  # at the work size: the widest stroke of print that a closing of the lightness wipes away


class Edges(NamedTuple):
    """The edge maps of the search picture, each for its own pass."""

    thin: np.ndarray  # lightness and both colour channels: they separate touching cards
    strong: np.ndarray  # thickened to close small gaps, and blind to table texture
    faint: np.ndarray  # thin edges and the weakest steps in lightness: a light card on a light table
    inkless: np.ndarray  # the weakest steps in lightness once dark print is wiped away


def edge_maps(small: np.ndarray) -> Edges:
    """Edges in lightness and both colour channels (:class:`Edges`). Faint edges close the outline of
    a light card on a light table, where little more than its shadow shows where it ends. Inkless
    edges are those of the lightness with every dark stroke narrower than :data:`INK_WIDTH` closed
    away (a grey closing): a card's face is then one region even where a big glyph, a frame or an
    index runs close to its edge and cuts the face apart - as on a letter tile."""
    lab = cv2.cvtColor(cv2.GaussianBlur(small, (3, 3), 0), cv2.COLOR_BGR2LAB)
    maps = [np.zeros(small.shape[:2], np.uint8) for _ in range(2)]
    for plane, (channel, low, high) in zip(cv2.split(lab), ((0, 25, 70), (1, 12, 30), (2, 12, 30))):
        dx, dy = cv2.Sobel(plane, cv2.CV_16S, 1, 0), cv2.Sobel(plane, cv2.CV_16S, 0, 1)  # shared by all strengths
        for edges, strength in zip(maps, (1.0, 2.5)):
            edges |= cv2.Canny(dx, dy, low * strength, high * strength, L2gradient=True)
        if channel == 0:
            faint = cv2.Canny(dx, dy, 10, 28, L2gradient=True)
            wiped = cv2.morphologyEx(plane, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (INK_WIDTH, INK_WIDTH)))
            # Canny's own gradients, at a third of its time from the picture (it repeats the edge pixels)
            inkless = cv2.Canny(*(cv2.Sobel(wiped, cv2.CV_16S, *d, borderType=cv2.BORDER_REPLICATE) for d in ((1, 0), (0, 1))),
                                10, 28, L2gradient=True)
    thin, strong = maps
    return Edges(thin, cv2.dilate(strong, np.ones((3, 3), np.uint8)), faint | thin, inkless)


def shrink(image: np.ndarray, scale: float) -> np.ndarray:
    """The image at ``scale`` (<= 1), without aliasing. A mild shrink is a blur as wide as the step
    needs (sigma = (step - 1) / 2, scikit-image's rule) and a bilinear resize, at a quarter of area
    averaging's time; a camera frame's (1280 -> 800, sigma 0.3) needs none: a 3x3 kernel of sigma
    under 0.35 gives each neighbour less than 1 %. Halving and more (a phone photo) is area
    averaging, exact and quick at whole steps."""
    if scale >= 1:
        return image
    size = (round(image.shape[1] * scale), round(image.shape[0] * scale))
    if scale <= 0.5:
        return cv2.resize(image, size, interpolation=cv2.INTER_AREA)
    sigma = (1 / scale - 1) / 2
    blurred = cv2.GaussianBlur(image, (3, 3), sigma) if sigma >= 0.35 else image
    return cv2.resize(blurred, size, interpolation=cv2.INTER_LINEAR)


def _quad_of(mask: np.ndarray, close_notches: bool = False, trim: float = 0.08) -> tuple[np.ndarray, float] | None:
    """The quadrilateral of a filled region and the region's area, when the region nearly fills it.
    Thin appendages (the slivers of the cards under a pile's top card) are cut off first, by an
    opening ``trim`` times as wide as the region's square root. With
    ``close_notches``, a region not quite convex enough is given a second chance with its narrow
    notches closed, then a third with wide ones: a big glyph printed close to a card's edge bites into
    the face its edges enclose. A bite too wide to close is let be where the region still runs along
    all four sides of its quadrilateral (:func:`_bitten`)."""
    k = max(3, int(trim * math.sqrt(cv2.countNonZero(mask))) | 1)
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))
    outline = _outline(mask)
    if outline is None:
        return None
    # narrow notches (a round brush), then a big glyph's bite (a square one: a wide round brush is
    # slow, and a card's face is convex, which either leaves as it is)
    for width, shape in ((0.15, cv2.MORPH_ELLIPSE), (0.45, cv2.MORPH_RECT)) if close_notches else ():
        if outline is None or outline[2] >= SOLID:
            break
        c = max(3, int(width * math.sqrt(outline[0])) | 1)
        closed = cv2.morphologyEx(_padded(mask, c), cv2.MORPH_CLOSE, cv2.getStructuringElement(shape, (c, c)))
        outline = _outline(closed[c:-c, c:-c])
    if outline is None:
        return None
    area, hull, solidity = outline
    if solidity < SOLID and not close_notches:
        return None  # before the fit: most outlines a frame's edges trace are shapeless
    quad = _fit_quad(hull)
    quad_area = cv2.contourArea(quad)
    if quad_area <= 0:
        return None
    if solidity >= SOLID and area >= 0.82 * quad_area:
        return quad, area
    if solidity < SOLID and area >= BITTEN_FILL * quad_area and _bitten(mask, quad, quad_area):
        return quad, area
    return None


def _bitten(mask: np.ndarray, quad: np.ndarray, quad_area: float) -> bool:
    """Whether a region reaches its quadrilateral's four sides nearly all along them: a card's face
    with a glyph (or a frame's corner ornament) running into its edge, which takes a bite out of the
    face but leaves its sides, unlike a blot of table texture, whose hull spans its hollows."""
    center = quad.sum(axis=0) / 4
    inset = quad + (center - quad) * (2.5 / max(4.0, math.sqrt(quad_area)))  # just inside each side
    steps = inset[[1, 2, 3, 0]] - inset
    counts = np.maximum(4, (np.hypot(steps[:, 0], steps[:, 1]) / 2).astype(int))  # a point every 2 pixels
    side, first = np.repeat(np.arange(4), counts), np.repeat(np.cumsum(counts) - counts, counts)
    points = inset[side] + steps[side] * ((np.arange(len(side)) - first) / counts[side])[:, None]
    x, y = points.round().astype(int).T
    h, w = mask.shape
    within = (x >= 0) & (x < w) & (y >= 0) & (y < h)
    reached = cv2.dilate(mask, np.ones((3, 3), np.uint8))[y[within], x[within]] > 0
    return reached.sum() >= BITTEN_SIDES * len(points)


def _padded(mask: np.ndarray, width: int) -> np.ndarray:
    """The mask with ``width`` empty pixels all round (numpy's pad costs ten times as much a call)."""
    return cv2.copyMakeBorder(mask, width, width, width, width, cv2.BORDER_CONSTANT, value=0)


def _outline(mask: np.ndarray) -> tuple[float, np.ndarray, float] | None:
    """The area, convex hull and solidity (area / hull area) of a mask's largest region."""
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return None
    contour = max(contours, key=cv2.contourArea)
    area = cv2.contourArea(contour)
    hull = cv2.convexHull(contour)
    hull_area = cv2.contourArea(hull)
    return (area, hull, area / hull_area) if hull_area > 0 else None


def _fit_quad(hull: np.ndarray) -> np.ndarray:
    """The quadrilateral of a convex outline: the lines of its four longest sides, intersected, so
    that cut or rounded corners (an index printed into the corner, a real card's round corners) do
    not pull the corners inwards. A shape without four clear sides gets its smallest bounding box, as
    does one whose sides' lines meet far outside it (:data:`CORNER_OUT`): a fan one of whose cards
    lies askew of the others, the line of that card's edge taken for the fan's side."""
    peri = cv2.arcLength(hull, True)
    poly = cv2.approxPolyDP(hull, 0.01 * peri, True).reshape(-1, 2).tolist()  # plain floats: a few points
    n = len(poly)
    if n >= 4:
        steps = [(poly[(i + 1) % n][0] - x, poly[(i + 1) % n][1] - y) for i, (x, y) in enumerate(poly)]
        lengths = [math.hypot(dx, dy) for dx, dy in steps]
        sides = sorted(sorted(range(n), key=lengths.__getitem__)[-4:])
        if sum(lengths[i] for i in sides) > 0.6 * peri:
            corners = []
            for i, j in zip(sides, sides[1:] + sides[:1]):
                (px, py), (dx1, dy1) = poly[i], steps[i]
                (rx, ry), (dx2, dy2) = poly[j], steps[j]
                cross = dx1 * dy2 - dy1 * dx2
                if abs(cross) < 0.5 * lengths[i] * lengths[j]:
                    break  # neighbouring sides less than 30 degrees apart: no corner between them
                t = ((rx - px) * dy2 - (ry - py) * dx2) / cross
                corners.append((px + t * dx1, py + t * dy1))
            else:
                quad = np.float32(corners)
                hull_points = hull.astype(np.float32)
                short = min(math.dist(corners[i - 1], corners[i]) for i in range(4))
                if (cv2.contourArea(quad) <= 1.15 * cv2.contourArea(hull_points)
                        and min(cv2.pointPolygonTest(hull_points, corner, True) for corner in corners) >= -CORNER_OUT * short):
                    return quad
    return cv2.boxPoints(cv2.minAreaRect(hull)).astype(np.float32)


def find_cards(image: np.ndarray, grow: float = 2.0, gray: np.ndarray | None = None, largest: float = 0.2) -> list[Region]:
    """Card regions of a BGR image (and its grey copy, if at hand), whole cards and covered strips;
    ``largest`` is the greatest share of the picture a card (or fanned group) may fill."""
    h, w = image.shape[:2]
    scale = min(1.0, WORK_SIZE / max(h, w))
    small = shrink(image, scale)
    sh, sw = small.shape[:2]
    min_side = 0.025 * min(sh, sw)
    max_area = largest * sh * sw
    found: list[Region] = []
    boxes: list[tuple[int, int, int, int, int]] = []  # bounding boxes (x, y, x1, y1, area) of the regions found so far
    screened = 0  # how many of them the candidates of the pass under way were screened against (:func:`candidates`)

    def is_new(x: int, y: int, x1: int, y1: int) -> bool:
        """False for the same card found again (by another pass, or as a contour's other side), among
        the regions found since the pass's candidates were screened."""
        size = (x1 - x) * (y1 - y)
        for bx, by, bx1, by1, area in boxes[screened:]:  # a plain loop: a pass asks this hundreds of times
            across = (bx1 if bx1 < x1 else x1) - (bx if bx > x else x)
            if across <= 0:
                continue
            down = (by1 if by1 < y1 else y1) - (by if by > y else y)
            if down > 0 and across * down > 0.92 * (area if area > size else size):
                return False
        return True

    def candidates(rects: np.ndarray, at_edge: bool = False) -> np.ndarray:
        """Which bounding boxes (x, y, w, h) may hold a card: big enough to hold one, not too big,
        clear of the picture's edge (a card cut by it is not readable; or, ``at_edge``, only those
        the edge cuts), and not that of a card found already (by an earlier pass) - all boxes at
        once, as a pass traces thousands of contours."""
        nonlocal screened
        x, y, bw, bh = rects.T
        clear = (x > 0) & (y > 0) & (x + bw < sw) & (y + bh < sh)
        may = ((np.minimum(bw, bh) >= min_side) & (bw * bh >= min_side * min_side * 3) & (bw * bh <= max_area * 1.5)
               & (~clear if at_edge else clear))
        if boxes:
            found_boxes = np.array(boxes)
            overlap = [(np.minimum(found_boxes[:, k + 2], low[:, None] + size[:, None]) - np.maximum(found_boxes[:, k], low[:, None])).clip(0)
                       for k, (low, size) in enumerate(((x[may], bw[may]), (y[may], bh[may])))]
            known = overlap[0] * overlap[1] > 0.92 * np.maximum(found_boxes[:, 4], (bw[may] * bh[may])[:, None])
            may[may] = ~known.any(axis=1)
        screened = len(boxes)
        return may

    def consider(mask: np.ndarray, x: int, y: int, grow_px: float, face: bool, cut_off: list[Region] | None = None) -> None:
        """Keep the region of a mask (padded by one pixel, its top-left at (x, y) of the small
        picture) when it is shaped and sized like a card. Only a ``face`` (a region enclosed by
        edges) may have its notches closed: on a drawing's outline that would join fans lying side by
        side. A region that the picture's edge cuts goes to ``cut_off`` instead of the regions found."""
        fitted = _quad_of(mask, close_notches=face)
        # an outline that runs into a sheet's corner or a table's dots is trimmed harder; the box it
        # takes is then that of what is left, so that the card's own outline is still new
        trimmed = fitted is None and not face
        if trimmed:
            fitted = _quad_of(mask, trim=WIDE_TRIM)
        if fitted is None:
            return
        quad, filled = fitted
        if filled > max_area or filled < min_side * min_side * 3:
            return
        quad = quad + np.float32([x - 1, y - 1])
        c = quad.sum(axis=0) / 4
        quad = c + (quad - c) * (1 + grow_px / max(4.0, np.sqrt(filled)))
        region = Region(order_quad(quad / scale), filled / scale / scale)
        short, long = region.sides
        if short < min_side / scale or long / short > 6:
            return
        if cut_off is not None:
            cut_off.append(region)
        else:
            found.append(region)
            x1, y1 = x + mask.shape[1] - 2, y + mask.shape[0] - 2
            if trimmed:
                (x, y), (x1, y1) = np.floor(quad.min(axis=0)).astype(int).tolist(), np.ceil(quad.max(axis=0)).astype(int).tolist()
            boxes.append((x, y, x1, y1, (x1 - x) * (y1 - y)))

    # 1. faces: regions enclosed by edges (whole cards, and the visible strips of covered cards), the
    #    edges thickened a little so that a faint gap in a card's outline does not join it to the table;
    #    then the same with faint edges, for what is still missing (a light card on a light table),
    #    and with inkless ones (a face cut apart by the print on it). Printing running close to a
    #    card's border is also taken care of by the outlines (2.)
    edges = edge_maps(small)
    thin_tree: tuple[list, np.ndarray, np.ndarray, np.ndarray] | None = None  # the thin edges' traced tree, for pass 2b
    for drawing in (edges.thin, edges.faint, edges.inkless):
        thick = cv2.dilate(drawing, np.ones((3, 3), np.uint8))
        # each region between edges as a hole in them (what edges enclose, as 4-connected as the edges
        # are 8-connected), filled with the rim of edge pixels the tracing ran along (grown a pixel less
        # for it), less the drawings of edges inside it (print, cards lying in a field of the mat):
        # tracing is a sixth of labelling's time
        contours, hierarchy = cv2.findContours(thick, cv2.RETR_TREE, cv2.CHAIN_APPROX_SIMPLE)
        if not contours:
            continue
        links = hierarchy[0]  # next, previous, first child, parent
        boxes_of = _bounding_boxes(contours)
        holes = _holes(links[:, 3])
        if drawing is edges.thin:
            thin_tree = contours, links, boxes_of, holes
        for k in np.flatnonzero(holes & candidates(boxes_of)).tolist():
            x, y, bw, bh = boxes_of[k].tolist()
            if cv2.contourArea(contours[k]) < max(min_side * min_side * 3, 0.2 * bw * bh) or not is_new(x, y, x + bw, y + bh):
                continue
            mask = np.zeros((bh + 2, bw + 2), np.uint8)
            _draw_hole(mask, contours, links, k, x - 1, y - 1)
            consider(mask, x, y, grow - 2.0, face=True)
    # 2. outlines: the boundaries of the drawings of strong edges, filled (a card whose printing splits
    #    its face, or whose frame runs close to its edge), at any depth: a card lies inside a field of
    #    the mat, which lies inside the mat, which may touch a patterned table; and of the inkless
    #    edges, where a table's stripes or seams run into a fan's outline in the other maps while a
    #    double frame cuts each strip's face in two
    traced = [cv2.findContours(drawing, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)[0] for drawing in (edges.thin, edges.strong, edges.inkless)]
    contours = [c for drawn in traced for c in drawn]
    boxes_of = _bounding_boxes(contours)
    for k in np.flatnonzero(candidates(boxes_of)).tolist():
        contour = contours[k]
        x, y, bw, bh = boxes_of[k].tolist()
        area = cv2.contourArea(contour)
        if area < min_side * min_side * 3:
            continue  # a letter's outline
        if area < 0.4 * bw * bh and area < 0.4 * math.prod(cv2.minAreaRect(contour)[1]):
            continue  # something far from a filled quadrilateral (a long fan lying aslant fills its own box)
        if not is_new(x, y, x + bw, y + bh):
            continue
        mask = np.zeros((bh + 2, bw + 2), np.uint8)
        cv2.drawContours(mask, [contour - [x - 1, y - 1]], -1, 1, thickness=cv2.FILLED)
        consider(mask, x, y, -1.0, face=False)
    # 2b. a face that print running across it from edge to edge cuts in two (a Blitz card's bolt, joining
    #     the words at its ends), where the card's outline runs into the table's stripes or the card
    #     under it: two holes of the thin edges side by side, neither a card, and together as big as
    #     the cards found, where the insides of two strips' printed frames are smaller
    if thin_tree is not None:
        tree_contours, tree_links, tree_boxes, tree_holes = thin_tree
        unfound = np.flatnonzero(tree_holes & candidates(tree_boxes)).tolist()
        pairs = _face_halves(tree_contours, tree_links, tree_boxes, unfound, min_side * min_side * 3)
        around = np.array([box for _, box in pairs], np.int64).reshape(-1, 4)
        card_shaped = sorted(r.area for r in found if r.sides[1] <= CARD_SHAPED * r.sides[0])
        least = HALVES_SIZE * card_shaped[len(card_shaped) // 2] * scale * scale if card_shaped else 0.0
        for g in np.flatnonzero(candidates(around)).tolist():
            x, y, bw, bh = around[g].tolist()
            if not is_new(x, y, x + bw, y + bh) or any(inside(np.float32([x + bw / 2, y + bh / 2]) / scale, r.quad) for r in found):
                continue
            halves = [_draw_hole(np.zeros((bh + 2, bw + 2), np.uint8), tree_contours, tree_links, k, x - 1, y - 1) for k in pairs[g][0]]
            if cv2.countNonZero(cv2.dilate(halves[0], np.ones((5, 5), np.uint8)) & halves[1]):
                continue  # an edge's line between them, and no print: the faces of two cards
            mask = halves[0] | halves[1]
            if cv2.contourArea(cv2.convexHull(cv2.findNonZero(mask))) >= least:
                consider(mask, x, y, grow - 2.0, face=True)
    # 3. the outlines that the picture's edge cuts open, closed along it: a fan running off the
    #    picture, whose strips may show whole (:func:`_with_strips_cut_off`); of the strong edges
    #    alone, as the table's texture runs into the picture's edge all round in the others
    cut_off: list[Region] = []
    strong_boxes = boxes_of[len(traced[0]) : len(traced[0]) + len(traced[1])]
    for k in np.flatnonzero(candidates(strong_boxes, at_edge=True)).tolist():
        x, y, bw, bh = strong_boxes[k].tolist()
        mask = np.zeros((bh + 2, bw + 2), np.uint8)
        cv2.drawContours(mask, [traced[1][k] - [x - 1, y - 1]], -1, 1)
        # the box's sides that lie on the picture's edge drawn in: the outline's open ends meet them
        mask[1:-1, 1] |= x == 0
        mask[1, 1:-1] |= y == 0
        mask[1:-1, -2] |= x + bw >= sw
        mask[-2, 1:-1] |= y + bh >= sh
        cv2.drawContours(mask, cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0], -1, 1, thickness=cv2.FILLED)
        area = cv2.countNonZero(mask)
        if area >= min_side * min_side * 3 and area >= 0.4 * bw * bh:
            consider(mask, x, y, -1.0, face=False, cut_off=cut_off)
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if gray is None else gray
    pieces = []
    groups = _with_strips_cut_off(gray, cut_off, [group for region in _drop_nested(found) for group in _cut(gray, region)])
    for number, group in enumerate(groups):
        for piece in group:
            piece.group = number
            pieces.append(piece)
    return pieces


def cut_by_edge(quad: np.ndarray, shape: tuple[int, ...]) -> bool:
    """Whether a quad (image points) reaches within a pixel of the edge of a picture of ``shape``:
    the card it outlines is cut by it, and what shows of it may be too little to read."""
    h, w = shape[:2]
    return bool(quad.min() < 1 or (quad[:, 0] > w - 2).any() or (quad[:, 1] > h - 2).any())


def _with_strips_cut_off(gray: np.ndarray, cut_off: list[Region], groups: list[list[Region]]) -> list[list[Region]]:
    """The groups of regions found, with the covered cards' strips of fans that run off the picture
    (each fan a group of its own): a fan whose card on top the picture's edge cuts has no outline
    of its own, but its strips may show whole. Only strips clear of the edge count, and where they
    overlap regions found, only those whose regions are their own faces found narrower (at least
    :data:`STRIP_FACE` of them), whose places they take: a sheet of paper running off the picture
    cut into bands is no fan, and the cards lying on it are kept."""
    for region in sorted(cut_off, key=lambda r: -r.area):
        found = [piece for group in groups for piece in group]
        strips, faces = [], set()
        for strip in split_overlaps(gray, region):
            if not strip.partial or cut_by_edge(strip.quad, gray.shape):
                continue
            overlapping = [piece for piece in found if inside(piece.center, strip.quad) or inside(strip.center, piece.quad)]
            if all(STRIP_FACE * strip.area <= piece.area <= strip.area for piece in overlapping):
                strips.append(strip)
                faces |= {id(piece) for piece in overlapping}
        if strips:
            groups = [kept for kept in ([piece for piece in group if id(piece) not in faces] for group in groups) if kept] + [strips]
    return groups


def _draw_hole(mask: np.ndarray, contours, links: np.ndarray, k: int, x: int, y: int) -> np.ndarray:
    """Hole ``k`` of a traced tree (its top-left at ``x``, ``y`` of the picture) filled into ``mask``,
    less what its children (the drawings of edges inside it) cover."""
    cv2.drawContours(mask, [contours[k] - [x, y]], -1, 1, thickness=cv2.FILLED)
    child = int(links[k, 2])
    while child >= 0:
        cv2.drawContours(mask, [contours[child] - [x, y]], -1, 0, thickness=cv2.FILLED)
        child = int(links[child, 0])
    return mask


def _face_halves(contours, links: np.ndarray, boxes: np.ndarray, holes: list[int],
                 least: float) -> list[tuple[tuple[int, int], tuple[int, int, int, int]]]:
    """The pairs of ``holes`` of a traced tree that may be the two halves of one card's face cut apart
    by print running across it, each with the box (x, y, w, h) round both: holes in the same drawing
    (one parent), each at least ``least`` in area, alike in area (one at most twice the other), whose
    bounding boxes overlap and together fill at least :data:`HALVES_FILL` of the box round both."""
    areas = {k: cv2.contourArea(contours[k]) for k in holes}
    by_parent: dict[int, list[int]] = {}
    for k in holes:
        if areas[k] >= least:
            by_parent.setdefault(int(links[k, 3]), []).append(k)
    pairs = []
    for siblings in by_parent.values():
        for n, a in enumerate(siblings):
            for b in siblings[n + 1 :]:
                (ax, ay, aw, ah), (bx, by, bw, bh) = boxes[a].tolist(), boxes[b].tolist()
                if min(ax + aw, bx + bw) <= max(ax, bx) or min(ay + ah, by + bh) <= max(ay, by):
                    continue
                x, y = min(ax, bx), min(ay, by)
                width, height = max(ax + aw, bx + bw) - x, max(ay + ah, by + bh) - y
                if areas[a] + areas[b] >= HALVES_FILL * width * height and max(areas[a], areas[b]) <= 2 * min(areas[a], areas[b]):
                    pairs.append(((a, b), (x, y, width, height)))
    return pairs


def _holes(parents: np.ndarray) -> np.ndarray:
    """Which contours of a traced tree (each one's parent, -1 at the top) are holes in a drawing, not
    its outside: those at odd depth. The tree of a frame has thousands of contours (the table's
    texture), a few levels deep: climbed a level at a time, all contours at once."""
    odd = np.zeros(len(parents), bool)
    above = parents.copy()
    while True:
        climbing = above >= 0
        if not climbing.any():
            return odd
        odd ^= climbing
        above[climbing] = parents[above[climbing]]


def _bounding_boxes(contours) -> np.ndarray:
    """The bounding box (x, y, w, h) of each contour, as cv2.boundingRect gives it, all at once: a
    frame's edge maps trace into thousands of contours, nearly all specks of texture."""
    if not contours:
        return np.zeros((0, 4), np.int64)
    points = np.concatenate(contours).reshape(-1, 2).astype(np.int64)
    starts = np.cumsum([0] + [len(c) for c in contours[:-1]])
    low, high = np.minimum.reduceat(points, starts), np.maximum.reduceat(points, starts)
    return np.concatenate([low, high - low + 1], axis=1)


def _drop_nested(regions: list[Region]) -> list[Region]:
    """Keep the outermost of regions inside each other (a card's frame, a half of a card, the same
    card found as a face and as an outline, the cards of a fan inside the fan's outline); the inner
    ones stay with it as alternatives, for when the outer one is not a card (a dark field of the mat
    around a card, a sheet of paper under it). An outer region that cards lie on or make up
    (:func:`_cards_on`) keeps them as its ``parts`` instead, each with its own alternatives."""
    kept: list[Region] = []
    within: list[list[Region]] = []  # every region inside each kept one, largest first
    bounds: list[tuple[float, float, float, float]] = []  # each kept one's bounding box: most centres lie outside it
    for region in sorted(regions, key=lambda r: -r.area):
        x, y = region.center.tolist()
        k = next((k for k, (o, (x0, y0, x1, y1)) in enumerate(zip(kept, bounds))
                  if x0 < x < x1 and y0 < y < y1 and inside(region.center, o.quad)), None)
        if k is None:
            kept.append(region)
            within.append([])
            bounds.append((*region.quad.min(axis=0).tolist(), *region.quad.max(axis=0).tolist()))
        else:
            within[k].append(region)
    for outer, inner in zip(kept, within):
        cards = _cards_on(outer, inner)
        if cards:
            outer.parts = _drop_nested([r for r in inner if any(r is c or inside(r.center, c.quad) for c in cards)])
            continue
        for region in inner:
            if region.area < 0.9 * (outer.inner[-1].area if outer.inner else outer.area) and len(outer.inner) < 4:
                outer.inner.append(region)  # each alternative clearly smaller than the last
    return kept


def _cards_on(outer: Region, inner: list[Region]) -> list[Region]:
    """The cards lying on ``outer`` or making it up, when it is no card itself but a block of cards
    laid edge to edge (a word, a crossword of tiles) or a sheet of paper or tray they lie on; else
    nothing. They are the outermost regions inside it (none inside another) alike in size to the
    largest, shaped like a card (not a covered card's strip), each under half of it and over a
    thirtieth: three or more, or two covering under half of it (the two halves of a two-vowel card
    cover most of the card). What a card's frame, glyphs and indices enclose is nested, or much
    smaller. A block inside it (the same block found without one of its cards) stands for its own
    cards, three or more."""
    tops: list[Region] = []
    for region in inner:  # largest first
        if not any(inside(region.center, top.quad) for top in tops):
            tops.append(region)
    if tops and tops[0].sides[1] > CARD_SHAPED * tops[0].sides[0]:
        block = tops[0]
        cards = _cards_on(block, [r for r in inner if r is not block and inside(r.center, block.quad)])
        if len(cards) >= 3:
            tops = sorted(cards + tops[1:], key=lambda r: -r.area)
    least = max(0.6 * tops[0].area, outer.area / 30) if tops else 0.0
    cards = [top for top in tops if top.area >= least and top.sides[1] <= CARD_SHAPED * top.sides[0]]
    if not cards or cards[0].area >= 0.5 * outer.area:
        return []
    if len(cards) >= 3 or (len(cards) == 2 and cards[0].area + cards[1].area < 0.5 * outer.area):
        return cards
    return []


def _cut(gray: np.ndarray, region: Region) -> list[list[Region]]:
    """A region cut into the groups of regions that are read: a fanned group into its strips and top
    card (:func:`split_overlaps`); a block of cards or a sheet into the cards found on it, each cut in
    turn, and the pieces of it where none was found (a card of the block whose own outline was lost)."""
    pieces = split_overlaps(gray, region)
    if not region.parts:
        return [pieces]
    groups = [group for part in region.parts for group in _cut(gray, part)]
    bare = [piece for piece in pieces
            if not any(inside(part.center, piece.quad) or inside(piece.center, part.quad) for part in region.parts)]
    return groups + ([bare] if bare else [])


def snapped(gray: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """The quad (4 image points, clockwise) with each side moved onto the straight edge near it: of
    the lines within :data:`SNAP_REACH` of the side, at any slant, the one whose mean step in
    lightness across it is greatest (steps one way and the other cancel). An outline traced with a
    corner pulled off (into the table's print, a shadow, the card beside it) is so put back onto the
    card's own sides, which run straight and unbroken. The corners keep their order."""
    quad = np.asarray(quad, np.float32)
    short, _ = sides_of(quad)
    reach = max(4, round(SNAP_REACH * short))
    offsets = np.arange(-reach, reach + 1, dtype=np.float32)
    along = np.linspace(0.12, 0.88, SNAP_SAMPLES, dtype=np.float32)  # clear of the corners, which may be round
    profiles, steps, normals = _across_sides(gray, quad, along, offsets)
    profiles = profiles.astype(np.float32)
    across = np.zeros_like(profiles)
    across[:, 1:-1] = profiles[:, 2:] - profiles[:, :-2]
    strength = np.abs(np.take(across.reshape(4, -1), _lines_through(len(offsets), SNAP_SAMPLES), axis=1).sum(axis=1))
    best = strength.reshape(4, -1).argmax(axis=1)
    starts = quad + along[0] * steps + offsets[best // len(offsets), None] * normals
    ends = quad + along[-1] * steps + offsets[best % len(offsets), None] * normals
    corners = _where_sides_cross(starts, ends - starts)
    return quad if corners is None else corners


def _across_sides(picture: np.ndarray, quad: np.ndarray, along: np.ndarray,
                  offsets: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The picture (grey or colour) across each side of a quad (clockwise): at each share ``along`` of
    the side, a row of samples at each of ``offsets`` pixels out from it (in, where negative), side
    after side; with the sides' steps (side k from corner k to corner k + 1) and their outward unit normals.
    Called for every card a frame reports: the sample points are worked out one axis at a time, in
    few numpy calls (each costs more than its arithmetic on a few thousand points)."""
    steps = quad[[1, 2, 3, 0]] - quad
    normals = steps[:, ::-1] * np.float32([1, -1]) / np.sqrt((steps * steps).sum(axis=1, keepdims=True))
    outwards = ((quad + steps / 2 - quad.mean(axis=0)) * normals).sum(axis=1) < 0
    normals[outwards] *= -1
    maps = [(quad[:, None, None, axis] + along[:, None] * steps[:, None, None, axis]
             + offsets * normals[:, None, None, axis]).reshape(4 * len(along), len(offsets)) for axis in (0, 1)]
    rows = cv2.remap(picture, *maps, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return rows, steps, normals


def _where_sides_cross(points: np.ndarray, directions: np.ndarray) -> np.ndarray | None:
    """The corners of the quad whose side k runs through ``points[k]`` along ``directions[k]``: corner
    k where sides k - 1 and k cross; None where two sides meeting run parallel."""
    corners = []
    for k in range(4):
        a, u, c, v = points[k - 1], directions[k - 1], points[k], directions[k]
        cross = float(u[0] * v[1] - u[1] * v[0])
        if abs(cross) < 1e-6:
            return None
        corners.append(a + u * float((c - a)[0] * v[1] - (c - a)[1] * v[0]) / cross)
    return np.float32(corners)


FRAME_REACH = 0.22  # how far beyond a card found along its printed frame its own edge is looked for, in its short sides
FRAME_ALIKE = 0.05  # the sides of a frame printed all round lie as far inside the card's edges, within this (short sides)
TABLE_DARKER = 0.7  # the table beyond a card's edge, where it can be told from the card, is this share of its paper or darker
_SIDES_MIDDLE = np.linspace(0.25, 0.75, 16, dtype=np.float32)  # where it is looked for along each side: the corner indices lie outside the frame
SNAP_HOLDS = 0.97  # a card found askew inside its edges is put onto the edges near it only where they hold this share of it
HUE_WEIGHT = 4.0  # in colour, a difference of hue counts this many times one of lightness (OpenCV's 8-bit Lab units) beside a card


def to_own_edges(gray: np.ndarray, quad: np.ndarray, image: np.ndarray | None = None) -> np.ndarray:
    """A whole card's quad (4 image points, clockwise) moved out onto the card's own edges where it was
    found along the frame printed inside them (a double frame's inner line: the face it encloses is
    card-shaped too). Beyond such a side lie the frame's line, no wider than a printed line, then
    paper, then, within :data:`FRAME_REACH`, the table (darker than :data:`TABLE_DARKER` of the
    card's paper); the frame is printed all round, so at least three sides move out about as far
    (:data:`FRAME_ALIKE`), and one whose paper runs on (a card beside or under it) as far as the
    others. A card found along its edges has the table just beyond them and comes back as it was,
    as does one on a table nearly as light as itself. Where the grey picture shows paper running on
    beyond two sides or more, the colour ``image`` (BGR), if given, is looked at for the frame as
    well: a pastel table as light as the card still differs from its paper in hue
    (:data:`HUE_WEIGHT`). A card found inside its edges but askew of them (along a frame's lines at
    a slant, its outline bitten by its letter), whose sides no frame moves out alike, is put onto
    the straight lines near its sides (:func:`snapped`) where those hold it (:data:`SNAP_HOLDS`) and
    lie beyond three of its sides by more than a printed line's width; and out of its frame from
    there, where those lines are its frame's. The corners keep their order."""
    quad = np.asarray(quad, np.float32)
    short, _ = sides_of(quad)
    beyond, steps, normals = _beyond_sides(gray, quad, short)
    framed = _out_of_frame(quad, beyond, steps, normals, short)
    if framed is not None:
        return framed
    line = _printed_line(short)
    if sum(d <= line for d in beyond) >= 3:  # NaN is no number
        return quad  # the table within a printed line's width beyond three sides: found along its own edges
    if image is not None and sum(math.isnan(d) for d in beyond) >= 2:
        framed = _out_of_frame(quad, _beyond_sides(image, quad, short)[0], steps, normals, short)
        if framed is not None:
            return framed
    straight = snapped(gray, quad)
    if shared_area(straight, quad) < SNAP_HOLDS * cv2.contourArea(quad):
        return quad
    middles = (straight + straight[[1, 2, 3, 0]] - quad - quad[[1, 2, 3, 0]]) / 2
    if int(((middles * normals).sum(axis=1) > line).sum()) < 3:  # how far each side's middle moved out
        return quad
    framed = _out_of_frame(straight, *_beyond_sides(gray, straight, short), short)  # put onto its frame's line
    return straight if framed is None else framed


def _out_of_frame(quad: np.ndarray, beyond: list[float], steps: np.ndarray, normals: np.ndarray,
                  short: float) -> np.ndarray | None:
    """A card's quad found along its printed frame, moved out onto its own edges where at least three
    sides' frames lie about as far inside them (:func:`_beyond_sides`), a side whose paper runs on
    as far as the others; else None."""
    moved = sorted(d for d in beyond if not math.isnan(d))
    if len(moved) < 3 or moved[-1] - moved[0] > FRAME_ALIKE * short or moved[-1] == 0:
        return None
    middle = statistics.median(moved)
    shift = np.float32([middle if math.isnan(d) else d for d in beyond])
    return _where_sides_cross(quad + shift[:, None] * normals, steps)


def _printed_line(short: float) -> int:
    """The widest a printed line (a frame's) may be on a card of short side ``short``, in pixels."""
    return max(3, round(0.03 * short))


def _beyond_sides(picture: np.ndarray, quad: np.ndarray, short: float) -> tuple[list[float], np.ndarray, np.ndarray]:
    """What lies beyond each side of a whole card's quad (:func:`to_own_edges`), its short side
    ``short``: 0 where the table begins just beyond it; how far out the table begins, in pixels, where
    a printed line and then paper lie between; NaN where paper runs on (a light table, a card beside
    it) or a gap of table lies between (a card beside it). With the sides' steps and outward normals.
    In a grey ``picture`` lightness tells paper from table; in a colour one (BGR), likeness to the
    card's paper does (:func:`_paper_likeness`)."""
    inward, reach = max(3, round(0.15 * short)), max(4, round(FRAME_REACH * short))
    offsets = np.arange(-inward, reach + 1, dtype=np.float32)
    profiles, steps, normals = _across_sides(picture, quad, _SIDES_MIDDLE, offsets)
    if profiles.ndim == 3:
        profiles = _paper_likeness(profiles, inward)
    # each side's median row, outwards
    ranked = np.sort(profiles.reshape(4, len(_SIDES_MIDDLE), len(offsets)), axis=1)
    half = len(_SIDES_MIDDLE) // 2
    rows = (ranked[:, half - 1] + ranked[:, half].astype(np.float64)) / 2
    paper = _lightest_tenth(profiles[:, :inward].ravel())  # the card's face just inside its sides
    line = _printed_line(short)
    out: list[float] = []
    for row in (rows[:, inward + 1 :] / max(1.0, paper)).tolist():  # beyond each side, from the first pixel out
        table = sorted(row[-3:])[1]
        if table > TABLE_DARKER:
            out.append(math.nan)  # paper runs on: a light table, or a card beside or under it
            continue
        light = [k for k, shade in enumerate(row) if shade >= (1 + table) / 2]  # lighter than halfway from the table to the paper
        if not light or light[0] > line:
            out.append(0.0)  # the table just beyond, wider than a printed line: the card's own edge
            continue
        darkest = max((b - a - 1 for a, b in zip(light, light[1:])), default=0)  # the widest dark run between
        out.append(math.nan if darkest > line else float(light[-1] + 1))  # a gap of table: a card beside it
    return out, steps, normals


def _paper_likeness(samples: np.ndarray, inward: int) -> np.ndarray:
    """Colour samples across a card's sides (BGR rows, their first ``inward`` on the card's face) as
    grey levels of likeness to the card's paper: its lightness less the sample's distance from it in
    Lab, hue weighted :data:`HUE_WEIGHT` times. Paper keeps its lightness, a darker grey is as dark
    as in lightness alone, and a table of another hue is darker the more its hue differs."""
    lab = cv2.cvtColor(samples, cv2.COLOR_BGR2LAB).astype(np.float32)
    face = lab[:, :inward].reshape(-1, 3)
    paper = np.median(face[face[:, 0] >= _lightest_tenth(face[:, 0])], axis=0)  # the colour of the face's lightest tenth
    differ = (lab - paper) * np.float32([1, HUE_WEIGHT, HUE_WEIGHT])
    return np.clip(paper[0] - np.sqrt((differ * differ).sum(axis=2)), 0, 255).round().astype(np.uint8)


def _lightest_tenth(values: np.ndarray) -> float:
    """Where the lightest tenth of ``values`` (a card face's samples) begins: its paper, clear of its print."""
    rank = int(0.9 * len(values))
    return float(np.partition(values, rank)[rank])


@lru_cache(maxsize=8)  # a frame's cards are alike in size; each entry is under a megabyte
def _lines_through(width: int, samples: int) -> np.ndarray:
    """Every line across a band ``width`` offsets wide and ``samples`` long, from each offset at its
    first sample to each at its last: [sample, first, last] flat indices into the band (the samples
    outermost: a line's sum is then a sum of whole planes, a sixth of the time of one along the last axis)."""
    spread = np.arange(width)
    at = np.rint(spread[None, :, None] + (spread[None, None, :] - spread[None, :, None]) * np.linspace(0, 1, samples)[:, None, None])
    return (at + np.arange(samples)[:, None, None] * width).astype(np.int32)


def inside(point: np.ndarray, quad: np.ndarray) -> bool:
    return cv2.pointPolygonTest(quad.reshape(-1, 1, 2), (float(point[0]), float(point[1])), False) > 0


def shared_area(a: np.ndarray, b: np.ndarray) -> float:
    """The area two convex quads share."""
    return float(cv2.intersectConvexConvex(np.asarray(a, np.float32), np.asarray(b, np.float32))[0])


def _line_positions(profile: np.ndarray, low: float, high: float, least: float = 0.85) -> tuple[list[int], list[int]]:
    """Centres of thin runs where a straight line crosses the whole group (``least`` of it at the
    line's strongest): the edges of cards lying on others. A printed bar (a letter's stroke, a
    stripe) is thick, and is not taken. A wide run in a fan (where thin lines cross it too) is the
    patterned back of a card lying face down among its cards: its two ends are that card's edges,
    given apart (the second list)."""
    n = len(profile)
    hits = np.flatnonzero(profile > least)
    hits = hits[(hits > low * n) & (hits < high * n)]
    if not len(hits):
        return [], []
    lines, backs = [], []
    for run in np.split(hits, np.flatnonzero(np.diff(hits) > 1) + 1):
        a, b = int(run[0]), int(run[-1])
        while a > 0 and profile[a - 1] > 0.6:
            a -= 1
        while b < n - 1 and profile[b + 1] > 0.6:
            b += 1
        if b - a <= 24:
            lines.append((a + b) // 2)
        elif a > low * n and b < high * n:
            backs += [a, b]
    return (lines, backs) if lines else ([], [])


def split_overlaps(gray_image: np.ndarray, region: Region) -> list[Region]:
    """A region that is a fanned group of cards, cut into the strips of the covered cards and the
    card on top; a single card (or a squared pile) comes back unchanged, and a piece longer than any
    card (a row of a block of cards laid edge to edge) is cut across in turn.

    Cards overlap along one axis, so the edge of each card lying on another is a straight line
    across the whole group: found as a column (or row) of the straightened group that is an edge
    from end to end."""
    quad = region.quad
    wq = float(np.linalg.norm(quad[1] - quad[0]))
    hq = float(np.linalg.norm(quad[3] - quad[0]))
    k = 200.0 / max(wq, hq)
    W, H = max(8, round(wq * k)), max(8, round(hq * k))
    M = cv2.getPerspectiveTransform(quad, np.float32([[0, 0], [W, 0], [W, H], [0, H]]))
    gray = cv2.GaussianBlur(cv2.warpPerspective(gray_image, M, (W, H)), (3, 3), 0)
    best: tuple[int, list[int]] | None = None
    for axis in (1, 0):  # 1: lines across columns (cards side by side), 0: across rows
        grad = np.abs(cv2.Sobel(gray, cv2.CV_16S, 1 if axis == 1 else 0, 0 if axis == 1 else 1, ksize=3))
        strong = (grad > LINE_STEP).astype(np.uint8)
        strong = cv2.dilate(strong, np.ones((1, 3) if axis == 1 else (3, 1), np.uint8))
        span = strong[round(0.04 * H) : round(0.96 * H)] if axis == 1 else strong[:, round(0.04 * W) : round(0.96 * W)]
        profile = cv2.reduce(span, 0 if axis == 1 else 1, cv2.REDUCE_AVG, dtype=cv2.CV_32F).ravel()
        thin, backs = _line_positions(profile, 0.1, 0.9)
        lines = sorted(thin + backs)
        if lines and (best is None or len(lines) > len(best[1])):
            best = (axis, lines, backs, profile)
    if best is None:
        return [region]
    axis, lines, backs, profile = best
    length = W if axis == 1 else H

    def pieces_between(lines: list[int]) -> list[tuple[int, int]]:
        cuts = [0, *lines, length]
        return [(a, b) for a, b in zip(cuts, cuts[1:]) if b - a >= 0.06 * length]

    pieces = pieces_between(lines)
    if len(pieces) >= 2:
        # the card on top lies towards the widest piece: the side of each line towards it is that
        # card's (a face-down card's dark back beside its edge is no glyph's stroke)
        top = max(pieces, key=lambda p: p[1] - p[0])
        across, paper = (gray if axis == 1 else gray.T), _percentile(gray, 90)
        pieces = pieces_between([x for x in lines if x in backs or not _stroke_beside(across, paper, x, 1 if x < top[1] else -1)])
    if len(pieces) < 2:
        return [region]
    span = H if axis == 1 else W
    ends = ((0, pieces[0]), (len(pieces) - 1, pieces[-1]))
    if any(b - a > CARD_SHAPED * span for _, (a, b) in ends):
        # a piece at an end longer than any card, beside strips: the card on top and the strips
        # nearest it, whose edges lie too askew to cross the straightened group as plainly as the
        # others; fainter lines in it are taken, from the strips' side, while what is left of it is
        # still longer than a card
        faint = _line_positions(profile, 0.1, 0.9, least=0.7)[0]
        extra = []
        for k, (a, b) in ends:
            inner = sorted((x for x in faint if a < x < b), reverse=k == 0)
            while inner and b - a > CARD_SHAPED * span:
                x = inner.pop(0)
                extra.append(x)
                a, b = (x, b) if k else (a, x)
        if extra:
            pieces = pieces_between(sorted({a for a, _ in pieces[1:]} | set(extra)))
    # a whole card's width, from the widest piece that is one card (wider ones hold several and are
    # cut again); a piece clearly narrower is a strip. Cards laid edge to edge each lie a little
    # askew, so the straight cuts between them leave whole cards a fifth narrower or wider than others
    widths = [b - a for a, b in pieces]
    widest = max([w for w in widths if w <= CARD_SHAPED * span] or widths)
    # the group again with a margin all round, where a strip's card may end beyond the group's outline
    m = round(END_REACH[0] * max(W, H)) + 2
    M = np.float64([[1, 0, m], [0, 1, m], [0, 0, 1]]) @ M
    around = cv2.warpPerspective(gray_image, M, (W + 2 * m, H + 2 * m))
    inverse = np.linalg.inv(M)
    along = around if axis == 1 else around.T  # pieces side by side, each running down the rows
    out = []
    for a, b in pieces:
        partial = (b - a) < STRIP_WIDTH * widest
        start, stop = m, m + span
        if partial and b - a >= 6:
            start, stop = _card_ends(along, m + a, m + b, m, m + span)
        if axis == 1:
            rect = np.float32([[m + a, start], [m + b, start], [m + b, stop], [m + a, stop]])
        else:
            rect = np.float32([[start, m + a], [stop, m + a], [stop, m + b], [start, m + b]])
        piece_quad = cv2.perspectiveTransform(rect.reshape(1, 4, 2), inverse).reshape(4, 2)
        piece = Region(order_quad(piece_quad), float(cv2.contourArea(piece_quad)), partial=partial)
        piece.inner = [r for r in region.inner if inside(r.center, piece.quad) and r.area < 1.5 * piece.area]
        short, long = piece.sides
        # a whole piece longer than any card is a row of a block of cards edge to edge: cut it across
        out.extend(split_overlaps(gray_image, piece) if not partial and long > CARD_SHAPED * short else [piece])
    for piece in out:
        piece.cut_from = region
    return out


def _percentile(values: np.ndarray, q: float) -> float:
    """numpy's percentile of uint8 values (its linear rule, the same number), from their histogram: at
    a quarter of its time on a straightened group's every pixel."""
    counts = np.cumsum(np.bincount(values.ravel(), minlength=256))
    n = int(counts[-1])
    at = (n - 1) * (q / 100)
    lo = math.floor(at)
    a, b = (float(np.searchsorted(counts, k, side="right")) for k in (lo, min(lo + 1, n - 1)))  # the values ranked lo and lo + 1
    t = at - lo
    return b - (b - a) * (1 - t) if t >= 0.5 else a + (b - a) * t


def _stroke_beside(along: np.ndarray, paper: float, x: int, side: int) -> bool:
    """Whether column ``x`` of a straightened group (its ``paper`` this light) has a stroke of ink
    along it on the ``side`` (+1 right, -1 left) where the card lying on top would be: dark just
    beside the line, light a little further on. That is the straight edge of a big printed glyph (a
    serif W's top), not the edge of a card lying on another, which leaves its own margin of paper;
    a dark card is dark all across."""
    w = along.shape[1]

    def light(a: int, b: int) -> bool:
        band = along[:, max(0, min(a, b)) : min(w, max(0, max(a, b)))]
        return not band.size or float(np.median(band)) >= 0.5 * paper

    return not light(x + 3 * side, x + 7 * side) and light(x + 12 * side, x + 20 * side)


def _card_ends(along: np.ndarray, a: int, b: int, start: int, stop: int,
               reach: tuple[float, float] = END_REACH) -> tuple[float, float]:
    """Where a covered card's own edges cross its strip (columns ``a`` to ``b`` of ``along``, the
    group straightened with a margin all round, its strips running down the rows from ``start`` to
    ``stop``), near the strip's two ends: the outermost line across the strip's middle within
    ``reach`` of each end (beyond it, within it), else the end as it is. A fan's outline runs along
    its outermost cards, and the cards lie a little askew to each other: a strip cut from it may stop
    short of its card's end, and cut the corner index printed there."""
    length = stop - start
    beyond, within = round(reach[0] * length), round(reach[1] * length)
    lo, hi = max(0, start - beyond), min(len(along), stop + beyond)
    inset = round(0.2 * (b - a))
    crossed = _lines_crossing(along[lo:hi, a + inset : b - inset], axis=0)
    top = _outermost(crossed, range(0, start + within - lo))
    bottom = _outermost(crossed, range(hi - 1 - lo, stop - within - 1 - lo, -1))
    return (start if top is None else top + lo), (stop if bottom is None else bottom + lo)


def _lines_crossing(band: np.ndarray, axis: int) -> np.ndarray:
    """The share of each row (``axis`` 0) or column (1) of ``band`` that is an edge running along it."""
    band = cv2.GaussianBlur(np.ascontiguousarray(band), (3, 3), 0).astype(np.float32)
    step = np.abs(cv2.Sobel(band, cv2.CV_32F, axis, 1 - axis, ksize=3)) > 40
    return step.mean(axis=1 - axis)


def _outermost(crossed: np.ndarray, order: range) -> float | None:
    """The middle of the first run of rows (or columns), in the order given, that a line crosses."""
    run: list[int] = []
    for k in order:
        if crossed[k] > 0.6:
            run.append(k)
        elif run:
            break
    return (run[0] + run[-1]) / 2 if run else None


def to_card_edges(gray: np.ndarray, strip: np.ndarray, away: np.ndarray | None = None) -> np.ndarray:
    """A covered card's strip (4 image points) found short of its card, grown to the card's own
    edges: its ends to the outermost lines across it within :data:`LOST_END_REACH`, and, given the
    direction ``away`` from the card lying on it, its far side to the outermost line along it within
    :data:`LOST_SIDE_REACH`. A strip found on its own is often the inside of its card's printed
    frame, stretched to the length of the card on top, itself maybe found inside its own frame: the
    corner index lies outside the frame, in the margin such a strip leaves out. The reaches end
    short of what lies beyond the card's edge: the table, or the card beneath, whose own frame lies
    a strip's width further on, along its own edge."""
    quad = order_quad(np.asarray(strip, np.float32))
    if math.dist(quad[0], quad[1]) > math.dist(quad[1], quad[2]):
        quad = np.roll(quad, -1, axis=0)  # its long sides running down the rows of the straightened view
    width = (math.dist(quad[0], quad[1]) + math.dist(quad[3], quad[2])) / 2
    length = (math.dist(quad[1], quad[2]) + math.dist(quad[0], quad[3])) / 2
    H = 200
    W = max(8, round(width * H / max(1.0, length)))
    my = round(LOST_END_REACH[0] * H) + 2
    mx = round(LOST_SIDE_REACH * W) + 2 if away is not None else 0
    M = cv2.getPerspectiveTransform(quad, np.float32([[mx, my], [mx + W, my], [mx + W, my + H], [mx, my + H]]))
    view = cv2.warpPerspective(gray, M, (W + 2 * mx, H + 2 * my))
    start, stop = _card_ends(view, mx, mx + W, my, my + H, LOST_END_REACH)
    left, right = float(mx), float(mx + W)
    if away is not None:
        crossed = _lines_crossing(view[my + H // 4 : my + 3 * H // 4], axis=1)  # along the strip's middle, clear of its indices
        if float(np.dot(away, quad[1] - quad[0])) > 0:
            edge = _outermost(crossed, range(len(crossed) - 1, mx + W - 1, -1))
            right = right if edge is None else edge
        else:
            edge = _outermost(crossed, range(0, mx + 1))
            left = left if edge is None else edge
    rect = np.float32([[left, start], [right, start], [right, stop], [left, stop]])
    return order_quad(cv2.perspectiveTransform(rect.reshape(1, 4, 2), np.linalg.inv(M)).reshape(4, 2))


FAN_REACH = 2.0  # how far beside a card the strips of the cards under it are looked for, in card widths across that side
STRIP_LEAST = 0.12  # the narrowest strip looked for beside a card, as a share of the card's width across that side
NEAR_PAPER = 0.25  # paper just beside a card is looked for this far out, in the card's widths across that side: past its edge and its shadow
STRIP_MOST = 0.5  # and the widest: a fan shows a strip of each covered card, a band wider than this is something else
STRIP_STEPS = (40, 20)  # the least step in grey (a Sobel response) at a covered card's edge beside a card; where that divides no strip off a side, the fainter edge of a light card on another
FAINT_STRIPS = 2  # the fewest strips the fainter edges must divide off a side: one faint line beside a card is as likely the print of a sheet, or of a card lying beside it
PAPER = 0.75  # a strip's median lightness is at least this share of the paper of the card lying on it
CARD_PX = 32  # a card's short side in the picture of it and its surroundings that its fan is looked for in
FINE_CARD_PX = 96  # and in the finer one where paper lies beyond the strips found there and lines crowd the band:
# a card's printed frame and its edge, a few pixels apart, run together at CARD_PX and hide the strips' edges
CROWDED = 0.4  # lines crowd a side's band where they cross this share of its rows within a card's width of it
LINE_ALL_ALONG = 0.85  # a line crosses a band's row where its edges cover this share of the row
LINE_BROKEN = 0.5  # a line broken where print crosses it (a covered card's big glyph) still covers this share of the row
LINE_RUN = 3  # the rows one line's edges cover across it (a Sobel step, thickened by a row each way)
FRAMED_EDGE = 3.0  # a covered card's edge and the frame printed inside it span at most this many of a strip's narrowest


def strips_beside(gray: np.ndarray, card: np.ndarray) -> list[np.ndarray]:
    """The strips of the cards fanned out from under ``card`` (4 image points, clockwise), for a fan
    whose outline was found in no edge map (it touches a hand, a sheet of paper, a card of its own
    colour): beside each side of the card, the bands of paper as long as that side that straight
    lines parallel to it divide - each covered card's edge, lying on the next one. Each strip comes
    back as a quad of image points. Where a side's band holds paper that no plain edge divides, its
    faint edges are looked for (:data:`STRIP_STEPS`): light cards lying on each other with no shadow
    between them. Called for every card read: the card and all round it are straightened in one
    small picture (:data:`CARD_PX`); a side where lines crowd the band and paper still lies beyond
    the strips they divide (or beside the card, where they divide none), or where lines that the big
    glyphs printed on the strips break run along much of the band and divide none, is looked at again
    in a finer one (:data:`FINE_CARD_PX`), and the more strips found there are taken."""
    quad = np.asarray(card, np.float32)
    coarse = _strips_in_view(gray, quad, CARD_PX, range(4))
    undivided = [side for side, (_, more) in coarse.items() if more]
    fine = _strips_in_view(gray, quad, FINE_CARD_PX, undivided) if undivided else {}
    strips = []
    for side, (found, _) in coarse.items():
        strips += max(found, fine.get(side, ([], False))[0], key=len)
    return [order_quad(q) for q in strips]


def _strips_in_view(gray: np.ndarray, quad: np.ndarray, card_px: int,
                    wanted: Iterable[int]) -> dict[int, tuple[list[np.ndarray], bool]]:
    """:func:`strips_beside` on the ``wanted`` sides (0 top, 1 bottom, 2 left, 3 right) of a picture
    of the card and all round it, straightened, the card's short side ``card_px`` pixels: for each
    side with paper beside it, the strips found (quads of image points) and whether a finer picture
    may show more (lines crowd its band, and paper lies beyond them)."""
    w = (math.dist(quad[0], quad[1]) + math.dist(quad[3], quad[2])) / 2
    h = (math.dist(quad[1], quad[2]) + math.dist(quad[0], quad[3])) / 2
    k = card_px / max(1.0, min(w, h))
    cw, ch = round(w * k), round(h * k)
    mx, my = round(FAN_REACH * cw), round(FAN_REACH * ch)
    M = cv2.getPerspectiveTransform(quad, np.float32([[mx, my], [mx + cw, my], [mx + cw, my + ch], [mx, my + ch]]))
    # only the part of the view that the wanted sides' bands and the card's face need is drawn (rows
    # r0:r1, columns c0:c1): the finer view is wanted for a side or two, and is nine times the size
    shape = (ch + 2 * my, cw + 2 * mx)
    needed = [(0, mx, my + ch, mx + cw), (my, mx, shape[0], mx + cw), (my, 0, my + ch, mx + cw), (my, mx, my + ch, shape[1])]
    r0, c0 = (min(needed[side][i] for side in wanted) for i in (0, 1))
    r1, c1 = (max(needed[side][i] for side in wanted) for i in (2, 3))
    shifted = np.float64([[1, 0, -c0], [0, 1, -r0], [0, 0, 1]]) @ M
    view = _placed(cv2.GaussianBlur(cv2.warpPerspective(gray, shifted, (c1 - c0, r1 - r0)), (3, 3), 0), shape, r0, c0)
    rank = int(0.9 * cw * ch)  # where the face's lightest tenth begins: its paper
    paper = float(np.partition(view[my : my + ch, mx : mx + cw].ravel(), rank)[rank])
    steps: dict[int, np.ndarray] = {}  # the drawn part's steps in grey across rows (0) and columns (1), where a side needs them
    lines: dict[tuple[int, float], np.ndarray] = {}  # and the view's over each least step, thickened

    def lines_along(axis: int, least: float) -> np.ndarray:
        """Where the view steps in grey by more than ``least`` (a Sobel response) across its rows (0:
        lines along the card's top and bottom) or its columns (1: along its sides), thickened across them."""
        if axis not in steps:
            steps[axis] = np.abs(cv2.Sobel(view[r0:r1, c0:c1], cv2.CV_16S, axis, 1 - axis, ksize=3))
        if (axis, least) not in lines:
            thick = cv2.dilate((steps[axis] > least).astype(np.uint8), np.ones((1, 3) if axis else (3, 1), np.uint8))
            lines[axis, least] = _placed(thick, shape, r0, c0)
        return lines[axis, least]

    # each side: its band (rows going out from the card, columns along its middle), its lines' edges,
    # the card's width across it, and the canvas rectangle of rows (start, stop) out from it
    x0, x1, y0, y1 = mx + cw // 10, mx + cw - cw // 10, my + ch // 10, my + ch - ch // 10
    sides = [
        (view[my - 1 :: -1, x0:x1], lambda least: lines_along(0, least)[my - 1 :: -1, x0:x1], ch,
         lambda a, b: [(mx, my - b), (mx + cw, my - b), (mx + cw, my - a), (mx, my - a)]),
        (view[my + ch :, x0:x1], lambda least: lines_along(0, least)[my + ch :, x0:x1], ch,
         lambda a, b: [(mx, my + ch + a), (mx + cw, my + ch + a), (mx + cw, my + ch + b), (mx, my + ch + b)]),
        (view[y0:y1, mx - 1 :: -1].T, lambda least: lines_along(1, least)[y0:y1, mx - 1 :: -1].T, cw,
         lambda a, b: [(mx - b, my), (mx - a, my), (mx - a, my + ch), (mx - b, my + ch)]),
        (view[y0:y1, mx + cw :].T, lambda least: lines_along(1, least)[y0:y1, mx + cw :].T, cw,
         lambda a, b: [(mx + cw + a, my), (mx + cw + b, my), (mx + cw + b, my + ch), (mx + cw + a, my + ch)]),
    ]
    back_to_image = np.linalg.inv(M)
    found_by_side = {}
    for side in wanted:
        band, band_lines, width, rect = sides[side]
        # paper just beside the side: the lightest quarter of the rows within NEAR_PAPER of it, as a card
        # found along the frame printed inside its edge has that frame's lines there, and the card's
        # edge and the shadow it casts darken the rows next to it
        near = sorted(band[: max(2, round(NEAR_PAPER * width))].mean(axis=1).tolist())
        if near[3 * len(near) // 4] < PAPER * paper:
            continue  # no paper just beside this side (most sides of most cards): no card under it there
        lightness = band.mean(axis=1).tolist()
        # where paper lies beside the card but no edge divides it, the covered cards' edges may be
        # faint: light cards lying on each other, with no shadow between them (then several divide it)
        profiles = {}  # the share of each row of the band that an edge over each step covers
        for step, fewest in zip(STRIP_STEPS, (1, FAINT_STRIPS)):
            profiles[step] = band_lines(step).mean(axis=1)
            found = _strips_between(_lines_across(profiles[step].tolist()), lightness,
                                    STRIP_LEAST * width, STRIP_MOST * width, PAPER * paper)
            if len(found) >= fewest:
                break
        else:
            found = []
        # paper beyond the strips found, where lines cross most of the band: the edges of narrow strips
        # and their printed frames, run together; or beside the card, where lines broken by the big
        # glyphs printed across the strips run along much of the band and divide none
        end = found[-1][1] if found else 0
        beyond = sorted(lightness[end : end + max(2, round(STRIP_LEAST * width))])
        strong = profiles[STRIP_STEPS[0]][:width]
        crowded = float((strong > LINE_ALL_ALONG).mean()) >= CROWDED
        broken = not found and float((strong > LINE_BROKEN).mean()) >= CROWDED
        more = (crowded or broken) and bool(beyond) and beyond[len(beyond) // 2] >= PAPER * paper
        rects = np.float32([rect(a, b) for a, b in found]).reshape(1, -1, 2)
        back = cv2.perspectiveTransform(rects, back_to_image).reshape(-1, 4, 2) if found else []
        found_by_side[side] = (list(back), more)
    return found_by_side


def _placed(part: np.ndarray, shape: tuple[int, int], row: int, column: int) -> np.ndarray:
    """``part`` laid at ``row``, ``column`` of a black picture of ``shape`` (itself where it fills it)."""
    if part.shape == shape:
        return part
    whole = np.zeros(shape, part.dtype)
    whole[row : row + part.shape[0], column : column + part.shape[1]] = part
    return whole


def _strips_between(lines: list[tuple[int, int]], lightness: list[float], least: float, widest: float,
                    paper: float) -> list[tuple[int, int]]:
    """The strips of paper, (start, stop) rows out from a card's side, that the ``lines`` across its
    band (runs of rows, :func:`_lines_across`) divide, from the card on out to the first that is
    wider than ``widest`` rows or darker than ``paper`` in its median row (``lightness``: each row's
    mean). Each line lies where :func:`_line_row` puts it. Of lines closer together than ``least``
    rows (a strip's narrowest), the outermost is a card's edge: the others are the frame printed
    inside it; one whose run's middle lies that near the card on top is that card's own edge, its
    outline found along its frame."""
    at = [_line_row(first, last, least) for first, last in lines]
    strips = []
    start = 0
    for (first, last), line, after in zip(lines, at, [*at[1:], math.inf]):
        if after - line < least:
            continue
        if (first + last) // 2 < least and start == 0:
            start = line
            continue
        between = sorted(lightness[start:line])
        if line - start > widest or between[len(between) // 2] < paper:
            break  # the table, or something wider than a strip
        strips.append((start, line))
        start = line
    return strips


def _line_row(first: int, last: int, least: float) -> int:
    """The row of a line crossing a band beside a card, from its run of rows: a covered card's edge
    and the frame printed just inside it run together into one run, up to :data:`FRAMED_EDGE`
    strips' narrowest (``least``) long, and the edge is its far end from the card on top (the middle
    of its last :data:`LINE_RUN` rows; a run one line wide, its middle). A longer run is lines
    crowding a patterned table: its middle."""
    middle = (first + last) // 2
    return max(middle, last - LINE_RUN // 2) if last - first <= FRAMED_EDGE * least else middle


def _lines_across(profile: list[float]) -> list[tuple[int, int]]:
    """The runs of rows that a straight line crosses nearly all along (``profile``: the share of each
    row that is an edge), as (first, last) rows. A covered card's edge and the frame printed just
    inside it may run together into one run: the edge is its far end from the card on top."""
    lines, run = [], []
    for row, share in enumerate([*profile, 0.0]):
        if share > LINE_ALL_ALONG:
            run.append(row)
        elif run:
            lines.append((run[0], run[-1]))
            run = []
    return lines
