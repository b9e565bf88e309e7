"""The lexicon: is a word valid, in which tier, which words are variations of it, and what are the
best words that some letters or cards can make.

>>> from referee import lexicon
>>> en = lexicon.load("en")
>>> en.tier("card")
<Tier.COMMON: 1>
>>> en.same_family("card", "carding"), en.same_family("card", "cardigan")
(True, False)

English ships with the referee (built from SCOWL by :mod:`referee.lexicon.build`); Swedish is read
from the system's word list (:mod:`referee.lexicon.sources`). Words are compared in lower case.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from referee.cards import Face
from referee.lexicon import search, sources
from referee.lexicon.store import Store

__all__ = ["Lexicon", "LexiconError", "Tier", "WordInfo", "load"]

LexiconError = sources.LexiconError


class Tier(enum.IntEnum):
    """How common a word is; each tier contains the smaller ones."""

    COMMON = 1  # Alpha Blitz's "common English word"
    DEFAULT = 2  # a current desk dictionary
    LARGE = 3  # a Scrabble-like list (AlphaBirds)


@dataclass(frozen=True)
class WordInfo:
    word: str
    tier: Tier | None  # None: not a word
    lemmas: tuple[str, ...]  # the headwords it is a form of (itself for a headword)
    house: bool = False  # from the players' own house list


class Lexicon:
    """One language's words. Build it with :func:`load`."""

    def __init__(self, language: str, store: Store, house_words: Iterable[str] = ()) -> None:
        self.language = language
        self.store = store
        self.house_words = frozenset(w.lower() for w in house_words if not self._store_tier(w.lower()))

    def _id(self, word: str) -> int | None:
        return self.store.trie.get(word)

    def _store_tier(self, word: str) -> int:
        i = self.store.trie.get(word)
        return 0 if i is None else int(self.store.tier[i])

    def tier(self, word: str) -> Tier | None:
        """The smallest tier listing ``word``; house words count as DEFAULT."""
        w = word.lower()
        t = self._store_tier(w)
        if t:
            return Tier(t)
        return Tier.DEFAULT if w in self.house_words else None

    def is_word(self, word: str, tier: Tier = Tier.DEFAULT) -> bool:
        found = self.tier(word)
        return found is not None and found <= tier

    def __contains__(self, word: str) -> bool:
        return self.is_word(word)

    def lemmas(self, word: str) -> tuple[str, ...]:
        w = word.lower()
        i = self._id(w)
        if i is None:
            return (w,)
        return tuple(self.store.trie.restore_key(int(j)) for j in self.store.lemmas(i))

    def same_family(self, a: str, b: str) -> bool:
        """Whether ``a`` and ``b`` are forms of one word (CARD, CARDS, CARDED, CARDING), from the
        inflection data the lexicon was built with. A word is in its own family."""
        a, b = a.lower(), b.lower()
        return a == b or not set(self.lemmas(a)).isdisjoint(self.lemmas(b))

    def family(self, word: str, tier: Tier = Tier.LARGE) -> list[str]:
        """Every word of ``tier`` that shares a lemma with ``word``, sorted."""
        lemma_ids = [self._id(lemma) for lemma in self.lemmas(word)]
        lemma_ids = [i for i in lemma_ids if i is not None]
        if not lemma_ids:
            return [word.lower()]
        s = self.store
        hits = np.flatnonzero(np.isin(s.lemma_ids, lemma_ids))
        owners = np.searchsorted(s.lemma_start, hits, side="right") - 1
        words = {s.trie.restore_key(int(i)) for i in set(owners.tolist()) if 1 <= s.tier[i] <= tier}
        if self.is_word(word, tier):
            words.add(word.lower())
        return sorted(words)

    def check(self, word: str) -> WordInfo:
        w = word.lower()
        return WordInfo(w, self.tier(w), self.lemmas(w), house=w in self.house_words)

    def best_from_letters(
        self,
        letters: Iterable[Face],
        *,
        min_length: int = 2,
        tier: Tier = Tier.DEFAULT,
        limit: int | None = 10,
        key: Callable[[str], float] | None = None,
    ) -> list[str]:
        """Words spelled from letters that may be reused, best first (longest, or highest ``key``)."""
        letters = list(letters)
        ids = search.from_letters(self.store, letters, tier, min_length)
        found = search.rank(self.store, ids, None if self.house_words else limit, key)
        extra = [w for w in self.house_words if len(w) >= min_length and search.spell_reusing(w, letters)]
        return _merge(found, extra, limit, key)

    def best_from_cards(
        self,
        cards: Iterable[Face],
        *,
        min_length: int = 2,
        tier: Tier = Tier.DEFAULT,
        limit: int | None = 10,
        key: Callable[[str], float] | None = None,
    ) -> list[str]:
        """Words spelled from ``cards``, each used once (two-vowel cards either way up, wilds as
        anything), best first (longest, or highest ``key``)."""
        cards = list(cards)
        ids = search.from_cards(self.store, cards, tier, min_length)
        found = search.rank(self.store, ids, None if self.house_words else limit, key)
        extra = [w for w in self.house_words if len(w) >= min_length and search.spell(w, cards) is not None]
        return _merge(found, extra, limit, key)

    def __len__(self) -> int:
        return int((self.store.tier > 0).sum()) + len(self.house_words)


def _merge(found: list[str], extra: list[str], limit: int | None, key: Callable[[str], float] | None) -> list[str]:
    if not extra:
        return found if limit is None else found[:limit]
    words = sorted(set(found) | set(extra), key=(lambda w: (-key(w), -len(w), w)) if key else (lambda w: (-len(w), w)))
    return words if limit is None else words[:limit]


@lru_cache(maxsize=8)
def _load(language: str, house: tuple[Path, ...]) -> Lexicon:
    store = sources.open_store(language)
    words: list[str] = []
    for path in house:
        words.extend(sources.read_house_list(path, store.alphabet))
    return Lexicon(language, store, words)


def load(language: str = "en", house: Iterable[str | Path] = ()) -> Lexicon:
    """The lexicon of ``language`` (``en`` or ``sv``), with the players' own word lists added.
    Loaded once per process and shared."""
    return _load(language, tuple(Path(p).resolve() for p in house))
