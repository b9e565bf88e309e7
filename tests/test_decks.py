from collections import Counter

import pytest

from referee import decks
from referee.cards import Kind, parse_face


def copies(deck, text):
    return deck.copies(parse_face(text))


def test_shipped_decks_load():
    assert decks.available() == ["alfapet", "alpha", "alpha-blitz", "alphabirds"]
    for name in decks.available():
        deck = decks.load(name)
        assert len(deck) == len(deck.expanded()) > 0


def test_alpha_playing_cards_counts_and_points_from_the_rulebook():
    deck = decks.load("alpha")
    assert len(deck) == 74
    assert deck.count(Kind.LETTER) == 42
    assert deck.count(Kind.TWO_VOWEL) == 30
    assert deck.count(Kind.WILD) == 2
    vowels = Counter()
    for card in deck.cards:
        if card.face.kind is Kind.TWO_VOWEL:
            assert card.copies == 3
            vowels.update({v: card.copies for v in card.face.letters})
    assert vowels == {v: 12 for v in "AEIOU"}
    printed = {"B": (2, 8), "C": (2, 4), "D": (2, 4), "F": (2, 5), "G": (2, 6), "H": (3, 3), "T": (3, 1), "Z": (1, 10)}
    for letter, (n, points) in printed.items():
        assert copies(deck, letter) == n
        assert deck.value(parse_face(letter)) == points
        assert not deck.is_assumed("copies", letter) and not deck.is_assumed("points", letter)
    singletons = sorted(str(c.face) for c in deck.cards if c.face.kind is Kind.LETTER and c.copies == 1)
    assert singletons == ["J", "K", "Q", "V", "X", "Z"]
    for vowel in "AEIO":
        assert deck.points[vowel] == 1
    assert deck.value(parse_face("U/A")) == 2 and deck.value(parse_face("A/U")) == 1
    assert deck.value(parse_face("?")) == deck.value(parse_face("?=Z")) == 0
    # what the rulebook does not print is marked
    assert deck.is_assumed("copies", "R") and deck.is_assumed("points", "R")


def test_alpha_blitz_98_letters_10_blitz_5_red():
    deck = decks.load("alpha-blitz")
    assert deck.count(Kind.LETTER) == 98
    assert deck.count(Kind.BLITZ) == 10
    assert len(deck) == 108
    red = sorted(str(c.face) for c in deck.cards if c.red)
    assert red == ["J", "K", "QU", "X", "Z"]
    assert deck.is_red(parse_face("QU")) and not deck.is_red(parse_face("A"))
    assert copies(deck, "Q") == 0 and copies(deck, "QU") == 1


def test_alphabirds_has_its_special_cards():
    deck = decks.load("alphabirds")
    for text in ("QXZ", "?", "STEAL", "SWAP", "TRIBUTE"):
        assert copies(deck, text) >= 1, text
    assert deck.word_points[4] == 4  # a 4-letter word split between two boards gives 2 each
    assert deck.is_assumed("copies", "A")


def test_alfapet_tiles_and_board():
    deck = decks.load("alfapet")
    assert deck.language == "sv"
    for text in ("Å", "Ä", "Ö", "?", "STOP", "ARROW"):
        assert copies(deck, text) >= 1, text
    assert deck.value(parse_face("STOP")) == deck.value(parse_face("?")) == 0
    board = deck.board
    assert board is not None and board.size == 15
    premiums = {(board.premium(r, c).letter_factor, board.premium(r, c).word_factor) for r in range(15) for c in range(15)}
    for wanted in [(2, 1), (3, 1), (4, 1), (-2, 1), (1, 2), (1, 3), (1, 4)]:
        assert wanted in premiums
    assert board.premium(7, 7).is_start
    assert deck.is_assumed("board", "*")


def test_user_deck_file(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text('title = "Mine"\n[cards]\nA = 2\n"E/I" = 1\n[points]\nA = 3\n', encoding="utf-8")
    deck = decks.load(path)
    assert deck.title == "Mine" and len(deck) == 3 and deck.value(parse_face("A")) == 3


@pytest.mark.parametrize("content, message", [
    ("[cards]\nA = 0\n", "positive"),
    ("[cards]\nFOO = 1\n", "not a card face"),
    ("title = \n", "not a valid TOML"),
    ("title = 'x'\n", r"no \[cards\]"),
    ("[cards]\nA = 1\n[board]\nrows = ['..', '.']\n", "square"),
])
def test_bad_deck_files_say_why(tmp_path, content, message):
    path = tmp_path / "bad.toml"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(decks.DeckError, match=message):
        decks.load(path)


def test_unknown_deck_name_lists_the_decks():
    with pytest.raises(decks.DeckError, match="alpha-blitz"):
        decks.load("poker")
