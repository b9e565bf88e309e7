"""Drawing card faces: any face of the project's notation, in many typefaces, inks, papers and layouts.

A :class:`CardStyle` is one card design. :func:`random_style` draws designs for training, or - with
``held_out=True`` - from typefaces and design features that training never sees (double frames,
inks of other hues, indices in all four corners). The printable deck uses :func:`print_style`, which
always carries an orientation cue: an index with the card's points at the top-left corner, and an
underline under letters that are rotations of each other.
"""

from __future__ import annotations

import math
import random
import zlib
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw

from referee.cards import Face, Kind
from vision.synth import fonts

AMBIGUOUS = set("NZMW")  # letters that read as another letter when turned
INKS = [(20, 20, 20), (10, 30, 90), (150, 20, 20), (20, 90, 40), (60, 40, 20), (40, 40, 60), (0, 0, 0)]
HELD_OUT_INKS = [(90, 20, 110), (0, 100, 110), (170, 80, 0)]
PAPERS = [(250, 250, 248), (245, 240, 225), (235, 235, 235), (250, 245, 235), (240, 245, 250), (255, 255, 255)]
RED = (200, 25, 30)
VOWEL_INDEX_X = (0.12, 0.88)  # a two-vowel card's indices: at both ends of its top edge (upright vowel) and bottom edge
VOWEL_INDEX_Y = 0.09


@dataclass(frozen=True)
class CardStyle:
    font: Path
    paper: tuple[int, int, int] = (250, 250, 248)
    ink: tuple[int, int, int] = (20, 20, 20)
    aspect: float = 0.7  # width / height: 0.7 for playing cards, 1.0 for square tiles
    glyph: float = 0.5  # height of the main glyph, as a share of the card's height
    index: bool = False  # small letters at top-left and bottom-right (turned)
    four_indices: bool = False  # ... at all four corners
    index_points: bool = False  # the card's points under each index
    border: int = 0  # 0 none, 1 thin line, 2 thick frame, 3 double line, 4 dashed line, 5 tinted band
    speckle: bool = False  # a faintly mottled paper
    border_ink: tuple[int, int, int] | None = None
    underline: bool = False  # under N, Z, M, W
    vowels_in_corners: bool = False  # two-vowel cards: upright vowel top-right, other bottom-left
    radius: float = 0.06  # corner rounding, as a share of the width
    back_pattern: int = 0
    index_at: tuple[float, float] = (0.13, 0.1)  # the top index's centre, as shares of width (from its side) and height
    index_right: bool = False  # the index at the top-right (and turned at the bottom-left), not the top-left
    index_size: float = 0.11  # the index's height, as a share of the card's height
    frame_inset: float = 3.0  # how far in a thin frame (border 1) runs, in line widths


def random_style(rng: random.Random, held_out: bool = False, square: bool | None = None) -> CardStyle:
    """A random card design (typeface, paper, ink, layout)."""
    font = rng.choice(fonts.fonts(held_out))
    square = rng.random() < 0.25 if square is None else square
    inks = HELD_OUT_INKS if held_out else INKS
    index = rng.random() < (0.8 if held_out else 0.55)
    style = CardStyle(
        font=font,
        paper=tuple(int(np.clip(c + rng.randint(-8, 5), 0, 255)) for c in rng.choice(PAPERS)),
        ink=rng.choice(inks),
        aspect=rng.uniform(0.92, 1.0) if square else rng.uniform(0.62, 0.76),
        glyph=rng.uniform(0.38, 0.62) if not index else rng.uniform(0.34, 0.5),
        index=index,
        four_indices=held_out and index,
        index_points=index and rng.random() < 0.5,
        border=(3 if rng.random() < 0.7 else 0) if held_out else rng.choice([0, 0, 1, 2, 4, 5]),
        speckle=not held_out and rng.random() < 0.3,
        border_ink=rng.choice(inks),
        underline=rng.random() < 0.6,
        vowels_in_corners=rng.random() < 0.4,
        radius=rng.uniform(0.02, 0.12),
        back_pattern=rng.randrange(3),
    )
    return style


def varied(style: CardStyle, rng: random.Random, thin_framed: float = 0.0) -> CardStyle:
    """A training design with its index placed and sized at random, in the top-left corner or the
    top-right one, and its thin frame at a random distance from the edge (through the index, at
    times): designs differ so, and a reader must not learn one layout. With ``thin_framed``, that
    share of designs is given a thin frame in place of its own, for a reader that must often read an
    index through a frame line. Only training samples are varied so; scenes and held-out designs
    are not."""
    border = 1 if thin_framed and rng.random() < thin_framed else style.border
    return replace(style, index_at=(rng.uniform(0.1, 0.16), rng.uniform(0.08, 0.12)), index_size=rng.uniform(0.09, 0.13),
                   index_right=rng.random() < 0.4, frame_inset=rng.uniform(2.0, 9.0), border=border)


