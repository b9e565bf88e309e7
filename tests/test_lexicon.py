import random

import pytest

from referee import lexicon
from referee.cards import parse_faces
from referee.lexicon import bench, search, sources

Tier = lexicon.Tier


def test_tiers_nest(en):
    assert en.tier("card") is Tier.COMMON
    assert en.tier("esquires") is Tier.DEFAULT
    assert en.tier("zyzzyva") is Tier.LARGE
    assert en.is_word("zyzzyva", Tier.LARGE) and not en.is_word("zyzzyva")
    assert "card" in en and "CARD" in en
    assert len(en) > 200_000


@pytest.mark.parametrize("word", ["aaron", "mississippi", "washington", "etc", "mr", "dont", "don't", "well-known", "x", "café"])
def test_no_names_abbreviations_contractions_or_hyphens(en, word):
    assert en.tier(word) is None


def test_rulebook_words_are_valid(en):
    for word in ["training", "fainting", "paint", "esquires", "feel", "fears", "erasers", "frog", "grove", "cards", "carding"]:
        assert word in en, word


def test_families_come_from_inflection_data(en):
    assert en.same_family("card", "cards") and en.same_family("card", "carded") and en.same_family("carding", "cards")
    for a, b in [("card", "cardigan"), ("tone", "stone"), ("new", "news"), ("flow", "flower")]:
        assert not en.same_family(a, b), (a, b)
    assert en.family("card") == ["card", "carded", "carding", "cards"]
    assert en.same_family("go", "went")  # irregular forms are families too
    assert en.same_family("leaf", "leaves") and en.same_family("leave", "leaves")
    assert not en.same_family("leaf", "leave")  # sharing a form does not merge the headwords


def test_check_reports_tier_and_lemmas(en):
    info = en.check("Carding")
    assert info.word == "carding" and info.tier is Tier.COMMON and info.lemmas == ("card",)
    assert en.check("xqzt").tier is None


def test_best_from_letters_peter_and_mary(en):
    """Alpha Blitz's example: piles T R I N G A allow TRAINING; later T F I N A allow FAINTING."""
    assert "training" in en.best_from_letters(parse_faces("TRINGA"), min_length=4, limit=None)
    assert "fainting" in en.best_from_letters(parse_faces("TFINGA"), min_length=4, limit=None)
    best = en.best_from_letters(parse_faces("TPINA"), min_length=4, limit=3)
    assert len(best) == 3 and all(len(w) >= len(best[-1]) for w in best)


def test_qu_card_is_a_pair(en):
    found = en.best_from_letters(parse_faces("E S QU I R"), min_length=4, limit=None)
    assert "esquires" in found and "queries" in found
    assert "quiet" not in found  # no T
    assert "sissies" in found  # letters may be used again
    # without the Qu card (and no U) no word needs a Q
    assert not any("q" in w for w in en.best_from_letters(parse_faces("E S I R"), min_length=4, limit=None))
    # a Qu card never stands for a lone Q or U
    assert search.spell("queue", parse_faces("QU E E")) is None
    assert [str(f) for f in search.spell("queue", parse_faces("QU E U E"))] == ["QU", "E", "U", "E"]


def test_spell_turns_vowel_cards_and_declares_wilds():
    used = search.spell("seat", parse_faces("T S ? E/I"))
    assert [str(f) for f in used] == ["S", "E/I", "?=A", "T"]
    assert search.spell("seat", parse_faces("T S A/O")) is None
    assert [str(f) for f in search.spell("zoo", parse_faces("O/U QXZ U/O"))] == ["QXZ=Z", "O/U", "O/U"]


def test_card_search_matches_brute_force(en):
    rng = random.Random(11)
    words = bench.words_of(en, Tier.COMMON)
    hands = [bench.random_hand(rng, size=9, wilds=w, two_vowel=v) for w, v in [(0, 2), (1, 3), (2, 2)]]
    hands.append(parse_faces("QU E I/O ? S T R"))
    hands.append(parse_faces("QXZ O/U A/E B R S ?"))
    for hand in hands:
        expected = bench.brute_cards(words, hand, 2)
        assert set(en.best_from_cards(hand, tier=Tier.COMMON, limit=None)) == expected, hand


def test_letter_search_matches_brute_force(en):
    rng = random.Random(5)
    words = bench.words_of(en, Tier.COMMON)
    for n in (6, 9, 12):
        letters = bench.random_letters(rng, n)
        expected = bench.brute_letters(words, letters, 3)
        assert set(en.best_from_letters(letters, min_length=3, tier=Tier.COMMON, limit=None)) == expected


def test_best_is_ordered_by_length_or_by_key(en):
    hand = parse_faces("S T R ? A/E I/O N G")
    best = en.best_from_cards(hand, limit=20)
    assert [len(w) for w in best] == sorted((len(w) for w in best), reverse=True)
    assert best == en.best_from_cards(hand, limit=None)[:20]
    fewest_vowels = en.best_from_cards(hand, min_length=5, limit=5, key=lambda w: -sum(c in "aeiou" for c in w))
    assert all(sum(c in "aeiou" for c in w) <= 1 for w in fewest_vowels)


def test_house_list_adds_words(tmp_path):
    house = tmp_path / "house.txt"
    house.write_text("# our words\nzorbly\nCard\n", encoding="utf-8")
    lex = lexicon.load("en", [house])
    assert lex.tier("zorbly") is Tier.DEFAULT and lex.check("zorbly").house
    assert not lex.check("card").house  # already a word
    assert "zorbly" in lex.best_from_cards(parse_faces("Z O R B L Y"), limit=None)
    assert "zorbly" in lex.best_from_letters(parse_faces("ZORBLY"), limit=None)


def test_bad_house_list(tmp_path):
    house = tmp_path / "house.txt"
    house.write_text("fine\nnot-fine\n", encoding="utf-8")
    with pytest.raises(lexicon.LexiconError, match="house.txt:2"):
        lexicon.load("en", [house])
    with pytest.raises(lexicon.LexiconError, match="cannot read"):
        lexicon.load("en", [tmp_path / "missing.txt"])


def test_swedish_from_the_system_list(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    sv = sources.open_store("sv")
    assert sv.alphabet.endswith("åäö")
    lex = lexicon.Lexicon("sv", sv)
    assert lex.is_word("hund") and lex.is_word("måste") and not lex.is_word("hundx")
    assert "hund" in lex.best_from_cards(parse_faces("H U N D"), limit=None)
    assert any(path.name.startswith("sv-") for path in tmp_path.joinpath("alpha-referee").iterdir())
    # the second open reads the cache
    assert sources.open_store("sv").trie.get("hund") == sv.trie.get("hund")


def test_missing_swedish_list_names_the_package(monkeypatch):
    monkeypatch.setattr(sources, "SWEDISH_LISTS", ())
    with pytest.raises(lexicon.LexiconError, match="wswedish"):
        sources.open_store("sv")


def test_unknown_language():
    with pytest.raises(lexicon.LexiconError, match="en or sv"):
        lexicon.load("fr")
