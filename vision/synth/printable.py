"""A printable deck: every card of a deck file drawn at 300 dpi, nine to an A4 page with cut marks,
as one PDF. The design always shows which way is up (an index with the card's points at the top-left,
and an underline under N, Z, M and W), so the referee can tell those letters from their turned twins."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from PIL import Image, ImageDraw

from referee.decks import Deck
from vision.synth import fonts
from vision.synth.cards import print_style, render_card

DPI = 300
MM = DPI / 25.4
CARD_MM = (63, 88)  # a poker card
PAGE_MM = (210, 297)  # A4


def deck_pdf(deck: Deck, out: Path, progress=lambda done, total: None) -> int:
    """Write the deck to ``out`` (PDF); returns the number of pages."""
    font = next((f for f in fonts.fonts() if f.name == "DejaVuSans-Bold.ttf"), fonts.fonts()[0])
    style = print_style(font)
    cw, ch = round(CARD_MM[0] * MM), round(CARD_MM[1] * MM)
    pw, ph = round(PAGE_MM[0] * MM), round(PAGE_MM[1] * MM)
    cols, rows = pw // cw, ph // ch
    x0, y0 = (pw - cols * cw) // 2, (ph - rows * ch) // 2
    cards = deck.expanded()
    pages: list[Image.Image] = []
    for i, (face, red) in enumerate(cards):
        slot = i % (cols * rows)
        if slot == 0:
            pages.append(Image.new("RGB", (pw, ph), "white"))
        page = pages[-1]
        art = Image.fromarray(render_card(face, replace(style, aspect=cw / ch), ch,
                                          red=red, points=deck.value(face) if deck.points else None))
        x, y = x0 + (slot % cols) * cw, y0 + (slot // cols) * ch
        page.paste(art, (x, y), art)
        draw = ImageDraw.Draw(page)
        for cx in (x, x + cw):  # cut marks
            for cy in (y, y + ch):
                draw.line([(cx - 20, cy), (cx + 20, cy)], fill=(150, 150, 150), width=2)
                draw.line([(cx, cy - 20), (cx, cy + 20)], fill=(150, 150, 150), width=2)
        progress(i + 1, len(cards))
    out.parent.mkdir(parents=True, exist_ok=True)
    pages[0].save(out, "PDF", resolution=DPI, save_all=True, append_images=pages[1:])
    return len(pages)
