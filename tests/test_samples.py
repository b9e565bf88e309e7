"""The labelled crops the readers learn from: labels must say what the crop shows."""

import random

import numpy as np

from referee.cards import parse_face
from vision import crops
from vision.synth import fonts, samples
from vision.synth.cards import CardStyle, random_style, render_card, varied

FONT = fonts.fonts()[0]
TWO_CORNERS = CardStyle(font=FONT, index=True)
FOUR_CORNERS = CardStyle(font=FONT, index=True, four_indices=True)
RIGHT_CORNER = CardStyle(font=FONT, index=True, index_right=True)
NO_INDEX = CardStyle(font=FONT)


def test_what_each_corner_of_a_card_prints():
    printed = samples._printed_index
    # a letter card: top-left upright, bottom-right turned; the other two corners only on four-index designs
    assert [printed(parse_face("K"), TWO_CORNERS, c) for c in range(4)] == [("K", False), None, ("K", True), None]
    assert [printed(parse_face("K"), FOUR_CORNERS, c) for c in range(4)] == [("K", False), ("K", False), ("K", True), ("K", True)]
    # ... or top-right upright, bottom-left turned
    assert [printed(parse_face("K"), RIGHT_CORNER, c) for c in range(4)] == [None, ("K", False), None, ("K", True)]
    # a two-vowel card: the upper vowel at both top corners, the lower one turned at both bottom corners
    assert [printed(parse_face("A/E"), TWO_CORNERS, c) for c in range(4)] == [("A", False), ("A", False), ("E", True), ("E", True)]
    assert printed(parse_face("?"), TWO_CORNERS, 0) == ("?", False)
    assert printed(parse_face("QXZ"), TWO_CORNERS, 2) == ("QXZ", True)
    assert printed(parse_face("QU"), TWO_CORNERS, 0) == ("QU", False)
    # no index: a design without one, and cards that never print one
    assert printed(parse_face("K"), NO_INDEX, 0) is None
    assert all(printed(parse_face(face), TWO_CORNERS, 0) is None for face in ("BLITZ", "STEAL", "BACK", "ARROW"))


def test_an_index_cut_short_by_the_card_above_counts_as_none():
    style = CardStyle(font=FONT, index=True)  # its index centred at 0.13 of the width, 0.1 of the height
    assert not samples._index_shows(style, side=0, share=0.12) and samples._index_shows(style, side=0, share=0.3)
    assert not samples._index_shows(style, side=1, share=0.1) and samples._index_shows(style, side=3, share=0.2)


def test_index_samples_are_crops_of_strip_ends_labelled_with_the_index_classes():
    x, y, r = samples.index_batch(seed=5, n=60)
    assert x.shape == (60, crops.SIZE, crops.SIZE) and x.dtype == np.uint8
    assert set(y) <= set(range(len(samples.INDEX_CLASSES))) and set(r) <= {0, 1, 2, 3}
    labels = {samples.INDEX_CLASSES[k] for k in y}
    assert "NOISE" in labels and len(labels - {"NOISE"}) >= 5  # both: an end shows an index or nothing
    assert float(x.std()) > 10  # pictures, not blanks
    # the same seed draws the same samples
    again = samples.index_batch(seed=5, n=60)
    assert np.array_equal(x, again[0]) and np.array_equal(y, again[1])


def test_word_samples_are_foot_bands_labelled_with_a_bird_cards_word_or_none():
    x, y, r = samples.word_batch(seed=5, n=60)
    assert x.shape == (60, crops.SIZE, crops.SIZE) and x.dtype == np.uint8 and not r.any()
    labels = [samples.WORD_CLASSES[k] for k in y]
    assert set(labels) == {"STEAL", "SWAP", "TRIBUTE", "NOISE"}
    assert float(x.std()) > 10
    # a bird card gives its foot, labelled with its word, and a band along another of its sides, as
    # NOISE; another card gives its foot, as NOISE
    for seed in range(10):
        named = [samples.WORD_CLASSES[label] for _, label, _ in samples.word_bands(random.Random(seed))]
        assert named == ["NOISE"] or (len(named) == 2 and named[0] in samples.ACTIONS and named[1] == "NOISE")


def test_a_strip_has_two_ends_and_a_letter_card_shows_its_index_at_one_of_them():
    rng = random.Random(3)
    letters = 0
    for _ in range(40):
        ends = samples.strip_ends(rng)
        assert len(ends) == 2
        named = [samples.INDEX_CLASSES[label] for _, label, _ in ends]
        if len(set(named) - {"NOISE"}) == 1 and named.count("NOISE") == 1:
            letters += 1
    assert letters >= 10


