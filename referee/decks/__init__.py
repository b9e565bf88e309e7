"""Decks as data: which cards a game is played with, how many of each, what they are worth.

Each deck is a TOML file in this folder (``alpha.toml``, ``alpha-blitz.toml``, ``alphabirds.toml``,
``alfapet.toml``); a user may point to their own file with the same keys:

- ``title``, ``language`` (lexicon: ``en`` or ``sv``), ``notes``;
- ``[cards]``: face (in :mod:`referee.cards` notation) = number of copies;
- ``[points]``: letter or face = points (a two-vowel card is worth the vowel it is played as);
- ``red``: faces with a red border (Alpha Blitz's bonus cards);
- ``[word_points]``: word length = points, for games scored by length (AlphaBirds);
- ``[board]``: ``rows`` of premium squares, for board games (Alfapet);
- ``[assumed]``: which of the numbers above the rulebook does not print (``"*"`` for all), so that
  nobody mistakes a default for the publisher's figure.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from referee.cards import Face, Kind, NotationError, parse_face
from referee.errors import UserError

DECK_DIR = Path(__file__).parent


class DeckError(UserError, ValueError):
    """A deck name that does not exist, or a deck file that does not make sense."""


@dataclass(frozen=True)
class Premium:
    """What a board square does to the tile placed on it, and to the word through it."""

    letter_factor: int = 1  # -2 for the x-2 squares: the letter's points are doubled and subtracted
    word_factor: int = 1
    is_start: bool = False


_PREMIUMS = {
    ".": Premium(),
    "d": Premium(letter_factor=2),
    "t": Premium(letter_factor=3),
    "q": Premium(letter_factor=4),
    "m": Premium(letter_factor=-2),
    "D": Premium(word_factor=2),
    "T": Premium(word_factor=3),
    "Q": Premium(word_factor=4),
    "*": Premium(is_start=True),
}


@dataclass(frozen=True)
class Board:
    """A square board of premium squares, one string per row (legend in the deck file)."""

    rows: tuple[str, ...]

    def __post_init__(self) -> None:
        if not self.rows or any(len(r) != len(self.rows) for r in self.rows):
            raise DeckError("a board must be square: as many rows as columns")
        unknown = {ch for r in self.rows for ch in r} - set(_PREMIUMS)
        if unknown:
            raise DeckError(f"unknown board squares {sorted(unknown)}; use one of {''.join(_PREMIUMS)}")

    @property
    def size(self) -> int:
        return len(self.rows)

    def premium(self, row: int, col: int) -> Premium:
        return _PREMIUMS[self.rows[row][col]]


@dataclass(frozen=True)
class CardType:
    """One kind of card in a deck: its face as it is dealt, how many copies, and its border."""

    face: Face
    copies: int
    red: bool = False


@dataclass(frozen=True)
class Deck:
    name: str
    title: str
    language: str
    cards: tuple[CardType, ...]
    points: dict[str, int] = field(default_factory=dict)
    word_points: dict[int, int] = field(default_factory=dict)
    board: Board | None = None
    assumed: dict[str, tuple[str, ...]] = field(default_factory=dict)
    notes: str = ""
    path: Path | None = None

    def __len__(self) -> int:
        return sum(c.copies for c in self.cards)

    def count(self, kind: Kind) -> int:
        return sum(c.copies for c in self.cards if c.face.kind is kind)

    def copies(self, face: Face) -> int:
        card = face.card()
        return sum(c.copies for c in self.cards if c.face == card)

    def is_red(self, face: Face) -> bool:
        card = face.card()
        return any(c.red for c in self.cards if c.face == card)

    def value(self, face: Face) -> int:
        """Points of a card as it is played: a two-vowel card is worth its upright vowel, a wild 0."""
        if face.kind is Kind.WILD:
            return self.points.get("?", 0)
        key = face.upright if face.kind is Kind.TWO_VOWEL else str(face.card())
        return self.points.get(key or "", 0)

    def is_assumed(self, what: str, key: str) -> bool:
        """Whether a number (``what`` is "copies", "points", ...) is this project's default."""
        keys = self.assumed.get(what, ())
        return "*" in keys or key in keys

    def expanded(self) -> list[tuple[Face, bool]]:
        """Every physical card once, as (face, red): for shuffling, dealing and printing."""
        return [(c.face, c.red) for c in self.cards for _ in range(c.copies)]


def available() -> list[str]:
    """Names of the decks shipped with the referee."""
    return sorted(p.stem for p in DECK_DIR.glob("*.toml"))


def load(name_or_path: str | Path) -> Deck:
    """A shipped deck by name (``alpha``), or a user's deck file by path."""
    path = Path(name_or_path)
    if path.suffix != ".toml":
        path = DECK_DIR / f"{name_or_path}.toml"
        if not path.exists():
            raise DeckError(f"no deck named {name_or_path!r}; decks: {', '.join(available())}, or a path to a .toml file")
    if not path.exists():
        raise DeckError(f"deck file not found: {path}")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise DeckError(f"{path}: not a valid TOML file: {exc}") from None
    return _from_data(path.stem, data, path)


def _from_data(name: str, data: dict, path: Path) -> Deck:
    try:
        red = {str(parse_face(f).card()) for f in data.get("red", [])}
        cards = []
        for text, copies in data.get("cards", {}).items():
            face = parse_face(text).card()
            if not isinstance(copies, int) or copies < 1:
                raise DeckError(f"{path}: [cards] {text} must be a positive whole number, not {copies!r}")
            cards.append(CardType(face, copies, red=str(face) in red))
    except NotationError as exc:
        raise DeckError(f"{path}: {exc}") from None
    if not cards:
        raise DeckError(f"{path}: the deck has no [cards]")
    board = data.get("board")
    return Deck(
        name=name,
        title=data.get("title", name),
        language=data.get("language", "en"),
        cards=tuple(cards),
        points={k.upper(): int(v) for k, v in data.get("points", {}).items()},
        word_points={int(k): int(v) for k, v in data.get("word_points", {}).items()},
        board=Board(tuple(board["rows"])) if board else None,
        assumed={k: tuple(v) for k, v in data.get("assumed", {}).items()} | ({"board": ("*",)} if board and board.get("assumed") else {}),
        notes=data.get("notes", "").strip(),
        path=path,
    )