def index_corners(style: CardStyle) -> tuple[int, ...]:
    """The card's own corners (0 top-left, clockwise) where a design prints its letter's index; the
    lower two print it turned."""
    if style.four_indices:
        return (0, 1, 2, 3)
    return (1, 3) if style.index_right else (0, 2)


def _top_indices(style: CardStyle) -> list[tuple[float, float]]:
    """The centres (shares of the card's width and height) of the letter indices a design prints
    upright along its top; each is printed turned at the point opposite, too."""
    ix, iy = style.index_at
    top = {0: (ix, iy), 1: (1 - ix, iy)}
    return [top[c] for c in index_corners(style) if c in top]


def index_spots(face: Face, style: CardStyle) -> list[tuple[str, float, float]]:
    """Each index the card prints: what it shows (a two-vowel card's own vowel, else the whole
    face) and its centre, as shares of the card's width and height. A covered card can be named
    only where, of the indices that show, each of its different ones shows at least once."""
    if not has_index(face, style):
        return []
    if face.kind is Kind.TWO_VOWEL:
        up, down = face.letters
        return [(vowel, x, y) for x in VOWEL_INDEX_X for vowel, y in ((up, VOWEL_INDEX_Y), (down, 1 - VOWEL_INDEX_Y))]
    return [(str(face.card()), x, y) for top in _top_indices(style) for x, y in (top, (1 - top[0], 1 - top[1]))]


def print_style(font: Path) -> CardStyle:
    """The design of the printable deck: clear orientation cues on every card."""
    return CardStyle(font=font, index=True, index_points=True, underline=True, border=1, border_ink=(40, 40, 40),
                     glyph=0.46, radius=0.05)


def card_size(style: CardStyle, height: int) -> tuple[int, int]:
    return max(8, round(height * style.aspect)), height


def _fit_font(style: CardStyle, text: str, height: float, width: float | None = None):
    """The font size at which ``text``'s ink is ``height`` tall (and at most ``width`` wide)."""
    probe = fonts.load(style.font, 100)
    box = probe.getbbox(text)
    ink_h = max(1, box[3] - box[1])
    size = 100 * height / ink_h
    if width is not None:
        ink_w = max(1, box[2] - box[0])
        size = min(size, 100 * width / ink_w)
    return fonts.load(style.font, max(4, round(size)))


def _text(draw: ImageDraw.ImageDraw, style: CardStyle, text: str, center: tuple[float, float], height: float,
          fill, width: float | None = None) -> tuple[int, int, int, int]:
    font = _fit_font(style, text, height, width)
    draw.text(center, text, font=font, fill=fill, anchor="mm")
    return draw.textbbox(center, text, font=font, anchor="mm")


def _turned_text(img: Image.Image, style: CardStyle, text: str, center: tuple[float, float], height: float, fill,
                 width: float | None = None) -> None:
    """Text drawn upside down around ``center``."""
    w, h = img.size
    layer = Image.new("RGBA", img.size, (0, 0, 0, 0))
    _text(ImageDraw.Draw(layer), style, text, (w - center[0], h - center[1]), height, fill, width)
    img.alpha_composite(layer.rotate(180))


def _bolt(w: int, h: int) -> list[tuple[float, float]]:
    pts = [(0.55, 0.12), (0.3, 0.55), (0.48, 0.55), (0.38, 0.9), (0.72, 0.42), (0.53, 0.42), (0.66, 0.12)]
    return [(x * w, y * h) for x, y in pts]


