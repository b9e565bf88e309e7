"""What a card's big glyph's shape says where the card reader cannot tell: letters that are each other
turned (N and Z a quarter turn apart) or that one cut short resembles (an I for a T, L or J).

The card reader learns letters from the training typefaces; a typeface it never saw may fool it. These
checks use what holds in any typeface instead: an I looks the same turned a half turn and a T does
not; an N's stems run along the card and a Z's bars across it. :func:`vision.see` asks them about
cards read as an I, and about oblong cards read as lying a quarter turned (which they cannot).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from vision import crops
from vision.read import Reading
from vision.synth.samples import CLASSES

QUARTER_TWINS = {"N", "Z"}  # letters each the other turned a quarter: a reading turned a quarter cannot tell them
STEMS = 0.43  # an upright N's share of upright strokes (:func:`_upright_strokes`) is more than this, an upright Z's less
STROKE_ROOM = 1.12  # and they are weighed in its quad enlarged so much: one found along the inside of a printed frame cuts an N's stems short
I_STEM = 0.9  # a plain I's glyph, one stem, is at least this like itself mirrored left to right a pixel off the middle (a J's hook is not)
I_TURNED = 0.74  # an I's glyph is at least this like itself turned a half turn (:func:`_glyph_symmetry`); a T's, L's or J's less
T_MIRRORED = 0.74  # a T's glyph is at least this like itself mirrored left to right (an upright typeface's), where it has a T's bar and stem (_t_shaped)
T_LOPSIDED = 0.71  # and less than this like itself mirrored top to bottom: an I's glyph seen in a crop a little off may come close to I_TURNED
T_BAR = 0.85  # and a T's bar spans at least this share of its glyph's width (GlyphSymmetry.bar)
T_STEM = 0.2  # and its stem lies this near the middle of that width (GlyphSymmetry.stem)
GLYPH_SLACK = 0.08  # a T's left and right match where moved up to this share of its width (a thin stem a pixel or two off its bar's middle)
GLYPH_ROOM = (1.25, 1.5)  # a card's crop is enlarged so much, in turn, where its glyph runs out of it (:func:`no_lopsided_i`)
I_CLASS = CLASSES.index("I")
T_CLASS = CLASSES.index("T")
MIRRORED_LETTERS = [CLASSES.index(letter) for letter in "AMTUVWY"]  # the same mirrored left to right, not turned a half turn


def on_its_end(reading: Reading, gray: np.ndarray, quad: np.ndarray) -> Reading:
    """The reading of an oblong card that the reader took for one lying a quarter turned in the crop
    of ``quad``, which it cannot be: straightened on a short side, its own top is the crop's top or
    bottom. The side is put right, and an N or a Z, each the other turned a quarter, is told apart
    by its strokes instead (in the quad enlarged, :data:`STROKE_ROOM`): an N's stems run along the
    card, a Z's bars across it."""
    label, probs = reading.label, reading.probs
    if label in QUARTER_TWINS:
        label = "N" if _upright_strokes(crops.warp(gray, crops.scaled(quad, STROKE_ROOM))) > STEMS else "Z"
        if label != reading.label and probs is not None:
            probs = probs.copy()
            probs[[CLASSES.index("N"), CLASSES.index("Z")]] = probs[[CLASSES.index("Z"), CLASSES.index("N")]]
    return Reading(label, reading.confidence, reading.side - 1, reading.noise, probs)


def no_lopsided_i(reading: Reading, gray: np.ndarray, quad: np.ndarray) -> Reading:
    """A card read as an I whose glyph is not an I's: an I looks the same turned a half turn, in any
    typeface, and a T, L or J (which a reader may take for one in a typeface it never saw) does not.
    A glyph the same mirrored left to right and clearly not top to bottom (a T's, upright or upside
    down; an L's or a J's is neither) is a T where the reader finds a T likelier than the other
    letters so shaped, as surely as it found the I and the T together. So is a glyph the same
    mirrored top to bottom and not left to right on a square card, which may lie a quarter turned.
    Either must have a T's bar and stem (:func:`_t_shaped`). Any other is given the likeliest other
    class, as surely as the reader found that one. A glyph running out of the card's crop (a quad
    found a little off the tile, or cut short at a T's bar joined to the card's frame) is judged in
    the crop enlarged (:data:`GLYPH_ROOM`)."""
    if reading.label != "I" or reading.probs is None:
        return reading
    for view in (quad, *(crops.scaled(quad, room) for room in GLYPH_ROOM)):
        crop = crops.warp(gray, view, 2 * crops.SIZE)
        shape = _glyph_symmetry(crop)
        if shape is not None:
            break
    if shape is None:
        return reading
    if shape.rows >= I_TURNED and (shape.columns >= I_TURNED or shape.columns_loose >= I_STEM):
        return reading  # an I's glyph: a thin stem's ink counts may match themselves mirrored only a pixel off
    probs = reading.probs.copy()
    if max(MIRRORED_LETTERS, key=lambda k: probs[k]) == T_CLASS:
        side = None
        if shape.columns_loose >= T_MIRRORED and shape.rows < T_LOPSIDED and _t_shaped(shape):
            side = 0 if shape.top_heavy else 2
        elif shape.rows >= T_MIRRORED and shape.columns < T_LOPSIDED and crops.is_square(quad):
            across = _glyph_symmetry(np.ascontiguousarray(crop.T))  # the glyph turned upright, if a T
            if _t_shaped(across):
                side = 3 if across.top_heavy else 1  # its bar on the crop's left: its top is there
        if side is not None:
            probs[T_CLASS] += probs[I_CLASS]
            probs[I_CLASS] = 0.0
            return Reading("T", float(probs[T_CLASS]), side, reading.noise, probs)
    probs[I_CLASS] = 0.0
    best = int(probs.argmax())
    return Reading(CLASSES[best], float(probs[best]), reading.side, reading.noise, probs)


