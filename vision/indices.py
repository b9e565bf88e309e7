"""Cards read by their corner indices: the covered cards of fans and piles, of which only a strip
shows, and whole cards whose big letter the card reader cannot name.

A corner index is a small copy of a card's letter printed near a corner; a fanned card shows at least
one. The index reader (:func:`vision.read.index_reader`) reads the two square ends of each strip
(:func:`read_ends`), and :func:`index_face` weighs the two answers together as card designs print
their indices. :func:`covered_cards` is the whole of it for one picture: the strips found, those
looked for where no fan's outline was found, and what each shows; :func:`named_by_corners` reads
a whole card's four corners the same way.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from referee.cards import UNKNOWN, VOWELS, Face, Kind, parse_face
from vision import crops, detect
from vision.read import NOISE_MAX, SURE, Reading, agreed
from vision.sighting import Sighting
from vision.synth.samples import CLASSES, NOISE, symmetric_turns

INDEX_MIN = 0.8  # a covered card's index must be read at least this surely
MARKED, MARKED_MIN = ("Å", "Ä", "Ö"), 0.9  # a small index's ring or dots are a few pixels: Å, Ä, Ö must be read this surely
MARK_DOUBT = 0.45  # a covered A or O is unknown where an end reads its marked forms (Å, Ä; Ö) this likely beside it
I_SURE = 0.85  # an I, which a T, L or J cut short resembles, is believed only where both ends of its strip read it this surely
SLIVER = 0.12  # a covered card showing less of itself than this is not reported as an unreadable one
ON_CARD = 0.3  # a strip lying this share of itself on a card read whole is that card's side, no covered card's (:func:`_lies_on`)
GROWN_ONTO = 0.02  # a strip grown to its card's edges may lie this share of itself more on cards read, no more (:func:`_grown`)
STRIP_LONGEST = 2.0  # a covered card's strip is at most this many times as long as the cards read (their median)
LONGER_THAN_TOP = 1.5  # and at most this many times as long as the card lying on it
ONTO_CARD = 0.25  # a strip's end square sharing more than this of itself with a card read reaches onto that card's corner
CORNER_SHARE = 0.28  # a whole card's corner indices are read in squares this share of its width (:func:`named_by_corners`)
END_MARGIN = 1.15  # a strip's end square is read this much enlarged, to show the card's edge round its index
LENGTHWISE = math.cos(math.radians(30))  # an index's own top within 30 degrees of its strip's length stands along it
DOUBLED = (1.6, 2.4)  # a strip this many times as wide as the other strips of its fan (their median) is two
SIDE_BY_SIDE = (0.3, 0.7)  # a strip this wide, in shares of its top card's width, may be two whose halves each show an index
SIDE_BY_SIDE_SURE = 0.85  # how surely each half's index must be read, at the same end of both
INDEXED = [i for i, name in enumerate(CLASSES) if len(name) == 1 or name in ("QU", "QXZ")]  # what a corner index shows
VOWEL_CLASSES = [CLASSES.index(v) for v in VOWELS]
I_CLASS = CLASSES.index("I")
MARKED_FORMS = {CLASSES.index(plain): [CLASSES.index(m) for m in marked] for plain, marked in (("A", ("Å", "Ä")), ("O", ("Ö",)))}
TOP_MIDDLE = (0.3, 0.7, 0.12, 0.19)  # across a card, from its side; into it, from its top edge: shares of its width and length


def covered_cards(gray: np.ndarray, index, strips: list[detect.Region], tops: dict[int, detect.Region],
                  no_cards: list[detect.Region], sightings: list[Sighting], cards: list[detect.Region],
                  card_area: float | None, up: np.ndarray) -> list[Sighting]:
    """The covered cards in a grey picture, each read by the corner indices at its strip's ends
    (``index`` reads them; :func:`index_face` weighs them): the ``strips`` found (two of a fan's found
    as one cut apart, :func:`doubled_strips`), each with the card on top of its fan (``tops``, by
    group), and the strips of fans whose outline was found in no edge map, beside the cards read
    (``sightings``) or among the regions read as no card (``no_cards``; :func:`_lost_strips`).
    ``cards`` are the regions read as cards and ``card_area`` their size, which bound a strip's."""
    fanned = side_by_side(gray, index, [(region, tops.get(region.group)) for region in doubled_strips(strips)], up)
    ends, readings = read_ends(gray, index, [region.quad for region, _ in fanned], up)
    on_top = [s.corners.astype(np.float32) for s in sightings]
    read_surely = [s.corners for s in sightings if s.confidence >= SURE and s.visible >= 0.9]  # cards seen whole, not strips read as cards
    # a strip found whose ends both read as no index is reported as nothing: it must not hide a strip
    # found beside a card in its place, whose ends may show the index
    reported = [region.quad for k, (region, _) in enumerate(fanned) if _shows_something(readings[2 * k : 2 * k + 2])]
    lost = side_by_side(gray, index, _lost_strips(gray, no_cards, sightings, on_top + reported), up)
    lost_ends, lost_readings = read_ends(gray, index, [region.quad for region, _ in lost], up)
    # each strip and the card on top of it; its ends and their readings in the same order
    covered = fanned + lost
    # a band of the table or a sheet found beside a card read, whose end reaches onto a card's corner
    # (that card's, or the next one's across a gap between them), shows that card's own index: read
    # as that card, or as unknown (half of a two-vowel card's), it is none
    onto = {id(region): _reached_faces(pair, sightings) for (region, _), pair in zip(lost, lost_ends)}
    ends, readings = ends + lost_ends, readings + lost_readings
    # a fan's cards lie alike: where indices stand along its strips and across none, a strip whose
    # own indices cannot tell (an O, an X, a side misread) runs along its card's side too
    fans: dict[int, set[bool | None]] = {}  # how the indices stand along the strips under each card on top
    for k, (_, top) in enumerate(covered):
        if top is not None:
            (a, b), (a_end, b_end) = readings[2 * k : 2 * k + 2], ends[k]
            fans.setdefault(id(top), set()).add(_standing(a, a_end, b, b_end))
    fans_along = {fan for fan, ways in fans.items() if True in ways and False not in ways}
    card_length = float(np.median([card.sides[1] for card in cards])) if cards else math.inf
    found: list[Sighting] = []
    for k, (region, top) in enumerate(covered):
        if any(detect.inside(region.center, quad) for quad in on_top) or any(_lies_on(region, quad) for quad in read_surely):
            continue  # a piece of a card read whole after all (from a region inside the one cut up, or its far side)
        if region.sides[1] > STRIP_LONGEST * card_length or (top is not None and region.sides[1] > LONGER_THAN_TOP * top.sides[1]):
            continue  # far longer than the cards read, or than its own: a band of a printed sheet or of the table, no card's strip
        pair = readings[2 * k : 2 * k + 2]
        visible = min(1.0, region.area / card_area) if card_area else 0.3
        across = _runs_across(region, top)
        square = top is not None and top.sides[1] < 1.15 * top.sides[0]  # its strips may run across or along the cards under it
        one_vowel = (across or square) and top is not None and _top_middle_clear(gray, region, top)
        shown = index_face(list(zip(pair, ends[k])), region.center, up, across, square, one_vowel, id(top) in fans_along)
        if shown is None:
            # unreadable, but something shows: a covered card, unless too little of one shows to be
            # its strip (the edges of the cards under a pile's top card); a thin region found on its own
            # is believed to be a strip only where its index is read
            if region.partial and top is not None and _shows_something(pair) and visible >= SLIVER:
                found.append(Sighting(UNKNOWN, region.quad, max(1 - r.noise for r in pair) * 0.5, visible))
            continue
        face, confidence = shown
        reached = onto.get(id(region))
        if reached and (face.kind is Kind.UNKNOWN or str(face) in reached):
            continue
        found.append(Sighting(face, region.quad, confidence, visible))
    return found


