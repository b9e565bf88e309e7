"""Word search over a compiled store, vectorised with numpy over every word at once.

Two questions the games ask:

- :func:`from_letters`: which words can be spelled from letters that may each be used as often
  as needed (Alpha and Blitz: the letters on top of the piles);
- :func:`from_cards`: which words can be spelled from a multiset of cards, each used once, where
  a two-vowel card is either of its vowels, a QXZ card is Q, X or Z, a wild card is any letter,
  and the Qu card covers a "qu" pair (anagram games, a player's hand).

For cards the test is exact, not a heuristic: after the fixed letters are taken, what a word
still needs must be matched to the flexible cards, and by Hall's theorem such a matching exists
exactly when every set of needed letters is no larger than the set of cards that can stand for
them. Only letters printed on flexible cards need their subsets checked (at most 2^8), since the
other letters can be covered by wild cards alone.

:func:`spell` is the plain one-word version (backtracking), used for a handful of words and as
the reference the vectorised search is tested against.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from referee.cards import Face, Kind
from referee.lexicon.store import Store

QXZ_LETTERS = "QXZ"


@dataclass
class Supply:
    """Cards sorted by what they can stand for, in alphabet indices."""

    fixed: np.ndarray  # count per alphabet letter
    choices: list[frozenset[int]] = field(default_factory=list)  # two-vowel and QXZ cards
    wilds: int = 0
    qu_cards: int = 0

    @property
    def size(self) -> int:
        """How many letters these cards can spell at most."""
        return int(self.fixed.sum()) + len(self.choices) + self.wilds + 2 * self.qu_cards


def supply_of(cards: Iterable[Face], alphabet: str) -> Supply:
    """Letters in ``cards`` that this alphabet knows (an Å card in English spells nothing)."""
    index = {ch.upper(): i for i, ch in enumerate(alphabet)}
    supply = Supply(fixed=np.zeros(len(alphabet), np.int16))
    for face in cards:
        if face.kind is Kind.LETTER and face.letters == "QU":
            supply.qu_cards += 1
        elif face.kind in (Kind.LETTER, Kind.WILD, Kind.QXZ) and face.letters:
            if face.letters in index:
                supply.fixed[index[face.letters]] += 1
        elif face.kind is Kind.WILD:
            supply.wilds += 1
        elif face.kind is Kind.TWO_VOWEL:
            supply.choices.append(frozenset(index[v] for v in face.letters if v in index))
        elif face.kind is Kind.QXZ:
            supply.choices.append(frozenset(index[v] for v in QXZ_LETTERS if v in index))
    return supply


def candidates(store: Store, max_tier: int, min_length: int, max_length: int = 255) -> np.ndarray:
    """Ids of playable words of a tier and length range."""
    ok = (store.tier >= 1) & (store.tier <= max_tier) & (store.length >= min_length) & (store.length <= max_length)
    return np.flatnonzero(ok)


def from_letters(store: Store, letters: Iterable[Face], max_tier: int, min_length: int) -> np.ndarray:
    """Ids of words spelled from reusable letters: a two-vowel card as its upright vowel,
    a wild as any letter, the Qu card as the pair "qu"."""
    index = {ch.upper(): i for i, ch in enumerate(store.alphabet)}
    k = len(store.alphabet)
    available = 0
    for face in letters:
        if face.kind is Kind.LETTER and face.letters == "QU":
            available |= 1 << k
        elif face.kind is Kind.WILD and not face.letters:
            available |= (1 << k) - 1
        elif face.plays_as in index:
            available |= 1 << index[face.plays_as]
    missing = np.uint32(~available & 0xFFFFFFFF)
    ok = ((store.mask & missing) == 0) | ((store.qumask & missing) == 0)
    ok &= (store.tier >= 1) & (store.tier <= max_tier) & (store.length >= min_length)
    return np.flatnonzero(ok)


def from_cards(store: Store, cards: Iterable[Face], max_tier: int, min_length: int) -> np.ndarray:
    """Ids of words spelled from ``cards``, each card used at most once."""
    supply = supply_of(cards, store.alphabet)
    ids = candidates(store, max_tier, min_length, supply.size)
    k = len(store.alphabet)
    # Cheap cut first: letters no card prints must be few enough for the wild cards.
    printed = 0
    for i in np.flatnonzero(supply.fixed):
        printed |= 1 << int(i)
    for choice in supply.choices:
        for i in choice:
            printed |= 1 << i
    if supply.qu_cards:
        printed |= (1 << store.alphabet.index("q")) | (1 << store.alphabet.index("u"))
    unprinted = np.bitwise_count(store.mask[ids] & np.uint32(~printed & 0xFFFFFFFF))
    ids = ids[unprinted <= supply.wilds]
    if not len(ids):
        return ids

    need = store.counts[ids].astype(np.int16)
    if supply.qu_cards:
        pairs = np.minimum(need[:, k], supply.qu_cards)
        need[:, store.alphabet.index("q")] -= pairs
        need[:, store.alphabet.index("u")] -= pairs
    excess = np.maximum(need[:, :k] - supply.fixed, 0)

    flexible = sorted(set().union(*supply.choices)) if supply.choices else []
    rigid = np.ones(k, bool)
    rigid[flexible] = False
    rigid_excess = excess[:, rigid].sum(axis=1)
    if not flexible:
        return ids[rigid_excess <= supply.wilds]
    # Hall's condition for every subset T of the flexible letters:
    #   rigid excess + excess(T) <= wilds + number of choice cards printing a letter of T
    subsets = np.array([[(s >> j) & 1 for s in range(1 << len(flexible))] for j in range(len(flexible))], np.int16)
    reach = np.array(
        [sum(1 for c in supply.choices if any((s >> j) & 1 and flexible[j] in c for j in range(len(flexible)))) for s in range(1 << len(flexible))],
        np.int16,
    )
    demand = excess[:, flexible] @ subsets - reach  # [words, subsets]
    ok = rigid_excess + demand.max(axis=1) <= supply.wilds
    return ids[ok]


def rank(
    store: Store,
    ids: np.ndarray,
    limit: int | None = None,
    key: Callable[[str], float] | None = None,
) -> list[str]:
    """Words of ``ids``, best first: longest (then alphabetical), or highest ``key`` when given."""
    if key is None and limit is not None and len(ids) > limit:
        lengths = store.length[ids]
        cutoff = np.partition(lengths, len(ids) - limit)[len(ids) - limit]
        ids = ids[lengths >= cutoff]
    words = [store.trie.restore_key(int(i)) for i in ids]
    if key is None:
        words.sort(key=lambda w: (-len(w), w))
    else:
        words.sort(key=lambda w: (-key(w), -len(w), w))
    return words if limit is None else words[:limit]


def spell_reusing(word: str, letters: Sequence[Face]) -> bool:
    """Whether ``word`` can be spelled from ``letters`` used as often as needed."""
    target = word.upper()
    if any(f.kind is Kind.WILD and not f.letters for f in letters):
        return True
    single = {f.plays_as for f in letters if len(f.plays_as) == 1}
    has_qu = any(f.plays_as == "QU" for f in letters)
    pos = 0
    while pos < len(target):
        if has_qu and target.startswith("QU", pos):
            pos += 2
        elif target[pos] in single:
            pos += 1
        else:
            return False
    return True


def spell(word: str, cards: Sequence[Face]) -> list[Face] | None:
    """One way to spell ``word`` with ``cards`` (each at most once), as the card used for each
    letter or "qu" pair in order, with two-vowel cards turned and wilds declared as used; or None."""
    target = word.upper()
    pool = list(cards)

    def options(face: Face, pos: int) -> list[tuple[Face, int]]:
        letter = target[pos]
        found = []
        if face.kind is Kind.LETTER:
            if face.letters == "QU":
                if target.startswith("QU", pos):
                    found.append((face, 2))
            elif face.letters == letter:
                found.append((face, 1))
        elif face.kind is Kind.TWO_VOWEL and letter in face.letters:
            found.append((face if face.upright == letter else face.turned(), 1))
        elif face.kind is Kind.WILD and face.letters in ("", letter):
            found.append((face.declared(letter), 1))
        elif face.kind is Kind.QXZ and letter in QXZ_LETTERS and face.letters in ("", letter):
            found.append((face.declared(letter), 1))
        return found

    def go(pos: int, left: list[Face]) -> list[Face] | None:
        if pos == len(target):
            return []
        tried: set[Face] = set()
        for n, face in enumerate(left):
            if face in tried:
                continue
            tried.add(face)
            for used, width in options(face, pos):
                rest = go(pos + width, left[:n] + left[n + 1 :])
                if rest is not None:
                    return [used, *rest]
        return None

    return go(0, pool)
