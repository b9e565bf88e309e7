"""Tables and clutter for synthetic scenes: wood, cloth, patterned and plain surfaces, coins, papers
with print, pens, and hands reaching over the table."""

from __future__ import annotations

import math
import random

import cv2
import numpy as np


def _smooth_noise(rng: random.Random, w: int, h: int, cells: int) -> np.ndarray:
    g = np.random.default_rng(rng.randrange(2**32))
    small = g.random((max(2, cells * h // w), cells)).astype(np.float32)
    return cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)


def table_texture(rng: random.Random, w: int, h: int) -> np.ndarray:
    """A table surface, BGR uint8; light or dark, plain, wood, cloth or patterned."""
    kind = rng.choice(["plain", "plain", "wood", "wood", "cloth", "pattern"])
    light = rng.random() < 0.5
    base = np.array([rng.uniform(170, 245) if light else rng.uniform(20, 110) for _ in range(3)], np.float32)
    if kind == "wood":
        base = np.array([rng.uniform(40, 120), rng.uniform(80, 160), rng.uniform(130, 220)], np.float32) * (1.0 if light else 0.45)
    elif rng.random() < 0.6:
        tint = np.array([rng.uniform(0.6, 1.1) for _ in range(3)], np.float32)
        base = np.clip(base * tint, 0, 255)
    img = np.ones((h, w, 3), np.float32) * base
    low = _smooth_noise(rng, w, h, rng.randint(3, 8))
    img *= (0.85 + 0.3 * low)[..., None]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    if kind == "wood":
        a = rng.uniform(0, math.pi)
        u = xx * math.cos(a) + yy * math.sin(a)
        v = -xx * math.sin(a) + yy * math.cos(a)
        warp = _smooth_noise(rng, w, h, 6) * rng.uniform(20, 80)
        grain = np.sin((v + warp) * rng.uniform(0.05, 0.25)) * 0.5 + 0.5
        fine = np.sin((v + warp * 0.3) * rng.uniform(0.8, 1.6) + u * 0.002) * 0.5 + 0.5
        img *= (0.78 + 0.18 * grain + 0.06 * fine)[..., None]
        if rng.random() < 0.5:  # planks
            plank = rng.uniform(80, 250)
            img *= np.where((v % plank) < 2.5, 0.6, 1.0)[..., None]
    elif kind == "cloth":
        period = rng.uniform(2.5, 6)
        weave = (np.sin(xx * 2 * math.pi / period) * np.sin(yy * 2 * math.pi / period)) * 0.5 + 0.5
        img *= (0.9 + 0.1 * weave)[..., None]
    elif kind == "pattern":
        other = np.array([rng.uniform(0, 255) for _ in range(3)], np.float32)
        cell = rng.uniform(25, 120)
        which = rng.choice(["checks", "stripes", "dots"])
        if which == "checks":
            m = ((xx // cell + yy // cell) % 2).astype(np.float32)
        elif which == "stripes":
            m = ((xx + yy * rng.uniform(-1, 1)) // cell % 2).astype(np.float32)
        else:
            m = ((((xx % cell) - cell / 2) ** 2 + ((yy % cell) - cell / 2) ** 2) < (cell / 4) ** 2).astype(np.float32)
        m = cv2.GaussianBlur(m, (0, 0), 1.0)[..., None]
        img = img * (1 - 0.7 * m) + other * 0.7 * m
    noise = np.random.default_rng(rng.randrange(2**32)).normal(0, rng.uniform(1, 6), (h, w, 1)).astype(np.float32)
    return np.clip(img + noise, 0, 255).astype(np.uint8)


def _paper(rng: random.Random, img: np.ndarray, strong: bool) -> None:
    h, w = img.shape[:2]
    pw, ph = rng.uniform(0.15, 0.4) * w * (1.3 if strong else 1), rng.uniform(0.2, 0.5) * h
    cx, cy, a = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0, 180)
    box = cv2.boxPoints(((cx, cy), (pw, ph), a)).astype(np.int32)
    shade = rng.uniform(215, 252)
    cv2.fillConvexPoly(img, box, (shade, shade, shade - rng.uniform(0, 12)), cv2.LINE_AA)
    # lines of print
    ux = np.array([math.cos(math.radians(a)), math.sin(math.radians(a))])
    uy = np.array([-ux[1], ux[0]])
    line_h = rng.uniform(5, 12)
    for k in range(int(ph * 0.8 // (line_h * 1.8))):
        start = np.array([cx, cy]) - ux * pw * 0.4 - uy * ph * 0.4 + uy * k * line_h * 1.8
        x = 0.0
        while x < pw * 0.8:
            word = rng.uniform(10, 45)
            p0 = start + ux * x
            p1 = start + ux * min(x + word, pw * 0.8)
            cv2.line(img, tuple(int(v) for v in p0), tuple(int(v) for v in p1), (40, 40, 40), max(1, int(line_h * 0.6)), cv2.LINE_AA)
            x += word + line_h
    if rng.random() < 0.5:  # a big printed letter or headline
        font = rng.choice([cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_TRIPLEX])
        cv2.putText(img, rng.choice(["NEWS", "SALE", "Menu", "AB", "42"]), (int(cx - pw * 0.3), int(cy)), font,
                    rng.uniform(1, 2.5), (30, 30, 30), rng.randint(2, 5), cv2.LINE_AA)


def _coin(rng: random.Random, img: np.ndarray) -> None:
    h, w = img.shape[:2]
    r = rng.uniform(0.012, 0.03) * w
    c = (int(rng.uniform(0, w)), int(rng.uniform(0, h)))
    color = rng.choice([(60, 140, 190), (150, 150, 150), (90, 120, 160)])
    cv2.circle(img, c, int(r), color, -1, cv2.LINE_AA)
    cv2.circle(img, c, int(r * 0.8), tuple(min(255, v + 40) for v in color), max(1, int(r * 0.08)), cv2.LINE_AA)


def _pen(rng: random.Random, img: np.ndarray) -> None:
    h, w = img.shape[:2]
    c = np.array([rng.uniform(0, w), rng.uniform(0, h)])
    a = rng.uniform(0, math.pi)
    d = np.array([math.cos(a), math.sin(a)]) * rng.uniform(0.05, 0.12) * w
    color = tuple(rng.randint(0, 255) for _ in range(3))
    cv2.line(img, tuple((c - d).astype(int)), tuple((c + d).astype(int)), color, rng.randint(5, 12), cv2.LINE_AA)


def add_distractors(rng: random.Random, img: np.ndarray, many: bool = False) -> None:
    """Coins, papers with print and pens, drawn in place."""
    for _ in range(rng.randint(0, 4 if many else 2)):
        rng.choice([_coin, _coin, _pen, lambda r, i: _paper(r, i, many)])(rng, img)


def draw_hand(rng: random.Random, img: np.ndarray) -> np.ndarray:
    """An arm and hand reaching in from an edge, drawn in place; returns the mask it covers."""
    h, w = img.shape[:2]
    mask = np.zeros((h, w), np.uint8)
    side = rng.randrange(4)
    edge = [(rng.uniform(0, w), 0), (w, rng.uniform(0, h)), (rng.uniform(0, w), h), (0, rng.uniform(0, h))][side]
    tip = np.array([rng.uniform(0.25, 0.75) * w, rng.uniform(0.25, 0.75) * h])
    width = rng.uniform(0.08, 0.14) * w
    cv2.line(mask, tuple(int(v) for v in edge), tuple(tip.astype(int)), 255, int(width))
    cv2.circle(mask, tuple(tip.astype(int)), int(width * 0.8), 255, -1)
    direction = tip - np.array(edge)
    direction /= np.linalg.norm(direction) + 1e-6
    for k in range(4):
        normal = np.array([-direction[1], direction[0]])
        base = tip + normal * (k - 1.5) * width * 0.35
        end = base + direction * width * rng.uniform(0.9, 1.4)
        cv2.line(mask, tuple(base.astype(int)), tuple(end.astype(int)), 255, int(width * 0.25))
    skin = np.array(rng.choice([(150, 180, 225), (120, 150, 200), (80, 110, 160), (50, 70, 110)]), np.float32)
    soft = cv2.GaussianBlur(mask, (0, 0), 3).astype(np.float32)[..., None] / 255
    shade = 0.8 + 0.2 * np.random.default_rng(rng.randrange(2**32)).random((h, w, 1)).astype(np.float32)
    img[:] = (img * (1 - soft) + skin * shade * soft).astype(np.uint8)
    return mask > 127
