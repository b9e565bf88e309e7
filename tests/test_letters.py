"""Cards found by their letters where no outline closed (vision.letters): a tile on a table of its colour."""

import dataclasses
import itertools
import random

import cv2
import numpy as np
import pytest

from vision.synth.cards import CardStyle

from drawn import FONT, PLAIN, TILE, lay, tally


def quarter_turn(quad):
    """How far a quad's first edge is turned from level, counter-clockwise on screen, in degrees
    modulo a quarter turn."""
    edge = quad[1] - quad[0]
    return float(np.degrees(np.arctan2(-edge[1], edge[0])) % 90)


def card_with_an_e(center=(480, 360), angle=0.0):
    """A grey picture of a light card 100 x 157 pixels on a mid-grey table, its letter an E 111
    pixels tall (0.71 of the card's long side)."""
    image = np.full((720, 960), 150, np.uint8)
    cx, cy = center
    cv2.rectangle(image, (cx - 50, cy - 78), (cx + 50, cy + 79), 235, -1)
    for x0, y0, x1, y1 in ((-32, -55, -18, 56), (-32, -55, 32, -41), (-32, -6, 20, 8), (-32, 42, 32, 56)):
        cv2.rectangle(image, (cx + x0, cy + y0), (cx + x1, cy + y1), 40, -1)
    return cv2.warpAffine(image, cv2.getRotationMatrix2D((float(cx), float(cy)), angle, 1.0), (960, 720), borderValue=150)


@pytest.mark.parametrize("angle", [0, 20, 65])
def test_a_lone_letter_gives_the_card_round_it_turned_as_it_is(angle):
    from vision import letters

    image, _ = lay(np.full((720, 960, 3), (200, 205, 210), np.uint8), [("H", (480, 360), angle, TILE)], height=120)
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    [[square]] = letters.glyph_cards(gray, (120.0, 120.0), [])
    assert np.allclose(square.mean(axis=0), (480, 360), atol=6)
    assert np.allclose(np.linalg.norm(square - np.roll(square, 1, axis=0), axis=1), 120, atol=1)
    turned = quarter_turn(square)
    assert min(abs(turned - angle % 90), 90 - abs(turned - angle % 90)) < 4
    # an oblong card may lie either way round its letter
    ways = letters.glyph_cards(gray, (100.0, 140.0), [])[0]
    assert len(ways) == 2 and all(np.allclose(sorted(np.linalg.norm(q - np.roll(q, 1, axis=0), axis=1)), [100, 100, 140, 140], atol=1)
                                  for q in ways)
    assert letters.glyph_cards(gray, (120.0, 120.0), [square]) == []  # where a card was found already, nothing


@pytest.mark.parametrize("angle", [15, 35])
def test_a_big_letter_lying_aslant_gives_its_oblong_card_turned_as_its_strokes_run(angle):
    # a big letter's box grows when it lies aslant: it is measured along its own axes; its card is
    # turned as the letter's own strokes run, not as the edges of a card lying beside it do
    from vision import letters

    style = CardStyle(font=FONT, index=True, glyph=0.6, radius=0.05)
    image, _ = lay(np.full((720, 960, 3), 120, np.uint8), [("T", (480, 360), angle, style), ("H", (600, 420), 0, style)], height=150)
    found = letters.glyph_cards(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), (100.0, 150.0), [])
    turns = {round(float(ways[0].mean(axis=0)[0]), -2): quarter_turn(ways[0]) for ways in found}
    assert sorted(turns) == [500, 600]
    assert turns[500] == pytest.approx(angle, abs=1.5) and min(turns[600], 90 - turns[600]) < 1


@pytest.mark.parametrize("in_corners, angle, aspect", [(False, 20, 0.7), (True, -35, 0.7), (False, 10, 1.0)])
def test_a_two_vowel_card_is_looked_for_round_its_pair_of_vowels_and_not_round_a_tables_dots(in_corners, angle, aspect):
    # each vowel is too small to be taken for a card's one big letter; the card lies between the
    # two, its long side along the card's own even where the vowels stand in opposite corners. A
    # table's dots, as far apart as the vowels (and as big, beside square cards), are blots
    from vision import letters

    table = np.full((720, 960, 3), 190, np.uint8)
    for x, y in itertools.product(range(520, 940, 110), range(60, 700, 110)):
        cv2.circle(table, (x, y), 22, (60, 120, 60), -1)
    style = dataclasses.replace(PLAIN, vowels_in_corners=in_corners, aspect=aspect)
    image, [corners] = lay(table, [("U/A", (260, 360), angle, style)], height=200)
    short, long = sorted(np.linalg.norm(corners - np.roll(corners, 1, axis=0), axis=1))[::2]
    [quad] = letters.vowel_pairs(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), (short, long), [])
    assert np.allclose(quad.mean(axis=0), (260, 360), atol=0.06 * long)
    off = abs(quarter_turn(quad) - quarter_turn(corners))
    assert min(off, 90 - off) < 4
    if aspect < 1:  # and its long side along the card's
        long_side = max((quad[1] - quad[0], quad[2] - quad[1]), key=np.linalg.norm)
        (ax, ay), (bx, by) = long_side, corners[2] - corners[1]
        assert abs(ax * bx + ay * by) > 0.9 * np.hypot(ax, ay) * np.hypot(bx, by)


