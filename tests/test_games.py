"""The four games' rules, with every worked example of the rulebooks as a test."""

import pytest

from referee.cards import parse_face
from referee.games import GameError, from_json, new_game
from referee.games.base import Clear, Declare, Draw, Pass, Play, Press, TakeBack, Tick, Word


def play(game, zone, face, t=0.0, player=None):
    owner = game.zone_owner(zone) or player or game.current
    return game.apply(Play(owner, t, zone, parse_face(face)))


def deal(game, faces):
    for zone, face in zip(game.zones(len(game.players)), faces):
        play(game, zone, face)


def points_of(verdicts):
    return [(v.event, v.word, v.points) for v in verdicts if v.points or v.event == "word"]


# -------------------------------------------------------------------------------------- Alpha


def alpha(*letters, **options):
    game = new_game("alpha", ["Peter", "Mary"], options)
    deal(game, letters or "T R I N G A".split())
    return game


def test_peter_and_mary():
    """TRAINING (3), F on R, FAINTING (3), Blitz on G, P on F, PAINT (1)."""
    game = alpha()
    assert points_of(game.apply(Word(1, 1, "training"))) == [("word", "TRAINING", 3)]
    play(game, "pile2", "F")
    assert points_of(game.apply(Word(2, 2, "FAINTING"))) == [("word", "FAINTING", 3)]
    out = play(game, "pile5", "BLITZ")
    assert "5 piles left" in out[0].reason
    play(game, "pile2", "P")
    assert points_of(game.apply(Word(1, 3, "PAINT"))) == [("word", "PAINT", 1)]
    assert game.scores == [4, 3]


def test_esquires_with_the_red_qu():
    game = alpha("E", "S", "QU", "I", "R", "T")
    verdicts = game.apply(Word(1, 1, "ESQUIRES"))
    assert points_of(verdicts) == [("word", "ESQUIRES", 4)]  # 1 + 2 letters beyond 6 piles + 1 red
    assert verdicts[0].detail["red"] == 1


def test_objective_errors_are_refused_at_once_with_the_rule():
    game = alpha()
    for word, rule in [("TAR", "min-length"), ("PAINT", "letters")]:
        game = alpha()
        (v,) = game.apply(Word(1, 1, word))
        assert v.event == "reject" and v.rule == rule and v.points == 0
    assert "P is not in play" in alpha().apply(Word(1, 1, "PAINT"))[0].reason


def test_a_word_and_its_forms_score_once():
    game = alpha("C", "A", "R", "D", "S", "I")
    game.apply(Word(1, 1, "CARD"))
    play(game, "pile6", "N")
    play(game, "pile1", "C")  # Mary's card, then her word
    (v,) = game.apply(Word(2, 2, "CARDS"))
    assert v.rule == "variation" and "CARD" in v.reason
    play(game, "pile2", "A")
    (v,) = game.apply(Word(1, 3, "card"))
    assert v.rule == "repeat"


def test_turns_one_card_and_one_word():
    game = alpha()
    assert game.apply(Word(2, 1, "GRANT"))[0].rule == "not-your-turn"
    game.apply(Word(1, 1, "GRANT"))
    assert game.apply(Word(1, 2, "TRAIN"))[0].rule == "one-word"
    play(game, "pile1", "S")
    assert game.current == 2
    play(game, "pile2", "B")
    assert play(game, "pile3", "C")[0].rule == "one-card"


def test_blitzed_pile_takes_no_card_and_take_back_undoes_a_play():
    game = alpha()
    play(game, "pile1", "BLITZ")
    game.apply(Pass(1, 1))
    assert play(game, "pile1", "S")[0].rule == "blitzed-pile"
    game = alpha()
    play(game, "pile1", "S")
    game.apply(TakeBack(1, 1, "pile1"))
    assert game.piles["pile1"][-1] == parse_face("T") and not game.played


def test_game_ends_at_two_piles_or_one_with_the_option():
    game = alpha("T", "R", "I", "BLITZ", "BLITZ", "A")
    for k in range(2):
        play(game, f"pile{k + 1}", "BLITZ")
        if game.over:
            break
        game.apply(Pass(game.current, k))
    assert game.over and "2 piles" in game.over_reason
    game = alpha("T", "R", "I", "BLITZ", "BLITZ", "A", end_at=1)
    play(game, "pile1", "BLITZ")
    game.apply(Pass(1, 1))
    play(game, "pile2", "BLITZ")
    assert not game.over


def test_challenges():
    game = alpha("N", "I", "R", "T", "G", "A")
    game.apply(Word(1, 1, "NIRT"))  # letters in play, not a word: scores until challenged
    assert game.scores == [1, 0]
    out = game.apply(Press(2, 2, "challenge"))
    assert out[0].detail["upheld"] and game.scores == [0, 0]
    play(game, "pile1", "S")
    game.apply(Word(2, 3, "GRIST"))
    (v,) = game.apply(Press(1, 4, "challenge"))
    assert not v.detail["upheld"] and game.scores == [0, 1]
    assert game.apply(Press(1, 5, "challenge"))[0].rule == "nothing-to-challenge"


