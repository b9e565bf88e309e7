"""Drawing what vision saw onto the picture: each card outlined, its own top edge thicker, labelled."""

from __future__ import annotations

import cv2
import numpy as np

from referee.cards import Kind


def annotate(image: np.ndarray, sightings) -> np.ndarray:
    out = image.copy()
    scale = max(1.0, max(image.shape[:2]) / 1000)
    for s in sightings:
        unknown = s.face.kind is Kind.UNKNOWN
        color = (0, 0, 255) if unknown else (0, 200, 0) if s.visible >= 0.99 else (0, 200, 255)
        pts = s.corners.astype(np.int32)
        cv2.polylines(out, [pts], True, color, max(1, round(2 * scale)), cv2.LINE_AA)
        cv2.line(out, tuple(pts[0]), tuple(pts[1]), color, max(2, round(5 * scale)), cv2.LINE_AA)
        label = f"{s.face} {s.confidence:.2f}"
        x, y = s.center.astype(int)
        size = 0.6 * scale
        (tw, th), _ = cv2.getTextSize(label, cv2.FONT_HERSHEY_SIMPLEX, size, max(1, round(scale)))
        cv2.rectangle(out, (x - tw // 2 - 3, y - th - 4), (x + tw // 2 + 3, y + 4), (255, 255, 255), -1)
        cv2.putText(out, label, (x - tw // 2, y), cv2.FONT_HERSHEY_SIMPLEX, size, color if not unknown else (0, 0, 200),
                    max(1, round(scale)), cv2.LINE_AA)
    return out
