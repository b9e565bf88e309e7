"""Pictures and readings the vision tests draw: cards laid on plain tables, rendered held-out tables,
and readings made up class by class."""

import dataclasses
import random

import cv2
import numpy as np

import vision
from referee.cards import parse_face
from vision.read import Reading
from vision.synth import fonts
from vision.synth.cards import CardStyle, render_card, rotated_corners
from vision.synth.samples import CLASSES
from vision.synth.textures import table_texture


FONT = next(f for f in fonts.fonts() if f.name == "DejaVuSans-Bold.ttf")
PLAIN = CardStyle(font=FONT, index=True, underline=True, radius=0.05)
SQUARE = CardStyle(font=FONT, index=True, radius=0.05, aspect=1.0)
INDEXLESS_TILE = dataclasses.replace(SQUARE, index=False)


def table(cards, size=(960, 720), seed=0, light=False):
    """A plain table with the given (face, center, angle[, style]) cards lying on it; returns the image
    and each card's corners."""
    rng = random.Random(seed)
    w, h = size
    image = np.full((h, w, 3), (200, 205, 210) if light else (60, 80, 60), np.uint8)
    image = cv2.addWeighted(image, 0.85, table_texture(rng, w, h), 0.15, 0)
    return lay(image, cards)


def lay(image, cards, height=170):
    """The (face, center, angle[, style]) cards laid on the picture, ``height`` pixels tall, and each
    card's corners."""
    h, w = image.shape[:2]
    placed = []
    for face, center, angle, *style in cards:
        style = style[0] if style else PLAIN
        art = render_card(parse_face(face), style, height, points=3)
        corners = rotated_corners(center, (art.shape[1], art.shape[0]), angle).astype(np.float32)
        src = np.float32([[0, 0], [art.shape[1], 0], [art.shape[1], art.shape[0]], [0, art.shape[0]]])
        warped = cv2.warpPerspective(art, cv2.getPerspectiveTransform(src, corners), (w, h))
        alpha = warped[..., 3:4] / 255.0
        image = (image * (1 - alpha) + warped[..., 2::-1] * alpha).astype(np.uint8)
        placed.append(corners)
    return image, placed


def read(image, up=vision.UP):
    return sorted(((round(float(s.center[0])), str(s.face)) for s in vision.see(image, up=up)))


def tally(scene, seen=None):
    """The bench's tally of a rendered scene as :func:`vision.see` reads it (or as ``seen``)."""
    from vision.bench import Results, score_scene

    results = Results()
    score_scene(scene, vision.see(scene.image) if seen is None else seen, results)
    return results


def reading(side=0, **sure):
    """A classifier's reading whose named classes have these probabilities, the rest spread evenly."""
    p = np.full(len(CLASSES), (1 - sum(sure.values())) / (len(CLASSES) - len(sure)))
    for name, value in sure.items():
        p[CLASSES.index(name)] = value
    best = int(p.argmax())
    return Reading(CLASSES[best], float(p[best]), side, float(p[CLASSES.index("NOISE")]), p)


class Always:
    """A reader that reads every crop alike."""

    def __init__(self, reading: Reading) -> None:
        self.reading = reading

    def read(self, crops):
        return [self.reading for _ in crops]


TILE = CardStyle(font=FONT, paper=(225, 215, 185), aspect=1.0, radius=0.12, glyph=0.55)