def test_strict_mode_checks_the_dictionary_at_once():
    game = alpha("N", "I", "R", "T", "G", "A", dictionary="strict")
    (v,) = game.apply(Word(1, 1, "NIRT"))
    assert v.event == "reject" and v.rule == "dictionary"


def test_min_length_option_and_hint():
    game = alpha(min_length=3)
    v = game.apply(Word(1, 1, "TAR"))[0]
    assert v.points == 1 and v.detail["best"] == "INGRATIATING"
    with pytest.raises(GameError):
        alpha(min_length=7)


# -------------------------------------------------------------------------------------- Blitz


def blitz(piles, players=("Belton", "Mary", "Peter"), **options):
    game = new_game("blitz", list(players), options)
    deal(game, piles)
    return game


def test_feel_fears_erasers():
    """Belton F E, Mary L R, Peter A S: FEEL 1, FEARS 2, ERASERS 3 + 1 for the last word."""
    game = blitz(["F", "E", "L", "R", "A", "S"])
    assert points_of(game.apply(Word(3, 1, "FEEL"))) == [("word", "FEEL", 1)]
    assert points_of(game.apply(Word(1, 2, "FEARS"))) == [("word", "FEARS", 2)]
    out = game.apply(Word(2, 3, "ERASERS"))
    assert points_of(out) == [("word", "ERASERS", 3), ("word", "ERASERS", 1)]
    assert any(v.event == "round_end" for v in out)
    assert game.scores == [2, 4, 1]


@pytest.mark.parametrize("ties, next_points", [("count_words", 3), ("count_calls", 2)])
def test_frog_and_grove_at_the_same_time(ties, next_points):
    game = blitz(["F", "R", "O", "G", "V", "E", "S", "T"], players=("A", "B", "C", "D"), ties=ties)
    game.apply(Word(1, 5, "FROG"))
    game.apply(Word(2, 5, "GROVE"))
    assert game.scores[:2] == [1, 1]
    (v,) = game.apply(Word(3, 6, "FORGE"))
    assert v.rule == "longer-word" and "5 letters" in v.reason
    v = game.apply(Word(4, 7, "GROVES"))[0]
    assert v.rule == "variation"
    game = blitz(["F", "R", "O", "G", "V", "E", "S", "T"], players=("A", "B", "C", "D"), ties=ties)
    game.apply(Word(1, 5, "FROG"))
    game.apply(Word(2, 5, "FROG"))
    assert game.scores[:2] == [1, 1]  # both called it at once
    v = game.apply(Word(3, 6, "FORGE"))[0]
    assert v.points == next_points


def test_blitz_one_word_per_round_and_new_round_on_new_cards():
    game = blitz(["F", "E", "L", "R", "A", "S"])
    game.apply(Word(3, 1, "FEEL"))
    assert game.apply(Word(3, 2, "FEARS"))[0].rule == "one-word-per-round"
    out = play(game, "p1a", "T", t=3)
    assert [v.event for v in out][:3] == ["word", "round_end", "info"]  # last-word bonus, then round 2
    assert game.round == 2 and game.scores == [0, 0, 2]


def test_blitz_challenge_takes_points_and_game_ends_when_both_piles_are_blitzed():
    game = blitz(["N", "I", "R", "T", "G", "A"])
    game.apply(Word(1, 1, "NIRT"))
    out = game.apply(Press(2, 2, "challenge"))
    assert out[0].detail["upheld"] and game.scores[0] == 0
    play(game, "p3a", "BLITZ", t=3)
    assert not game.over
    play(game, "p3b", "BLITZ", t=4)
    assert game.over and "Peter" in game.over_reason


def test_blitz_round_time_limit():
    game = blitz(["F", "E", "L", "R", "A", "S"], round_seconds=30)
    game.apply(Word(3, 1, "FEEL"))
    assert not game.apply(Tick(1, 10))
    out = game.apply(Tick(1, 31))
    assert any(v.event == "round_end" and v.reason == "time is up" for v in out)


# ------------------------------------------------------------------------------ Alphabet Bang


def test_alphabet_bang_match_slap_and_wild():
    game = new_game("alphabet-bang", ["Ann", "Bob"], {"stack": 5})
    play(game, "line", "T")
    play(game, "line", "O/E")
    out = play(game, "line", "T")
    assert out[0].detail["match"] == "T" and game.current == 2
    assert game.apply(Press(2, 1, "slap"))[0].points == 3 and game.current == 2
    game.apply(Clear(2, 2, "line", 3))
    play(game, "line", "E/O")
    play(game, "line", "O/E")  # upright O matches the E/O card? no: E/O shows E
    assert game.live is None
    assert game.apply(Press(1, 3, "slap"))[0].detail["won"] is False
    out = play(game, "line", "?")
    assert out[0].detail["match"] == "wild"
    game.apply(Press(1, 4, "slap"))
    assert game.scores == [3, 3]


