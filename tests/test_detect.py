"""Cutting a fanned group into the strips of its covered cards (vision.detect.split_overlaps), on
drawn pictures whose card edges are known to the pixel."""

import cv2
import numpy as np

from vision import detect


def fan(lefts, width=120, top=65, height=170, frame=8):
    """Cards lying one on another from left to right (the last on top), each with a frame line
    printed ``frame`` pixels inside its edge; a grey picture."""
    image = np.full((300, 400), 60, np.uint8)
    for left in lefts:
        cv2.rectangle(image, (left, top), (left + width - 1, top + height - 1), 230, -1)
        cv2.rectangle(image, (left, top), (left + width - 1, top + height - 1), 150, 1)  # the card's cut edge
        cv2.rectangle(image, (left + frame, top + frame), (left + width - 1 - frame, top + height - 1 - frame), 70, 2)
    return image


def pieces(image, x0, x1, top=65, height=170):
    quad = np.float32([[x0, top], [x1, top], [x1, top + height], [x0, top + height]])
    found = detect.split_overlaps(image, detect.Region(quad, float((x1 - x0) * height)))
    return sorted((round(float(p.quad[:, 0].min())), round(float(p.quad[:, 0].max())), p.partial) for p in found)


def test_a_fan_is_cut_at_the_cards_edges_not_at_the_frames_printed_inside_them():
    image = fan([40, 80, 120, 160])
    cut = pieces(image, 40, 280)
    assert [partial for *_, partial in cut] == [True, True, True, False]
    # each strip runs from its card's edge to the edge of the card on it, its frame line inside
    for (left, right, _), edge in zip(cut, [40, 80, 120, 160]):
        assert abs(left - edge) <= 2 and abs(right - (edge + 40 if edge < 160 else 280)) <= 2, cut


def test_strips_without_their_top_card_are_still_strips():
    # the card on top was found apart (it stands out from the others): what is left is all strips
    image = fan([40, 80, 120, 160])
    cut = pieces(image, 40, 161)
    assert len(cut) == 3 and all(partial for *_, partial in cut), cut


def test_a_lone_region_far_thinner_than_a_card_is_a_strip():
    # the strip of a covered card found by itself, without lines across it: not a whole card
    image = np.full((300, 400), 60, np.uint8)
    cv2.rectangle(image, (100, 65), (140, 235), 230, -1)
    (strip,) = pieces(image, 100, 141)
    assert strip[2] is True
    cv2.rectangle(image, (200, 65), (320, 235), 230, -1)
    (card,) = pieces(image, 200, 321)
    assert card[2] is False
