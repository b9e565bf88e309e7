import numpy as np

from vision import crops
from vision.synth.cards import rotated_corners


def test_facing_puts_the_short_edge_nearest_the_top_first():
    for angle, own_top_first in [(0, True), (20, True), (180, False), (160, False)]:
        card = rotated_corners((200, 200), (70, 100), angle)
        faced = crops.facing(card)
        top_mid = (faced[0] + faced[1]) / 2
        assert top_mid[1] < 200  # the first edge is towards the image's top
        assert np.allclose(faced[0], card[0]) == own_top_first


def test_facing_follows_the_readers_up():
    card = rotated_corners((200, 200), (70, 100), 0)
    faced = crops.facing(card, up=np.array([0.0, 1.0]))  # reader on the far side
    assert ((faced[0] + faced[1]) / 2)[1] > 200


def test_square_tiles_may_turn_a_quarter():
    tile = rotated_corners((100, 100), (80, 80), 90)
    faced = crops.facing(tile)
    assert ((faced[0] + faced[1]) / 2)[1] < 100


def test_end_squares_sit_at_the_two_ends_of_a_strip():
    strip = np.float32([[0, 0], [30, 0], [30, 120], [0, 120]])
    first, second = crops.end_squares(strip)
    assert np.allclose(first, [[0, 0], [30, 0], [30, 30], [0, 30]])
    assert np.allclose(second, [[0, 90], [30, 90], [30, 120], [0, 120]])


def test_normalise_ignores_brightness_and_contrast():
    rng = np.random.default_rng(0)
    crop = rng.integers(0, 255, (1, crops.SIZE, crops.SIZE)).astype(np.uint8)
    dim = (crop * 0.5 + 20).astype(np.uint8)
    a, b = crops.normalise(crop), crops.normalise(dim)
    assert a.shape == (1, 1, crops.SIZE, crops.SIZE)
    assert np.corrcoef(a.ravel(), b.ravel())[0, 1] > 0.99


def test_the_foot_band_lies_along_a_cards_own_foot():
    card = np.float32([[100, 100], [200, 100], [200, 240], [100, 240]])  # own top-left first
    band = crops.foot_band(card, top=0.6, bottom=1.0, margin=0.1)
    assert np.allclose(band, [[110, 184], [190, 184], [190, 240], [110, 240]])
    # the card lying the other way up: its foot is the image's top
    turned = crops.foot_band(np.roll(card, 2, axis=0), top=0.6, bottom=1.0, margin=0.1)
    assert np.allclose(turned, [[190, 156], [110, 156], [110, 100], [190, 100]])


def test_zoomed_crops_scale_about_their_middles_and_repeat_their_edges():
    crop = np.full((48, 48), 200, np.uint8)
    crop[22:26, 32:36] = 0  # a dark mark 10 pixels right of the middle
    crop[:, 0] = 90  # the crop's left edge
    wider, closer = crops.zoomed(crop[None], 0.9)[0], crops.zoomed(crop[None], 1.1)[0]
    assert wider.shape == closer.shape == (48, 48)

    def mark_x(c: np.ndarray) -> float:
        ink = (200.0 - c[18:30, 8:]).clip(0)
        return 8 + float((ink.sum(axis=0) * np.arange(ink.shape[1])).sum() / ink.sum())

    assert mark_x(crop) == 33.5
    assert abs(mark_x(wider) - (24 + 0.9 * 9.5)) < 0.2 and abs(mark_x(closer) - (24 + 1.1 * 9.5)) < 0.2
    assert (wider[:, :2] < 150).all()  # the edge repeated where zooming out leaves the crop short
    assert (closer[:, :2] > 150).all()  # and cut off by zooming in
