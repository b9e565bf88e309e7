"""The compiled form of a word list on disk, and how it is read back.

A store is a folder. ``words.marisa`` (a MARISA trie) maps each word to an id and back; every
other file is a numpy array indexed by that id, memory-mapped so that loading touches almost
nothing and a search reads only what it scans:

- ``tier.npy``   uint8: smallest tier the word belongs to (0: not a playable word, kept only as
  the lemma of other words);
- ``length.npy`` uint8: number of letters;
- ``counts.npy`` uint8 [n, k+1]: how often each letter of the alphabet occurs, then how many
  "qu" pairs the word holds (Alpha Blitz's Qu card covers such a pair);
- ``mask.npy``   uint32: bit i set when alphabet letter i occurs;
- ``qumask.npy`` uint32: the same with every "qu" pair counted as one symbol (bit k) instead of
  as Q and U;
- ``lemma_start.npy`` uint32 [n+1] and ``lemma_ids.npy`` uint32: the word's lemmas (dictionary
  headwords it is an inflection of), as ids; two words are variations of each other when they
  share a lemma;
- ``meta.json``: alphabet, tier names, sources.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

import marisa_trie
import numpy as np

ARRAYS = ("tier", "length", "counts", "mask", "qumask", "lemma_start", "lemma_ids")


@dataclass(frozen=True)
class Store:
    trie: marisa_trie.Trie
    alphabet: str
    meta: dict
    tier: np.ndarray
    length: np.ndarray
    counts: np.ndarray
    mask: np.ndarray
    qumask: np.ndarray
    lemma_start: np.ndarray
    lemma_ids: np.ndarray

    def lemmas(self, word_id: int) -> np.ndarray:
        return self.lemma_ids[self.lemma_start[word_id] : self.lemma_start[word_id + 1]]


def letter_profile(word: str, alphabet: str) -> tuple[list[int], int, int]:
    """Counts per alphabet letter plus the "qu" pair count, the letter mask and the qu-aware mask."""
    k = len(alphabet)
    counts = [0] * (k + 1)
    for ch in word:
        counts[alphabet.index(ch)] += 1
    counts[k] = word.count("qu")
    mask = 0
    for i, n in enumerate(counts[:k]):
        if n:
            mask |= 1 << i
    qumask = 0
    for ch in word.replace("qu", ""):
        qumask |= 1 << alphabet.index(ch)
    if counts[k]:
        qumask |= 1 << k
    return counts, mask, qumask


def write(
    folder: Path,
    tiers: Mapping[str, int],
    lemmas: Mapping[str, Iterable[str]],
    alphabet: str,
    meta: dict,
) -> None:
    """Compile ``tiers`` (word -> tier, lower case, letters of ``alphabet`` only) and each word's
    lemmas into a store. Lemmas that are not words themselves are kept with tier 0."""
    if len(alphabet) > 31:
        raise ValueError("an alphabet of more than 31 letters does not fit the 32-bit masks")
    all_words = set(tiers)
    for word in tiers:
        all_words.update(lemmas.get(word, ()))
    bad = sorted(w for w in all_words if not w or set(w) - set(alphabet))
    if bad:
        raise ValueError(f"words outside the alphabet: {bad[:5]}")
    trie = marisa_trie.Trie(all_words)
    n = len(trie)
    tier = np.zeros(n, np.uint8)
    length = np.zeros(n, np.uint8)
    counts = np.zeros((n, len(alphabet) + 1), np.uint8)
    mask = np.zeros(n, np.uint32)
    qumask = np.zeros(n, np.uint32)
    lemma_lists: list[list[int]] = [[] for _ in range(n)]
    for word in all_words:
        i = trie[word]
        tier[i] = tiers.get(word, 0)
        length[i] = min(len(word), 255)
        c, m, qm = letter_profile(word, alphabet)
        counts[i] = np.minimum(c, 255)
        mask[i] = m
        qumask[i] = qm
        lemma_lists[i] = sorted({trie[lemma] for lemma in lemmas.get(word, ())} | ({i} if not lemmas.get(word) else set()))
    lemma_start = np.zeros(n + 1, np.uint32)
    lemma_start[1:] = np.cumsum([len(x) for x in lemma_lists])
    lemma_ids = np.fromiter((j for x in lemma_lists for j in x), np.uint32, count=int(lemma_start[-1]))

    folder.mkdir(parents=True, exist_ok=True)
    trie.save(str(folder / "words.marisa"))
    for name, array in zip(ARRAYS, (tier, length, counts, mask, qumask, lemma_start, lemma_ids)):
        np.save(folder / f"{name}.npy", array)
    (folder / "meta.json").write_text(
        json.dumps({**meta, "alphabet": alphabet, "words": n}, ensure_ascii=False, indent=1), encoding="utf-8"
    )


def read(folder: Path) -> Store:
    """Open a store without reading it: the trie and arrays are memory-mapped."""
    meta = json.loads((folder / "meta.json").read_text(encoding="utf-8"))
    trie = marisa_trie.Trie()
    trie.mmap(str(folder / "words.marisa"))
    arrays = {name: np.load(folder / f"{name}.npy", mmap_mode="r") for name in ARRAYS}
    return Store(trie=trie, alphabet=meta["alphabet"], meta=meta, **arrays)
