"""Tesseract as a fallback reader of card crops (``referee see --reader tesseract``) and as the
baseline the benchmark compares the classifier with. Never used per frame in live play: it is two
orders of magnitude slower than the classifier and reads only plain letters.

It reads the same straightened crops, enlarged and binarised, as one character (page segmentation
mode 10), trying the crop upright and turned; the most confident reading wins.
"""

from __future__ import annotations

import shutil

import cv2
import numpy as np

from vision.read import Reading
from referee.errors import UserError

WHITELIST = "ABCDEFGHIJKLMNOPQRSTUVWXYZÅÄÖ?"


class TesseractMissing(UserError):
    """The fallback reader was asked for, but Tesseract is not installed."""


class TesseractReader:
    def __init__(self) -> None:
        if shutil.which("tesseract") is None:
            raise TesseractMissing("tesseract is not installed: apt-get install tesseract-ocr")
        import pytesseract

        self._tess = pytesseract
        langs = set(pytesseract.get_languages(config=""))
        self.lang = "eng+swe" if "swe" in langs else "eng"

    def _one(self, crop: np.ndarray) -> tuple[str, float]:
        big = cv2.resize(crop, (crop.shape[1] * 3, crop.shape[0] * 3), interpolation=cv2.INTER_CUBIC)
        _, bw = cv2.threshold(cv2.GaussianBlur(big, (3, 3), 0), 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
        bw = cv2.copyMakeBorder(bw, 20, 20, 20, 20, cv2.BORDER_CONSTANT, value=255)
        data = self._tess.image_to_data(
            bw, lang=self.lang, config=f"--psm 10 -c tessedit_char_whitelist={WHITELIST}",
            output_type=self._tess.Output.DICT)
        best = ("", -1.0)
        for text, conf in zip(data["text"], data["conf"]):
            text = text.strip().upper()
            if len(text) == 1 and float(conf) > best[1]:
                best = (text, float(conf))
        return best

    def read(self, crops: np.ndarray) -> list[Reading]:
        out = []
        for crop in crops:
            options = []
            for side in range(4):
                text, conf = self._one(np.rot90(crop, side).copy())
                if text:
                    options.append((conf, text, side))
            if not options:
                out.append(Reading("NOISE", 0.0, 0, 1.0))
                continue
            conf, text, side = max(options)
            out.append(Reading(text, conf / 100, side, 0.0))
        return out
