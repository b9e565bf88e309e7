"""What a card's glyph's shape says (vision.glyphs): an I from a T, L or J; an N from a Z on its side."""

import dataclasses
import itertools

import cv2
import numpy as np
import pytest

import vision
from vision.synth import fonts
from vision.synth.cards import CardStyle

from drawn import PLAIN, INDEXLESS_TILE, table, lay, reading


@pytest.mark.parametrize("face, said", [("N", "Z"), ("Z", "N")])
def test_the_strokes_of_a_card_found_inside_its_frame_are_weighed_past_that_outline(face, said):
    # an outline found along the inside of a double frame is narrower than the card: its crop cuts a
    # serif N's stems short at its sides, leaving mostly serifs, which run across the card as a Z's bars do
    style = CardStyle(font=next(f for f in fonts.fonts() if f.name == "DejaVuSerif-Bold.ttf"), index=True, border=3)
    image, [corners] = lay(np.full((360, 320, 3), 255, np.uint8), [(face, (160, 180), 0, style)], height=200)
    a, b, c, d = vision.crops.facing(corners)
    inside = np.float32([a + u * (b - a) + v * (d - a) for u, v in ((0.15, 0.1), (0.85, 0.1), (0.85, 0.9), (0.15, 0.9))])
    seen = vision.glyphs.on_its_end(reading(1, **{said: 0.95}), cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), inside)
    assert (seen.label, seen.side) == (face, 0)


@pytest.mark.parametrize("font", fonts.fonts(), ids=lambda f: f.stem)
def test_an_i_looks_the_same_turned_a_half_turn_a_t_or_an_l_does_not(font):
    # in every training typeface, on a card with or without indices (a J may not: a serif J can have a
    # bar on top and a hook below, nearly an I's shape; it is then simply not told apart this way);
    # a T of an upright typeface looks the same mirrored left to right, an L does not
    for index in (False, True):
        for letter in "ITL":
            style = CardStyle(font=font, index=index, border=3)
            image, [corners] = lay(np.full((240, 200, 3), 255, np.uint8), [(letter, (100, 120), 0, style)])
            shape = vision.glyphs._glyph_symmetry(vision.crops.warp(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), corners, 96))
            if letter == "I":
                assert min(shape.rows, shape.columns) >= vision.glyphs.I_TURNED, (letter, index)
            elif shape is not None:
                assert min(shape.rows, shape.columns) < vision.glyphs.I_TURNED, (letter, index)
                slanted = "Oblique" in font.stem or "Italic" in font.stem
                assert (shape.columns >= vision.glyphs.T_MIRRORED) == (letter == "T" and not slanted), (letter, index)
                assert shape.top_heavy == (letter == "T"), (letter, index)
                assert letter != "T" or shape.rows < vision.glyphs.T_LOPSIDED, (letter, index)


@pytest.mark.parametrize("off", [1, 2])
def test_a_thin_t_whose_stem_stands_a_pixel_or_two_off_its_bars_middle_is_a_t(off):
    # a camera a little aslant, or a thin typeface's rendering, moves a stem three pixels wide by a
    # pixel or two: mirrored left to right, it then barely overlaps itself, though the T is a T
    image = np.full((300, 300), 60, np.uint8)
    cv2.rectangle(image, (75, 75), (225, 225), 235, -1)  # a square card
    cv2.rectangle(image, (120, 195), (180, 199), 40, -1)  # the bar at its foot: upside down
    cv2.rectangle(image, (149 + off, 110), (151 + off, 195), 40, -1)
    quad = np.float32([[75, 75], [225, 75], [225, 225], [75, 225]])
    turned = vision.glyphs.no_lopsided_i(reading(I=0.9, T=0.05), image, quad)
    assert (turned.label, round(turned.confidence, 2), turned.side) == ("T", 0.95, 2)  # before: T 0.05, unknown


@pytest.mark.parametrize("foot", [398, 404])
def test_a_t_whose_card_was_found_cut_short_at_its_bar_is_judged_in_a_crop_large_enough_to_hold_it(foot):
    # an upside-down T's bar and a double frame cut the card's face, and the region found ends at
    # the bar: the glyph runs out of the crop, and of the crop enlarged a quarter
    style = dataclasses.replace(PLAIN, index=False, border=3, glyph=0.51, aspect=0.63, underline=False)
    image, [corners] = table([("T", (480, 360), 180, style)], light=True)
    (left, top), (right, _) = corners.min(axis=0), corners.max(axis=0)
    quad = np.float32([[left + 11, top + 10], [right - 11, top + 10], [right - 11, foot], [left + 11, foot]])
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    judged = vision.glyphs.no_lopsided_i(reading(I=0.9, T=0.05), gray, vision.crops.facing(quad))
    assert (judged.label, round(judged.confidence, 2), judged.side) == ("T", 0.95, 2)  # before: I 0.9


def test_no_j_or_l_on_a_square_card_read_as_an_i_is_taken_for_a_t_lying_on_its_side():
    # in every training typeface a J's ink counts may be as symmetric as a T's lying on its side
    # (a serif J's bar on top and hook below, a plain J's long stem): its stem, at a side of it, tells
    said = reading(I=0.9, T=0.05)
    for font in fonts.fonts():
        tile = dataclasses.replace(INDEXLESS_TILE, font=font)
        for letter, angle in itertools.product("JL", (0, 90, 180, 270)):
            image, [corners] = table([(letter, (480, 360), angle, tile)])
            gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
            seen = vision.glyphs.no_lopsided_i(said, gray, vision.crops.facing(corners))
            assert seen.label != "T" or seen.confidence < vision.WHOLE_MIN, (font.stem, letter, angle)


@pytest.mark.parametrize("shift", [(0.0, 0.15), (0.2, 0.0), (-0.2, 0.0)])
def test_a_t_whose_tile_was_found_a_little_off_is_judged_in_a_larger_crop(shift):
    # a quad found off the tile (its side face, a neighbour's edge) cuts the T's bar at the crop's
    # edge, and the glyph's shape cannot be judged there: it is judged in the crop enlarged
    image, [corners] = table([("T", (480, 360), 0, INDEXLESS_TILE)])
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    side = np.linalg.norm(corners[1] - corners[0])
    off = corners + np.float32(shift) * side
    assert vision.glyphs._glyph_symmetry(vision.crops.warp(gray, off, 96)) is None  # the glyph runs out of the crop
    said = vision.glyphs.no_lopsided_i(reading(I=0.9, T=0.05), gray, off)
    assert (said.label, round(said.confidence, 2), said.side) == ("T", 0.95, 0)
