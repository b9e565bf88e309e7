from referee.cards import parse_face
from referee.table import Change, TableTracker


def test_piles_play_turn_take_back_and_clear():
    t = TableTracker(["pile1", "pile2"])
    assert t.observe({"pile1": ["T"], "pile2": ["R"]}) == [Change("play", "pile1", parse_face("T")), Change("play", "pile2", parse_face("R"))]
    assert t.observe({"pile1": ["T"], "pile2": ["R"]}) == []
    assert t.observe({"pile2": ["F"]}) == [Change("play", "pile2", parse_face("F"))]
    # the card under it shows again: another R played, unless the referee refused the F
    assert t.observe({"pile2": ["R"]}) == [Change("play", "pile2", parse_face("R"))]
    t.observe({"pile2": ["F"]})
    t.expect_take_back("pile2")
    assert t.observe({"pile2": ["R"]}) == [Change("take_back", "pile2")]
    assert t.observe({"pile1": []}) == [Change("clear", "pile1", count=1)]


def test_a_turned_or_declared_card_is_the_same_card():
    t = TableTracker(["discard"])
    t.observe({"discard": ["A/E"]})
    assert t.observe({"discard": ["E/A"]}) == []
    t.observe({"discard": ["?"]})
    assert t.observe({"discard": ["?=G"]}) == [Change("declare", "discard", parse_face("?=G"))]
    assert t.observe({"discard": ["?"]}) == []  # the camera sees "?": the wild keeps its letter
    assert t.seen["discard"][-1] == parse_face("?=G")
    t.observe({"discard": ["?", "T"]})
    t.observe({"discard": ["T", "?"]})  # another wild
    t.declare("discard", parse_face("?=K"))
    assert t.seen["discard"][-2:] == [parse_face("T"), parse_face("?=K")]


def test_unreadable_zones_wait():
    t = TableTracker(["pile1"])
    t.observe({"pile1": ["T"]})
    assert t.observe({"pile1": ["UNKNOWN"]}) == []
    assert t.observe({"pile1": ["S"]}) == [Change("play", "pile1", parse_face("S"))]


def test_covered_cards_of_a_line_that_cannot_be_read_are_the_ones_seen_before():
    t = TableTracker(["line"], piles=False)
    assert t.observe({"line": ["UNKNOWN", "T"]}) == []  # covered cards never seen whole: wait
    t.observe({"line": ["T"]})
    assert t.observe({"line": ["UNKNOWN", "B"]}) == [Change("play", "line", parse_face("B"))]
    assert t.observe({"line": ["UNKNOWN", "O/E"]}) == [Change("play", "line", parse_face("O/E"))]
    assert t.observe({"line": ["UNKNOWN", "UNKNOWN"]}) == []  # the newest card unreadable: wait
    assert t.observe({"line": ["UNKNOWN", "O/E"]}) == []
    # a covered two-vowel card read as one vowel does not break a fully read line
    assert t.observe({"line": ["T", "B", "O", "S"]}) == [Change("play", "line", parse_face("S"))]
    assert t.observe({"line": ["UNKNOWN", "B"]}) == [Change("play", "line", parse_face("B"))]  # B again, as in a match
    assert t.seen["line"] == [parse_face(f) for f in ("T", "B", "O/E", "S", "B")]
    assert t.observe({"line": ["T", "B", "O/E", "S"]}) == [Change("take_back", "line")]  # read in full: taken back
    assert t.observe({"line": ["UNKNOWN", "S"]}) == []
    assert t.observe({"line": ["UNKNOWN", "S", "S"]}) == [Change("play", "line", parse_face("S"))]  # S laid again
    assert t.observe({"line": ["UNKNOWN", "S"]}) == []


def test_a_line_card_laid_unreadable_then_covered_is_the_card_read_under_the_newest():
    t = TableTracker(["line"], piles=False)
    t.observe({"line": ["T"]})
    assert t.observe({"line": ["UNKNOWN", "UNKNOWN"]}) == []  # W laid, its letter unreadable: wait
    assert t.observe({"line": ["UNKNOWN", "W", "K"]}) == [Change("play", "line", parse_face("W")), Change("play", "line", parse_face("K"))]
    assert t.observe({"line": ["UNKNOWN", "K"]}) == []
    # a card read under the newest that can be the one known there was no card laid unseen
    assert t.observe({"line": ["UNKNOWN", "K", "O/E"]}) == [Change("play", "line", parse_face("O/E"))]
    assert t.observe({"line": ["UNKNOWN", "E", "S"]}) == [Change("play", "line", parse_face("S"))]
    assert t.seen["line"] == [parse_face(f) for f in ("T", "W", "K", "O/E", "S")]


def test_lines_grow_shrink_and_clear():
    t = TableTracker(["line"], piles=False)
    assert [c.face for c in t.observe({"line": ["T", "O/E"]})] == [parse_face("T"), parse_face("O/E")]
    assert t.observe({"line": ["T", "O/E", "B"]}) == [Change("play", "line", parse_face("B"))]
    assert t.observe({"line": ["T", "O/E"]}) == [Change("take_back", "line")]
    assert t.observe({"line": []}) == [Change("clear", "line", count=2)]


def test_a_fully_read_line_grown_by_the_same_card_has_a_new_card():
    t = TableTracker(["line"], piles=False)
    t.observe({"line": ["S", "O/U"]})
    assert t.observe({"line": ["S", "O/U", "O/U"]}) == [Change("play", "line", parse_face("O/U"))]
    assert t.observe({"line": ["S", "U/O", "O/U"]}) == []  # a covered card seen turned: unchanged
