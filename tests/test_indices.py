"""Covered cards read by their corner indices (vision.indices): weighing a strip's two ends, and finding strips."""

import dataclasses

import cv2
import numpy as np
import pytest

import vision
from vision.read import Reading
from vision.synth.samples import CLASSES

from drawn import PLAIN, table, reading


@pytest.mark.parametrize("face, shows, clear, glyph", [("A", 0.3, True, 0.5), ("O", 0.33, True, 0.5), ("A/E", 0.3, False, 0.5),
                                                       ("O/U", 0.33, False, 0.5), ("A", 0.12, False, 0.5), ("E", 0.33, True, 0.58)])
def test_the_top_middle_of_a_covered_card_tells_a_one_vowel_card_from_a_two_vowel_one(face, shows, clear, glyph):
    # a column of two cards: the one on top hides all but the top ``shows`` of the one under it; a
    # two-vowel card prints its upright vowel large in its top half (from 0.14 of its length), a
    # one-letter card its letter lower (a letter 0.58 of the card tall, from 0.21)
    from vision.detect import Region

    height = 170
    style = dataclasses.replace(PLAIN, glyph=glyph)
    image, (under, over) = table([(face, (480, 300), 0, style), ("K", (480, 300 + shows * height), 0)])
    top_edge, cut = under[:2], under[:2] + [0, shows * height]
    strip = Region(np.float32([*top_edge, cut[1], cut[0]]), float(np.linalg.norm(top_edge[1] - top_edge[0])) * shows * height, partial=True)
    on_top = Region(over, float(cv2.contourArea(over)))
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    assert vision.indices._top_middle_clear(gray, strip, on_top) is clear