def _t_shaped(shape: GlyphSymmetry) -> bool:
    """Whether an upright glyph has a T's bar at its heavier end and its stem in the middle of it:
    a J lying on its side, or a plain J's long stem, may be as symmetric as a T by ink counts."""
    return shape.bar >= T_BAR and abs(shape.stem - 0.5) < T_STEM


@dataclass(frozen=True)
class GlyphSymmetry:
    """How alike a card's big glyph is to itself mirrored top to bottom (``rows``) and left to right
    (``columns``; ``columns_loose`` where the mirror's axis may lie :data:`GLYPH_SLACK` of its width
    off the middle), 0..1 (turned a half turn, the less alike of the two), whether it has more ink
    in its top half (a T's bar), how much of its width the fullest row of the fifth of it at that
    end spans (a T's bar nearly all), and where across it its fullest columns lie, as a share of
    its width (a T's stem in the middle, a J's at a side)."""

    rows: float
    columns: float
    columns_loose: float
    top_heavy: bool
    bar: float
    stem: float


def _glyph_symmetry(crop: np.ndarray) -> GlyphSymmetry | None:
    """The symmetry of a card's big glyph (the dark blot nearest the middle of its crop): the overlap
    of its rows' ink counts with themselves reversed (top to bottom; with the columns', a half
    turn) and of its columns' (left to right). Counts, not pixels, so that a glyph a little aslant
    still matches itself. None where no glyph lies wholly inside the crop's margin (a crop cut off-centre)."""
    h, w = crop.shape
    window = cv2.GaussianBlur(crop, (3, 3), 0)[h // 12 : h - h // 12, w // 12 : w - w // 12]
    _, ink = cv2.threshold(window, 0, 1, cv2.THRESH_BINARY_INV + cv2.THRESH_OTSU)
    n, labels, stats, centres = cv2.connectedComponentsWithStats(ink)
    height, width = window.shape
    middle = [k for k in range(1, n) if abs(centres[k][0] - width / 2) < width / 4 and abs(centres[k][1] - height / 2) < height / 4]
    if not middle:
        return None
    k = max(middle, key=lambda k: stats[k, cv2.CC_STAT_AREA])
    x, y, bw, bh = stats[k, :4].tolist()
    if x == 0 or y == 0 or x + bw == width or y + bh == height:
        return None
    glyph = labels[y : y + bh, x : x + bw] == k
    rows, columns = glyph.sum(axis=1), glyph.sum(axis=0)
    vertical, horizontal = _mirrored_overlap(rows), _mirrored_overlap(columns)
    top_heavy = bool(rows[: bh // 2].sum() > rows[bh - bh // 2 :].sum())
    end = rows[: max(1, bh // 5)] if top_heavy else rows[bh - max(1, bh // 5) :]
    stem = (float(np.flatnonzero(columns >= 0.9 * columns.max()).mean()) + 0.5) / bw
    return GlyphSymmetry(vertical, horizontal, _mirrored_overlap(columns, GLYPH_SLACK), top_heavy, float(end.max() / bw), stem)


def _mirrored_overlap(counts: np.ndarray, slack: float = 0.0) -> float:
    """How alike ink counts are to themselves reversed, 0..1: the overlap of the two, at best where
    the reversed ones are moved by up to ``slack`` of their length (at least a pixel where any):
    a T's thin stem drawn a pixel or two off the middle of its bar is still a T's."""
    reach = max(1, round(slack * len(counts))) if slack else 0
    padded = np.pad(counts.astype(np.float64), reach)
    return max(float(np.minimum(padded, mirrored).sum() / np.maximum(padded, mirrored).sum())
               for mirrored in (np.roll(padded[::-1], d) for d in range(-reach, reach + 1)))


def _upright_strokes(crop: np.ndarray) -> float:
    """The share of upright strokes among the upright and level ones in the middle of a crop (what
    is not the card's frame or indices): the strength of the edges that step across the crop, of
    those within 20 degrees of either axis. A slanting stroke (N's or Z's diagonal) counts for neither."""
    h, w = crop.shape
    middle = cv2.GaussianBlur(crop, (3, 3), 0)[h // 6 : h - h // 6, w // 6 : w - w // 6]
    dx, dy = cv2.Sobel(middle, cv2.CV_32F, 1, 0), cv2.Sobel(middle, cv2.CV_32F, 0, 1)
    strength, slope = dx * dx + dy * dy, math.tan(math.radians(20))
    upright = float(strength[np.abs(dy) < slope * np.abs(dx)].sum())
    level = float(strength[np.abs(dx) < slope * np.abs(dy)].sum())
    return upright / (upright + level + 1e-9)