def _bird(draw: ImageDraw.ImageDraw, w: int, h: int, ink) -> None:
    draw.ellipse([0.25 * w, 0.32 * h, 0.7 * w, 0.58 * h], fill=ink)  # body
    draw.ellipse([0.58 * w, 0.24 * h, 0.78 * w, 0.4 * h], fill=ink)  # head
    draw.polygon([(0.77 * w, 0.3 * h), (0.9 * w, 0.33 * h), (0.77 * w, 0.36 * h)], fill=(230, 150, 20))  # beak
    draw.polygon([(0.3 * w, 0.4 * h), (0.08 * w, 0.3 * h), (0.45 * w, 0.5 * h)], fill=ink)  # tail
    draw.line([(0.42 * w, 0.57 * h), (0.4 * w, 0.66 * h)], fill=ink, width=max(1, w // 40))
    draw.line([(0.52 * w, 0.57 * h), (0.54 * w, 0.66 * h)], fill=ink, width=max(1, w // 40))


def _arrow(draw: ImageDraw.ImageDraw, w: int, h: int, ink) -> None:
    pts = [(0.2, 0.42), (0.58, 0.42), (0.58, 0.3), (0.82, 0.5), (0.58, 0.7), (0.58, 0.58), (0.2, 0.58)]
    draw.polygon([(x * w, y * h) for x, y in pts], fill=ink)


def _back(draw: ImageDraw.ImageDraw, style: CardStyle, w: int, h: int) -> None:
    ink = style.border_ink or style.ink
    m = round(0.06 * w)
    draw.rectangle([0, 0, w, h], fill=ink)
    draw.rectangle([m, m, w - m, h - m], fill=style.paper)
    step = max(4, w // 10)
    if style.back_pattern == 0:
        for k in range(-h, w + h, step):
            draw.line([(k, m), (k + h, h - m)], fill=ink, width=max(1, step // 4))
            draw.line([(k + h, m), (k, h - m)], fill=ink, width=max(1, step // 4))
    elif style.back_pattern == 1:
        for y in range(m + step // 2, h - m, step):
            for x in range(m + step // 2, w - m, step):
                draw.ellipse([x - step / 4, y - step / 4, x + step / 4, y + step / 4], fill=ink)
    else:
        for y in range(m, h - m, step):
            draw.rectangle([m, y, w - m, y + step // 2], fill=ink)
    draw.rectangle([0, 0, m, h], fill=ink)
    draw.rectangle([w - m, 0, w, h], fill=ink)
    draw.rectangle([0, 0, w, m], fill=ink)
    draw.rectangle([0, h - m, w, h], fill=ink)
    draw.ellipse([0.3 * w, 0.5 * h - 0.2 * w, 0.7 * w, 0.5 * h + 0.2 * w], fill=style.paper, outline=ink, width=max(1, w // 30))


def has_index(face: Face, style: CardStyle) -> bool:
    """Whether the card prints its letter (or vowels) in its corners: what a covered card is read by.
    Blitz, bird, arrow and stop cards and card backs have none."""
    return style.index and face.kind in (Kind.LETTER, Kind.WILD, Kind.QXZ, Kind.TWO_VOWEL)


def render_card(face: Face, style: CardStyle, height: int, red: bool = False, points: int | None = None) -> np.ndarray:
    """The card as an RGBA array (its own top at the top), ``height`` pixels tall."""
    w, h = card_size(style, height)
    scale = 2 if height < 200 else 1  # draw large, then shrink, for clean small cards
    W, H = w * scale, h * scale
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    radius = style.radius * W
    paper = (20, 20, 20) if face.kind is Kind.STOP else style.paper
    draw.rounded_rectangle([0, 0, W - 1, H - 1], radius=radius, fill=(*paper, 255))
    ink = RED if (red or face.letters == "QU") else style.ink
    frame_ink = RED if red else (style.border_ink or style.ink)
    lw = max(1, round(0.012 * W))
    if style.border == 1:
        m = style.frame_inset * lw
        draw.rounded_rectangle([m, m, W - 1 - m, H - 1 - m], radius=radius * 0.7, outline=frame_ink, width=lw)
    elif style.border == 2 or red:
        draw.rounded_rectangle([0, 0, W - 1, H - 1], radius=radius, outline=frame_ink, width=5 * lw)
    elif style.border == 3:
        draw.rounded_rectangle([3 * lw, 3 * lw, W - 1 - 3 * lw, H - 1 - 3 * lw], radius=radius * 0.7, outline=frame_ink, width=lw)
        draw.rounded_rectangle([6 * lw, 6 * lw, W - 1 - 6 * lw, H - 1 - 6 * lw], radius=radius * 0.5, outline=frame_ink, width=lw)
    elif style.border == 4:
        m, dash = 4 * lw, 6 * lw
        for x in range(m, W - m, 2 * dash):
            draw.line([(x, m), (min(x + dash, W - m), m)], fill=frame_ink, width=lw)
            draw.line([(x, H - m), (min(x + dash, W - m), H - m)], fill=frame_ink, width=lw)
        for y in range(m, H - m, 2 * dash):
            draw.line([(m, y), (m, min(y + dash, H - m))], fill=frame_ink, width=lw)
            draw.line([(W - m, y), (W - m, min(y + dash, H - m))], fill=frame_ink, width=lw)
    elif style.border == 5:
        tint = tuple(int(0.8 * p + 0.2 * i) for p, i in zip(paper, frame_ink))
        draw.rounded_rectangle([2 * lw, 2 * lw, W - 1 - 2 * lw, H - 1 - 2 * lw], radius=radius * 0.8, outline=tint, width=5 * lw)
    if style.speckle:
        rng = np.random.default_rng(zlib.crc32(f"{face}{W}x{H}".encode()))
        for x, y in rng.integers(0, [W, H], size=(W * H // 400, 2)):
            shade = tuple(max(0, c - 18) for c in paper)
            draw.point((int(x), int(y)), fill=(*shade, 255))

    cx, cy = W / 2, H / 2
    gh = style.glyph * H
    text = face.letters.capitalize() if face.letters == "QU" else face.letters
    index_text = text
    if face.kind is Kind.TWO_VOWEL:
        up, down = face.letters
        vh = 0.26 * H
        if style.vowels_in_corners:
            _text(draw, style, up, (0.66 * W, 0.25 * H), vh, ink, width=0.5 * W)
            _turned_text(img, style, down, (0.34 * W, 0.75 * H), vh, ink, width=0.5 * W)
        else:
            _text(draw, style, up, (cx, 0.27 * H), vh, ink, width=0.7 * W)
            _turned_text(img, style, down, (cx, 0.73 * H), vh, ink, width=0.7 * W)
            draw.line([(0.2 * W, cy), (0.8 * W, cy)], fill=ink, width=lw)
        index_text = None
        if style.index:
            ih = 0.09 * H
            for x in VOWEL_INDEX_X:
                _text(draw, style, up, (x * W, VOWEL_INDEX_Y * H), ih, ink)
                _turned_text(img, style, down, (x * W, (1 - VOWEL_INDEX_Y) * H), ih, ink)
    elif face.kind in (Kind.LETTER, Kind.WILD):
        shown = "?" if face.kind is Kind.WILD else text  # a declared wild card still shows its "?"
        index_text = shown
        box = _text(draw, style, shown, (cx, cy), gh, ink, width=0.8 * W)
        if style.underline and shown in AMBIGUOUS:
            y = box[3] + 0.04 * H
            draw.line([(cx - 0.18 * W, y), (cx + 0.18 * W, y)], fill=ink, width=max(2, 3 * lw))
    elif face.kind is Kind.QXZ:
        _text(draw, style, "QXZ", (cx, cy), 0.22 * H, ink, width=0.8 * W)
        index_text = "QXZ"
    elif face.kind is Kind.BLITZ:
        draw.polygon(_bolt(W, H), fill=(240, 190, 20), outline=ink)
        _text(draw, style, "BLITZ", (cx, 0.1 * H), 0.07 * H, ink, width=0.7 * W)
        _turned_text(img, style, "BLITZ", (cx, 0.9 * H), 0.07 * H, ink, width=0.7 * W)
        index_text = None
    elif face.kind in (Kind.STEAL, Kind.SWAP, Kind.TRIBUTE):
        _bird(draw, W, H, ink)
        _text(draw, style, face.kind.name, (cx, 0.82 * H), 0.08 * H, ink, width=0.8 * W)
        index_text = None
    elif face.kind is Kind.ARROW:
        _arrow(draw, W, H, ink)
        index_text = None
    elif face.kind is Kind.BACK:
        _back(draw, style, W, H)
        index_text = None
    else:
        index_text = None

    if style.index and index_text:
        ih = style.index_size * H
        corners = [(x * W, y * H) for x, y in _top_indices(style)]
        below = ih / 1.1  # where the points sit under the index
        for x, y in corners:
            _text(draw, style, index_text, (x, y), ih, ink, width=0.2 * W)
            _turned_text(img, style, index_text, (W - x, H - y), ih, ink, width=0.2 * W)
            if style.index_points and points is not None:
                _text(draw, style, str(points), (x, y + below), 0.05 * H, ink)
                _turned_text(img, style, str(points), (W - x, H - y - below), 0.05 * H, ink)

    # the card's cut edge shows as a thin darker line
    edge = tuple(int(c * 0.72) for c in paper)
    ImageDraw.Draw(img).rounded_rectangle([0, 0, W - 1, H - 1], radius=radius, outline=(*edge, 255), width=max(1, scale))
    # keep the rounded outline after turned layers were composited
    mask = Image.new("L", (W, H), 0)
    ImageDraw.Draw(mask).rounded_rectangle([0, 0, W - 1, H - 1], radius=radius, fill=255)
    img.putalpha(mask)
    if scale != 1:
        img = img.resize((w, h), Image.Resampling.LANCZOS)
    return np.asarray(img)


def rotated_corners(center: tuple[float, float], size: tuple[float, float], angle_deg: float) -> np.ndarray:
    """Corners of a w x h card centred at ``center``, turned by ``angle_deg`` (counter-clockwise on screen),
    clockwise from the card's own top-left."""
    w, h = size
    a = math.radians(angle_deg)
    c, s = math.cos(a), math.sin(a)
    local = np.array([[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]])
    rot = np.array([[c, s], [-s, c]])  # y grows downwards on screen
    return local @ rot.T + np.array(center)
