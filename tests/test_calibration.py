"""Mats, calibration from several camera angles, and zones in reading order with their own "up"."""

import subprocess
import sys

import cv2
import numpy as np
import pytest

from calibration import homography, layout, mat, zones
from referee.cards import parse_face
from vision import Sighting

PX = 2.5  # pixels per mm of the rendered mat


def photo_of_mat(game, view, size=(1280, 960), light=1.0):
    """The rendered mat seen by a camera: ``view`` moves the mat's corners in the picture (fractions)."""
    board = layout.load(game)
    art = cv2.cvtColor(np.asarray(mat.render(board, PX)), cv2.COLOR_RGB2BGR)
    w, h = size
    src = np.float32([[0, 0], [art.shape[1], 0], [art.shape[1], art.shape[0]], [0, art.shape[0]]])
    dst = np.float32([[x * w, y * h] for x, y in view])
    M = cv2.getPerspectiveTransform(src, dst)
    table = np.full((h, w, 3), (70, 90, 110), np.uint8)
    picture = cv2.warpPerspective(art, M, (w, h), dst=table, borderMode=cv2.BORDER_TRANSPARENT)
    return np.clip(picture * light, 0, 255).astype(np.uint8), M


VIEWS = {
    "straight": [(0.1, 0.1), (0.9, 0.1), (0.9, 0.9), (0.1, 0.9)],
    "tilted": [(0.15, 0.05), (0.85, 0.12), (0.95, 0.92), (0.05, 0.85)],
    "from the side": [(0.2, 0.2), (0.8, 0.1), (0.9, 0.95), (0.1, 0.8)],
    "turned": [(0.85, 0.1), (0.9, 0.85), (0.12, 0.9), (0.1, 0.12)],
}


@pytest.mark.parametrize("view", sorted(VIEWS))
@pytest.mark.parametrize("game", ["alpha", "blitz", "taketwo"])
def test_calibration_on_the_rendered_mat_from_several_angles(game, view):
    picture, M = photo_of_mat(game, VIEWS[view], light=0.8)
    calibration = homography.from_markers(picture, game)
    assert calibration.error_mm < 1.0
    board = layout.load(game)
    # every zone's centre comes back where the mat has it
    for zone in board.zones:
        pixel = cv2.perspectiveTransform(np.float64([[np.asarray(zone.center) * PX]]), M).reshape(2)
        assert np.linalg.norm(calibration.to_mat_points(pixel)[0] - zone.center) < 2.0, zone.name