def _shows_something(ends: list[Reading]) -> bool:
    """Whether either end of a strip reads as more than nothing (its noise under
    :data:`vision.read.NOISE_MAX`): a strip whose ends both read as no index is reported as no card at
    all, not even an unknown one."""
    return min(end.noise for end in ends) < NOISE_MAX


def _lies_on(strip: detect.Region, card: np.ndarray) -> bool:
    """Whether at least :data:`ON_CARD` of a strip lies on a card read whole and surely: the card's
    far side and the table beside it, whose ends show that card's own far indices (a design printing
    four), or a printed sheet's bands running under the card, are no covered card's strip; a fan's
    strips lie beside the card on top. (A strip of a fan read as a card may be cut wide and lie on
    its neighbours: only cards read surely and seen whole count.)"""
    return detect.shared_area(strip.quad, card) >= ON_CARD * strip.area


def named_by_corners(gray: np.ndarray, index, quads: list[np.ndarray], up: np.ndarray) -> list[tuple[str, float] | None]:
    """Whole cards that the card reader cannot name (a typeface far from those it knows), named by
    their corner indices where the index reader reads one letter surely at both ends of the card (in
    a corner of its top half and one of its foot) and no other letter anywhere: (the letter, how
    surely), else None. A two-vowel card prints different vowels at its two ends, so a vowel read at
    both is a one-vowel card's, and two vowels each read at both corners of one end name a two-vowel
    card (:func:`_two_vowels_by_corners`). An I is never named alone: the index of a T or a J in a
    light typeface may read as one."""
    strips = []
    for quad in quads:
        a, b, c, d = np.asarray(crops.facing(quad, up), np.float64)  # a-b its top edge, d-c its foot
        for t0, t1 in ((0.0, CORNER_SHARE), (1 - CORNER_SHARE, 1.0)):  # along its left side, then its right
            strips.append(np.float32([a + t0 * (b - a), a + t1 * (b - a), d + t1 * (c - d), d + t0 * (c - d)]))
    readings = read_ends(gray, index, strips, up)[1]  # each strip's end at the card's top first
    named: list[tuple[str, float] | None] = []
    for k in range(len(quads)):
        corners = readings[4 * k : 4 * k + 4]
        on_top, at_foot = corners[0::2], corners[1::2]
        letters = {reading.label for reading in corners if reading.label != "NOISE" and reading.confidence >= INDEX_MIN}
        if len(letters) == 2 and letters <= set(VOWELS):
            named.append(_two_vowels_by_corners(on_top, at_foot))
            continue
        if len(letters) != 1:
            named.append(None)
            continue
        label = letters.pop()
        sure = min(max(reading.probabilities()[CLASSES.index(label)] for reading in half) for half in (on_top, at_foot))
        named.append((label, float(sure)) if label != "I" and sure >= (MARKED_MIN if label in MARKED else INDEX_MIN) else None)
    return named


