"""Typefaces for synthetic cards, from Debian font packages, split into training and held-out sets.

The held-out families (and their metric clones) never appear in training, so that the benchmark
measures reading typefaces the model has not seen. A font counts only if it draws Å, Ä and Ö.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

FONT_DIRS = (Path("/usr/share/fonts"), Path("/usr/share/texmf/fonts"))

# Debian packages: fonts-dejavu-core fonts-liberation fonts-freefont-ttf fonts-urw-base35 fonts-open-sans
# fonts-lato fonts-comic-neue fonts-crosextra-carlito fonts-crosextra-caladea fonts-cantarell
TRAIN = (
    "DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf", "DejaVuSansMono-Bold.ttf",
    "DejaVuSansCondensed-Bold.ttf", "LiberationSans-Regular.ttf", "LiberationSans-Bold.ttf",
    "LiberationSerif-Regular.ttf", "LiberationSerif-Bold.ttf", "LiberationMono-Bold.ttf", "FreeSans.ttf",
    "FreeSansBold.ttf", "FreeSerifBold.ttf", "FreeMonoBold.ttf", "NimbusSans-Regular.otf", "NimbusSans-Bold.otf",
    "NimbusRoman-Bold.otf", "NimbusMonoPS-Bold.otf", "URWBookman-Demi.otf", "URWBookman-Light.otf",
    "Lato-Regular.ttf", "Lato-Bold.ttf", "Lato-Black.ttf", "OpenSans-Regular.ttf", "OpenSans-Bold.ttf",
    "ComicNeue-Bold.otf", "ComicNeue-Regular.otf", "Cantarell-Bold.otf", "Cantarell-Regular.otf",
    "Carlito-Bold.ttf", "Caladea-Bold.ttf", "DejaVuSans-Oblique.ttf", "LiberationSans-Italic.ttf",
)
# Debian packages: fonts-ebgaramond fonts-texgyre fonts-roboto-unhinted. Kept out of training together
# with their clones (URW Gothic ~ Adventor, P052 ~ Pagella, C059 ~ Schola are not in TRAIN either).
HELD_OUT = (
    "EBGaramond12-Bold.otf", "EBGaramond12-Regular.otf", "texgyreadventor-bold.otf", "texgyreadventor-regular.otf",
    "texgyrepagella-bold.otf", "texgyrepagella-regular.otf", "texgyreschola-bold.otf", "texgyreschola-regular.otf",
    "Roboto-Bold.ttf", "Roboto-Regular.ttf", "Roboto-Medium.ttf",
)


@lru_cache(maxsize=1)
def _index() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for folder in FONT_DIRS:
        if folder.is_dir():
            for path in folder.rglob("*"):
                if path.suffix.lower() in (".ttf", ".otf"):
                    found.setdefault(path.name, path)
    return found


def _draws_swedish(path: Path) -> bool:
    font = ImageFont.truetype(str(path), 40)
    missing = font.getmask("\uffff").getbbox()
    return all(font.getmask(ch).getbbox() not in (None, missing) for ch in "ÅÄÖ?")


@lru_cache(maxsize=2)
def fonts(held_out: bool = False) -> tuple[Path, ...]:
    """Installed fonts of the training set, or of the held-out set."""
    index = _index()
    wanted = HELD_OUT if held_out else TRAIN
    found = tuple(index[name] for name in wanted if name in index and _draws_swedish(index[name]))
    if not found:
        packages = "fonts-ebgaramond fonts-texgyre fonts-roboto-unhinted" if held_out else "fonts-dejavu-core fonts-liberation"
        raise RuntimeError(f"no {'held-out' if held_out else 'training'} fonts installed: apt-get install {packages}")
    return found


@lru_cache(maxsize=512)
def load(path: Path, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(path), size)