def test_alphabet_bang_vowel_cards_match_by_their_upright_vowel():
    game = new_game("alphabet-bang", ["Ann", "Bob"])
    play(game, "line", "O/E")
    out = play(game, "line", "O/U")
    assert out[0].detail["match"] == "O"


def test_alphabet_bang_ends_when_the_player_to_move_has_no_card():
    game = new_game("alphabet-bang", ["Ann", "Bob"], {"stack": 2})
    for face in ("B", "C", "D"):
        play(game, "line", face)
    out = play(game, "line", "F")
    assert game.over and out[-1].event == "game_end"


# ------------------------------------------------------------------------------------ TakeTwo


def taketwo(players=("Ann", "Bob", "Cy")):
    game = new_game("taketwo", list(players))
    play(game, "discard", "T")  # the card turned up from the deck
    return game


def test_taketwo_alternates_vowels_and_consonants():
    game = taketwo()
    assert play(game, "discard", "A/E")[0].event == "play"
    (v,) = play(game, "discard", "I/O")
    assert v.rule == "pattern" and "consonant" in v.reason and game.hands == [5, 6, 6]
    play(game, "discard", "S")
    assert game.hands == [5, 5, 6] and game.current == 3


def test_taketwo_same_card_makes_the_fewest_draw_two():
    game = taketwo()
    play(game, "discard", "T")  # Ann: the same card as the top
    assert game.hands == [5, 8, 8]  # Bob and Cy tie with the fewest (6): both draw two
    play(game, "discard", "E/A")  # Bob: the same physical card as A/E? no top is T; a vowel
    play(game, "discard", "A/E")  # Cy plays the same card turned: same card
    assert game.hands == [7, 7, 7]


def test_taketwo_y_and_wild_and_draw_then_pass():
    game = taketwo(("Ann", "Bob"))
    play(game, "discard", "Y")
    play(game, "discard", "K")  # after a Y anything goes
    play(game, "discard", "?=E")
    assert play(game, "discard", "A/U")[0].rule == "pattern"  # the wild stands for E: a consonant now
    assert game.apply(Pass(2, 1))[0].rule == "draw-first"
    game.apply(Draw(2, 1, 2))
    assert game.apply(Draw(2, 2, 2))[0].rule == "one-draw"
    game.apply(Pass(2, 3))
    assert game.current == 1 and game.hands == [4, 7]


def test_taketwo_a_wild_declared_after_it_is_laid():
    game = taketwo()
    assert game.apply(Declare(1, 1, "E"))[0].rule == "no-wild"
    play(game, "discard", "?")  # Ann, on T
    assert game.apply(Declare(2, 2, "S"))[0].rule == "pattern"  # a consonant on a consonant
    assert game.apply(Declare(2, 2, "QU"))[0].rule == "letter"
    (v,) = game.apply(Declare(2, 2, "O"))
    assert (v.event, v.player, v.face) == ("declare", 1, "?=O") and game.top == parse_face("?=O")
    assert game.apply(Declare(2, 3, "A"))[0].rule == "declared"
    assert play(game, "discard", "A/E")[0].rule == "pattern"  # Bob: the wild is a vowel now
    assert game.hands == [5, 6, 6]


def test_taketwo_a_wild_declared_as_the_card_beneath_is_the_same_card():
    game = taketwo()
    play(game, "discard", "?")  # Ann, on T
    out = game.apply(Declare(3, 2, "T"))
    assert [v.event for v in out] == ["declare", "draw", "draw"]  # Bob and Cy hold the fewest (6)
    assert game.hands == [5, 8, 8] and game.current == 2
    restored = from_json(game.to_json())
    assert restored.top == game.top and restored.hands == game.hands


def test_taketwo_first_empty_hand_wins():
    game = new_game("taketwo", ["Ann", "Bob"], {"hand": 2})
    play(game, "discard", "T")
    play(game, "discard", "A/E")
    play(game, "discard", "S")
    out = play(game, "discard", "O/U")
    assert game.over and out[-1].event == "game_end" and game.winner == ["Ann"]
    assert game.result()["hands"] == {"Ann": 0, "Bob": 1}


# ----------------------------------------------------------------------------- the contract


def test_games_serialise_and_copy():
    game = alpha()
    game.apply(Word(1, 1, "TRAINING"))
    play(game, "pile2", "F")
    clone = game.copy()
    restored = from_json(game.to_json())
    assert restored.scores == clone.scores == game.scores == [3, 0]
    assert restored.current == game.current == 2
    clone.apply(Word(2, 2, "FAINTING"))
    assert game.scores == [3, 0]


def test_unknown_game_options_and_player_counts():
    with pytest.raises(GameError, match="no game named"):
        new_game("poker", ["a", "b"])
    with pytest.raises(GameError, match="no option"):
        new_game("alpha", ["a", "b"], {"speed": 2})
    with pytest.raises(GameError, match="3 to 6 players"):
        new_game("blitz", ["a", "b"])