def _two_vowels_by_corners(on_top: list[Reading], at_foot: list[Reading]) -> tuple[str, float] | None:
    """A two-vowel card named by its four corner indices (:func:`named_by_corners`): its upright
    vowel read surely in both corners of its top, the other in both of its foot, as such a card
    prints them: ("upper/lower", how surely), else None."""
    (upper, *others), (lower, *more) = ({reading.label for reading in half} for half in (on_top, at_foot))
    if others or more or upper == lower:
        return None
    sure = min(float(reading.probabilities()[CLASSES.index(vowel)])
               for half, vowel in ((on_top, upper), (at_foot, lower)) for reading in half)
    return (f"{upper}/{lower}", sure) if sure >= INDEX_MIN else None


def _lost_strips(gray: np.ndarray, no_cards: list[detect.Region], sightings: list[Sighting],
                 known: list[np.ndarray]) -> list[tuple[detect.Region, detect.Region]]:
    """The strips of covered cards whose fan's outline was found in no edge map (it runs into a hand,
    a sheet of paper, the table's pattern), each with the card lying on it, one of the cards read
    (``sightings``); the strips found beside a card lie clear of the ``known`` quads (the sightings',
    the strips found) and of each other:

    - the thin regions among those read as no card (``no_cards``) that lie beside such a card, or
      beside such a strip in turn: what lies inside a strip's printed frame, short of the corner
      indices outside it, so stretched to the card's length (:func:`_stretched`);
    - the bands of paper beside a card read that the edges of the cards under it divide
      (:func:`detect.strips_beside`).

    Each is grown to its card's own edges where these lie a little beyond it (:func:`_grown`), and
    comes with the card lying on it: (strip, card)."""
    read = [detect.Region(detect.order_quad(s.corners), float(cv2.contourArea(s.corners.astype(np.float32))))
            for s in sightings if s.face != UNKNOWN]  # also a two-vowel card found as its two halves
    thin = [region for region in no_cards if region.sides[1] > detect.CARD_SHAPED * region.sides[0]]
    lost = [(detect.Region(quad, float(cv2.contourArea(quad))), top)
            for region, top in zip(thin, _fan_tops(thin, read)) if top is not None
            for quad in [_grown(gray, _stretched(region.quad, top.quad), region.center - top.center, read)]]
    known = known + [region.quad for region, _ in lost]
    for top in read:
        for quad in detect.strips_beside(gray, top.quad):
            quad = _grown(gray, quad, None, read)
            if not any(detect.inside(quad.mean(axis=0), other) for other in known):
                lost.append((detect.Region(quad, float(cv2.contourArea(quad))), top))
                known.append(quad)
    return lost