def test_what_a_covered_cards_index_shows():
    top_end, foot_end = np.float32([[0, 0], [10, 0], [10, 10], [0, 10]]), np.float32([[0, 90], [10, 90], [10, 100], [0, 100]])
    center = np.float32([5, 50])
    end = reading

    def shown(top, foot, across=False, square=False, one_vowel=False, along=False):
        face = vision.indices.index_face([(top, top_end), (foot, foot_end)], center, vision.UP, across, square, one_vowel, along)
        return face and str(face[0])

    blank = end(NOISE=0.95)
    # a reader that gives only its best guess (Tesseract): a blank crop stays surely blank
    assert Reading("NOISE", 0.0, 0, 1.0).probabilities()[CLASSES.index("NOISE")] == 1.0
    assert Reading("K", 0.9, 0, 0.05).probabilities()[CLASSES.index("K")] == 0.9
    assert shown(end(K=0.95), blank) == "K"  # an index at one end of the side that shows
    assert shown(end(K=0.9), end(K=0.8)) == "K"  # ... or at both (four indices)
    assert shown(blank, blank) is None
    assert shown(end(K=0.5, B=0.4), blank) is None  # nothing read surely enough
    # two vowels: the one towards the reader's top is in play
    assert shown(end(O=0.9), end(A=0.9)) == "O/A"
    assert shown(end(A=0.9), end(O=0.9)) == "A/O"
    # one vowel at one end: maybe a two-vowel card whose other vowel was not read
    assert shown(end(A=0.95), blank) == "UNKNOWN"
    # the same vowel at both ends: a vowel card with four indices; but across a card's top a
    # two-vowel card shows its upright vowel twice too, the two standing side by side (own tops
    # to the left of this upright strip: side 3)
    assert shown(end(E=0.95), end(E=0.95)) == "E"
    assert shown(end(E=0.95, side=3), end(E=0.95, side=3), across=True) == "UNKNOWN"
    # ... unless the card's top shows no big vowel in its middle: a one-vowel card, its index read at one end or both
    assert shown(end(E=0.95, side=3), end(E=0.95, side=3), across=True, one_vowel=True) == "E"
    assert shown(blank, end(E=0.95), across=True, one_vowel=True) == "E"
    # ... and so may a strip along a square card on top (whose strips run across or along), though
    # two different vowels still read as the two-vowel card they are
    assert shown(end(E=0.95, side=3), end(E=0.95, side=3), square=True) == "UNKNOWN"
    assert shown(end(O=0.9), end(A=0.9), square=True) == "O/A"
    # ... unless the covered card's top middle is clear, where the vowel shows at both ends: at one
    # end only, the strip may run along a two-vowel card's side, beside its letters
    assert shown(end(E=0.95, side=3), end(E=0.95, side=3), square=True, one_vowel=True) == "E"
    assert shown(blank, end(E=0.95), square=True, one_vowel=True) == "UNKNOWN"
    # indices standing along the strip, the foot's turned over, are printed at the two ends of the
    # card's side: one vowel read at both is a one-vowel card, whatever the strip's length says;
    # but an O looks the same any way round and tells nothing
    assert shown(end(E=0.95), end(E=0.95, side=2), square=True) == "E"
    assert shown(end(E=0.95), end(E=0.95, side=2), across=True) == "E"
    assert shown(end(O=0.95), end(O=0.95, side=2), square=True) == "UNKNOWN"
    assert shown(end(E=0.95, side=3), end(E=0.95, side=2), square=True) == "UNKNOWN"  # one across: no sign
    # ... unless the other strips of its fan show theirs standing along them: a fan's cards lie alike
    assert shown(end(O=0.95), end(O=0.95, side=2), square=True, along=True) == "O"
    assert shown(end(O=0.9), end(A=0.9), square=True, along=True) == "O/A"
    # an Å, Ä or Ö index shows its ring or dots in a few pixels: it must be read more surely than a plain letter
    assert shown(end(Ö=0.8, O=0.12), blank) is None
    assert shown(end(Ö=0.97), blank) == "Ö"
    assert shown(end(K=0.8, X=0.12), blank) == "K"
    # a T, L or J cut short, or a frame line, looks like an I: an I is taken only where both ends read it surely
    assert shown(end(I=0.97), end(I=0.97)) == "I"
    assert shown(end(I=0.97), end(I=0.97), across=True, one_vowel=True) == "I"
    assert shown(end(I=0.97), end(I=0.8)) == "UNKNOWN"
    assert shown(end(I=0.97), end(I=0.86)) == "I"
    assert shown(end(I=0.97), blank, across=True, one_vowel=True) == "UNKNOWN"
    # an A or O one end of which finds its marked forms about as likely may be an Å, Ä or Ö whose
    # ring or dots the other end lost
    assert shown(end(A=0.95), end(A=0.95, side=2)) == "A"
    assert shown(end(A=0.5, Å=0.45), end(A=0.95, side=2)) == "UNKNOWN"
    assert shown(end(A=0.7, Ä=0.25), end(A=0.95, side=2)) == "A"
    assert shown(end(O=0.5, Ö=0.45), end(O=0.95)) == "UNKNOWN"
    assert shown(end(O=0.95), end(O=0.95)) == "O"


def test_indices_standing_along_a_strip_or_across_it():
    # an upright strip: its ends 90 px apart, one above the other
    top_end, foot_end = np.float32([[0, 0], [10, 0], [10, 10], [0, 10]]), np.float32([[0, 90], [10, 90], [10, 100], [0, 100]])
    assert vision.indices._standing(reading(E=0.9), top_end, reading(E=0.9, side=2), foot_end) is True  # the foot's turned over
    assert vision.indices._standing(reading(E=0.9, side=1), top_end, reading(A=0.9, side=1), foot_end) is False  # side by side
    assert vision.indices._standing(reading(O=0.9), top_end, reading(E=0.9, side=2), foot_end) is None  # an O has no top
    assert vision.indices._standing(reading(E=0.9), top_end, reading(E=0.9, side=1), foot_end) is None  # they disagree
    assert vision.indices._standing(reading(NOISE=0.9), top_end, reading(E=0.9), foot_end) is None


