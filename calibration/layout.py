"""Table layouts as data: for each game a mat (its size in millimetres) and its zones - piles, lines -
each with its centre, size and "up", the direction its owner reads it (``layouts/*.toml``).

Mat coordinates are millimetres from the mat's top-left corner, x to the right, y downwards, as the
first player sees the mat from the bottom edge. A zone's "up" is a unit vector on the mat; its
reading direction (left to right for its owner) is "up" turned a quarter clockwise.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from referee.errors import UserError

LAYOUT_DIR = Path(__file__).parent / "layouts"
MARKER_MM = 40  # side of the ArUco markers at the mat's corners
MARGIN_MM = 10  # from the mat's edge to a marker
LINE_OVERRUN_MM = 45  # how far past the end of its field a line's cards are still its own (half a card's length)


@dataclass(frozen=True)
class Zone:
    name: str
    center: tuple[float, float]
    size: tuple[float, float]  # across (the reading direction), along "up"
    up: tuple[float, float]
    kind: str = "pile"  # "pile" (top card counts) or "line" (every card, in reading order)

    @property
    def right(self) -> np.ndarray:
        u = np.asarray(self.up, float)
        return np.array([-u[1], u[0]])

    def corners(self) -> np.ndarray:
        """The zone's outline on the mat, clockwise from its owner's top-left."""
        c, u, r = np.asarray(self.center, float), np.asarray(self.up, float), self.right
        w, h = self.size[0] / 2, self.size[1] / 2
        return np.array([c + u * h - r * w, c + u * h + r * w, c - u * h + r * w, c - u * h - r * w])

    def contains(self, point: np.ndarray) -> bool:
        """Whether a point of the mat lies in the zone - or, for a line, beyond either end of it:
        a long line runs on past the end of its field."""
        d = np.asarray(point, float) - np.asarray(self.center, float)
        reach = self.size[0] / 2 + (LINE_OVERRUN_MM if self.kind == "line" else 0.0)
        return abs(float(d @ self.right)) <= reach and abs(float(d @ np.asarray(self.up, float))) <= self.size[1] / 2


@dataclass(frozen=True)
class Layout:
    game: str
    mat: tuple[float, float]  # width, height in mm
    zones: tuple[Zone, ...]

    def zone(self, name: str) -> Zone:
        return next(z for z in self.zones if z.name == name)

    def for_zones(self, names: list[str]) -> Layout:
        """The layout with only the zones a game of this many players uses."""
        return Layout(self.game, self.mat, tuple(z for z in self.zones if z.name in names))

    def marker_corners(self) -> dict[int, np.ndarray]:
        """Marker id -> its four corners on the mat (clockwise from top-left), ids 0..3 clockwise from
        the mat's top-left corner."""
        w, h = self.mat
        m, s = MARGIN_MM, MARKER_MM
        origins = {0: (m, m), 1: (w - m - s, m), 2: (w - m - s, h - m - s), 3: (m, h - m - s)}
        return {i: np.array([[x, y], [x + s, y], [x + s, y + s], [x, y + s]], float) for i, (x, y) in origins.items()}


def available() -> list[str]:
    return sorted(p.stem for p in LAYOUT_DIR.glob("*.toml"))


def load(game: str) -> Layout:
    path = LAYOUT_DIR / f"{game}.toml"
    if not path.exists():
        raise UserError(f"no table layout for {game!r}; layouts: {', '.join(available())}")
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    defaults = data.get("defaults", {})
    zones = []
    for name, spec in data["zones"].items():
        spec = {**defaults, **spec}
        up = np.asarray(spec["up"], float)
        up = up / np.linalg.norm(up)
        zones.append(Zone(name, tuple(spec["center"]), tuple(spec["size"]), (float(up[0]), float(up[1])), spec.get("kind", "pile")))
    return Layout(data["game"], tuple(data["mat"]), tuple(zones))
