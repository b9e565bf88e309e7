"""From pixels to the mat: find the mat's corner markers (or take four corners given by hand), fit the
homography, say how good it is, and refuse a bad one with the reason.

A calibration is saved as JSON: the game's layout name, the picture size, the 3x3 matrix from image
pixels to mat millimetres, how it was made and its error.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

import cv2
import numpy as np

from calibration import layout as layouts
from calibration.mat import ARUCO
from referee.errors import UserError

MAX_ERROR_MM = 3.0  # markers further than this from where the fit puts them: refuse


class CalibrationError(UserError):
    """A picture or set of corners that gives no trustworthy mapping to the mat; the message says why."""


@dataclass
class Calibration:
    game: str
    image_size: tuple[int, int]
    to_mat: list[list[float]]  # 3x3, image pixels -> mat millimetres
    method: str  # "markers" or "corners"
    error_mm: float  # root mean square distance of the fitted points, on the mat
    markers: int = 4

    @property
    def matrix(self) -> np.ndarray:
        return np.asarray(self.to_mat, float)

    def to_mat_points(self, points: np.ndarray) -> np.ndarray:
        pts = np.asarray(points, np.float64).reshape(-1, 1, 2)
        return cv2.perspectiveTransform(pts, self.matrix).reshape(-1, 2)

    def to_image_points(self, points: np.ndarray) -> np.ndarray:
        pts = np.asarray(points, np.float64).reshape(-1, 1, 2)
        return cv2.perspectiveTransform(pts, np.linalg.inv(self.matrix)).reshape(-1, 2)

    def image_direction(self, mat_point, mat_direction) -> np.ndarray:
        """A direction on the mat at a point, as a unit direction in the image."""
        p = np.asarray(mat_point, float)
        a, b = self.to_image_points(np.array([p, p + 10 * np.asarray(mat_direction, float)]))
        d = b - a
        return d / (np.linalg.norm(d) + 1e-12)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(asdict(self), indent=1), encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Calibration:
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise CalibrationError(f"cannot read calibration {path}: {exc}") from None
        data["image_size"] = tuple(data["image_size"])
        return cls(**data)


def find_markers(image: np.ndarray) -> dict[int, np.ndarray]:
    """The mat's corner markers seen in a BGR picture: id -> 4 corners in pixels."""
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(ARUCO), cv2.aruco.DetectorParameters())
    corners, ids, _ = detector.detectMarkers(gray)
    if ids is None:
        return {}
    return {int(i): c.reshape(4, 2) for i, c in zip(ids.ravel(), corners) if 0 <= int(i) <= 3}


def _fit(game: str, image_pts: np.ndarray, mat_pts: np.ndarray, image_size, method: str, markers: int) -> Calibration:
    H, _ = cv2.findHomography(image_pts.astype(np.float64), mat_pts.astype(np.float64), 0)
    if H is None or not np.isfinite(H).all() or abs(np.linalg.det(H)) < 1e-12:
        raise CalibrationError("the points do not define a view of the mat (are they in a line?)")
    fitted = cv2.perspectiveTransform(image_pts.reshape(-1, 1, 2).astype(np.float64), H).reshape(-1, 2)
    error = float(np.sqrt(np.mean(np.sum((fitted - mat_pts) ** 2, axis=1))))
    calibration = Calibration(game, tuple(image_size), H.tolist(), method, error, markers)
    if error > MAX_ERROR_MM:
        raise CalibrationError(f"the fit is poor ({error:.1f} mm off on the mat): is the mat flat and fully in view?")
    # the mat must look like a sensible, not folded, quadrilateral in the picture
    outline = calibration.to_image_points(np.array([[0, 0], [game_mat(game)[0], 0], list(game_mat(game)), [0, game_mat(game)[1]]]))
    if not cv2.isContourConvex(outline.astype(np.float32).reshape(-1, 1, 2)):
        raise CalibrationError("the mat's outline comes out folded: give its corners in clockwise order from top-left")
    return calibration


def game_mat(game: str) -> tuple[float, float]:
    return layouts.load(game).mat


def from_markers(image: np.ndarray, game: str) -> Calibration:
    """Calibrate on the printed mat's corner markers (all four needed)."""
    layout = layouts.load(game)
    found = find_markers(image)
    missing = sorted(set(range(4)) - set(found))
    if missing:
        names = ["top-left", "top-right", "bottom-right", "bottom-left"]
        raise CalibrationError(f"mat markers not found: {', '.join(names[i] for i in missing)}; keep all four corners "
                               "of the mat in view and uncovered, in good light")
    wanted = layout.marker_corners()
    image_pts = np.concatenate([found[i] for i in range(4)])
    mat_pts = np.concatenate([wanted[i] for i in range(4)])
    return _fit(game, image_pts, mat_pts, image.shape[1::-1], "markers", 4)


def from_corners(corners: list[tuple[float, float]], game: str, image_size: tuple[int, int]) -> Calibration:
    """Calibrate on four corners of the play area given by hand (clockwise from the first player's
    top-left), for a table without the printed mat."""
    if len(corners) != 4:
        raise CalibrationError("give exactly four corners: x1,y1,x2,y2,x3,y3,x4,y4")
    w, h = layouts.load(game).mat
    return _fit(game, np.asarray(corners, float), np.array([[0, 0], [w, 0], [w, h], [0, h]], float), image_size, "corners", 0)