def test_a_strip_twice_as_wide_as_the_others_of_its_fan_is_cut_into_two():
    # two covered cards' strips whose seam showed no edge, found as one: each half is one card's strip
    from vision.detect import Region, order_quad

    def strip(x0, width, group=1):
        quad = order_quad(np.float32([[x0, 100], [x0 + width, 100], [x0 + width, 280], [x0, 280]]))
        return Region(quad, float(width * 180), partial=True, group=group)

    fan = [strip(100, 70), strip(170, 35), strip(205, 36), strip(241, 34)]
    out = vision.indices.doubled_strips(fan)
    assert len(out) == 5 and all(r.partial and r.group == 1 for r in out)
    halves = sorted((np.round(r.quad.min(axis=0)).tolist(), np.round(r.quad.max(axis=0)).tolist()) for r in out[:2])
    assert halves == [([100, 100], [135, 280]), ([135, 100], [170, 280])]  # cut along its length, in the middle
    assert all(a is b for a, b in zip(out[2:], fan[1:], strict=True))
    # strips alike, one with too few others of its fan to compare with, one as wide as three: left as they are
    for strips in ([strip(100, 40), strip(140, 35), strip(175, 36)],
                   [strip(100, 70), strip(170, 35), strip(500, 35, group=2)],
                   [strip(100, 105), strip(205, 35), strip(240, 35)]):
        assert all(a is b for a, b in zip(vision.indices.doubled_strips(strips), strips, strict=True))


def test_a_wide_strip_is_two_where_both_its_halves_show_an_index_at_the_same_end():
    # the halves of an upright strip 60 px wide: their end squares, each half's top end first
    def square(x, y):
        return np.float32([[x, y], [x + 30, y], [x + 30, y + 30], [x, y + 30]])

    ends = [[square(0, 0), square(0, 150)], [square(30, 0), square(30, 150)]]
    side_by_side = vision.indices._indices_side_by_side
    assert side_by_side(ends, [reading(T=0.9), reading(NOISE=0.9), reading(N=0.9), reading(NOISE=0.9)])  # two cards' tops
    # one card printing its indices at opposite corners shows one in each half, but at the two ends
    assert not side_by_side(ends, [reading(E=0.95), reading(NOISE=0.9), reading(NOISE=0.9), reading(E=0.95)])
    # the other half's "index" read unsurely (a frame's line, a piece of the big glyph)
    assert not side_by_side(ends, [reading(T=0.95), reading(NOISE=0.9), reading(I=0.7), reading(NOISE=0.9)])
    # the second half's ends listed foot first: they are paired by where they lie
    assert side_by_side([ends[0], ends[1][::-1]], [reading(T=0.9), reading(NOISE=0.9), reading(NOISE=0.9), reading(N=0.9)])


def test_a_thin_region_found_alone_is_a_strip_only_beside_a_card():
    from vision.detect import Region, order_quad

    def region(x, y, w, h):
        return Region(order_quad(np.float32([[x, y], [x + w, y], [x + w, y + h], [x, y + h]])), float(w * h))

    card, far_card = region(100, 100, 100, 140), region(600, 100, 100, 140)
    beside = region(60, 100, 30, 140)  # the strip of a card under the one at x=100, its fan's outline not found
    assert vision.indices._card_beside(beside, [far_card, card]) is card
    assert vision.indices._card_beside(region(400, 100, 30, 140), [card]) is None  # too far from any card
    assert vision.indices._card_beside(region(60, 60, 30, 220), [card]) is None  # longer than the card: a line of print, a seam
    # a card on top found inside its own printed frame is a little shorter than the strips beside it
    assert vision.indices._card_beside(region(60, 92, 30, 156), [card]) is card


def test_strips_further_along_a_fan_lie_beside_the_card_on_top_through_the_strips_between():
    from vision.detect import Region, order_quad

    def region(x, y, w, h):
        return Region(order_quad(np.float32([[x, y], [x + w, y], [x + w, y + h], [x, y + h]])), float(w * h))

    card = region(300, 100, 100, 160)
    strips = [region(300 - 40 * k, 110, 24, 140) for k in range(1, 6)]  # the fan's outline lost: only its frames found
    assert vision.indices._card_beside(strips[-1], [card]) is None  # too far from the card on top itself
    assert [top is card for top in vision.indices._fan_tops(strips, [card])] == [True] * 5
    assert vision.indices._fan_tops([region(700, 110, 24, 140)], [card]) == [None]


