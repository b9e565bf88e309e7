import json
from pathlib import Path

import pytest

from referee import recording
from referee.cli import main

DATA = Path(__file__).parent / "data"


def replay_lines(capsys, folder, with_err=False):
    with pytest.raises(SystemExit) as info:
        main(["replay", str(folder), "--json"])
        raise SystemExit(0)
    assert (info.value.code or 0) == 0
    out, err = capsys.readouterr()
    lines = [json.loads(line) for line in out.splitlines()]
    return (lines, err) if with_err else lines


def write(tmp_path, game, players, events, options=""):
    (tmp_path / "session.toml").write_text(f'game = "{game}"\nplayers = {json.dumps(players)}\n[options]\n{options}', encoding="utf-8")
    (tmp_path / "events.jsonl").write_text("\n".join(json.dumps(e) for e in events) + "\n", encoding="utf-8")
    return tmp_path


def test_peter_and_mary_replay_is_right_and_the_same_every_run(capsys):
    first = replay_lines(capsys, DATA / "alpha-peter-mary")
    assert replay_lines(capsys, DATA / "alpha-peter-mary") == first
    words = [(v["player"], v["word"], v["points"]) for v in first if v["event"] == "word"]
    assert words == [("Peter", "TRAINING", 3), ("Mary", "FAINTING", 3), ("Peter", "PAINT", 1)]
    assert first[-1] == {"event": "final", "scores": {"Peter": 4, "Mary": 3}, "over": False, "winner": None}


@pytest.mark.parametrize("name", sorted(p.name for p in DATA.iterdir() if (p / "session.toml").exists()))
def test_every_bundled_recording_replays_to_its_expected_scores(capsys, name):
    folder = DATA / name
    lines = replay_lines(capsys, folder)
    expected = json.loads((folder / "expected.json").read_text(encoding="utf-8"))
    assert lines[-1] == expected


def test_blitz_recording_with_buttons(tmp_path, capsys):
    folder = write(tmp_path, "blitz", ["Belton", "Mary", "Peter"], [
        {"t": 0, "table": {"p1a": ["F"], "p1b": ["E"], "p2a": ["L"], "p2b": ["R"], "p3a": ["A"], "p3b": ["S"]}},
        {"t": 3, "player": "Peter", "word": "FEEL"},
        {"t": 5, "player": 1, "word": "FEARS"},
        {"t": 6, "player": 3, "button": "challenge"},
        {"t": 9, "player": 2, "word": "ERASERS"},
    ])
    lines = replay_lines(capsys, folder)
    assert lines[-1]["scores"] == {"Belton": 2, "Mary": 4, "Peter": 1}
    challenge = next(v for v in lines if v["event"] == "challenge")
    assert challenge["upheld"] is False and challenge["player"] == "Peter"


def test_truncated_last_line_is_tolerated_with_a_warning(tmp_path, capsys):
    folder = write(tmp_path, "taketwo", ["Ann", "Bob"], [{"t": 0, "table": {"discard": ["T"]}}])
    with open(folder / "events.jsonl", "a", encoding="utf-8") as f:
        f.write('{"t": 1, "table": {"disc')
    lines, err = replay_lines(capsys, folder, with_err=True)
    assert lines[-1]["event"] == "final" and len(lines) == 2
    assert "cut short" in err


def test_bad_recordings_say_what_is_wrong(tmp_path, capsys):
    folder = write(tmp_path, "alpha", ["A", "B"], [{"t": 0, "table": {"pile9": ["T"]}}])
    with pytest.raises(SystemExit) as info:
        main(["replay", str(folder)])
    assert info.value.code == 2 and "no zone 'pile9'" in capsys.readouterr().err
    folder = write(tmp_path, "alpha", ["A", "B"], [{"t": 0, "player": 3, "word": "X"}])
    with pytest.raises(recording.RecordingError, match="unknown player 3"):
        list(recording.replay(recording.read(folder)))
    with pytest.raises(recording.RecordingError, match="no session.toml"):
        recording.read(tmp_path / "nowhere")
