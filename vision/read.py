"""The card classifier at run time: one ONNX Runtime session, loaded once, fed all crops of a frame
in one batch. It says, for each crop, which class it shows (:data:`CLASSES`) and where the card's own
top is (0 top, 1 right, 2 bottom, 3 left of the crop)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import numpy as np

from referee.errors import UserError
from vision.crops import normalise
from vision.synth.samples import CLASSES, NOISE

MODEL = Path(__file__).resolve().parent.parent / "models" / "cards.onnx"


class ModelMissing(UserError):
    """The trained classifier is not where it should be."""


@dataclass
class Reading:
    label: str  # a class of CLASSES
    confidence: float
    side: int  # where the card's own top is in the crop
    noise: float  # probability that the crop is no card at all
    probs: np.ndarray | None = field(default=None, repr=False)  # of each class, where the reader says them all

    def probabilities(self) -> np.ndarray:
        """The probability of each class of CLASSES; for a reader that gives only its best guess (and
        how likely the crop is noise), the rest is spread evenly over the other classes."""
        if self.probs is not None:
            return self.probs
        p = np.zeros(len(CLASSES))
        p[CLASSES.index(self.label)] = self.confidence
        p[NOISE] = max(p[NOISE], self.noise)  # a blank crop's reading: NOISE at no confidence, noise 1
        rest = max(0.0, 1.0 - p.sum())
        p[p == 0] = rest / max(1, int((p == 0).sum()))
        return p


class Reader:
    """The classifier. ``threads`` is ONNX Runtime's intra-op thread count (1: one core)."""

    def __init__(self, model: Path = MODEL, threads: int = 1) -> None:
        import onnxruntime as ort

        if not model.exists():
            raise ModelMissing(f"card model not found at {model}: train it with `python models/train.py`")
        options = ort.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        self.session = ort.InferenceSession(str(model), options, providers=["CPUExecutionProvider"])

    def read(self, crops: np.ndarray) -> list[Reading]:
        """Classify uint8 crops [n, S, S]."""
        if len(crops) == 0:
            return []
        logits, sides = self.session.run(None, {"crops": normalise(crops)})
        probs = _softmax(logits)
        side = sides.argmax(axis=1)
        best = probs.argmax(axis=1)
        return [Reading(CLASSES[b], float(p[b]), int(s), float(p[NOISE]), p) for b, p, s in zip(best, probs, side)]


def _softmax(x: np.ndarray) -> np.ndarray:
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


@lru_cache(maxsize=2)
def reader(model: Path = MODEL) -> Reader:
    """The shared reader (one session per process)."""
    return Reader(model, threads=int(os.environ.get("REFEREE_VISION_THREADS", "1")))
