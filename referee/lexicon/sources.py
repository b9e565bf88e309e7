"""Where each language's words come from, and where their compiled stores live.

- English: the store shipped in ``data/en`` (built from SCOWL by :mod:`referee.lexicon.build`).
- Swedish: the system word list of Debian's ``wswedish`` package (``/usr/share/dict/swedish``),
  read at run time and compiled once into a cache folder, so later loads are as fast as English.
  Swedish has no inflection data here: every Swedish word is its own family.
- House lists: a plain text file, one word per line (``#`` starts a comment), added by players.
"""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path

from referee.errors import UserError
from referee.lexicon import store

DATA_DIR = Path(__file__).parent / "data"
SWEDISH_LISTS = (Path("/usr/share/dict/swedish"), Path("/usr/share/dict/svenska"))
SWEDISH_ALPHABET = "abcdefghijklmnopqrstuvwxyzåäö"


class LexiconError(UserError, RuntimeError):
    """A language that is not available, or a word list that cannot be read."""


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "alpha-referee"


def open_store(language: str) -> store.Store:
    if language == "en":
        return store.read(DATA_DIR / "en")
    if language == "sv":
        return _swedish_store()
    raise LexiconError(f"no lexicon for language {language!r}: choose en or sv")


def _swedish_store() -> store.Store:
    source = next((p for p in SWEDISH_LISTS if p.exists()), None)
    if source is None:
        raise LexiconError(
            "no Swedish word list found (looked for /usr/share/dict/swedish): install Debian's "
            "'wswedish' package (apt-get install wswedish)"
        )
    stat = source.stat()
    stamp = hashlib.sha1(f"{source.resolve()}:{stat.st_size}:{stat.st_mtime_ns}".encode()).hexdigest()[:12]
    folder = cache_dir() / f"sv-{stamp}"
    if not (folder / "meta.json").exists():
        words = read_word_list(source, SWEDISH_ALPHABET)
        tmp = folder.with_name(folder.name + f".tmp{os.getpid()}")
        store.write(tmp, {w: 2 for w in words}, {}, SWEDISH_ALPHABET,
                    {"language": "sv", "tiers": {"2": "default"}, "source": str(source)})
        os.replace(tmp, folder) if not folder.exists() else None
    return store.read(folder)


def read_word_list(path: Path, alphabet: str) -> list[str]:
    """Plain words of a system word list: lower case, letters of ``alphabet`` only, two or more
    (capitalised names, abbreviations with dots and hyphenated words are dropped)."""
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.decode("latin-1")
    plain = re.compile(f"^[{alphabet}]{{2,}}$")
    return [w for w in (line.strip() for line in text.splitlines()) if plain.match(w)]


def read_house_list(path: Path, alphabet: str) -> list[str]:
    """A players' own list: one word per line, any case; ``#`` starts a comment."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise LexiconError(f"cannot read house word list {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise LexiconError(f"house word list {path} is not UTF-8 text") from None
    words = []
    for n, line in enumerate(text.splitlines(), 1):
        word = line.split("#", 1)[0].strip().lower()
        if not word:
            continue
        if set(word) - set(alphabet):
            raise LexiconError(f"{path}:{n}: {word!r} is not a plain word of the letters {alphabet}")
        words.append(word)
    return words
