"""The referee's screen: what it wants to say, drawn by a pure function, shown on a device.

:func:`render` turns a :class:`Screen` (whose turn, the letters in play, the last verdict, the
scores, a warning such as "pile 3 unreadable") into a Pillow image: a 128x64 one-bit picture for the
small OLED, or a larger colour one for an HDMI or SPI screen. :class:`Display` shows it through a
luma device and redraws only when something changed:

- ``ssd1306`` / ``sh1106``: the OLED on the Pi's I2C bus (luma.oled);
- ``framebuffer``: an HDMI or SPI screen through Linux's framebuffer (luma.core);
- ``window``: a desktop window (luma.emulator, pygame);
- ``png``: PNG files of every new screen in a folder (luma.emulator's capture device);
- ``none``: nothing (the terminal narrates).
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

log = logging.getLogger(__name__)

FONT_FILES = ("DejaVuSans-Bold.ttf", "DejaVuSans.ttf")
FONT_DIRS = (Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts"))


@dataclass(frozen=True)
class Screen:
    """Everything the referee may want on the screen at one moment."""

    game: str = ""
    turn: str = ""  # whose turn it is
    letters: str = ""  # the letters in play, e.g. "T R I N G A"
    verdict: str = ""  # the last ruling, in words
    scores: tuple[tuple[str, int], ...] = ()
    warning: str = ""  # a problem to fix now ("pile 3 unreadable: move it into the light")


@lru_cache(maxsize=16)
def _font(size: int, bold: bool = True) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    name = FONT_FILES[0 if bold else 1]
    for folder in FONT_DIRS:
        for path in [folder / name, *folder.rglob(name)] if folder.is_dir() else []:
            if path.exists():
                return ImageFont.truetype(str(path), size)
    return ImageFont.load_default()


def _fit(draw: ImageDraw.ImageDraw, text: str, width: int, size: int, bold: bool = True):
    """The largest font not above ``size`` in which ``text`` fits ``width`` (at least 7 px)."""
    while size > 7 and draw.textlength(text, font=_font(size, bold)) > width:
        size -= 1
    return _font(size, bold)


def _wrap(draw: ImageDraw.ImageDraw, text: str, width: int, font) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        candidate = f"{line} {word}".strip()
        if draw.textlength(candidate, font=font) <= width or not line:
            line = candidate
        else:
            lines.append(line)
            line = word
    return lines + ([line] if line else [])


def render(screen: Screen, size: tuple[int, int] = (128, 64), colour: bool = False) -> Image.Image:
    """The screen as a picture: mode "1" for the monochrome OLED, "RGB" when ``colour``."""
    w, h = size
    image = Image.new("RGB" if colour else "1", size, "black" if not colour else (16, 20, 28))
    draw = ImageDraw.Draw(image)
    ink = "white" if not colour else (235, 235, 235)
    accent = ink if not colour else (255, 200, 60)
    alert = ink if not colour else (255, 90, 80)
    small = max(8, h // 8)
    y = 0
    if screen.warning:
        # a warning takes the whole screen, inverted so it is seen from across the table
        draw.rectangle([0, 0, w - 1, h - 1], fill=alert if colour else "white")
        text_ink = (0, 0, 0) if colour else "black"
        lines = _wrap(draw, screen.warning, w - 4, _font(small + 2))
        top = max(2, (h - len(lines) * (small + 4)) // 2)
        for k, line in enumerate(lines[: h // (small + 4)]):
            draw.text((w // 2, top + k * (small + 4)), line, font=_font(small + 2), fill=text_ink, anchor="mt")
        return image
    header = " - ".join(x for x in (screen.game, screen.turn and f"{screen.turn} to play") if x)
    if header:
        draw.text((0, y), header, font=_fit(draw, header, w, small, bold=False), fill=ink)
        y += small + 2
    if screen.letters:
        font = _fit(draw, screen.letters, w, max(small + 4, h // 4))
        draw.text((w // 2, y), screen.letters, font=font, fill=accent, anchor="mt")
        y += font.size + 3
    if screen.verdict:
        font = _font(small, bold=False)
        for line in _wrap(draw, screen.verdict, w, font)[:2]:
            draw.text((0, y), line, font=font, fill=ink)
            y += small + 1
    if screen.scores and y < h - small:
        text = "  ".join(f"{name} {points}" for name, points in screen.scores)
        font = _fit(draw, text, w, small, bold=False)
        draw.line([(0, h - small - 3), (w, h - small - 3)], fill=ink)
        draw.text((0, h - 1), text, font=font, fill=ink, anchor="ld")
    return image


def open_device(kind: str, folder: Path | None = None, i2c_address: int = 0x3C, rotate: int = 0):
    """A luma device of ``kind`` (see the module docstring); luma and pygame are imported here only."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if kind in ("ssd1306", "sh1106"):
        from luma.core.interface.serial import i2c
        from luma.oled import device as oled

        return getattr(oled, kind)(i2c(port=1, address=i2c_address), rotate=rotate)
    if kind == "framebuffer":
        from luma.core.device import linux_framebuffer

        return linux_framebuffer("/dev/fb0")
    if kind == "window":
        from luma.emulator.device import pygame

        return pygame(width=128, height=64, mode="1", transform="scale2x", scale=4)
    if kind == "png":
        from luma.emulator.device import capture

        folder = folder or Path("display")
        folder.mkdir(parents=True, exist_ok=True)
        return capture(width=128, height=64, mode="1", transform="none", scale=1,
                       file_template=str(folder / "screen_{0:06}.png"))
    if kind == "dummy":
        from luma.core.device import dummy

        return dummy(width=128, height=64, mode="1")
    raise ValueError(f"unknown display {kind!r}: ssd1306, sh1106, framebuffer, window, png, dummy or none")


@dataclass
class Display:
    """Shows screens on a luma device, redrawing only when the screen changed."""

    device: object | None = None
    shown: Screen | None = field(default=None, init=False)
    redraws: int = field(default=0, init=False)

    def show(self, screen: Screen) -> bool:
        """Draw ``screen`` unless it is already shown; True when it was drawn."""
        if screen == self.shown:
            return False
        self.shown = screen
        if self.device is not None:
            size = (self.device.width, self.device.height)
            colour = getattr(self.device, "mode", "1") != "1"
            self.device.display(render(screen, size, colour).convert(self.device.mode))
        self.redraws += 1
        return True
