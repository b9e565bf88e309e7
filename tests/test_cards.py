import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.cards import LETTERS, VOWELS, Face, Kind, NotationError, parse_face, parse_faces


def test_letter_and_qu():
    assert parse_face("f") == Face(Kind.LETTER, "F")
    assert parse_face("Å").plays_as == "Å"
    qu = parse_face("QU")
    assert qu.kind is Kind.LETTER and qu.plays_as == "QU" and str(qu) == "QU"


def test_two_vowel_card_upright_first():
    face = parse_face("e/a")
    assert face.upright == "E" and face.plays_as == "E" and str(face) == "E/A"
    assert face.turned() == parse_face("A/E")
    assert face.card() == face.turned().card() == parse_face("A/E")


def test_wild_remembers_declared_letter():
    wild = parse_face("?")
    assert wild.plays_as == "" and str(wild) == "?"
    g = wild.declared("g")
    assert str(g) == "?=G" and g.plays_as == "G" and parse_face("?=G") == g
    assert g.card() == wild


def test_qxz_plays_as_one_of_three():
    assert str(parse_face("QXZ").declared("z")) == "QXZ=Z"
    with pytest.raises(NotationError):
        parse_face("QXZ=A")


@pytest.mark.parametrize("text", ["BLITZ", "STEAL", "SWAP", "TRIBUTE", "STOP", "ARROW", "BACK", "UNKNOWN", "QXZ"])
def test_word_faces(text):
    face = parse_face(text.lower())
    assert str(face) == text and face.plays_as == ""
    assert face.is_letter_card == (text == "QXZ")


@pytest.mark.parametrize("bad", ["", "A/A", "A/B", "B/C", "AEI/O", "?=12", "FOO", "1", "Q U"])
def test_bad_notation_is_rejected(bad):
    with pytest.raises(NotationError):
        parse_face(bad)


def test_only_wild_cards_can_be_declared():
    with pytest.raises(NotationError):
        parse_face("F").declared("G")


def test_parse_faces_accepts_both_spellings():
    assert parse_faces("TRINGA") == [parse_face(c) for c in "TRINGA"]
    assert [str(f) for f in parse_faces("T, R A/E ?  QU ?=X")] == ["T", "R", "A/E", "?", "QU", "?=X"]
    with pytest.raises(NotationError):
        parse_faces("T R A/X")


faces = st.one_of(
    st.sampled_from(LETTERS).map(lambda c: Face(Kind.LETTER, c)),
    st.just(Face(Kind.LETTER, "QU")),
    st.permutations(VOWELS).map(lambda p: Face(Kind.TWO_VOWEL, p[0] + p[1])),
    st.sampled_from(["", *LETTERS]).map(lambda c: Face(Kind.WILD, c)),
    st.sampled_from(["", "Q", "X", "Z"]).map(lambda c: Face(Kind.QXZ, c)),
    st.sampled_from([k for k in Kind if k not in (Kind.LETTER, Kind.TWO_VOWEL, Kind.WILD, Kind.QXZ)]).map(Face),
)


@given(faces)
def test_notation_round_trips(face):
    assert parse_face(str(face)) == face
    assert parse_face(str(face).lower()) == face
    assert face.card().card() == face.card()