def _reached_faces(ends: list[np.ndarray], sightings: list[Sighting]) -> set[str]:
    """The faces of the cards read (named) that a strip's end squares reach onto, each by more than
    :data:`ONTO_CARD` of itself."""
    named = [s for s in sightings if s.face != UNKNOWN]
    faces = set()
    for end in ends:
        size, (x0, y0), (x1, y1) = cv2.contourArea(end), end.min(axis=0), end.max(axis=0)
        for card in named:
            (a0, b0), (a1, b1) = card.corners.min(axis=0), card.corners.max(axis=0)
            if a0 < x1 and x0 < a1 and b0 < y1 and y0 < b1 and detect.shared_area(end, card.corners) > ONTO_CARD * size:
                faces.add(str(card.face))  # its boxes overlap first: most cards lie far off
    return faces


def _grown(gray: np.ndarray, strip: np.ndarray, away: np.ndarray | None, cards: list[detect.Region]) -> np.ndarray:
    """A strip found on its own grown to its card's own edges (:func:`detect.to_card_edges`), unless
    that takes it onto a card read: a band of a striped table beside a card, grown onto the next
    card, would read that card's corner index."""
    grown = detect.to_card_edges(gray, strip, away)

    def on_cards(quad: np.ndarray) -> float:
        return max((detect.shared_area(quad, card.quad) for card in cards), default=0.0)

    return grown if on_cards(grown) <= on_cards(strip) + GROWN_ONTO * float(cv2.contourArea(np.float32(strip))) else strip


def read_ends(gray: np.ndarray, index, quads: list[np.ndarray], up: np.ndarray) -> tuple[list[list[np.ndarray]], list[Reading]]:
    """The two square ends of each strip (:func:`crops.end_squares`, turned towards ``up``) and the
    index reader's reading of each, two a strip, in order.

    A corner index is small and sits against the card's edge, which a strip may miss by a pixel or
    two: each end is read twice, with a margin all round, as it is and moved a little outwards. The
    margin shows the card's edge: an index filling a crop cut tight at the edge looks like a piece of
    a big glyph, which is no index."""
    ends = [[crops.facing(q, up) for q in crops.end_squares(quad)] for quad in quads]
    if not ends:
        return [], []
    views = [end_views(q, quad) for pair, quad in zip(ends, quads) for q in pair]
    nudged, loose = [v[0] for v in views], [v[1] for v in views]
    read = index.read(np.stack([crops.warp(gray, q) for q in nudged + loose]))
    return ends, [agreed(a, b) for a, b in zip(read[: len(nudged)], read[len(nudged) :])]


