"""Build the shipped English lexicon from SCOWL, with word families from real inflection data (lemminflect).

Run offline, once, by a developer: ``python -m referee.lexicon.build`` (needs Debian's ``scowl``
package and the ``dev`` extra, which brings lemminflect and its inflection tables, derived from the NIH SPECIALIST Lexicon).
The result is ``referee/lexicon/data/en/``, committed to the repository; the referee itself never
needs SCOWL or lemminflect at run time.

Tiers (a word belongs to the smallest tier that lists it):

1. ``common``: SCOWL size 35 and below (American and British spellings) - Alpha Blitz's
   "common English word";
2. ``default``: SCOWL size 60 and below, the size SCOWL recommends for spell checking;
3. ``large``: SCOWL size 80 and below, with spelling variants - a Scrabble-like list for AlphaBirds.

Only words of two or more plain lower-case letters are kept: SCOWL's separate lists of proper
names, upper-case words, abbreviations and contractions are never read, and anything with a
hyphen, apostrophe, capital or accent is dropped.
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
from pathlib import Path

from referee.lexicon import store

SCOWL_DIR = Path("/usr/share/dict/scowl")
SCOWL_COPYRIGHT = Path("/usr/share/doc/scowl/copyright")
DATA_DIR = Path(__file__).parent / "data"
ALPHABET = "abcdefghijklmnopqrstuvwxyz"

TIERS = {
    1: (35, ("english", "american", "british")),
    2: (60, ("english", "american", "british")),
    3: (80, ("english", "american", "british", "variant_1", "variant_2")),
}
SIZES = (10, 20, 35, 40, 50, 55, 60, 70, 80, 95)
PLAIN_WORD = re.compile(r"^[a-z]{2,}$")


def read_tiers(scowl_dir: Path = SCOWL_DIR) -> dict[str, int]:
    """Every plain word of the SCOWL lists, with the smallest tier it belongs to."""
    if not scowl_dir.is_dir():
        raise SystemExit(f"SCOWL word lists not found in {scowl_dir}: install Debian's 'scowl' package")
    tiers: dict[str, int] = {}
    for tier in sorted(TIERS, reverse=True):
        max_size, families = TIERS[tier]
        for family in families:
            for size in SIZES:
                if size > max_size:
                    continue
                path = scowl_dir / f"{family}-words.{size}"
                if not path.exists():
                    continue
                for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
                    word = line.strip()
                    if PLAIN_WORD.match(word):
                        tiers[word] = tier
    return tiers


def read_lemmas(words: set[str]) -> dict[str, list[str]]:
    """Each word's lemmas from lemminflect's tables: CARDS, CARDED, CARDING -> CARD."""
    try:
        import lemminflect
    except ImportError:
        raise SystemExit("lemminflect is needed to build the lexicon: pip install -e '.[dev]'") from None
    lemmas: dict[str, list[str]] = {}
    for word in words:
        found = {lemma.lower() for forms in lemminflect.getAllLemmas(word).values() for lemma in forms}
        found = {lemma for lemma in found if PLAIN_WORD.match(lemma)}
        if found:
            lemmas[word] = sorted(found)
    return lemmas


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scowl", type=Path, default=SCOWL_DIR, help="folder of SCOWL lists (default: %(default)s)")
    parser.add_argument("--out", type=Path, default=DATA_DIR / "en", help="store folder to write (default: %(default)s)")
    args = parser.parse_args(argv)

    print(f"reading SCOWL lists from {args.scowl} ...", file=sys.stderr)
    tiers = read_tiers(args.scowl)
    print(f"{len(tiers)} words; looking up lemmas ...", file=sys.stderr)
    lemmas = read_lemmas(set(tiers))
    if args.out.exists():
        shutil.rmtree(args.out)
    meta = {
        "language": "en",
        "tiers": {"1": "common", "2": "default", "3": "large"},
        "source": "SCOWL (Debian package scowl) sizes 35/60/80; families from lemminflect (NIH SPECIALIST Lexicon)",
    }
    store.write(args.out, tiers, lemmas, ALPHABET, meta)
    if SCOWL_COPYRIGHT.exists():
        shutil.copy(SCOWL_COPYRIGHT, DATA_DIR / "NOTICE-SCOWL.txt")
    counts = {name: sum(1 for t in tiers.values() if t <= int(tier)) for tier, name in meta["tiers"].items()}
    print(f"wrote {args.out}: {counts}", file=sys.stderr)


if __name__ == "__main__":
    main()