def test_the_ends_the_detector_cuts_are_labelled_with_the_index_they_show():
    from vision.read import index_reader

    rng = random.Random(11)
    named: list[tuple[np.ndarray, str, int]] = []
    for _ in range(20):  # tables, until two dozen ends show an index
        named += [(crop, samples.INDEX_CLASSES[label], side) for crop, label, side in samples.detected_ends(rng)]
        if sum(shows != "NOISE" for _, shows, _ in named) >= 24:
            break
    assert sum(shows != "NOISE" for _, shows, _ in named) >= 24
    assert any(shows == "NOISE" for _, shows, _ in named)  # ends with an index, and ends with none
    readings = index_reader().read(np.stack([crop for crop, _, _ in named]))
    agree = [reading.label == shows for reading, (_, shows, _) in zip(readings, named)]
    assert np.mean(agree) >= 0.75  # a wrong label (or one for the wrong corner) would rarely be read so
    # where the index is turned, the label says so: the reader finds its top on the same side
    read = [(reading.side, side, shows) for reading, (_, shows, side) in zip(readings, named)
            if shows != "NOISE" and reading.label == shows and samples.symmetric_turns(shows) == 4]
    assert sum(side == 2 for _, side, _ in read) >= 2  # some indices printed turned, in the lower corners
    assert np.mean([seen == side for seen, side, _ in read]) >= 0.9


def test_the_second_index_readers_designs_frame_their_index_with_a_thin_line_more_often():
    # designs unseen in training print their index on a frame line: the second index reader learns
    # from designs THIN_FRAMED of which are given a thin frame, at insets through the index and clear
    # of it; the first reader's designs keep their own frames (a sixth of them thin)
    rng = random.Random(7)
    drawn = [random_style(rng) for _ in range(800)]
    plain = [varied(style, rng) for style in drawn]
    assert [d.border for d in plain] == [style.border for style in drawn]
    framed = [varied(style, rng, samples.THIN_FRAMED) for style in drawn]
    thin = [d for d in framed if d.border == 1]
    expected = samples.THIN_FRAMED + (1 - samples.THIN_FRAMED) * np.mean([style.border == 1 for style in drawn])
    assert abs(len(thin) / len(framed) - expected) < 0.06 and len(thin) > 0.35 * len(framed)
    insets = [d.frame_inset for d in thin]
    assert min(insets) < 3 and max(insets) > 8
    assert {d.border for d in framed} >= {0, 1, 2, 4, 5}  # the other frames stay too


def test_a_card_prints_its_index_in_the_corners_its_design_names():
    def inked(style: CardStyle) -> list[bool]:
        card = render_card(parse_face("K"), style, 200)
        h, w = card.shape[:2]
        dark = (card[..., :3].min(axis=2) < 120) & (card[..., 3] == 255)  # ink, not the cut-off round corners
        s = round(0.22 * w)
        return [bool(dark[: s, : s].any()), bool(dark[: s, w - s :].any()), bool(dark[h - s :, w - s :].any()), bool(dark[h - s :, : s].any())]

    assert inked(TWO_CORNERS) == [True, False, True, False]
    assert inked(RIGHT_CORNER) == [False, True, False, True]
    assert inked(FOUR_CORNERS) == [True, True, True, True]


def test_index_spots_are_where_the_card_prints_its_indices():
    from vision.synth.cards import index_spots

    for face, style in (("A/E", TWO_CORNERS), ("K", TWO_CORNERS), ("K", RIGHT_CORNER), ("K", FOUR_CORNERS)):
        card = render_card(parse_face(face), style, 300)
        h, w = card.shape[:2]
        dark = card[..., :3].min(axis=2) < 120
        spots = index_spots(parse_face(face), style)
        assert len(spots) == (4 if style.four_indices or "/" in face else 2)
        for shows, x, y in spots:
            around = dark[round(y * h) - 12 : round(y * h) + 12, round(x * w) - 12 : round(x * w) + 12]
            assert around.mean() > 0.05, (face, shows, x, y)  # ink of an index there
    assert [shows for shows, _, _ in index_spots(parse_face("A/E"), TWO_CORNERS)] == ["A", "E", "A", "E"]
    assert index_spots(parse_face("K"), NO_INDEX) == [] and index_spots(parse_face("BLITZ"), TWO_CORNERS) == []


def test_a_covered_two_vowel_card_is_named_only_where_an_index_of_each_vowel_shows():
    from vision.synth.scene import _named_by_indices

    indices = [("A", np.array([20, 20])), ("A", np.array([180, 20])), ("E", np.array([20, 180])), ("E", np.array([180, 180]))]
    owner = np.zeros((200, 200), np.int32)
    owner[:, 100:] = 1  # the next card of a row lies over its right half: a corner of each vowel shows
    assert _named_by_indices(owner, 0, indices, card_h=200)
    owner[:] = 0
    owner[100:] = 1  # ... of a column, over its lower half: only the upright vowel shows
    assert not _named_by_indices(owner, 0, indices, card_h=200)
    assert _named_by_indices(owner, 0, [("K", np.array([20, 20])), ("K", np.array([180, 180]))], card_h=200)
    assert not _named_by_indices(owner, 0, [], card_h=200)  # a card without indices