def test_a_strip_found_as_the_inside_of_its_printed_frame_is_stretched_to_its_cards_length():
    from vision.detect import order_quad

    card = order_quad(np.float32([[300, 100], [400, 100], [400, 260], [300, 260]]))
    frame = order_quad(np.float32([[268, 110], [292, 110], [292, 250], [268, 250]]))  # 10 px inside the card's ends
    stretched = vision.indices._stretched(frame, card)
    xs, ys = sorted({round(float(x)) for x in stretched[:, 0]}), sorted({round(float(y)) for y in stretched[:, 1]})
    assert ys == [100, 260]  # as long as the card on top
    assert xs == [258, 292]  # widened away from it by the frame's inset, to the covered card's own edge
    # a card on top found inside its own frame, shorter than the strip: the strip keeps its length
    inner = order_quad(np.float32([[310, 120], [390, 120], [390, 240], [310, 240]]))
    kept = vision.indices._stretched(frame, inner)
    assert sorted({round(float(y)) for y in kept[:, 1]}) == [110, 250]
    assert sorted({round(float(x)) for x in kept[:, 0]}) == [268, 292]


def test_a_strip_found_inside_its_printed_frame_is_grown_to_its_cards_own_edges():
    # a covered card (x 100-179, y 100-299) printing a double frame, the card on top lying on it from
    # x = 160; the strip found is the inside of its frame, where no corner index shows
    from vision import detect

    gray = np.full((400, 400), 60, np.uint8)
    cv2.rectangle(gray, (100, 100), (179, 299), 225, -1)
    for inset in (9, 13):
        cv2.rectangle(gray, (100 + inset, 100 + inset), (179 - inset, 299 - inset), 90, 2)
    cv2.rectangle(gray, (160, 90), (259, 309), 225, -1)
    cv2.line(gray, (160, 90), (160, 309), 120, 2)
    gray = cv2.GaussianBlur(gray, (3, 3), 0)
    strip = detect.order_quad(np.float32([[115, 115], [160, 115], [160, 285], [115, 285]]))

    def box(quad):
        return [round(float(quad[:, 0].min())), round(float(quad[:, 1].min())), round(float(quad[:, 0].max())),
                round(float(quad[:, 1].max()))]

    assert box(detect.to_card_edges(gray, strip, np.array([-1.0, 0.0]))) == [100, 100, 160, 299]
    assert box(detect.to_card_edges(gray, strip)) == [115, 100, 160, 299]  # no side given: its ends only
    # grown onto a card read, it would read that card's index: it stays as it was found
    read = detect.Region(detect.order_quad(np.float32([[60, 90], [110, 90], [110, 310], [60, 310]])), 50 * 220)
    assert box(vision.indices._grown(gray, strip, np.array([-1.0, 0.0]), [read])) == box(strip)
    assert box(vision.indices._grown(gray, strip, np.array([-1.0, 0.0]), [])) == [100, 100, 160, 299]


def test_a_strip_as_long_as_the_short_side_of_the_card_on_top_runs_across_its_card():
    from vision.detect import Region, order_quad

    def region(w, h):
        return Region(order_quad(np.float32([[0, 0], [w, 0], [w, h], [0, h]])), float(w * h))

    # a column fan's strips run across their cards' tops, also where the card on top is found cut short
    assert vision.indices._runs_across(region(142, 42), region(142, 195))
    assert vision.indices._runs_across(region(142, 42), region(131, 162))
    # a row fan's strips run along their cards' sides
    assert not vision.indices._runs_across(region(42, 190), region(142, 195))
    assert vision.indices._runs_across(region(42, 190), None)
