"""``referee bench lexicon``: speed and memory of the lexicon, each beside a baseline measured in the
same run - a plain Python ``frozenset`` of the same words for loading and checking, and brute force
over every word for searching. Searches are also checked to give exactly the brute-force answer.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from referee import decks, lexicon
from referee.cards import Face, Kind
from referee.lexicon import search


@dataclass
class Row:
    what: str
    value: float
    baseline: float
    unit: str
    target: str

    @property
    def ratio(self) -> float:
        return self.baseline / self.value if self.value else float("inf")


def brute_letters(words: list[str], letters: list[Face], min_length: int) -> set[str]:
    return {w for w in words if len(w) >= min_length and search.spell_reusing(w, letters)}


def brute_cards(words: list[str], cards: list[Face], min_length: int) -> set[str]:
    return {w for w in words if min_length <= len(w) <= 2 * len(cards) and search.spell(w, cards) is not None}


def words_of(lex: lexicon.Lexicon, tier: lexicon.Tier) -> list[str]:
    s = lex.store
    return [w for w, i in s.trie.items() if 1 <= s.tier[i] <= tier]


def random_letters(rng: random.Random, n: int) -> list[Face]:
    """n different letters drawn like Alpha Blitz cards (the Qu card among them)."""
    pool = [face for face, _ in decks.load("alpha-blitz").expanded() if face.kind is Kind.LETTER]
    chosen: dict[str, Face] = {}
    while len(chosen) < n:
        face = rng.choice(pool)
        chosen[face.letters] = face
    return list(chosen.values())


def random_hand(rng: random.Random, size: int = 15, wilds: int = 2, two_vowel: int = 2) -> list[Face]:
    """A hand of Alpha Playing Cards with exactly the asked number of wilds and two-vowel cards."""
    deck = [face for face, _ in decks.load("alpha").expanded()]
    vowels = [f for f in deck if f.kind is Kind.TWO_VOWEL]
    consonants = [f for f in deck if f.kind is Kind.LETTER]
    return [Face(Kind.WILD)] * wilds + rng.sample(vowels, two_vowel) + rng.sample(consonants, size - wilds - two_vowel)


def _median_us(fn: Callable[[], object], repeat: int, number: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        for _ in range(number):
            fn()
        times.append((time.perf_counter() - t) / number)
    return statistics.median(times) * 1e6


_LOAD_PROBE = """
import json, sys, time
def rss():
    for line in open('/proc/self/status'):
        if line.startswith('VmRSS:'):
            return int(line.split()[1]) / 1024
import numpy, marisa_trie
from referee import lexicon
before = rss(); t = time.perf_counter()
if sys.argv[1] == 'referee':
    lex = lexicon.load(sys.argv[2]); ok = lex.is_word('card')
else:
    words = frozenset(open(sys.argv[3], encoding='utf-8').read().split()); ok = 'card' in words
print(json.dumps({'ms': (time.perf_counter() - t) * 1000, 'mb': rss() - before}))
"""


def _probe_load(kind: str, language: str, word_file: Path, runs: int) -> tuple[float, float]:
    ms, mb = [], []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", _LOAD_PROBE, kind, language, str(word_file)],
                             capture_output=True, text=True, check=True).stdout
        result = json.loads(out)
        ms.append(result["ms"])
        mb.append(result["mb"])
    return statistics.median(ms), statistics.median(mb)


def run(languages: tuple[str, ...] = ("en", "sv"), samples: int = 30, seed: int = 7,
        progress: Callable[[str], None] = lambda _: None) -> Iterator[Row]:
    """Measure everything; yields rows as they are ready."""
    rng = random.Random(seed)
    for language in languages:
        lex = lexicon.load(language)
        with tempfile.TemporaryDirectory() as tmp:
            word_file = Path(tmp) / "words.txt"
            word_file.write_text("\n".join(words_of(lex, lexicon.Tier.LARGE)), encoding="utf-8")
            progress(f"{language}: load (fresh processes)")
            ms, mb = _probe_load("referee", language, word_file, 5)
            base_ms, base_mb = _probe_load("frozenset", language, word_file, 5)
        yield Row(f"{language} load", ms, base_ms, "ms", "<= 50 ms")
        yield Row(f"{language} load memory (RSS)", mb, base_mb, "MB", "<= 15 MB")
        if language == "sv":
            progress("sv: first load ever (compiling the system list into the cache)")
            with tempfile.TemporaryDirectory() as cache:
                t = time.perf_counter()
                subprocess.run([sys.executable, "-c", "from referee.lexicon import sources; sources.open_store('sv')"],
                               env={**os.environ, "XDG_CACHE_HOME": cache}, check=True)
                first = (time.perf_counter() - t) * 1000
            yield Row("sv first load ever (one-time compile, whole process)", first, base_ms, "ms", "once per machine")

        everything = words_of(lex, lexicon.Tier.LARGE)
        probe = rng.sample(everything, 500) + ["".join(rng.sample(w, len(w))) for w in rng.sample(everything, 500)]
        as_set = frozenset(everything)
        progress(f"{language}: word check")
        mine = _median_us(lambda: [lex.is_word(w) for w in probe], 7, 3) / len(probe)
        base = _median_us(lambda: [w in as_set for w in probe], 7, 3) / len(probe)
        yield Row(f"{language} word check", mine, base, "µs", "<= 5 µs")

    en = lexicon.load("en")
    words = words_of(en, lexicon.Tier.DEFAULT)
    progress("en: best word from 6-12 reusable letters")
    letter_sets = [random_letters(rng, rng.randint(6, 12)) for _ in range(samples)]
    mine_ms = [_median_us(lambda: en.best_from_letters(ls, min_length=4, limit=10), 3, 1) / 1000 for ls in letter_sets]
    base_ms = []
    for ls in letter_sets[:5]:
        t = time.perf_counter()
        expected = brute_letters(words, ls, 4)
        base_ms.append((time.perf_counter() - t) * 1000)
        got = set(en.best_from_letters(ls, min_length=4, limit=None))
        if got != expected:
            raise AssertionError(f"letter search disagrees with brute force for {ls}")
    yield Row("en best word, 6-12 reusable letters", statistics.median(mine_ms), statistics.median(base_ms), "ms", "<= 5 ms")

    progress("en: best word from 15 cards (2 wilds, 2 two-vowel)")
    hands = [random_hand(rng) for _ in range(samples)]
    mine_ms = [_median_us(lambda: en.best_from_cards(h, limit=10), 3, 1) / 1000 for h in hands]
    base_ms = []
    for hand in hands[:3]:
        t = time.perf_counter()
        expected = brute_cards(words, hand, 2)
        base_ms.append((time.perf_counter() - t) * 1000)
        if set(en.best_from_cards(hand, limit=None)) != expected:
            raise AssertionError(f"card search disagrees with brute force for {hand}")
    yield Row("en best word, 15 cards incl. 2 wilds + 2 two-vowel", statistics.median(mine_ms), statistics.median(base_ms), "ms", "<= 25 ms")


def format_row(row: Row) -> str:
    return f"{row.what:<52} {row.value:>9.2f} {row.unit:<3} {row.baseline:>11.2f} {row.unit:<3} {row.ratio:>8.3g}x   {row.target}"


HEADER = f"{'measure (median)':<52} {'referee':>13} {'baseline':>15} {'ratio':>9}   target"