def test_missing_markers_are_named_and_bad_fits_refused():
    picture, _ = photo_of_mat("alpha", VIEWS["straight"])
    covered = picture.copy()
    covered[: picture.shape[0] // 3, : picture.shape[1] // 3] = (70, 90, 110)  # a hand over the top-left
    with pytest.raises(homography.CalibrationError, match="top-left"):
        homography.from_markers(covered, "alpha")
    with pytest.raises(homography.CalibrationError, match="folded"):
        homography.from_corners([(100, 100), (900, 800), (900, 100), (100, 800)], "alpha", (1280, 960))
    with pytest.raises(homography.CalibrationError, match="four corners"):
        homography.from_corners([(1, 1), (2, 2)], "alpha", (1280, 960))


def test_manual_corners_and_saving(tmp_path):
    calibration = homography.from_corners([(100, 80), (1180, 90), (1200, 900), (80, 880)], "taketwo", (1280, 960))
    calibration.save(tmp_path / "c.json")
    again = homography.Calibration.load(tmp_path / "c.json")
    assert np.allclose(again.to_mat_points([[100, 80]]), [[0, 0]], atol=1e-6)
    assert again.method == "corners" and again.image_size == (1280, 960)


def sighting(face, center, angle_deg, w=60, h=86):
    from vision.synth.cards import rotated_corners

    corners = rotated_corners(center, (w, h), angle_deg)
    return Sighting(parse_face(face), corners, 0.99, 1.0)


def test_zones_in_reading_order_with_their_own_up():
    board = layout.load("blitz").for_zones(["p1a", "p1b", "p4a", "p4b"])
    calibration = homography.from_corners([(0, 0), (594 * 2, 0), (594 * 2, 420 * 2), (0, 420 * 2)], "blitz", (1188, 840))
    px = lambda name: tuple(np.asarray(board.zone(name).center) * 2)  # noqa: E731
    seen = [sighting("A/E", px("p1a"), 0), sighting("T", px("p1b"), 0),
            sighting("A/E", px("p4a"), 0), sighting("S", (10, 10), 0)]
    found, outside = zones.assign(seen, calibration, board)
    assert [str(s.face) for s in found["p1a"]] == ["A/E"]  # player 1 reads it as it lies
    assert [str(s.face) for s in found["p4a"]] == ["E/A"]  # player 4, across the table, sees E up
    assert [str(s.face) for s in found["p1b"]] == ["T"] and found["p4b"] == []
    assert [str(s.face) for s in outside] == ["S"]


def test_a_line_is_read_left_to_right():
    board = layout.load("alphabet-bang")
    calibration = homography.from_corners([(0, 0), (408 * 2, 0), (408 * 2, 285 * 2), (0, 285 * 2)], "alphabet-bang", (816, 570))
    y = board.zone("line").center[1] * 2
    seen = [sighting(f, (x, y), 0) for f, x in (("C", 500), ("A", 200), ("B", 300))]
    found, _ = zones.assign(seen, calibration, board)
    assert [str(s.face) for s in found["line"]] == ["A", "B", "C"]


def test_a_long_line_runs_on_past_the_end_of_its_field():
    board = layout.load("alphabet-bang")
    line = board.zone("line")
    end = np.asarray(line.center) + line.right * line.size[0] / 2
    assert line.contains(end + line.right * 30) and not line.contains(end + line.right * 60)
    assert not line.contains(np.asarray(line.center) + np.asarray(line.up) * (line.size[1] / 2 + 5))  # not beside it
    pile = layout.load("taketwo").zone("discard")
    assert not pile.contains(np.asarray(pile.center) + pile.right * (pile.size[0] / 2 + 5))


def test_print_mat_and_calibrate_commands(tmp_path):
    out = tmp_path / "mat.pdf"
    run = subprocess.run([sys.executable, "-m", "referee", "print", "mat", "blitz", "-o", str(out), "--paper", "A4"],
                         capture_output=True, text=True)
    assert run.returncode == 0 and out.read_bytes().startswith(b"%PDF") and "pages" in run.stdout
    picture, _ = photo_of_mat("alpha", VIEWS["tilted"])
    image = tmp_path / "view.png"
    cv2.imwrite(str(image), picture)
    run = subprocess.run([sys.executable, "-m", "referee", "calibrate", str(image), "--game", "alpha", "-o", str(tmp_path / "c.json")],
                         capture_output=True, text=True)
    assert run.returncode == 0 and "fit error" in run.stdout, run.stderr
    blank = tmp_path / "blank.png"
    cv2.imwrite(str(blank), np.random.default_rng(0).integers(0, 255, (480, 640, 3)).astype(np.uint8))
    run = subprocess.run([sys.executable, "-m", "referee", "calibrate", str(blank), "--game", "alpha"], capture_output=True, text=True)
    assert run.returncode == 2 and "markers not found" in run.stderr and len(run.stderr.strip().splitlines()) == 1


def _clicks(pygame, points, undo_at=None):
    """Mouse clicks (and one right click taking a corner back) queued for the window, then Enter."""
    pygame.display.init()
    for n, point in enumerate(points):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=point))
        if n == undo_at:
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=3, pos=point))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=point))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))


def test_corners_clicked_in_a_window_calibrate_like_the_markers(monkeypatch):
    from calibration.clicks import click_corners

    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    pygame = pytest.importorskip("pygame")
    picture, M = photo_of_mat("alpha", VIEWS["tilted"])
    w, h = homography.game_mat("alpha")
    corners = cv2.perspectiveTransform(np.float64([[[0, 0]], [[w * PX, 0]], [[w * PX, h * PX]], [[0, h * PX]]]), M).reshape(4, 2)
    scale = 800 / 960  # the 1280x960 picture is shown at most 1200x800
    _clicks(pygame, [(round(x * scale), round(y * scale)) for x, y in corners], undo_at=1)
    clicked = homography.from_corners(click_corners(picture), "alpha", (1280, 960))
    by_markers = homography.from_markers(picture, "alpha")
    probe = np.array([[300.0, 200.0], [900.0, 700.0], [640.0, 480.0]])
    assert np.abs(clicked.to_mat_points(probe) - by_markers.to_mat_points(probe)).max() < 3.0  # mm, with clicks on whole screen pixels


def test_a_cancelled_or_impossible_window_says_so(monkeypatch):
    from calibration.clicks import click_corners

    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    pygame = pytest.importorskip("pygame")
    pygame.display.init()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(10, 10)))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))  # one corner only: not taken
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
    with pytest.raises(homography.CalibrationError, match="cancelled"):
        click_corners(np.zeros((480, 640, 3), np.uint8))
    monkeypatch.setenv("SDL_VIDEODRIVER", "no-such-driver")
    with pytest.raises(homography.CalibrationError, match="--corners"):
        click_corners(np.zeros((480, 640, 3), np.uint8))