def end_views(end: np.ndarray, strip: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The two views in which a strip's end square is read (:func:`read_ends`): moved a little
    outwards from the strip's centre, and as it is; both with a margin all round. The index reader
    trains on them too (:func:`vision.synth.samples.detected_ends`)."""
    return crops.scaled(_outwards(end, strip.mean(axis=0)), END_MARGIN), crops.scaled(end, END_MARGIN)


def _outwards(square: np.ndarray, strip_center: np.ndarray, share: float = 0.06) -> np.ndarray:
    """A strip's end square moved away from the strip's centre by ``share`` of its side."""
    away = square.mean(axis=0) - strip_center
    away = away / (np.linalg.norm(away) + 1e-9)
    return square + away * share * float(np.linalg.norm(square[1] - square[0]))


def _stretched(strip: np.ndarray, card: np.ndarray) -> np.ndarray:
    """The quad of a covered card's strip whose printed frame alone was found (``strip``), from the
    card lying on it (``card``): as long as that card is along the strip's direction, about the
    strip's own middle, and widened away from it by the frame's inset, which the stretch shows (half
    the difference in length). Cards of one deck are alike in size; a fan's cards lie about parallel."""
    strip, card = np.asarray(strip, np.float64), np.asarray(card, np.float64)
    long_edge = max(((strip[i], strip[(i + 1) % 4]) for i in range(4)), key=lambda ab: float(np.linalg.norm(ab[1] - ab[0])))
    along = long_edge[1] - long_edge[0]
    along /= np.linalg.norm(along) + 1e-12
    across = np.array([-along[1], along[0]])
    center = strip.mean(axis=0)
    if float(np.dot(center - card.mean(axis=0), across)) < 0:
        across = -across  # pointing away from the card lying on it
    s_along, s_across = (strip - center) @ along, (strip - center) @ across
    c_along = (card - center) @ along
    own = float(s_along.max() - s_along.min())
    length = max(own, float(c_along.max() - c_along.min()))  # the card on top may be found inside its own frame
    inset = (length - own) / 2
    near, far = float(s_across.min()), float(s_across.max()) + inset
    half = length / 2
    corners = [center + along * a + across * b for a, b in ((-half, near), (half, near), (half, far), (-half, far))]
    return detect.order_quad(np.float32(corners))


def _fan_tops(thin: list[detect.Region], cards: list[detect.Region]) -> list[detect.Region | None]:
    """The card on top of the fan that each thin region found on its own may be a strip of: the card
    it lies beside (:func:`_card_beside`), or that of a strip it lies beside in turn (a strip further
    along the fan), else None."""
    tops = [_card_beside(region, cards) for region in thin]
    while True:
        placed = {id(region): top for region, top in zip(thin, tops) if top is not None}
        strips = [region for region in thin if id(region) in placed]
        found = {k: placed[id(beside)] for k, region in enumerate(thin)
                 if tops[k] is None and (beside := _card_beside(region, strips)) is not None}
        if not found:
            return tops
        for k, top in found.items():
            tops[k] = top


def _card_beside(strip: detect.Region, cards: list[detect.Region]) -> detect.Region | None:
    """The card read whole that a thin region found on its own lies beside, as a fan's strip lies beside
    the card on top of it: the nearest of ``cards`` whose centre is less than its long side away, its
    long side about as long as the strip's or longer (the strip runs along it or across it; the card
    may be found inside its own printed frame)."""
    near = [card for card in cards if float(np.linalg.norm(card.center - strip.center)) < card.sides[1]
            and strip.sides[1] < 1.2 * card.sides[1]]
    return min(near, key=lambda card: float(np.linalg.norm(card.center - strip.center)), default=None)


def doubled_strips(strips: list[detect.Region]) -> list[detect.Region]:
    """The strips, with each about twice as wide as the others of its fan (:data:`DOUBLED`) cut in two
    along its length: the strips of two covered cards whose seam showed no edge, found as one. Read as
    one, its ends would show two cards' indices, each read surely, as one card's."""
    out = []
    for region in strips:
        others = [r.sides[0] for r in strips if r.group == region.group and r is not region]
        if len(others) < 2 or not DOUBLED[0] <= region.sides[0] / float(np.median(others)) <= DOUBLED[1]:
            out.append(region)
            continue
        out += _halves(region)
    return out


def side_by_side(gray: np.ndarray, index, strips: list[tuple[detect.Region, detect.Region | None]],
                 up: np.ndarray) -> list[tuple[detect.Region, detect.Region | None]]:
    """The strips, each with the card lying on it, with each wide one (:data:`SIDE_BY_SIDE` of that
    card's width) cut in two along its length where both halves show an index at the same end
    (:func:`_indices_side_by_side`): the strips of two covered cards whose seam showed no edge,
    found as one, where no other strips show it twice as wide as they are (:func:`doubled_strips`:
    a short fan, or one whose outline was lost). A single card's wide strip shows its index in one
    half only; the other half shows its frame and its big glyph, which read as no index."""
    wide = [k for k, (region, top) in enumerate(strips)
            if top is not None and SIDE_BY_SIDE[0] <= region.sides[0] / top.sides[0] <= SIDE_BY_SIDE[1]]
    if not wide:
        return strips
    halves = {k: _halves(strips[k][0]) for k in wide}
    ends, readings = read_ends(gray, index, [half.quad for k in wide for half in halves[k]], up)
    split = {k for j, k in enumerate(wide) if _indices_side_by_side(ends[2 * j : 2 * j + 2], readings[4 * j : 4 * j + 4])}
    out = []
    for k, (region, top) in enumerate(strips):
        out += [(half, top) for half in halves[k]] if k in split else [(region, top)]
    return out


def _indices_side_by_side(ends: list[list[np.ndarray]], readings: list[Reading]) -> bool:
    """Whether the two halves of a strip (their end squares, and the readings of those, two a half)
    each show an index at the same end, read surely (:data:`SIDE_BY_SIDE_SURE`): the cards of a fan
    print theirs alike. A card printing its indices at two opposite corners shows one in each half
    of a wide strip, but at its two ends."""
    for square, reading in zip(ends[0], readings[:2]):
        center = square.mean(axis=0)
        beside = min(range(2), key=lambda e: float(np.linalg.norm(ends[1][e].mean(axis=0) - center)))  # the other half's end there
        if all(r.label != "NOISE" and r.confidence >= SIDE_BY_SIDE_SURE for r in (reading, readings[2 + beside])):
            return True
    return False


def _halves(strip: detect.Region) -> list[detect.Region]:
    """A strip cut in two along its length."""
    a, b, c, d = crops.long_side_first(strip.quad)
    left, right = (a + d) / 2, (b + c) / 2  # the middles of its short sides
    return [detect.Region(detect.order_quad(np.float32(half)), strip.area / 2, partial=strip.partial, group=strip.group)
            for half in ((a, b, right, left), (left, right, c, d))]


def _runs_across(strip: detect.Region, top: detect.Region | None) -> bool:
    """Whether a covered card's strip may run across its top (and show the same corner index at both
    ends): where it is nearer the card on top's short side than its long one in length (what is
    found of the card on top may be cut short of its end), or where no card lies on top (a card half
    under a book shows a strip either way)."""
    return top is None or strip.sides[1] < (top.sides[0] + top.sides[1]) / 2


def index_face(ends: list, center: np.ndarray, up: np.ndarray, across: bool = False, square: bool = False,
               one_vowel: bool = False, along: bool = False) -> tuple[Face, float] | None:
    """What a covered card shows, from the readings of the two square ends of its strip (each a
    (:class:`~vision.read.Reading`, end quad) pair): its face and how surely, or None when no index
    shows or none is read surely enough.

    Both ends are weighed together, as card designs print their indices: a letter card shows its
    index at one end of a side or at both; a two-vowel card shows its two vowels at the two ends of
    a side, the one towards the reader's top in play. A strip ``across`` the card's top shows the same
    vowel at both ends, so there a vowel read twice may be half of a two-vowel card: unknown, unless
    the card is known to be a ``one_vowel`` card (:func:`_top_middle_clear`); and so where the card on
    top is ``square``, as its strips may run across or along the covered cards: there a vowel must
    be read at both ends as well (along a two-vowel card's side its two vowels show; the zone that
    :func:`_top_middle_clear` looks at then lies beside the card's letters, and tells nothing of a
    vowel read at one end only). Where both indices stand along the strip (:func:`_standing`), or
    its fan's do (``along``), it runs along the card's side whatever its length."""
    (top, top_end), (foot, foot_end) = sorted(ends, key=lambda rq: -float(np.dot(rq[1].mean(axis=0) - center, up)))
    if along or _standing(top, top_end, foot, foot_end):
        across = square = False
    a, b = top.probabilities(), foot.probabilities()
    n = NOISE
    twice, once = a[INDEXED] * b[INDEXED], np.maximum(a[INDEXED] * b[n], a[n] * b[INDEXED])
    letters = np.maximum(twice, once)
    pairs = np.zeros((len(VOWEL_CLASSES), len(VOWEL_CLASSES))) if across else np.outer(a[VOWEL_CLASSES], b[VOWEL_CLASSES])
    np.fill_diagonal(pairs, 0.0)
    nothing = a[n] * b[n]
    total = letters.sum() + pairs.sum() + nothing
    if max(pairs.max(), letters.max()) <= nothing:
        return None
    if pairs.max() > letters.max():
        i, j = np.unravel_index(int(pairs.argmax()), pairs.shape)
        face, sure = Face(Kind.TWO_VOWEL, CLASSES[VOWEL_CLASSES[i]] + CLASSES[VOWEL_CLASSES[j]]), float(pairs[i, j] / total)
    else:
        best = int(letters.argmax())
        name = CLASSES[INDEXED[best]]
        face, sure = parse_face(name), float(letters[best] / total)
        read_once = twice[best] < once[best]
        unsure_i = name == "I" and (read_once or min(a[I_CLASS], b[I_CLASS]) < I_SURE)
        maybe_half = (not one_vowel and (across or square or read_once)) or (square and read_once)
        if name in VOWELS and (maybe_half or unsure_i or _mark_doubted(INDEXED[best], a, b)):
            # one vowel at one end, or across a card's top: maybe half of a two-vowel card; what
            # reads as an I may be a T, L or J cut short, or a frame line, unless both ends read it
            # surely; and an A or O may be an Å, Ä or Ö whose ring or dots one end barely shows
            return (UNKNOWN, 0.5 * sure) if sure >= INDEX_MIN else None
    if sure < (MARKED_MIN if str(face) in MARKED else INDEX_MIN):
        return None
    return face, sure


def _mark_doubted(plain: int, *ends: np.ndarray) -> bool:
    """Whether an end of a covered card's strip named an A or an O (class ``plain``) finds its marked
    forms (Å, Ä; Ö) about as likely (:data:`MARK_DOUBT` of the two together, where the two are at
    least half of what the end reads; an end that shows no index tells nothing): at index size a ring
    or two dots are a pixel or two, which the other end may have lost, so its sure A outvotes nothing."""
    marked = MARKED_FORMS.get(plain)
    if marked is None:
        return False
    for p in ends:
        plain_p, marked_p = float(p[plain]), float(p[marked].sum())
        if plain_p + marked_p >= 0.5 and marked_p >= MARK_DOUBT * (plain_p + marked_p):
            return True
    return False


def _standing(a: Reading, a_end: np.ndarray, b: Reading, b_end: np.ndarray) -> bool | None:
    """True where the indices read at a strip's two ends both have their own tops along the strip's
    length: printed at the two ends of a card's side (the foot's turned over); False where both
    stand across it: side by side along the card's top; None where they do not tell (an O or an X
    has no top to tell it by) or disagree. A square card's strip tells this by no other sign."""
    axis = b_end.mean(axis=0) - a_end.mean(axis=0)
    ways = set()
    for reading, end in ((a, a_end), (b, b_end)):
        if reading.label == "NOISE" or symmetric_turns(reading.label) == 1:
            return None
        own_top = crops.towards_top(np.roll(end, -reading.side, axis=0))
        ways.add(abs(float(np.dot(own_top, axis))) >= LENGTHWISE * float(np.linalg.norm(own_top) * np.linalg.norm(axis)))
    return ways.pop() if len(ways) == 1 else None


def _top_middle_clear(gray: np.ndarray, strip: detect.Region, top: detect.Region) -> bool:
    """Whether a strip running across a covered card's top shows no print in the middle of the card
    near its top (:data:`TOP_MIDDLE`): a two-vowel card prints its upright vowel large in its top
    half, a one-letter card its letter in its middle, below this. False where too little of the card
    shows to tell, or where anything darker than the paper lies there (the shadow of the card above)."""
    q = strip.quad.astype(np.float64)
    edges = [(q[i], q[(i + 1) % 4]) for i in range(4)]
    long_sides = sorted(edges, key=lambda ab: -float(np.linalg.norm(ab[1] - ab[0])))[:2]
    # the covered card's own top edge: the long side away from the card on top
    a, b = max(long_sides, key=lambda ab: float(np.linalg.norm((ab[0] + ab[1]) / 2 - top.center)))
    inward = strip.center - (a + b) / 2
    depth = float(np.linalg.norm(inward))
    length = top.sides[1]
    left, right, near, far = TOP_MIDDLE
    far = min(far * length, 2 * depth - 0.05 * length)  # clear of the edge of the card above and its shadow
    near *= length
    if far - near < 0.05 * length:
        return False
    inward /= depth
    zone = np.array([a + (b - a) * left + inward * near, a + (b - a) * right + inward * near,
                     a + (b - a) * right + inward * far, a + (b - a) * left + inward * far])
    patch = crops.warp(gray, zone, 32).astype(np.float32)
    paper = float(np.percentile(patch, 90))
    return float((patch < paper - 40).mean()) < 0.01
