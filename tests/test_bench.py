"""The vision bench (vision.bench): how it scores what vision.see reads against a scene's truth."""

import numpy as np
import pytest

import vision
from referee.cards import parse_face

from drawn import reading, Always


def test_the_bench_scores_the_vowel_up_of_each_two_vowel_card_found():
    from types import SimpleNamespace

    from vision.bench import Results, score_scene

    outline = np.float32([[0, 0], [100, 0], [100, 140], [0, 140]])
    truth = [SimpleNamespace(face=parse_face("A/E"), corners=outline + [200 * k, 0], visible=1.0, required=True,
                             sideways=False) for k in range(4)]
    seen = [vision.Sighting(parse_face(face), outline + [200 * k, 0], 0.9, 1.0)
            for k, face in enumerate(["A/E", "E/A", "UNKNOWN"])]  # the fourth card is not found at all
    results = Results()
    score_scene(SimpleNamespace(cards=truth), seen, results)
    o = results.orientation
    assert (o.right, o.wrong, o.missed) == (1, 1, 1)
    assert (results.whole.right, results.whole.wrong, results.whole.unknown, results.whole.missed) == (1, 1, 1, 1)


def test_the_bench_measures_how_well_the_outline_of_each_whole_card_read_right_fits_the_card():
    # the corners a card is reported with are part of the contract: a card found along the frame
    # printed inside its edge is read right, but outlined short of its edges
    from types import SimpleNamespace

    from vision.bench import Results, score_scene

    outline = np.float32([[0, 0], [100, 0], [100, 140], [0, 140]])
    inside_frame = np.float32([[15, 15], [85, 15], [85, 125], [15, 125]])  # 70 x 110 of 100 x 140
    truth = [SimpleNamespace(face=parse_face(face), corners=outline + [200 * k, 0], visible=1.0, required=True, sideways=False)
             for k, face in enumerate("KLM")]
    seen = [vision.Sighting(parse_face("K"), outline, 0.9, 1.0),
            vision.Sighting(parse_face("L"), inside_frame + [200, 0], 0.9, 1.0),
            vision.Sighting(parse_face("E"), outline + [400, 0], 0.9, 1.0)]  # read wrong: no outline counted
    results = Results()
    score_scene(SimpleNamespace(cards=truth), seen, results)
    assert results.outlines == pytest.approx([1.0, 70 * 110 / (100 * 140)])


def test_the_bench_counts_answers_on_cards_too_hidden_to_require_one():
    from types import SimpleNamespace

    from vision.bench import Results, score_scene

    outline = np.float32([[0, 0], [100, 0], [100, 140], [0, 140]])
    hidden = [("A/E", "A"), ("O/U", "UNKNOWN"), ("K", "K")]  # the first named by the one vowel that shows: wrong
    truth = [SimpleNamespace(face=parse_face(face), corners=outline + [200 * k, 0], visible=0.3, required=False, sideways=False)
             for k, (face, _) in enumerate(hidden)]
    seen = [vision.Sighting(parse_face(said), outline + [200 * k, 0], 0.9, 0.3) for k, (_, said) in enumerate(hidden)]
    results = Results()
    score_scene(SimpleNamespace(cards=truth), seen, results)
    assert (results.hidden.right, results.hidden.wrong) == (1, 1)
    assert results.covered.total == 0 and results.phantoms == 0


@pytest.mark.parametrize("said, tally", [(dict(A=0.9), (1, 1, 0, 0)), (dict(A=0.5), (1, 0, 0, 0)), (dict(E=0.9), (0, 0, 1, 0)),
                                         (dict(E=0.5), (0, 0, 0, 1)), (dict(NOISE=0.9), (0, 0, 0, 1))])
def test_the_bench_scores_the_index_reader_alone_on_the_strip_ends_found(monkeypatch, said, tally):
    # a strip found along a covered card's left side: its top end holds the card's uncovered index,
    # its bottom end nothing of it (the index across the card is elsewhere, and covered)
    from types import SimpleNamespace

    from vision import bench
    from vision.detect import Region, order_quad

    strip = Region(order_quad(np.float32([[0, 0], [40, 0], [40, 200], [0, 200]])), 8000.0, partial=True)
    card = SimpleNamespace(indices=[("A", np.array([20.0, 20.0]), True), ("A", np.array([120.0, 180.0]), False)])
    monkeypatch.setattr(bench.detect, "find_cards", lambda image, gray=None: [strip])
    monkeypatch.setattr(bench, "index_reader", lambda: Always(reading(**said)))
    results = bench.Results()
    bench.score_ends(SimpleNamespace(image=np.zeros((220, 220, 3), np.uint8), cards=[card]), np.zeros((220, 220), np.uint8), results)
    assert (results.ends.right, results.ends_sure, results.ends.wrong, results.ends.unknown) == tally


def test_the_bench_gives_each_share_its_95_percent_interval():
    # a hundred scenes' 1,199 whole cards, 1,193 right, cannot tell 99.5 % from 99 % or 99.7 %;
    # Wilson's interval stays within 0 and 1 where nothing or everything is right
    from vision.bench import Tally, wilson_interval

    low, high = wilson_interval(1193, 1199)
    assert low == pytest.approx(0.98913, abs=1e-5) and high == pytest.approx(0.99770, abs=1e-5)
    assert wilson_interval(0, 10) == pytest.approx((0.0, 3.8415 / 13.8415), abs=1e-4)
    assert wilson_interval(10, 10)[1] == 1.0 and wilson_interval(10, 10)[0] == pytest.approx(10 / 13.8415, abs=1e-4)
    assert Tally(right=1193, wrong=2, missed=4).interval(1193) == "95 % interval 98.91-99.77"
