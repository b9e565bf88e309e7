"""Pixels to sightings: where each card lies in a camera image and what its face shows.

>>> import vision
>>> sightings = vision.see(vision.load_image("table.jpg"))
>>> [str(s.face) for s in sightings]
['T', 'A/E', '?']

Vision knows no game. :func:`see` finds card regions (:mod:`vision.detect`), straightens them
towards the reader (:mod:`vision.crops`) and classifies them (:mod:`vision.read`): whole cards in
one batch by the card reader; covered cards by the corner indices at their strips' ends, in another
batch by the index reader (:mod:`vision.indices`), which also names a whole card the card reader
cannot name where its corner indices agree. A glyph's shape settles what the card reader cannot
tell in a typeface it never saw: an I from a T, an N from a Z on its side (:mod:`vision.glyphs`).
A card whose outline was found in no edge map (a tile on a table of its own colour) is then
looked for by its letter (:mod:`vision.letters`), as big as the cards read around it; and the
covered cards of a fan whose outline was found in none (it runs into a hand, a sheet of paper)
beside the card read on top of it.
A two-vowel card is read by where its vowels sit: the one in the half towards the reader's top
(``up``, the image's top unless a zone says otherwise) is the one in play.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from pathlib import Path

import cv2
import numpy as np

from referee.cards import UNKNOWN, VOWELS, Face, Kind, parse_face
from referee.errors import UserError
from vision import crops, detect, glyphs, indices, letters
from vision.glyphs import QUARTER_TWINS
from vision.indices import INDEX_MIN, MARKED_FORMS, VOWEL_CLASSES
from vision.read import NOISE_MAX, SURE, Reading
from vision.sighting import Sighting
from vision.synth.samples import ACTIONS, CLASSES, NOISE, PAIRS

UP = crops.UP
WHOLE_MIN = 0.6  # below this confidence a whole card is reported as UNKNOWN
BACK_MIN = 0.8  # a card's back shows no letter, and a sheet of print or a patterned table may look like one: one read less surely is none
ACTION_MIN = 0.8  # one deck's action cards (ACTIONS) differ by their word alone: read this surely
BIRD_MIN = 0.6  # the least the card reader's three bird cards together get where the word at a card's foot is read (:func:`_named_by_word`)
FOOT_VIEWS = (0.0, 0.15, 0.3)  # a bird card's quad is read for its word made longer at its foot by these shares (its face may be found above the word)
WORD_MIN = 0.9  # and the least the word reader reads that word with
PAIR_DOUBT = 0.12  # a card whose reading gives the two-vowel cards holding a vowel this much together may be one (:func:`_maybe_two_vowels`)
STOP_MOST = 2  # an Alfapet set has two stop tiles: more plain dark squares are a chequered table's
PLAIN_DARK = (70.0, 8.0)  # a region whose inside is darker than this in the mean (grey levels) and varies less than this is plain dark
STOP_SIZE = (0.6, 1.8)  # a stop tile's area, as shares of the median area of the cards read around it
CARD_SHARE = 0.5  # the cards' size is judged among the regions read as cards at least this share of the largest (:func:`_card_area`)
WIDE_STRIP = 0.6  # a strip at least this share of the cards around is read as a whole card too
NO_INDEX = 0.1  # a strip smaller than this share of the cards around cannot show a whole corner index: it is not read
CARD_SIZED = (0.8, 1.1)  # a region cut into pieces is a card's size where its sides are within these shares of the cards' (its outline maybe lost, not a fan's)
BACK_SIZED = 0.6  # and a card's back down to this share: found inside the margin round its printed pattern
BACK_LARGEST = 1.25  # and up to this share: the cards around may be of a smaller deck
FIELD_SHARE = 0.7  # a region read surely is read again from a card-shaped region inside it at most this share of its area
FIELD_DARKER = 0.6  # where the band round that region is at most this much as light as the region (a field holding a card)
HALF_SHARE = 0.7  # a vowel read inside a two-vowel card holding it and under this share of its size is a half of it
SNAP_SIZED = 0.12  # a card's outline snapped onto the edges near it is believed only where its sides are within this share of the cards'
BARELY_NOISE = 0.6  # a region read as no card less surely than this is a card where its ENLARGED views read one
DOUBTED_NOISE = 0.8  # and one read so up to this, where they read one at least DOUBTED_CARD surely
DOUBTED_CARD = 0.85  # (its face found along the inside of its printed frame, cut too tight to show the card)
ENLARGED = (1.06, 1.12, 1.2, 1.3)  # an unsure card's quad read again at these sizes (an outline found inside a frame)
TILE_VIEWS = (1.0, 1.1, 1.2)  # a tile found by its letter is read at these sizes (that of the tiles read, whose faces are often found a little inside their edges)
GLYPH_VIEWS = (1.0, 1.06, 1.12)  # and a card at these: its quad, centred on its letter, may cut the card's edge off
EDGE_REACH = (0.85, 1.3)  # a tile found by its letter shows its sides between these shares of its quad's half side (:func:`_sides_shown`)
EDGE_PEAK = 2.0  # where the step in lightness across a side is this many times the steps around it
EDGE_LEAST = 20.0  # and at least this (a Sobel response: a step of about 5 grey levels)
PLACE_SHARE = 0.3  # the least a card's long side is of a place's short side (see_within)
OBLONG = 1.3  # the cards on a table are oblong where their long sides are (in the median) more than this of their short ones
BIRDS = [CLASSES.index(action) for action in ACTIONS]
class ImageError(UserError):
    """A file that is not a usable picture."""


def load_image(path: str | Path) -> np.ndarray:
    """A BGR picture from a file, or :class:`ImageError` saying why not."""
    path = Path(path)
    if not path.exists():
        raise ImageError(f"{path}: no such file")
    if path.is_dir():
        raise ImageError(f"{path}: is a folder, not an image")
    if path.stat().st_size == 0:
        raise ImageError(f"{path}: empty file")
    image = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if image is None or image.size == 0:
        raise ImageError(f"{path}: not an image OpenCV can read")
    if min(image.shape[:2]) < 32:
        raise ImageError(f"{path}: too small ({image.shape[1]}x{image.shape[0]}) to hold cards")
    if float(image.std()) < 2.0:
        raise ImageError(f"{path}: the picture is one flat colour (camera covered, or no light?)")
    return image


def _sideways(quad: np.ndarray, up: np.ndarray) -> bool:
    """Whether a card read from the crop of ``quad`` (its first edge the crop's top) lies across the
    reader's view: its top points more than 60 degrees away from ``up``, either way. A crop is cut
    with the card's top nearest ``up``, so only an oblong card across the view or a square card read
    turned a quarter can be sideways."""
    top = crops.towards_top(quad)
    return abs(float(np.dot(top, up))) < 0.5 * float(np.linalg.norm(top))


def _sighting(reading: Reading, quad: np.ndarray, up: np.ndarray, face: Face | None = None,
              confidence: float | None = None) -> Sighting:
    """A whole card read from the crop of ``quad`` (as :func:`crops.facing` turns it), as the reading
    says (or as ``face``, ``confidence``): its corners from its own top, a two-vowel card's vowel
    towards the reader's top first."""
    face = parse_face(reading.label) if face is None else face
    corners = np.roll(quad, -reading.side, axis=0)
    if face.kind is Kind.TWO_VOWEL:
        face, corners = _upright_first(face, quad, up)
    return Sighting(face, corners, reading.confidence if confidence is None else confidence, 1.0, _sideways(quad, up))


def _upright_first(face: Face, quad: np.ndarray, up: np.ndarray) -> tuple[Face, np.ndarray]:
    """A two-vowel card read from the crop of ``quad``, the vowel in the crop's upper half named
    first -> the face with the vowel towards the reader's top first, and the corners from its edge.
    Only a square card read turned a quarter can have its crop's top pointing away from ``up``."""
    if float(np.dot(crops.towards_top(quad), up)) < 0:
        return face.turned(), np.roll(quad, 2, axis=0)
    return face, quad


def see(image: np.ndarray, up: np.ndarray = UP, reader=None, stop_tiles: bool = False, largest: float = 0.2) -> list[Sighting]:
    """Every card in a BGR image, read with ``up`` as the reader's top. Alfapet's black stop tile is
    reported only with ``stop_tiles``: a plain dark square is too like a dark patch of table to be
    believed unless the game has such tiles, and even then only as big as the cards around it and
    no more of them than a game has (:func:`_believable_stops`). ``largest`` is the greatest share
    of the picture one card may fill (bigger things are the mat, a sheet of paper)."""
    from vision.read import index_reader, word_reader
    from vision.read import reader as shared_reader

    index = reader or index_reader()  # a reader asked for (Tesseract) reads the strips too
    words = None if reader else word_reader()  # and the bird cards' words
    reader = reader or shared_reader()
    up = np.asarray(up, np.float64) / (np.linalg.norm(up) + 1e-12)
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    regions = detect.find_cards(image, gray=gray, largest=largest)

    def rejected(reading) -> bool:
        return reading.label == "NOISE" or reading.noise > NOISE_MAX or (reading.label == "STOP" and not stop_tiles)

    whole = [r for r in regions if not r.partial]
    known = dict(zip(map(id, whole), _read_faced(gray, reader, whole, up)))  # each whole region's reading, by id
    regions = _uncut(gray, reader, regions, known, up, rejected)
    whole = [r for r in regions if not r.partial]
    # the slivers that a card's printed frame cuts off along its edge, and the edges of a pile's lower
    # cards, are too thin to show an index: not worth reading (a card read whole nearby covers them)
    shaped = float(np.median([r.area for r in whole if r.sides[1] <= detect.CARD_SHAPED * r.sides[0]] or [0.0]))
    strips = [r for r in regions if r.partial and r.area >= NO_INDEX * shaped]
    # a strip as big as a card may be one: a card laid edge to edge with others, each a little askew,
    # cut too narrow from a row whose widest piece held two cards. It is read whole as well, and is a
    # card where it reads as one surely (a covered card's strip shows too little of its big letter)
    wide = [r for r in strips if shaped and r.area >= WIDE_STRIP * shaped]
    faced = [crops.facing(r.quad, up) for r in whole + wide]
    readings = [known[id(r)] for r in whole] + _read_faced(gray, reader, wide, up)

    n = len(whole)
    sure = [(strip, quad, reading) for strip, quad, reading in zip(wide, faced[n:], readings[n:])
            if not rejected(reading) and reading.confidence >= SURE]
    promoted = [strip for strip, _, _ in sure]
    whole += promoted
    faced = faced[:n] + [quad for _, quad, _ in sure]
    readings = list(readings[:n]) + [reading for _, _, reading in sure]
    strips = [r for r in strips if not any(r is card for card in promoted)]

    # an outer region that is no card (or unreadable) may hold the card inside it: read those too; and
    # so may one read surely, where the card-shaped region inside is well under its size (a card lying
    # in a dark field of the play mat, whose outline may read as the card it holds)
    second = [(k, i) for k, (r, reading) in enumerate(zip(whole, readings)) for i in r.inner
              if rejected(reading) or reading.confidence < SURE or (i.area <= FIELD_SHARE * r.area and _in_a_field(gray, r, i))]
    if second:
        quads = [crops.facing(i.quad, up) for _, i in second]
        again = reader.read(np.stack([crops.warp(gray, q) for q in quads]))
        readings = list(readings)
        for (k, inner), quad, reading in zip(second, quads, again):
            if _reads_better_inside(readings[k], reading, inner.area / whole[k].area, rejected):
                readings[k], faced[k] = reading, quad

    # a square card may lie a quarter turned: an unsure square card is read turned a quarter as well,
    # and kept so where that reads more surely (:func:`_better_turned`)
    quarter = [k for k, (quad, reading) in enumerate(zip(faced, readings)) if reading.confidence < SURE and crops.is_square(quad)]
    if quarter:
        turned = [np.roll(faced[k], -1, axis=0) for k in quarter]
        again = reader.read(np.stack([crops.warp(gray, q) for q in turned]))
        for k, quad, reading in zip(quarter, turned, again):
            if _better_turned(readings[k], reading, rejected):
                readings[k], faced[k] = reading, quad

    # an unsure whole card is read again from its quad enlarged, a little and more: a glyph of a typeface
    # never seen, an outline found a pixel or two inside the card or along the inside of its printed
    # frame (a crop that cuts the glyph's ends), is then judged on five views; and so is a region its own
    # crop only barely calls no card (a tile's face found tight round a big glyph), which the views must
    # then read as a card outright: a marker or a pattern of the table is no unknown card. A region
    # its own crop calls no card more surely may be a card's face found along the inside of its
    # printed frame, cut too tight to show the card: its views must read it nearly surely (DOUBTED_CARD);
    # so must those of a plain dark region where the game has stop tiles: a stop tile found inside its
    # edge shows a plain dark patch, which no crop tells from the table until it shows the edge too
    unsure = [k for k, reading in enumerate(readings) if (reading.confidence < SURE and not rejected(reading))
              or (reading.label == "NOISE" and (reading.noise < DOUBTED_NOISE or (stop_tiles and _plain_dark(gray, faced[k]))))]
    if unsure:
        again = reader.read(np.stack([crops.warp(gray, crops.scaled(faced[k], f)) for k in unsure for f in ENLARGED]))
        for n, k in enumerate(unsure):
            judged = _judged([readings[k], *again[len(ENLARGED) * n : len(ENLARGED) * (n + 1)]], rejected)
            least = WHOLE_MIN if readings[k].noise < BARELY_NOISE else DOUBTED_CARD
            if not rejected(readings[k]) or (not rejected(judged) and judged.confidence >= least):
                readings[k] = judged
    # an unsure card's outline may have been traced with a corner pulled off (into a dotted table, the
    # card beside it): it is read again with its sides snapped onto the edges near them
    unsure = [k for k, reading in enumerate(readings) if not rejected(reading) and reading.confidence < SURE]
    sure_sizes = [crops.sides_of(quad) for quad, reading in zip(faced, readings) if not rejected(reading) and reading.confidence >= SURE]
    if unsure and sure_sizes:
        for k, snapped in zip(unsure, _read_snapped(gray, reader, [faced[k] for k in unsure], np.float32(sure_sizes), up, rejected)):
            if snapped and not rejected(snapped[0]) and snapped[0].confidence > readings[k].confidence:
                readings[k], faced[k] = snapped
    readings = _named_by_word(gray, words, faced, readings) if words else readings

    sightings: list[Sighting] = []
    # the size of the cards around: of the regions read as cards (a chequered table's squares are more,
    # and its dark squares read as stop tiles)
    cards = [region for region, reading in zip(whole, readings) if not rejected(reading) and reading.label != "STOP"]
    vowels = [_likeliest_vowel(r) for r in readings]
    # nor the halves of two-vowel cards, each read as a vowel, squat, and half a card's size: where
    # few cards lie, they would pass for the cards (as judged before their size is known)
    halved = {id(whole[k]) for pair in _two_vowel_halves(whole, faced, readings, vowels, math.inf) for k in pair}
    cards = [card for card in cards if id(card) not in halved] or cards
    # cards, not tiles: a tile may lie any way up, and one seen aslant or showing its thickness may look oblong
    oblong = bool(cards) and float(np.median([card.sides[1] / card.sides[0] for card in cards])) > OBLONG
    card_area = _card_area([card.area for card in cards], oblong) if cards else None
    halves = _two_vowel_halves(whole, faced, readings, vowels, card_area) if card_area else []
    # halves whose vowels are read unsurely are read again as one card (below) before they are reported unknown
    unsure_halves = []
    joined: set[int] = set()
    for first, second_half in halves:
        sighting = _joined(whole[first], vowels[first], whole[second_half], vowels[second_half], up)
        if sighting.face.kind is Kind.UNKNOWN:
            unsure_halves.append(((first, second_half), sighting))
        else:
            sightings.append(sighting)
            joined |= {first, second_half}
    for pair, reading, quad in _split_cards(gray, reader, whole, readings, joined, card_area, oblong, up, rejected) if card_area else []:
        sightings.append(_sighting(reading, quad, up))
        joined |= set(pair)
    for k, reading, quad in _touching_cards(gray, reader, whole, readings, joined, cards, up, rejected):
        face = parse_face(reading.label) if reading.confidence >= _least_sure(reading.label) else UNKNOWN
        sightings.append(_sighting(reading, quad, up, face))
        joined.add(k)
    for k, reading, quad in _lone_halves(gray, reader, whole, readings, joined, cards, up, rejected):
        sightings.append(_sighting(reading, quad, up))
        joined |= {j for j, region in enumerate(whole) if j == k or detect.inside(region.center, quad)}  # its other half too
    for pair, sighting in unsure_halves:
        if joined.isdisjoint(pair):
            sightings.append(sighting)
            joined |= set(pair)
    unread: list[tuple[int, np.ndarray, Reading]] = []  # whole cards read too unsurely, which their corner indices may name
    for k, (region, quad, reading) in enumerate(zip(whole, faced, readings)):
        if rejected(reading) or k in joined:
            continue
        # a region well under the size of the cards around is likely what shows of a covered card: it
        # must be read as surely as a covered card's index
        partial = bool(card_area) and region.area < 0.6 * card_area
        if reading.side % 2 and oblong and not partial and not crops.is_square(quad):
            reading = glyphs.on_its_end(reading, gray, quad)
        reading = glyphs.no_lopsided_i(reading, gray, quad)
        face = parse_face(reading.label) if reading.confidence >= _least_sure(reading.label, partial) else UNKNOWN
        if (reading.label == "STOP" and face.kind is Kind.UNKNOWN) or (reading.label == "BACK" and reading.confidence < BACK_MIN):
            continue  # a plain dark square read unsurely as a stop tile, a pattern as a back: the table's, a sheet's
        confidence = reading.confidence
        if partial and face.kind is Kind.LETTER and face.letters in VOWELS and not crops.is_square(quad):
            # maybe the one half that shows of a two-vowel card (a square is no half of one: a far tile)
            face, confidence = UNKNOWN, 0.5 * confidence
        if face.kind is Kind.UNKNOWN and not partial:
            unread.append((len(sightings), quad, reading))
        sightings.append(_sighting(reading, quad, up, face, confidence))
    for (at, quad, reading), named in zip(unread, indices.named_by_corners(gray, index, [quad for _, quad, _ in unread], up)):
        # its own top as the card reader found it: indices turned at the foot do not tell. A vowel is
        # not named so where the card reader finds a two-vowel card holding it likely: the index of
        # its other vowel may be read unsurely, or as part of the big upright vowel
        if named is not None and not _maybe_two_vowels(reading, named[0]):
            sightings[at] = _sighting(reading, quad, up, parse_face(named[0]), named[1])

    sightings = _found_by_letter(gray, reader, index, sightings, [card.sides for card in cards], up, rejected)
    sightings = _without_halves(sightings)
    if stop_tiles:
        sightings = _believable_stops(sightings)

    # a fan always shows its top card whole: strips of a group without one are squares of a
    # chequered table or lines of print, not covered cards. The card on top of each group:
    top_of = {region.group: region for region, reading in zip(whole, readings) if not rejected(reading)}
    no_cards = [region for k, region in enumerate(whole) if rejected(readings[k]) and k not in joined]
    covered = indices.covered_cards(gray, index, strips, top_of, no_cards, sightings, cards, card_area, up)
    # reported by their own edges, where found along their printed frames (after the covered cards,
    # which are found beside the cards as they were found)
    return [dataclasses.replace(s, corners=detect.to_own_edges(gray, s.corners, image)) for s in sightings] + covered


def _better_turned(first: Reading, turned: Reading, rejected) -> bool:
    """Whether a square card is read better from its crop turned a quarter (``turned``) than from its
    own (``first``): more surely, as a card, and either as a two-vowel card (the classifier knows them
    only with one vowel above the other, not side by side) or as another reading of a card read
    (the classifier reads a letter's marks, Ö's dots, less surely beside it than above it). Never
    an N for a Z or the other way round, each the other turned a quarter; never an I, which a T, L
    or J seen askew or cut short resembles; and never a plain letter where the first view saw its
    marks: marks are missed, not invented."""
    if rejected(turned) or turned.confidence <= first.confidence:
        return False
    if turned.label in PAIRS:
        return True
    marks_dropped = CLASSES.index(first.label) in MARKED_FORMS.get(CLASSES.index(turned.label), [])
    twins = {first.label, turned.label} == QUARTER_TWINS
    return not rejected(first) and not twins and not marks_dropped and turned.label != "I"


def _plain_dark(gray: np.ndarray, quad: np.ndarray) -> bool:
    """Whether the inside of ``quad`` is one dark shade (:data:`PLAIN_DARK`): the face of a stop tile."""
    crop = crops.warp(gray, crops.scaled(quad, 0.8), 16)
    return float(crop.mean()) < PLAIN_DARK[0] and float(crop.std()) < PLAIN_DARK[1]


def _read_faced(gray: np.ndarray, reader, regions: list[detect.Region], up: np.ndarray) -> list[Reading]:
    """Each region read in one batch, its crop turned as :func:`crops.facing` turns it."""
    if not regions:
        return []
    return list(reader.read(np.stack([crops.warp(gray, crops.facing(r.quad, up)) for r in regions])))


def _uncut(gray: np.ndarray, reader, regions: list[detect.Region], known: dict[int, Reading], up: np.ndarray,
           rejected) -> list[detect.Region]:
    """The regions, with those cut into pieces (:func:`detect.split_overlaps`) put back whole where they
    are as big as the cards around and read as a card, at least as surely as their largest piece: a card's
    back printed with straight stripes or rows of dots is cut at them as a fan is at its cards' edges,
    and a card with a sliver of something beside it in its outline is cut at its edge. A fan is bigger
    than one card by its strips. A region read as a card's back may be smaller (:data:`BACK_SIZED`):
    the margin round its pattern may be what its outline was found along; or larger
    (:data:`BACK_LARGEST`): a card of a bigger deck than most cards around, which a fan does not read as.
    The cards' size is that of the card-shaped whole regions read as cards (``known`` holds each whole
    region's reading, by id; those read here are added, the regions put back whole among them): a
    checked table's squares are card-shaped regions too, and may outnumber the cards."""
    shaped = [r for r in regions if not r.partial and r.cut_from is None and r.sides[1] <= detect.CARD_SHAPED * r.sides[0]]
    cards = [r.sides for r in shaped if not rejected(known[id(r)])] or [r.sides for r in shaped]
    if not cards:
        return regions
    short, long = np.median(np.float64(cards), axis=0)
    pieces: dict[int, list[detect.Region]] = {}
    for region in regions:
        if region.cut_from is not None:
            pieces.setdefault(id(region.cut_from), []).append(region)

    def shares(region: detect.Region) -> list[float]:
        """Its short and long sides as shares of the cards' around."""
        return [side / card for side, card in zip(region.sides, (short, long))]

    candidates = [(group[0].cut_from, max(group, key=lambda r: r.area)) for group in pieces.values()]
    candidates = [(whole, largest) for whole, largest in candidates
                  if BACK_SIZED < min(shares(whole)) and max(shares(whole)) < BACK_LARGEST]
    if not candidates:
        return regions
    unread = [r for pair in candidates for r in pair if id(r) not in known]  # the wholes, and pieces that are strips
    known.update(zip(map(id, unread), _read_faced(gray, reader, unread, up)))
    kept = []
    for whole, largest in candidates:
        reading, piece = known[id(whole)], known[id(largest)]
        surer = rejected(piece) or reading.confidence >= piece.confidence
        sized = (CARD_SIZED[0] < min(shares(whole)) and max(shares(whole)) < CARD_SIZED[1]) or reading.label == "BACK"
        if sized and surer and not rejected(reading) and reading.confidence >= _least_sure(reading.label):
            whole.group = largest.group
            kept.append(whole)
    uncut = {id(region) for region in kept}
    return [r for r in regions if id(r.cut_from) not in uncut] + kept


def _maybe_two_vowels(reading: Reading, letter: str) -> bool:
    """Whether a card read unsurely may be a two-vowel card holding the vowel ``letter``: the card
    reader gives such cards :data:`PAIR_DOUBT` together."""
    if letter not in VOWELS:
        return False
    p = reading.probabilities()
    return sum(float(p[CLASSES.index(pair)]) for pair in PAIRS if letter in pair.split("/")) >= PAIR_DOUBT


def _named_by_word(gray: np.ndarray, words, faced: list[np.ndarray], readings: list[Reading]) -> list[Reading]:
    """The readings, with each bird card whose action the card reader is unsure of named by the word
    at its foot, where the ``words`` reader (:func:`vision.read.word_reader`) reads it surely. The card
    reader tells a bird card from the others by its bird, but sees its word a few pixels high; its
    own top is told by the bird too, so the foot is known."""
    asked = [k for k, reading in enumerate(readings) if _bird_card(reading) and reading.confidence < ACTION_MIN]
    if not asked:
        return readings
    feet = [crops.foot_band(_longer_at_foot(np.roll(faced[k], -readings[k].side, axis=0), share))
            for k in asked for share in FOOT_VIEWS]
    said = words.read(np.stack([crops.warp(gray, foot) for foot in feet]))
    readings = list(readings)
    for n, k in enumerate(asked):
        word = max(said[len(FOOT_VIEWS) * n : len(FOOT_VIEWS) * (n + 1)], key=lambda w: (w.label in ACTIONS, w.confidence))
        if word.label in ACTIONS and word.confidence >= WORD_MIN:
            readings[k] = Reading(word.label, word.confidence, readings[k].side, readings[k].noise)
    return readings


def _longer_at_foot(quad: np.ndarray, share: float) -> np.ndarray:
    """A card's quad (clockwise from its own top-left) made longer by ``share`` of its length at its foot."""
    a, b, c, d = np.asarray(quad, np.float32)
    return np.float32([a, b, b + (c - b) * (1 + share), a + (d - a) * (1 + share)])


def _bird_card(reading: Reading) -> bool:
    """Whether the card reader reads a bird card, maybe unsure which: one of the three likeliest,
    and the three together at least :data:`BIRD_MIN`."""
    return reading.label in ACTIONS and float(reading.probabilities()[BIRDS].sum()) >= BIRD_MIN


def _least_sure(label: str, partial: bool = False) -> float:
    """How surely a card must be read as ``label`` to be believed: a region much smaller than the cards
    around, maybe what shows of a covered card, as surely as an index; an action card as surely as
    the word that alone tells it from the others of its design (:data:`ACTION_MIN`)."""
    return max(INDEX_MIN if partial else WHOLE_MIN, ACTION_MIN if label in ACTIONS else 0.0)


def _without_halves(sightings: list[Sighting]) -> list[Sighting]:
    """The sightings without those that are one half of a two-vowel card read whole as well: a vowel
    read inside a two-vowel card holding that vowel, under :data:`HALF_SHARE` of its size. The line
    between a two-vowel card's vowels may cut its outline in two, and a half read as its own card
    while the whole card is read from a larger view would count the card twice, with one vowel."""
    def area(s: Sighting) -> float:
        return float(cv2.contourArea(s.corners.astype(np.float32)))

    pairs = [(s, area(s)) for s in sightings if s.face.kind is Kind.TWO_VOWEL]
    if not pairs:
        return sightings

    def a_half(s: Sighting) -> bool:
        return s.face.kind is Kind.LETTER and any(
            s.face.letters in pair.face.letters and detect.inside(s.center, pair.corners) and area(s) < HALF_SHARE * size
            for pair, size in pairs)

    return [s for s in sightings if not a_half(s)]


def _believable_stops(sightings: list[Sighting]) -> list[Sighting]:
    """The sightings without the stop tiles that may be dark squares of the table: any unlike the
    cards read in size (their median area; :data:`STOP_SIZE`), and all of them where more than a
    game has (:data:`STOP_MOST`) are left, or no other card is read to size them by. A chequered
    table's squares smaller than the cards are no tiles, and do not speak against one that is."""
    def area(s: Sighting) -> float:
        return float(cv2.contourArea(s.corners.astype(np.float32)))

    sized = [area(s) for s in sightings if s.face.kind not in (Kind.STOP, Kind.UNKNOWN) and s.visible >= 0.9]
    if not sized:
        return [s for s in sightings if s.face.kind is not Kind.STOP]
    low, high = (share * float(np.median(sized)) for share in STOP_SIZE)
    stops = [s for s in sightings if s.face.kind is Kind.STOP and low <= area(s) <= high]
    if len(stops) > STOP_MOST:
        stops = []
    return [s for s in sightings if s.face.kind is not Kind.STOP or any(s is stop for stop in stops)]


def _in_a_field(gray: np.ndarray, outer: detect.Region, inner: detect.Region) -> bool:
    """Whether the band between an outline and a region inside it is much darker than that region: a
    light card lying in a dark field, not a card's own paper round its printed frame or its glyph."""
    x, y, w, h = cv2.boundingRect(outer.quad.astype(np.float32))
    window = gray[max(0, y) : y + h, max(0, x) : x + w]
    at = np.float32([max(0, x), max(0, y)])
    band = np.zeros(window.shape, np.uint8)
    cv2.fillConvexPoly(band, np.round(outer.quad - at).astype(np.int32), 1)
    held = np.zeros(window.shape, np.uint8)
    cv2.fillConvexPoly(held, np.round(inner.quad - at).astype(np.int32), 1)
    band[held > 0] = 0
    if not band.any() or not held.any():
        return False
    return cv2.mean(window, band)[0] < FIELD_DARKER * cv2.mean(window, held)[0]


def _reads_better_inside(outer: Reading, inner: Reading, share: float, rejected) -> bool:
    """Whether a region inside a card's outline (``share`` of its area) is read as the card rather than
    the outline is: where the outline is no card, or the inside is read more surely. Another letter
    from inside must be sure: a region cutting a glyph (a T without its arms) reads as one. And a
    vowel of the two-vowel card the outline reads, from a region under half its size, is that card's
    half, which confirms the outline rather than replacing it. Where neither is read as a card, the
    inside is kept where it looks more like one, for its larger views to judge (the outline ran into
    the table's pattern; the face inside a printed frame was cut too tight to show the card)."""
    if rejected(inner):
        return rejected(outer) and _likeliest_card(inner) > _likeliest_card(outer)
    half = outer.label in PAIRS and inner.label in outer.label.split("/") and share < 0.5
    surer = inner.confidence > outer.confidence and (inner.label == outer.label or inner.confidence >= SURE)
    return not half and (rejected(outer) or surer)


def _likeliest_card(reading: Reading) -> float:
    """How likely the likeliest card a reading finds is: of every class but no card at all."""
    p = reading.probabilities()
    return float(np.delete(p, NOISE).max())


def _found_by_letter(gray: np.ndarray, reader, index, sightings: list[Sighting], cards: list[tuple[float, float]],
                     up: np.ndarray, rejected) -> list[Sighting]:
    """The sightings with the cards added whose outline was not found, found by their letters
    (:func:`letters.glyph_cards`) instead: as big as the ``cards`` read (their (short, long) sides; square
    where a quarter of them or more are), clear of the cards seen, and only where read as surely as a
    card must be to be believed without an outline, or read as a letter less surely but named so by
    the corner indices round it too (:func:`indices.named_by_corners`, read by ``index``: a letter printed
    on a sheet has none), or by its four sides round it where those name no other letter
    (:func:`_sides_shown`). Such a card replaces an unknown one found there (a face found only in
    part), and a strip found there is no covered card (a row of tiles edge to edge is cut at their
    letters' strokes as well as at their seams). What shows of a covered card's letter beside the
    card on top of it is not taken for a card: a card round it would lie under that one."""
    if not cards:
        return sightings
    short = float(np.median([short for short, _ in cards]))
    square = sum(long < 1.2 * short for short, long in cards) >= len(cards) / 4  # a thick tile's side may show too
    size = (short, short if square else float(np.median([long for _, long in cards])))
    taken = [s.corners for s in sightings if s.face != UNKNOWN]
    printed = letters.print_of(gray, short, taken)
    ways = [[crops.facing(quad, up) for quad in glyph] for glyph in letters.glyph_cards(gray, size, taken, printed)]
    # and a two-vowel card round each pair of vowels (its size that of the oblong cards read, if any),
    # believed only where read as one, and surely (its corners and sides do not confirm it: two
    # letters of two cards lying side by side may stand as its vowels would)
    oblong = [card for card in cards if card[1] >= 1.2 * card[0]]
    pair_size = tuple(float(side) for side in np.median(oblong, axis=0)) if oblong else size
    pairs = [crops.facing(quad, up) for quad in letters.vowel_pairs(gray, pair_size, taken, printed)]
    quads = [quad for glyph in ways for quad in glyph]
    readings = _read_at_sizes(gray, reader, quads + pairs, TILE_VIEWS if square else GLYPH_VIEWS)
    by_letter = iter(readings)
    found = [_upright_way([(next(by_letter), quad) for quad in glyph], rejected) for glyph in ways]
    by_vowels = len(found)
    found += [(reading, quad) for reading, quad in zip(readings[len(quads):], pairs) if reading.label in PAIRS]
    found = [(glyphs.no_lopsided_i(reading, gray, quad), quad) for reading, quad in found]
    found[:by_vowels] = _other_halves(gray, reader, found[:by_vowels])
    # each read unsurely is read again with its sides snapped onto its card's edges (its letter may lie
    # off its middle); whether those sides show is judged where it was found, as snapped they would
    traced = [quad for _, quad in found]
    unsure = [k for k, (reading, _) in enumerate(found[:by_vowels]) if not rejected(reading) and reading.confidence < SURE]
    for k, snapped in zip(unsure, _read_snapped(gray, reader, [traced[k] for k in unsure], np.float32([size]), up, rejected)):
        reading = glyphs.no_lopsided_i(snapped[0], gray, snapped[1]) if snapped else None
        if reading is not None and not rejected(reading) and reading.confidence > found[k][0].confidence:
            found[k] = reading, snapped[1]
    unsure = [k for k, (reading, _) in enumerate(found[:by_vowels]) if not rejected(reading) and WHOLE_MIN <= reading.confidence < SURE]
    named = indices.named_by_corners(gray, index, [found[k][1] for k in unsure], up)
    confirmed = {k for k, by_corners in zip(unsure, named) if by_corners is not None and by_corners[0] == found[k][0].label}
    # a card or tile whose outline no edge map closed (a light tile on a light table, a card whose
    # outline ran into a sheet of paper or the one beside it) still shows its four sides round its
    # letter, where its corner indices may be too small to read (but not where they name another);
    # a letter printed on a sheet shows none. An N or a Z, each the other turned a quarter, is left
    # to the outline found whole
    confirmed |= {k for k, by_corners in zip(unsure, named)
                  if by_corners is None and found[k][0].label not in QUARTER_TWINS
                  and (sum(shown := _sides_shown(gray, traced[k])) == 4 or _against_a_card(traced[k], shown, sightings))}
    sure_pairs = [(reading, quad) for reading, quad in found[by_vowels:] if reading.confidence >= SURE]
    for k, (reading, quad) in enumerate(found):
        center = quad.mean(axis=0)
        if rejected(reading) or (reading.confidence < SURE and k not in confirmed):
            continue
        if k < by_vowels and any(reading.label in pair.label.split("/") and detect.inside(center, q) for pair, q in sure_pairs):
            continue  # a lone vowel that a two-vowel card read round it holds is half of that card
        if any(detect.inside(center, s.corners) for s in sightings if s.face != UNKNOWN):
            continue
        sightings = [s for s in sightings if not detect.inside(center, s.corners)]
        sightings.append(_sighting(reading, quad, up))
    return sightings


def _sides_shown(gray: np.ndarray, quad: np.ndarray) -> list[bool]:
    """Which of a card's four sides show round ``quad`` (a card or tile found by its letter), in the
    quad's order (from the side of its first two corners, clockwise): a straight
    step in lightness along the side, somewhere between :data:`EDGE_REACH` shares of the quad's half
    side from its middle, at least :data:`EDGE_PEAK` times the steps around it and a few grey levels
    (:data:`EDGE_LEAST`). Measured along the middle of each side, away from the neighbours' corners."""
    size, margin = 80, EDGE_REACH[1] + 0.1
    patch = cv2.GaussianBlur(crops.warp(gray, crops.scaled(quad, margin), size).astype(np.float32), (3, 3), 0)
    across = slice(int(0.3 * size), int(0.7 * size))
    steps = (np.abs(cv2.Sobel(patch, cv2.CV_32F, 1, 0))[across, :].mean(axis=0),  # left to right, then top to bottom
             np.abs(cv2.Sobel(patch, cv2.CV_32F, 0, 1))[:, across].mean(axis=1))
    shown = []
    for profile, way in itertools.product(steps, (-1, 1)):
        a, b = sorted(int((0.5 + way * reach / margin / 2) * size) for reach in EDGE_REACH)
        band, around = profile[a : b + 1], profile[max(0, a - 6) : b + 7]
        shown.append(bool(band.max() >= max(EDGE_LEAST, EDGE_PEAK * float(np.median(around)))))
    left, right, top, bottom = shown
    return [top, right, bottom, left]


def _against_a_card(quad: np.ndarray, shown: list[bool], sightings: list[Sighting]) -> bool:
    """Whether a card found by its letter shows three of its sides (``shown``, as :func:`_sides_shown`
    gives them) and lies against a card read along the fourth: a tile in a row of tiles, whose
    neighbour's edge hides the step in lightness along that side."""
    if sum(shown) != 3:
        return False
    k = shown.index(False)
    middle = (quad[k] + quad[(k + 1) % 4]) / 2
    beyond = middle + (middle - quad.mean(axis=0))  # the middle of a card of its size lying against that side
    return any(detect.inside(beyond, s.corners) for s in sightings if s.face != UNKNOWN)


def _card_area(areas: list[float], oblong: bool) -> float:
    """The size of the cards on the table, from the areas of the regions read as cards: their median,
    and for oblong cards their median among those at least :data:`CARD_SHARE` of the largest (its 90th
    percentile, so that two cards found as one do not count). A covered card's strip that shows enough
    of its glyph is read as a card too, and in a fan those outnumber the cards on top, which the plain
    median then takes for halves or pieces of a card. Tiles are not fanned, and a photo taken aslant
    shows the near ones twice the size of the far ones."""
    if not oblong:
        return float(np.median(areas))
    largest = float(np.percentile(areas, 90))
    return float(np.median([a for a in areas if a >= CARD_SHARE * largest]))


def _halves_of_a_card(a: detect.Region, b: detect.Region, card_area: float) -> bool:
    """Whether two regions may be the two halves of one card whose outline was not found, cut in two
    by a line printed across its face (a two-vowel card's dividing line, an underline running into the
    frame): alike in size, each well under the size of the cards around (``card_area``), side by
    side, and together shaped like a card, not two cards end to end."""
    if not 0.6 < a.area / b.area < 1.6 or max(a.area, b.area) > 0.7 * card_area:
        return False
    distance = float(np.linalg.norm(b.center - a.center))
    if not 0.7 < distance / ((a.sides[0] + b.sides[0]) / 2) < 1.4:
        return False
    short, long = sorted(cv2.minAreaRect(np.concatenate([a.quad, b.quad]).astype(np.float32))[1])
    return short >= 0.45 * long


def _split_cards(gray: np.ndarray, reader, regions: list[detect.Region], readings: list, taken: set[int],
                 card_area: float, oblong: bool, up: np.ndarray, rejected) -> list[tuple[tuple[int, int], Reading, np.ndarray]]:
    """The cards cut in two whose halves do not read as a two-vowel card's vowels (one half reads as
    no card, or unsure): pairs of :func:`_halves_of_a_card`, one of them at least unsure, not among
    ``taken``, whose joined quad reads surely as a card (:func:`_likeliest_of` its views at the
    :data:`ENLARGED` sizes; a square one also turned a quarter, unless the cards around are
    ``oblong``: two strips of a fan side by side make a square that, turned, shows an edge like an
    I), or as a two-vowel card at :data:`WHOLE_MIN`: two halves alike are what a two-vowel card's
    dividing line leaves. Each as ((half, half), reading, quad)."""
    unsure = {k for k, r in enumerate(readings) if k not in taken and (rejected(r) or r.confidence < SURE)}
    pairs, quads = [], []
    for i in range(len(regions)):
        for j in range(i + 1, len(regions)):
            if i in taken or j in taken or not unsure & {i, j} or not _halves_of_a_card(regions[i], regions[j], card_area):
                continue
            quad = _joined_quad(regions[i], regions[j], up)
            if 0.6 * card_area < cv2.contourArea(quad) < 1.5 * card_area:  # as big as a card, or as what its frame encloses
                # a square card may lie a quarter turned, its halves side by side in the crop: read
                # turned a quarter as well (the reader knows two-vowel cards with one vowel above the other)
                for way in [quad, np.roll(quad, -1, axis=0)] if crops.is_square(quad) and not oblong else [quad]:
                    pairs.append((i, j))
                    quads.append(way)
    # the joined quad is the union of the halves: read at the ENLARGED sizes too, like an unsure card
    judged = _read_at_sizes(gray, reader, quads, (1.0, *ENLARGED))
    found, used = [], set()
    for pair, reading, quad in sorted(zip(pairs, judged, quads), key=lambda prq: -prq[1].confidence):
        least = WHOLE_MIN if reading.label in PAIRS else SURE
        if used.isdisjoint(pair) and not rejected(reading) and reading.confidence >= least:
            found.append((pair, reading, quad))
            used |= set(pair)
    return found


def _touching_cards(gray: np.ndarray, reader, regions: list[detect.Region], readings: list, taken: set[int],
                    cards: list[detect.Region], up: np.ndarray, rejected) -> list[tuple[int, Reading, np.ndarray]]:
    """The cards of regions that hold two cards lying side by side, touching, whose outline closed round
    both (two tiles whose thin seam shows no edge): a region not among ``taken``, read as no card or
    unsure, about twice as big as the ``cards`` read and cut across its long sides into two halves
    each shaped like them. Where one half reads surely as a card (at the :data:`ENLARGED` sizes too),
    the region was two: each half read as a card at all is one, as (region, reading, quad), to be
    believed as a card found whole is. A two-vowel card is no pair: it is no bigger than a card."""
    if not cards:
        return []
    area = float(np.median([card.area for card in cards]))
    shape = float(np.median([card.sides[1] / card.sides[0] for card in cards]))
    halves, owners = [], []
    for k, (region, reading) in enumerate(zip(regions, readings)):
        if k in taken or not (rejected(reading) or reading.confidence < SURE) or not 1.6 * area < region.area < 2.4 * area:
            continue
        a, b, c, d = crops.long_side_first(region.quad)
        ab, dc = (a + b) / 2, (d + c) / 2
        pair = [np.float32([a, ab, dc, d]), np.float32([ab, b, c, dc])]
        if all(abs(_shape(half) - shape) < 0.2 * shape for half in pair):
            halves += [crops.facing(detect.order_quad(half), up) for half in pair]
            owners += [k, k]
    read = list(zip(owners, _read_at_sizes(gray, reader, halves, (1.0, *ENLARGED)), halves))
    split = {k for k, reading, _ in read if not rejected(reading) and reading.confidence >= SURE}
    return [(k, reading, quad) for k, reading, quad in read if k in split and not rejected(reading)]


def _lone_halves(gray: np.ndarray, reader, regions: list[detect.Region], readings: list, taken: set[int],
                 cards: list[detect.Region], up: np.ndarray, rejected) -> list[tuple[int, Reading, np.ndarray]]:
    """The two-vowel cards of which one half alone was found: a region not among ``taken``, read as a
    vowel, under half as big as the ``cards`` read and as long as their short side (the half of a
    card's face that its dividing line and frame enclose). The half is doubled across each of its
    long sides, and a doubled quad that reads (at the :data:`ENLARGED` sizes too) as a two-vowel card
    holding that vowel, at :data:`WHOLE_MIN`, is the card: as (region, reading, quad)."""
    if not cards:
        return []
    area = float(np.median([card.area for card in cards]))
    short = float(np.median([card.sides[0] for card in cards]))
    doubled, owners = [], []
    for k, (region, reading) in enumerate(zip(regions, readings)):
        if k in taken or rejected(reading) or reading.label not in VOWELS or not 0.2 * area < region.area < 0.6 * area:
            continue
        if not 0.7 * short < region.sides[1] < 1.1 * short or _shape(region.quad) < 1.2:
            continue
        a, b, c, d = crops.long_side_first(region.quad)
        across = d - a
        doubled += [crops.facing(detect.order_quad(np.float32(q)), up) for q in ([a, b, c + across, d + across], [a - across, b - across, c, d])]
        owners += [k, k]
    found: dict[int, tuple[Reading, np.ndarray]] = {}
    for k, reading, quad in zip(owners, _read_at_sizes(gray, reader, doubled, (1.0, *ENLARGED)), doubled):
        if reading.label in PAIRS and readings[k].label in reading.label and reading.confidence >= WHOLE_MIN:
            if k not in found or reading.confidence > found[k][0].confidence:
                found[k] = (reading, quad)
    return [(k, reading, quad) for k, (reading, quad) in found.items()]


def _shape(quad: np.ndarray) -> float:
    """A quad's long side over its short one."""
    short, long = detect.Region(quad, 0.0).sides
    return long / max(short, 1e-6)


def _two_vowel_halves(regions: list[detect.Region], faced: list[np.ndarray], readings: list,
                      vowels: list[tuple[str, float] | None], card_area: float) -> list[tuple[int, int]]:
    """Pairs of regions that are the two halves of one two-vowel card whose outline was not found (the
    line printed between its vowels cut it in two): alike in size, each well under the size of the
    cards around (``card_area``), side by side, together shaped like a card, each read as a different
    vowel whose own top points at the other half or away from it, as a two-vowel card prints them (two
    cards lying side by side show their tops along the edge between them). ``vowels``: each region's
    :func:`_likeliest_vowel`."""
    # where each region's own top points (from its centre to the middle of the crop's side named)
    tops = [crops.towards_top(np.roll(quad, -r.side, axis=0)) for quad, r in zip(faced, readings)]
    pairs: list[tuple[int, int]] = []
    used: set[int] = set()
    for i in range(len(regions)):
        for j in range(i + 1, len(regions)):
            if i in used or j in used or vowels[i] is None or vowels[j] is None or vowels[i][0] == vowels[j][0]:
                continue
            a, b = regions[i], regions[j]
            if not _halves_of_a_card(a, b, card_area):
                continue
            between = b.center - a.center
            distance = float(np.linalg.norm(between)) + 1e-9
            along = [vowels[k][0] == "O"  # an O looks the same every way up: its top says nothing
                     or abs(float(np.dot(tops[k], between))) > 0.7 * distance * float(np.linalg.norm(tops[k]))
                     for k in (i, j)]
            if all(along):
                pairs.append((i, j))
                used |= {i, j}
    return pairs


def _likeliest_vowel(reading) -> tuple[str, float] | None:
    """The vowel a region most likely shows and how likely, if it is likely at all (a half of a card
    cut at its dividing line may carry a sliver of that line, which makes an A look like an Å)."""
    if reading.noise > NOISE_MAX:
        return None
    p = reading.probabilities()[VOWEL_CLASSES]
    best = int(p.argmax())
    return (VOWELS[best], float(p[best])) if p[best] >= 0.3 else None


def _joined_quad(a: detect.Region, b: detect.Region, up: np.ndarray) -> np.ndarray:
    """The quad of the card whose two halves are ``a`` and ``b``, turned as :func:`crops.facing` turns it."""
    points = np.concatenate([a.quad, b.quad]).astype(np.float32)
    return crops.facing(detect.order_quad(cv2.boxPoints(cv2.minAreaRect(points))), up)


def _joined(a: detect.Region, vowel_a: tuple[str, float], b: detect.Region, vowel_b: tuple[str, float],
            up: np.ndarray) -> Sighting:
    """One two-vowel card from its two halves and the vowel each most likely shows (and how likely):
    the vowel of the half towards the reader's top is in play."""
    quad = _joined_quad(a, b, up)
    if np.dot(a.center - b.center, up) < 0:
        vowel_a, vowel_b = vowel_b, vowel_a
    (upper, p), (lower, q) = vowel_a, vowel_b
    sure = min(p, q)
    face = parse_face(f"{upper}/{lower}") if sure >= WHOLE_MIN else UNKNOWN
    return Sighting(face, quad, sure, 1.0, _sideways(quad, up))


def _read_snapped(gray: np.ndarray, reader, quads: list[np.ndarray], sizes: np.ndarray, up: np.ndarray,
                  rejected) -> list[tuple[Reading, np.ndarray] | None]:
    """Each quad with its sides snapped onto the edges near them (:func:`detect.snapped`, twice: a side
    far off comes only near its edge the first time), facing ``up`` again, and its reading there (a
    square's also turned a quarter, kept where that reads better: :func:`_better_turned`); None where
    the snapped quad's sides are more than :data:`SNAP_SIZED` off those of every card (``sizes``:
    short, long): they run along the card beside it, or a sheet's edge."""
    snapped = [crops.facing(detect.snapped(gray, detect.snapped(gray, quad)), up) for quad in quads]
    fits = [bool((np.abs(np.float32(crops.sides_of(quad)) / sizes - 1) <= SNAP_SIZED).all(axis=1).any()) for quad in snapped]
    squares = [crops.is_square(quad) for quad in snapped]
    views = [view for quad, fit, square in zip(snapped, fits, squares) if fit
             for view in ([quad, np.roll(quad, -1, axis=0)] if square else [quad])]
    readings = iter(reader.read(np.stack([crops.warp(gray, view) for view in views])) if views else [])
    found: list[tuple[Reading, np.ndarray] | None] = []
    for quad, fit, square in zip(snapped, fits, squares):
        if not fit:
            found.append(None)
            continue
        best = next(readings), quad
        if square:
            turned, reading = np.roll(quad, -1, axis=0), next(readings)
            if _better_turned(best[0], reading, rejected):
                best = reading, turned
        found.append(best)
    return found


def _upright_way(ways: list[tuple[Reading, np.ndarray]], rejected) -> tuple[Reading, np.ndarray]:
    """Of the ways a card may lie round its letter (their (reading, faced quad); an oblong card's two),
    the one read as a card, with its letter standing along the card, and most surely. The other way
    of an oblong card, cut across it, reads as no card, often more surely; or, where it holds one
    vowel of a two-vowel card and the table beside, as that vowel lying across the card, which no
    card's letter does."""
    return max(ways, key=lambda way: (not rejected(way[0]), len(ways) < 2 or way[0].side % 2 == 0, way[0].confidence))


def _other_halves(gray: np.ndarray, reader, found: list[tuple[Reading, np.ndarray]]) -> list[tuple[Reading, np.ndarray]]:
    """Oblong cards found round a lone vowel (their (reading, faced quad)), each replaced by the
    two-vowel card it is half of, where that card reads so surely: the card round the vowel moved a
    quarter of its length up or down (such a card's vowels stand in the middles of its halves), which
    shows both vowels where the other was not found (:func:`letters.vowel_pairs`)."""
    halves = [k for k, (reading, quad) in enumerate(found) if reading.label in VOWELS and not crops.is_square(quad)]
    if not halves:
        return found
    moved = [found[k][1] + way * (found[k][1][3] - found[k][1][0]) / 4 for k in halves for way in (-1, 1)]
    readings = _read_at_sizes(gray, reader, moved, GLYPH_VIEWS)
    found = list(found)
    for n, k in enumerate(halves):
        reading, quad = max(zip(readings[2 * n : 2 * n + 2], moved[2 * n : 2 * n + 2]), key=lambda rq: rq[0].confidence)
        if reading.label in PAIRS and found[k][0].label in reading.label.split("/") and reading.confidence >= SURE:
            found[k] = reading, quad
    return found


def _read_at_sizes(gray: np.ndarray, reader, quads: list[np.ndarray], sizes: tuple[float, ...]) -> list[Reading]:
    """Each quad read at each of ``sizes`` (the first its own, 1.0), in one batch, and judged on those
    views (:func:`_likeliest_of`)."""
    if not quads:
        return []
    views = reader.read(np.stack([crops.warp(gray, crops.scaled(q, f)) for q in quads for f in sizes]))
    return [_likeliest_of(views[k : k + len(sizes)]) for k in range(0, len(views), len(sizes))]


def _likeliest_of(views: list[Reading]) -> Reading:
    """One reading from several views of a card, the first its own crop: the class they find likeliest
    on average, as surely as at least two views find it, or the card's own crop does. A view that cuts
    the glyph less well does not drag the others down, and one view alone does not vouch for a class."""
    best = int(sum(view.probabilities() for view in views).argmax())
    ranked = sorted(views, key=lambda view: -view.probabilities()[best])
    surest, p = ranked[0], ranked[0].probabilities()
    sure = max(views[0].probabilities()[best], ranked[1].probabilities()[best])
    return Reading(CLASSES[best], float(sure), surest.side, float(p[NOISE]), p)


def _judged(views: list[Reading], rejected) -> Reading:
    """An unsure whole card judged on its views (:func:`_likeliest_of`), the first its own crop, the
    others larger and larger. The larger views may reach past the card onto the table and the cards
    beside it, and find no card: a card that its own crop and the next larger one read as a card is
    then judged on the views that do, where they name it (or see a bird card, whose word is read
    next, :func:`_named_by_word`)."""
    judged = _likeliest_of(views)
    read_as_a_card = list(itertools.takewhile(lambda view: not rejected(view), views))
    if rejected(judged) and len(read_as_a_card) >= 2:
        named = _likeliest_of(read_as_a_card)
        if named.confidence >= WHOLE_MIN or _bird_card(named):
            return named
    return judged


def see_within(image: np.ndarray, outline: np.ndarray, reader=None, stop_tiles: bool = False,
               ground: str = "own") -> list[Sighting]:
    """The cards inside ``outline`` (4 image points, clockwise from the top-left of a place on the
    table as its reader sees it), read as if nothing else lay on the table: the picture is cut to
    the outline, straightened, and set on a dark ground - the place's ``"own"`` colour where that is
    dark (no edge where the place ends), or ``"grey"`` (a card whose ink or frame is of the place's
    colour stands out better there). A card that runs into something light beside it (the mat
    around the field it lies on) then stands alone. Corners come back in the image's coordinates;
    the outline's top is the reader's."""
    outline = np.asarray(outline, np.float32)
    w = int(max(np.linalg.norm(outline[1] - outline[0]), np.linalg.norm(outline[2] - outline[3])))
    h = int(max(np.linalg.norm(outline[3] - outline[0]), np.linalg.norm(outline[2] - outline[1])))
    pad = int(0.2 * max(w, h))
    M = cv2.getPerspectiveTransform(outline, np.float32([[0, 0], [w, 0], [w, h], [0, h]]))
    place = cv2.warpPerspective(image, M, (w, h))
    # a thin band along the border goes: a sliver of the light mat around the place would join the
    # edges of a card lying close to the border into one drawing with the border's
    band = max(3, round(0.005 * max(w, h)))
    inner = place[band:-band, band:-band]
    cut = np.full((h + 2 * pad, w + 2 * pad, 3), 40, np.uint8)
    if ground == "own":
        ring = np.concatenate([inner[:band].reshape(-1, 3), inner[-band:].reshape(-1, 3),
                               inner[:, :band].reshape(-1, 3), inner[:, -band:].reshape(-1, 3)])
        own = np.median(ring, axis=0)
        if own.mean() < 100:
            cut[:] = own
    cut[pad + band : pad + h - band, pad + band : pad + w - band] = inner
    found = see(cut, UP, reader, stop_tiles, largest=0.6)  # here a card fills much of the picture
    # a place is a card's length across or more (a pile's field, a line's): what is much smaller in
    # it is a letter printed on a card (the B of a Blitz card's word), found in a picture this small
    found = [s for s in found if max(np.linalg.norm(s.corners[1] - s.corners[0]), np.linalg.norm(s.corners[3] - s.corners[0]))
             >= PLACE_SHARE * min(w, h)]
    back = np.linalg.inv(np.array([[1, 0, pad], [0, 1, pad], [0, 0, 1]], np.float64) @ M)  # the cut's pixels -> the image's
    for sighting in found:
        sighting.corners = cv2.perspectiveTransform(sighting.corners.reshape(1, 4, 2).astype(np.float64), back).reshape(4, 2)
    return found
