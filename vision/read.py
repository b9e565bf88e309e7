"""The card readers at run time: one ONNX Runtime session each, loaded once, fed all crops of a frame
in one batch. A reader says, for each crop, which class it shows (:data:`CLASSES`) and where the
card's own top is (0 top, 1 right, 2 bottom, 3 left of the crop).

Four models are shipped: ``cards.onnx`` reads whole cards; ``index.onnx`` and ``index_framed.onnx``
read the corner index at the end of a covered card's strip together (:class:`Agreeing`), each crop
that may show one in three views (:class:`Zooming`), and know only what an index shows
(:data:`INDEX_CLASSES`); ``words.onnx`` reads the action word at a bird card's foot
(:data:`WORD_CLASSES`). Their readings are given in the card classes too, the others at zero, so that
the readers' answers are weighed alike. Where the first index model is missing, the card reader reads
the strips as well, and where only the second is, the first reads them alone; where the word model is
missing, a bird card the card reader is unsure of stays unknown."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import numpy as np

from referee.errors import UserError
from vision.crops import normalise, zoomed
from vision.synth.samples import CLASSES, INDEX_CLASSES, NOISE, WORD_CLASSES

MODELS = Path(__file__).resolve().parent.parent / "models"
MODEL = MODELS / "cards.onnx"
INDEX_MODEL = MODELS / "index.onnx"
FRAMED_INDEX_MODEL = MODELS / "index_framed.onnx"  # trained with more designs whose frame runs through their index
WORD_MODEL = MODELS / "words.onnx"
NOISE_MAX = 0.5  # a reading more likely "not a card" than this is no card: vision.see drops its region
SURE = 0.9  # a card read less surely than this is looked at again (larger views, the regions inside it)


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
    """A classifier of crops into ``classes`` (:data:`CLASSES` or a subset of them, in its own order).
    ``threads`` is ONNX Runtime's intra-op thread count (1: one core)."""

    def __init__(self, model: Path = MODEL, threads: int = 1, classes: tuple[str, ...] = CLASSES) -> None:
        import onnxruntime as ort

        if not model.exists():
            raise ModelMissing(f"card model not found at {model}: train it with `python models/train.py`")
        options = ort.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        self.session = ort.InferenceSession(str(model), options, providers=["CPUExecutionProvider"])
        self.columns = np.array([CLASSES.index(name) for name in classes])  # where each output goes among CLASSES

    def read(self, crops: np.ndarray) -> list[Reading]:
        """Classify uint8 crops [n, S, S]."""
        if len(crops) == 0:
            return []
        logits, sides = self.session.run(None, {"crops": normalise(crops)})
        probs = np.zeros((len(crops), len(CLASSES)), np.float32)
        probs[:, self.columns] = _softmax(logits)
        side = sides.argmax(axis=1)
        best = probs.argmax(axis=1)
        return [Reading(CLASSES[b], float(p[b]), int(s), float(p[NOISE]), p) for b, p, s in zip(best, probs, side)]


def agreed(*readings: Reading) -> Reading:
    """One reading from several of the same crop (views of it, or readers' answers): the geometric
    mean of their probabilities, so that a class all find likely wins and one they dispute stays
    unsure; the own top of the surest."""
    with np.errstate(divide="ignore"):  # a class one reading rules out (a zero) stays out
        p = np.exp(np.mean([np.log(r.probabilities()) for r in readings], axis=0))
    p = p / p.sum()
    k = int(p.argmax())
    return Reading(CLASSES[k], float(p[k]), max(readings, key=lambda r: r.confidence).side, float(p[NOISE]), p)


class Agreeing:
    """Two readers of the same classes read each crop, and their answers are weighed together
    (:func:`agreed`): two index readers trained on differently drawn designs err on different crops,
    and together name more covered cards than either alone, and no more of them wrongly."""

    def __init__(self, first: Reader, second: Reader) -> None:
        self.first, self.second = first, second

    def read(self, crops: np.ndarray) -> list[Reading]:
        return [agreed(a, b) for a, b in zip(self.first.read(crops), self.second.read(crops))]


VIEW_SCALES = (0.9, 1.1)  # the other views of a crop that may show an index: zoomed out and in about its middle
DOUBT = 0.5  # a crop read as at least this likely noise shows no index, and is not read again


class Zooming:
    """A reader that reads each crop that may show an index (less likely noise than :data:`DOUBT`)
    again zoomed out and in a little (:data:`VIEW_SCALES`), and weighs the readings together
    (:func:`agreed`), the crop as cut as much as its other views together. A small index sits in its
    crop wherever the cut puts it, a little larger or smaller than the readers learnt it: what the
    views agree on names more covered cards surely, and hardly more wrongly. Crops that surely show
    no index, most of a frame's, are read once."""

    def __init__(self, reader: Reader | Agreeing) -> None:
        self.reader = reader

    def read(self, crops: np.ndarray) -> list[Reading]:
        readings = self.reader.read(crops)
        doubtful = [k for k, r in enumerate(readings) if r.noise < DOUBT]
        if not doubtful:
            return readings
        views = self.reader.read(np.concatenate([zoomed(crops[doubtful], scale) for scale in VIEW_SCALES]))
        for j, k in enumerate(doubtful):
            # the crop as cut is given twice: it weighs as much as its two other views together
            readings[k] = agreed(readings[k], readings[k], *views[j :: len(doubtful)])
        return readings


def _softmax(x: np.ndarray) -> np.ndarray:
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def _threads() -> int:
    return int(os.environ.get("REFEREE_VISION_THREADS", "1"))


@lru_cache(maxsize=2)
def reader(model: Path = MODEL) -> Reader:
    """The shared card reader (one session per process)."""
    return Reader(model, threads=_threads())


@lru_cache(maxsize=2)
def index_reader(model: Path = INDEX_MODEL, framed: Path = FRAMED_INDEX_MODEL) -> Reader | Zooming:
    """The shared reader of covered cards' corner indices (one session per model and process): the two
    index models agreeing (:class:`Agreeing`), or the first alone where the second is missing, reading
    each crop that may show an index in three views (:class:`Zooming`); the card reader where the
    first index model is missing."""
    if not model.exists():
        return reader()
    first = Reader(model, threads=_threads(), classes=INDEX_CLASSES)
    return Zooming(Agreeing(first, Reader(framed, threads=_threads(), classes=INDEX_CLASSES)) if framed.exists() else first)


@lru_cache(maxsize=2)
def word_reader(model: Path = WORD_MODEL) -> Reader | None:
    """The shared reader of bird cards' action words (one session per process); None where its model
    is missing."""
    return Reader(model, threads=_threads(), classes=WORD_CLASSES) if model.exists() else None
