"""What vision reports of each card it sees (:class:`Sighting`), in the image's pixels."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from referee.cards import Face, Kind


@dataclass
class Sighting:
    """A card seen: its face, where it lies, how surely it was read and how much of it shows. Its JSON
    form is one card of `referee see --json` (:meth:`to_json`)."""

    face: Face  # as read with ``up`` as the reader's top; UNKNOWN when unreadable
    corners: np.ndarray  # 4 x 2, clockwise from the card's own top-left (the visible part of a covered card)
    confidence: float
    visible: float  # share of the card that can be seen
    sideways: bool = False  # an oblong card lying across the reader's view (e.g. a multiplier)

    @property
    def center(self) -> np.ndarray:
        return self.corners.sum(axis=0) / 4

    def to_json(self) -> dict:
        out = {"face": str(self.face), "corners": [[round(float(x), 1), round(float(y), 1)] for x, y in self.corners],
               "confidence": round(self.confidence, 3), "visible": round(self.visible, 3)}
        if self.face.kind is Kind.TWO_VOWEL:
            out["upright"] = self.face.upright
        if self.sideways:
            out["sideways"] = True
        return out
