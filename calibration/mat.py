"""Printable play mats: a game's layout drawn at full size with an ArUco marker at each corner, each
zone a dark field (so that light cards stand out sharply against it), named, with an arrow showing
which way is "up" for whoever reads it. Printed on A4
or A3, split into overlapping tiles with alignment marks when the mat is larger than the paper."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from calibration.layout import Layout

ARUCO = cv2.aruco.DICT_4X4_50
PAPER_MM = {"A4": (210, 297), "A3": (297, 420)}
OVERLAP_MM = 15
ZONE_FILL = (46, 84, 70)  # a dark green field under each pile or line
ZONE_INK = (72, 112, 96)  # its name and arrow, faint so they do not look like cards


def _font(size: int):
    for name in ("DejaVuSans-Bold.ttf", "DejaVuSans.ttf"):
        try:
            return ImageFont.truetype(name, size)
        except OSError:
            continue
    return ImageFont.load_default()


def render(layout: Layout, px_per_mm: float = 4.0) -> Image.Image:
    """The whole mat as a picture (white, markers black, zones grey)."""
    w, h = round(layout.mat[0] * px_per_mm), round(layout.mat[1] * px_per_mm)
    img = Image.new("RGB", (w, h), "white")
    draw = ImageDraw.Draw(img)
    dictionary = cv2.aruco.getPredefinedDictionary(ARUCO)
    for marker_id, corners in layout.marker_corners().items():
        side = round((corners[1][0] - corners[0][0]) * px_per_mm)
        marker = Image.fromarray(cv2.aruco.generateImageMarker(dictionary, marker_id, side)).convert("RGB")
        img.paste(marker, tuple(np.round(corners[0] * px_per_mm).astype(int)))
    font = _font(round(5 * px_per_mm))
    for zone in layout.zones:
        outline = [tuple(p * px_per_mm) for p in zone.corners()]
        draw.polygon(outline, fill=ZONE_FILL)
        c = np.asarray(zone.center) * px_per_mm
        u = np.asarray(zone.up)
        tip = c + u * zone.size[1] * 0.3 * px_per_mm
        draw.line([tuple(c), tuple(tip)], fill=ZONE_INK, width=round(1.2 * px_per_mm))
        r = zone.right
        head = [tuple(tip + u * 4 * px_per_mm), tuple(tip + r * 3 * px_per_mm), tuple(tip - r * 3 * px_per_mm)]
        draw.polygon(head, fill=ZONE_INK)
        label_at = np.asarray(zone.center) - u * (zone.size[1] / 2 - 7)
        draw.text(tuple(label_at * px_per_mm), zone.name, font=font, fill=ZONE_INK, anchor="mm")
    draw.text((w / 2, h - 4 * px_per_mm), f"{layout.game} play mat - keep the four corner markers visible",
              font=_font(round(3.5 * px_per_mm)), fill=(170, 170, 170), anchor="md")
    return img


def tiles(layout: Layout, paper: str) -> list[tuple[tuple[float, float], Image.Image]]:
    """The mat cut into pages of ``paper``: ((x, y) offset in mm, page picture at 150 dpi)."""
    px_per_mm = 150 / 25.4
    whole = render(layout, px_per_mm)
    pw, ph = PAPER_MM[paper]
    mw, mh = layout.mat
    if mw > mh:
        pw, ph = ph, pw  # landscape paper for a landscape mat
    margin = 6  # printers cannot print to the edge
    uw, uh = pw - 2 * margin, ph - 2 * margin
    if mw <= uw and mh <= uh:
        return [((0.0, 0.0), _page(whole, px_per_mm, (0, 0, mw, mh), (pw, ph), margin, None))]
    cols = int(np.ceil((mw - OVERLAP_MM) / (uw - OVERLAP_MM)))
    rows = int(np.ceil((mh - OVERLAP_MM) / (uh - OVERLAP_MM)))
    out = []
    for r in range(rows):
        for c in range(cols):
            x, y = min(c * (uw - OVERLAP_MM), mw - uw), min(r * (uh - OVERLAP_MM), mh - uh)
            x, y = max(0.0, x), max(0.0, y)
            box = (x, y, min(mw, x + uw), min(mh, y + uh))
            out.append(((x, y), _page(whole, px_per_mm, box, (pw, ph), margin, f"tile {r + 1}-{c + 1} of {rows}x{cols}")))
    return out


def _page(whole: Image.Image, k: float, box, paper, margin, label) -> Image.Image:
    page = Image.new("RGB", (round(paper[0] * k), round(paper[1] * k)), "white")
    crop = whole.crop(tuple(round(v * k) for v in box))
    page.paste(crop, (round(margin * k), round(margin * k)))
    draw = ImageDraw.Draw(page)
    if label:
        draw.text((page.width / 2, 2 * k), label + f" (overlap {OVERLAP_MM} mm, align and tape)", font=_font(round(3 * k)),
                  fill=(120, 120, 120), anchor="mt")
        x0, y0 = margin * k, margin * k
        x1, y1 = x0 + crop.width, y0 + crop.height
        for x, y in ((x0, y0), (x1, y0), (x1, y1), (x0, y1)):
            draw.line([(x - 3 * k, y), (x + 3 * k, y)], fill=(120, 120, 120), width=2)
            draw.line([(x, y - 3 * k), (x, y + 3 * k)], fill=(120, 120, 120), width=2)
    return page


def mat_pdf(layout: Layout, out: Path, paper: str = "A3") -> int:
    pages = [page for _, page in tiles(layout, paper)]
    out.parent.mkdir(parents=True, exist_ok=True)
    pages[0].save(out, "PDF", resolution=150, save_all=True, append_images=pages[1:])
    return len(pages)
