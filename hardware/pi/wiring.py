"""Draw ``wiring.png`` from the wiring table in this folder's README: the Pi's 40-pin header with a
line from each used pin to what it connects to. Run: python hardware/pi/wiring.py"""

from __future__ import annotations

import re
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

HERE = Path(__file__).parent
COLOURS = {"button": (230, 120, 30), "OLED": (40, 120, 220), "amplifier": (150, 60, 180), "ground": (60, 60, 60)}
POWER = {1: "3V3", 17: "3V3", 2: "5V", 4: "5V"}
GROUNDS = {6, 9, 14, 20, 25, 30, 34, 39}


def wiring_table(readme: Path = HERE / "README.md") -> list[tuple[str, str, list[int]]]:
    """(what, GPIO or supply, header pins) for each row of the README's wiring table."""
    rows = []
    in_table = False
    for line in readme.read_text(encoding="utf-8").splitlines():
        if line.startswith("| what | GPIO | header pin |"):
            in_table = True
            continue
        if in_table:
            if not line.startswith("|"):
                break
            cells = [c.strip() for c in line.strip("|").split("|")]
            if set(cells[0]) <= {"-"}:
                continue
            pins = [int(p) for p in re.findall(r"\d+", cells[2])]
            rows.append((cells[0], cells[1], pins))
    return rows


def draw(out: Path = HERE / "wiring.png") -> None:
    rows = wiring_table()
    W, H = 900, 640
    img = Image.new("RGB", (W, H), "white")
    d = ImageDraw.Draw(img)
    try:
        font = ImageFont.truetype("DejaVuSans.ttf", 14)
        bold = ImageFont.truetype("DejaVuSans-Bold.ttf", 16)
    except OSError:
        font = bold = ImageFont.load_default()
    x0, y0, step = 380, 60, 26
    d.text((x0 - 10, 20), "Raspberry Pi 40-pin header (pin 1 top left)", font=bold, fill="black")
    d.rectangle([x0 - 14, y0 - 14, x0 + 40, y0 + 19 * step + 14], outline="black", width=2)
    pos = {}
    for pin in range(1, 41):
        col, row = (pin - 1) % 2, (pin - 1) // 2
        x, y = x0 + col * 26, y0 + row * step
        pos[pin] = (x, y)
        fill = (200, 40, 40) if pin in POWER else (90, 90, 90) if pin in GROUNDS else (230, 200, 60)
        d.ellipse([x - 7, y - 7, x + 7, y + 7], fill=fill, outline="black")
    left_y, right_y = 60, 60
    for what, gpio, pins in rows:
        if not pins:
            continue
        kind = "ground" if gpio == "GND" else "button" if "button" in what else "OLED" if "OLED" in what else "amplifier"
        colour = COLOURS[kind]
        label = f"{what} ({gpio}, pin {', '.join(map(str, pins))})"
        if kind in ("button", "ground"):
            tx, ty = 20, left_y
            left_y += 30
            anchor = (tx + d.textlength(label, font=font) + 6, ty + 8)
        else:
            tx, ty = 560, right_y
            right_y += 30
            anchor = (tx - 6, ty + 8)
        d.text((tx, ty), label, font=font, fill=colour)
        for pin in pins[:1] if kind == "ground" else pins:
            d.line([anchor, pos[pin]], fill=colour, width=2)
    d.text((20, H - 40), "Each button: one leg to its GPIO pin, the other to the ground bus. Camera: ribbon into CAM/DISP 0.",
           font=font, fill="black")
    img.save(out)


if __name__ == "__main__":
    draw()
