"""Card faces and their one text notation, used everywhere (CLI, JSON, recordings, tables).

Notation (case-insensitive on input, upper case on output):

=============  ==========================================================================
``F``, ``Å``   a letter card (any single letter A-Z, Å, Ä, Ö)
``QU``         Alpha Blitz's Qu card: one card, two letters
``A/E``        a two-vowel card with A upright (in play) and E upside down; ``E/A`` is the
               same physical card turned over
``?``          a wild card (Alpha), AlphaBirds' Wild, or an Alfapet blank, not yet declared
``?=G``        a wild card declared as G; it keeps that letter once played
``QXZ``        AlphaBirds' QXZ card; ``QXZ=Z`` once it is played as Z
``BLITZ``      an Alpha Blitz card
``STEAL``, ``SWAP``, ``TRIBUTE``   AlphaBirds' special bird cards
``STOP``       Alfapet's black stop tile
``ARROW``      Alfapet's arrow tile
``BACK``       a card lying face down
``UNKNOWN``    a card is there but could not be read
=============  ==========================================================================

Whether a card is red-bordered and what it is worth belong to the deck, not to the face
(see :mod:`referee.decks`).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from referee.errors import UserError

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZÅÄÖ"
VOWELS = "AEIOU"  # the vowels that appear on two-vowel cards


class NotationError(UserError, ValueError):
    """Text that is not a card face in the project's notation."""


class Kind(enum.Enum):
    LETTER = "letter"
    TWO_VOWEL = "two-vowel"
    WILD = "wild"
    QXZ = "qxz"
    BLITZ = "blitz"
    STEAL = "steal"
    SWAP = "swap"
    TRIBUTE = "tribute"
    STOP = "stop"
    ARROW = "arrow"
    BACK = "back"
    UNKNOWN = "unknown"


_WORD_KINDS = {
    "QXZ": Kind.QXZ,
    "BLITZ": Kind.BLITZ,
    "STEAL": Kind.STEAL,
    "SWAP": Kind.SWAP,
    "TRIBUTE": Kind.TRIBUTE,
    "STOP": Kind.STOP,
    "ARROW": Kind.ARROW,
    "BACK": Kind.BACK,
    "UNKNOWN": Kind.UNKNOWN,
}


@dataclass(frozen=True, slots=True)
class Face:
    """What a card shows. ``letters`` depends on the kind:

    - LETTER: the letter(s) printed, ``"F"`` or ``"QU"``;
    - TWO_VOWEL: both vowels, the upright one first (``"AE"`` for A upright);
    - WILD: the declared letter, or ``""`` while undeclared;
    - QXZ: the letter it is played as (Q, X or Z), or ``""`` while undecided;
    - any other kind: ``""``.
    """

    kind: Kind
    letters: str = ""

    def __post_init__(self) -> None:
        if self.kind is Kind.LETTER:
            if not (self.letters in LETTERS and len(self.letters) == 1) and self.letters != "QU":
                raise NotationError(f"not a letter card: {self.letters!r}")
        elif self.kind is Kind.TWO_VOWEL:
            if len(self.letters) != 2 or not set(self.letters) <= set(VOWELS) or self.letters[0] == self.letters[1]:
                raise NotationError(f"a two-vowel card needs two different vowels, not {self.letters!r}")
        elif self.kind is Kind.WILD:
            if self.letters and not (len(self.letters) == 1 and self.letters in LETTERS):
                raise NotationError(f"a wild card is declared as one letter, not {self.letters!r}")
        elif self.kind is Kind.QXZ:
            if self.letters not in ("", "Q", "X", "Z"):
                raise NotationError(f"a QXZ card plays as Q, X or Z, not {self.letters!r}")
        elif self.letters:
            raise NotationError(f"a {self.kind.value} card has no letters")

    @property
    def upright(self) -> str | None:
        """The vowel in play on a two-vowel card."""
        return self.letters[0] if self.kind is Kind.TWO_VOWEL else None

    @property
    def plays_as(self) -> str:
        """The letters this face contributes to a word as it lies ("" if none or undecided)."""
        if self.kind is Kind.TWO_VOWEL:
            return self.letters[0]
        if self.kind in (Kind.LETTER, Kind.WILD, Kind.QXZ):
            return self.letters
        return ""

    @property
    def is_letter_card(self) -> bool:
        """Cards that can stand for letters in a word (as opposed to action cards and backs)."""
        return self.kind in (Kind.LETTER, Kind.TWO_VOWEL, Kind.WILD, Kind.QXZ)

    def turned(self) -> Face:
        """The same two-vowel card turned over; other faces are unchanged."""
        if self.kind is not Kind.TWO_VOWEL:
            return self
        return Face(Kind.TWO_VOWEL, self.letters[::-1])

    def declared(self, letter: str) -> Face:
        """A wild (or QXZ) card declared as ``letter``."""
        if self.kind not in (Kind.WILD, Kind.QXZ):
            raise NotationError(f"only a wild or QXZ card can be declared, not {self}")
        return Face(self.kind, letter.upper())

    def card(self) -> Face:
        """The physical card regardless of orientation or declaration: ``E/A`` -> ``A/E``, ``?=G`` -> ``?``."""
        if self.kind is Kind.TWO_VOWEL:
            return Face(Kind.TWO_VOWEL, "".join(sorted(self.letters, key=VOWELS.index)))
        if self.kind in (Kind.WILD, Kind.QXZ):
            return Face(self.kind)
        return self

    def __str__(self) -> str:
        if self.kind is Kind.LETTER:
            return self.letters
        if self.kind is Kind.TWO_VOWEL:
            return f"{self.letters[0]}/{self.letters[1]}"
        if self.kind is Kind.WILD:
            return f"?={self.letters}" if self.letters else "?"
        if self.kind is Kind.QXZ and self.letters:
            return f"QXZ={self.letters}"
        return self.kind.name


WILD = Face(Kind.WILD)
BLITZ = Face(Kind.BLITZ)
BACK = Face(Kind.BACK)
UNKNOWN = Face(Kind.UNKNOWN)


def parse_face(text: str) -> Face:
    """Read one face in the project's notation (see the module docstring)."""
    t = text.strip().upper()
    if not t:
        raise NotationError("empty card face")
    if t in _WORD_KINDS:
        return Face(_WORD_KINDS[t])
    if t == "?":
        return WILD
    if t.startswith("?="):
        return Face(Kind.WILD, t[2:])
    if t.startswith("QXZ="):
        return Face(Kind.QXZ, t[4:])
    if "/" in t:
        upright, _, down = t.partition("/")
        return Face(Kind.TWO_VOWEL, upright + down)
    if t in LETTERS and len(t) == 1 or t == "QU":
        return Face(Kind.LETTER, t)
    raise NotationError(f"not a card face: {text!r} (expected e.g. F, A/E, ?, ?=G, QU, BLITZ, BACK)")


def parse_faces(text: str) -> list[Face]:
    """Read a list of faces: separated by spaces or commas (``"T R A/E ?"``), or written together
    when every card is a plain letter or ``?`` (``"TRINGA?"``). ``QU`` on its own is the Qu card."""
    tokens = text.replace(",", " ").split()
    faces: list[Face] = []
    for token in tokens:
        try:
            faces.append(parse_face(token))
        except NotationError:
            if all(ch.upper() in LETTERS or ch == "?" for ch in token):
                faces.extend(parse_face(ch) for ch in token)
            else:
                raise
    return faces
