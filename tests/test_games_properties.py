"""Random event streams, legal and illegal, for every game: the referee never crashes, scores change
only through verdicts that say why, and a saved game replays to exactly the same state."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee import decks
from referee.games import REGISTRY, from_json, new_game
from referee.games.base import Clear, Declare, Draw, Pass, Play, Press, TakeBack, Tick, Word

WORDS = ["TRAINING", "PAINT", "CARD", "CARDS", "FEEL", "FEARS", "ERASERS", "NIRT", "TAR", "QUIET", "STRAIN", "XYZZY", "A", ""]
PLAYERS = {"alpha": 2, "blitz": 4, "alphabet-bang": 2, "taketwo": 3}


def actions(game_name: str):
    cls = REGISTRY[game_name]
    n = PLAYERS[game_name]
    zones = cls.zones(n)
    faces = sorted({str(face) for face, _ in decks.load(cls.deck).expanded()} | {"?=E", "E/A", "Y"})
    player = st.integers(1, n)
    return st.lists(
        st.one_of(
            st.tuples(st.just("play"), player, st.sampled_from(zones), st.sampled_from(faces)),
            st.tuples(st.just("word"), player, st.sampled_from(WORDS)),
            st.tuples(st.just("pass"), player),
            st.tuples(st.just("press"), player, st.sampled_from(["challenge", "slap", "draw", "menu"])),
            st.tuples(st.just("draw"), player),
            st.tuples(st.just("take_back"), player, st.sampled_from(zones)),
            st.tuples(st.just("clear"), player, st.sampled_from(zones)),
            st.tuples(st.just("tick"), player),
            st.tuples(st.just("declare"), player, st.sampled_from(["E", "T", "Y", "QU", ""])),
        ),
        min_size=len(zones),
        max_size=60,
    )


def build(kind, t):
    from referee.cards import parse_face

    name, player, *rest = kind
    if name == "play":
        return Play(player, t, rest[0], parse_face(rest[1]))
    if name == "word":
        return Word(player, t, rest[0])
    if name == "pass":
        return Pass(player, t)
    if name == "press":
        return Press(player, t, rest[0])
    if name == "draw":
        return Draw(player, t, 2)
    if name == "take_back":
        return TakeBack(player, t, rest[0])
    if name == "declare":
        return Declare(player, t, rest[0])
    if name == "clear":
        return Clear(player, t, rest[0], 1)
    return Tick(player, t)


def check(game_name, stream, options=None):
    players = [f"P{i}" for i in range(1, PLAYERS[game_name] + 1)]
    game = new_game(game_name, players, options)
    # deal first, as the table would, so that streams reach the interesting states
    for k, zone in enumerate(game.zones(len(players))):
        game.apply(build(("play", 1, zone, "T" if k % 2 else "E/A" if game.deck == "alpha" else "A"), 0.0))
    earned = list(game.scores)
    log = []
    t = 0.0
    for step in stream:
        t += 0.5 if step[0] != "word" or t == 0 else 0.0  # some words share a time: ties
        verdicts = game.apply(build(step, t))
        for v in verdicts:
            assert v.event in {"play", "word", "pass", "reject", "challenge", "slap", "draw", "declare", "round_end", "game_end", "info"}
            if v.points:
                assert v.player is not None and (v.reason or v.word), v
                earned[v.player - 1] += v.points
            if v.event == "reject":
                assert v.rule and v.reason, v
            log.append(v.to_json(players))
    assert earned == game.scores
    restored = from_json(game.to_json())
    assert restored.scores == game.scores and restored.over == game.over and restored.current == game.current
    again = new_game(game_name, players, options)
    replayed = [v.to_json(players) for action in game.history for v in again.apply(action)]
    assert replayed[-len(log):] == log if log else True
    assert again.scores == game.scores


def property_test(game_name, options=None):
    @settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(actions(game_name))
    def run(stream):
        check(game_name, stream, options)

    return run


test_alpha_streams = property_test("alpha")
test_alpha_strict_streams = property_test("alpha", {"dictionary": "strict", "min_length": 3})
test_blitz_streams = property_test("blitz", {"round_seconds": 5})
test_alphabet_bang_streams = property_test("alphabet-bang", {"stack": 6})
test_taketwo_streams = property_test("taketwo", {"hand": 3})
