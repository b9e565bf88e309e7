import json

import pytest

from referee.cli import build_parser, main


def run(capsys, *args):
    with pytest.raises(SystemExit) as exit_info:
        main(list(args))
        raise SystemExit(0)
    out, err = capsys.readouterr()
    return exit_info.value.code or 0, out, err


def all_commands(parser, prefix=()):
    yield prefix
    for action in parser._subparsers._group_actions if parser._subparsers else []:
        for name, sub in action.choices.items():
            yield from all_commands(sub, (*prefix, name))


def test_every_command_explains_itself(capsys):
    commands = list(all_commands(build_parser()))
    assert ("words", "best") in commands and ("bench", "lexicon") in commands
    for command in commands:
        code, out, _ = run(capsys, *command, "--help")
        assert code == 0 and "usage: referee" in out and len(out.splitlines()) >= 3, command


def test_user_mistakes_are_one_line_errors(capsys):
    for args in (["decks", "poker"], ["words", "best", "T R A/X"], ["words", "check", "--house", "/nonexistent", "card"]):
        code, out, err = run(capsys, *args)
        assert code == 2 and out == ""
        assert err.startswith("referee: error: ") and len(err.strip().splitlines()) == 1, err


def test_decks(capsys):
    code, out, _ = run(capsys, "decks")
    assert code == 0 and "alpha-blitz" in out and "108 cards" in out
    code, out, _ = run(capsys, "decks", "alpha")
    assert code == 0 and "A/E" in out and "copies assumed" in out
    code, out, _ = run(capsys, "decks", "alfapet")
    assert "board 15x15" in out and "Å" in out


def test_words_check(capsys):
    code, out, _ = run(capsys, "words", "check", "card", "--json")
    result = json.loads(out)
    assert code == 0 and result["valid"] and result["tier"] == "common" and "carding" in result["family"]
    code, out, _ = run(capsys, "words", "check", "card", "xqzt")
    assert code == 1 and "XQZT" in out and "not a word" in out


def test_words_best(capsys):
    code, out, _ = run(capsys, "words", "best", "TRINGA", "--reuse", "--min", "4", "--limit", "50", "--json")
    assert code == 0 and "training" in json.loads(out)["words"]
    code, out, _ = run(capsys, "words", "best", "C A/E R D S")
    assert code == 0 and out.splitlines()[0] == "CARDS"


def test_demo_referees_a_camera_recording(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISPLAY", raising=False)
    code, out, _ = run(capsys, "demo")
    assert code == 0 and "SUBSISTS scores 3" in out and "final scores: Peter 12, Mary 9" in out
    assert "15 of 15 rulings match" in out and "final scores match the truth" in out
    assert len(list((tmp_path / "display").glob("*.png"))) > 5


def test_games_lists_options_players_and_zones(capsys):
    code, out, _ = run(capsys, "games")
    assert code == 0
    for text in ("alpha:", "blitz:", "alphabet-bang:", "taketwo:", "pile1, pile2", "p1a, p1b", "line", "discard",
                 "--option min_length=4", "3-6 players"):
        assert text in out, text