def test_a_letter_touching_a_broad_shade_is_still_a_letter():
    # a thick tile's shaded side (or a shadow) running up to the letter of the tile beside it is
    # no print: it does not join that letter into a blob too big to be one
    from vision import letters

    big = dataclasses.replace(TILE, glyph=0.72)
    image, _ = lay(np.full((720, 960, 3), (200, 205, 210), np.uint8), [("H", (480, 360), 0, big)], height=120)
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    top = 300 + int(np.nonzero(gray[300:420, 420:540] < 100)[0].min())
    shaded = gray.copy()
    shaded[top - 60 : top + 1, 380:580] = 90
    shaded = np.where(gray < 100, gray, shaded)
    [[square]] = letters.glyph_cards(shaded, (120.0, 120.0), [])
    assert np.allclose(square.mean(axis=0), (480, 360), atol=6)


@pytest.mark.parametrize("face, angle", [("K", 20), ("R", -25), ("Y", 10)])
def test_a_tile_found_by_its_letter_is_turned_as_its_edges_not_its_slanting_strokes(face, angle):
    # the slanting strokes of a K, an R or a Y pull the mean direction of all the edges round the
    # letter 4 to 10 degrees off; that of the ring round it, where the tile's own edges run, is true
    from vision import letters

    image, _ = lay(np.full((720, 960, 3), (200, 205, 210), np.uint8), [(face, (480, 360), angle, TILE)], height=120)
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    [[square]] = letters.glyph_cards(gray, (120.0, 120.0), [])
    edge = square[1] - square[0]
    off = (np.degrees(np.arctan2(-edge[1], edge[0])) - angle) % 90
    assert min(off, 90 - off) < 4


@pytest.mark.parametrize("angle", [0, 35])
def test_a_letter_nearly_as_tall_as_its_card_is_wide_is_a_cards_letter(angle):
    # an oblong card's letter may be taller than the card is wide (as an E of one held-out design
    # joined to an index): still a card's letter, not a blot too big to be one
    from vision import letters

    [ways] = letters.glyph_cards(card_with_an_e(angle=angle), (100.0, 157.0), [])
    assert all(np.abs(quad.mean(axis=0) - (480, 360)).max() < 15 for quad in ways)


@pytest.mark.parametrize("top, upright", [(6, True), (-20, False)])
def test_a_card_by_the_pictures_edge_is_found_by_its_letter_unless_the_edge_cuts_it(top, upright):
    # the window round its letter that would hold the card however turned runs off the picture; the
    # card lying upright does not (or does: a card cut by the picture's edge is not readable, and
    # only its other way of lying, across, is left to the reader)
    from vision import letters

    ways = letters.glyph_cards(card_with_an_e(center=(480, top + 78)), (100.0, 157.0), [])
    quads = [quad for way in ways for quad in way]
    assert all(np.abs(quad.mean(axis=0) - (480, top + 78)).max() < 15 and quad.min() > 0 for quad in quads)
    assert any(np.ptp(quad[:, 1]) > np.ptp(quad[:, 0]) for quad in quads) == upright


def test_print_and_edges_beside_a_letter_make_it_no_card_of_its_own():
    # a card found by its letter shows nothing else near its middle: a line of print is no card, nor
    # is a letter's part with an edge running by (a T's bar just above the card covering the rest)
    from vision import letters

    sheet = np.full((400, 400), 236, np.uint8)
    for row in range(4):
        cv2.putText(sheet, "WORD", (20, 80 + 85 * row), cv2.FONT_HERSHEY_SIMPLEX, 2.0, 30, 5)
    assert letters.glyph_cards(sheet, (119.0, 170.0), []) == []
    bar = np.full((400, 400), 200, np.uint8)
    cv2.rectangle(bar, (170, 194), (230, 206), 30, -1)
    assert len(letters.glyph_cards(bar, (100.0, 140.0), [])) == 1
    bar[215:] = 170  # another card's edge
    assert letters.glyph_cards(bar, (100.0, 140.0), []) == []


def test_pieces_of_edge_wholly_round_a_letter_are_no_edge_running_across_its_card():
    # a blurred letter's rim outside its ink, an Ä's dots, a tile's grain: pieces of edge lying wholly
    # within the middle of the card round the letter; another card's edge runs in from outside it
    from vision import letters
    from vision.synth.tiles import render_tiles

    edges = np.zeros((60, 60), np.uint8)
    edges[20:23, 25:28] = 255  # a dot's rim
    edges[40, 5:55] = 255  # an edge across
    inside = np.zeros_like(edges)
    cv2.circle(inside, (30, 30), 20, 1, -1)
    assert np.array_equal(letters._edges_from(edges, inside) > 0, np.pad(np.ones((1, 50), bool), ((40, 19), (5, 5))))
    results = tally(render_tiles(random.Random(3009)))  # one tile was missed so
    assert results.whole.right == results.whole.total and results.phantoms == 0, results.whole


def test_a_tile_lying_against_others_is_found_by_its_letter_though_their_shaded_sides_run_beside_it():
    # the shaded side of a tile lying against it is a long dark run beside its letter, no print round it
    from vision import letters
    from vision.synth.tiles import render_tiles

    ink = np.zeros((40, 40), np.uint8)
    ink[2:38, 30:33] = 255  # a shade as long as the card's side
    ink[10:14, 5:9] = 255  # a speck of print
    assert letters._without_long_runs(ink, 30.0).sum() == 16 * 255
    results = tally(render_tiles(random.Random(407)))
    assert results.whole.missed <= 1 and results.whole.right >= 58 and results.phantoms == 0, results.whole
