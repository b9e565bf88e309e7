"""Every device through the real libraries' own stand-ins: gpiozero's MockFactory pins, luma's dummy
and capture devices, espeak-ng writing WAV files, and folders of pictures for the camera."""

import configparser
import subprocess
import sys
import tomllib
import wave
from pathlib import Path

import cv2
import numpy as np
import pytest
from gpiozero.pins.mock import MockFactory
from PIL import Image, ImageChops

from hardware import camera, config, display, speech
from hardware.buttons import ButtonPress, Edge, GpioButtons, PressLogic, first_slap, key_edges

DATA = Path(__file__).parent / "data"
PI = Path(__file__).parent.parent / "hardware" / "pi"


# --------------------------------------------------------------------------------------- buttons


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def test_gpio_buttons_queue_timestamped_edges():
    factory, clock = MockFactory(), Clock()
    board = GpioButtons({1: 17, 2: 27, 0: 5}, clock=clock, pin_factory=factory)
    try:
        factory.pin(17).drive_low()
        clock.now = 100.5
        factory.pin(17).drive_high()
        assert board.drain() == [Edge(1, True, 100.0), Edge(1, False, 100.5)]
        assert board.drain() == []
    finally:
        board.close()


def test_two_player_slap_race_on_mock_pins():
    factory, clock = MockFactory(), Clock()
    board = GpioButtons({1: 17, 2: 27}, clock=clock, pin_factory=factory)
    logic = PressLogic()
    try:
        match_at = 100.0
        clock.now = 100.31
        factory.pin(27).drive_low()  # player 2 first
        clock.now = 100.33
        factory.pin(17).drive_low()
        clock.now = 100.45
        factory.pin(27).drive_high()
        factory.pin(17).drive_high()
        presses = [p for e in board.drain() if (p := logic.feed(e))]
        assert {p.button for p in presses} == {1, 2}
        assert first_slap(presses, match_at).button == 2
        assert first_slap(presses, 101.0) is None  # both pressed before that match
    finally:
        board.close()


def test_debounce_and_long_press():
    logic = PressLogic(bounce=0.03, hold=0.8)
    edges = [Edge(1, True, 0.0), Edge(1, False, 0.01), Edge(1, True, 0.02), Edge(1, False, 0.2)]
    assert [p for e in edges if (p := logic.feed(e))] == [ButtonPress(1, 0.0, long=False)]
    assert logic.feed(Edge(2, True, 1.0)) is None
    assert logic.feed(Edge(2, False, 2.0)) == ButtonPress(2, 1.0, long=True)


def test_keyboard_stands_in():
    assert key_edges("2", 5.0) == [Edge(2, True, 5.0), Edge(2, False, 5.05)]
    assert key_edges("M", 1.0)[0].button == 0
    assert key_edges("x", 1.0) == []


# --------------------------------------------------------------------------------------- display

SCREENS = {
    "turn": display.Screen(game="Alpha", turn="Mary", letters="T R I N G A", verdict="Peter: TRAINING scores 3",
                           scores=(("Peter", 3), ("Mary", 0))),
    "warning": display.Screen(warning="pile 3 unreadable: move it into the light"),
    "blitz": display.Screen(game="Blitz", letters="F E L R A S", verdict="round 1 over; best word: SASSAFRASES",
                            scores=(("Belton", 2), ("Mary", 4), ("Peter", 1))),
}


@pytest.mark.parametrize("name", sorted(SCREENS))
@pytest.mark.parametrize("colour", [False, True])
def test_rendering_matches_the_golden_images(name, colour):
    size = (480, 320) if colour else (128, 64)
    image = display.render(SCREENS[name], size, colour)
    golden = DATA / "golden" / f"{name}-{'colour' if colour else 'oled'}.png"
    assert image.size == size and image.mode == ("RGB" if colour else "1")
    expected = Image.open(golden).convert(image.mode)
    assert ImageChops.difference(image.convert("RGB"), expected.convert("RGB")).getbbox() is None, golden


def test_rendering_is_pure():
    assert display.render(SCREENS["turn"]).tobytes() == display.render(SCREENS["turn"]).tobytes()


def test_display_redraws_only_on_change_through_luma_devices(tmp_path):
    shown = display.Display(display.open_device("dummy"))
    assert shown.show(SCREENS["turn"]) and not shown.show(SCREENS["turn"])
    assert shown.show(SCREENS["warning"]) and shown.redraws == 2
    assert shown.device.image.getbbox() is not None
    capture = display.Display(display.open_device("png", folder=tmp_path))
    capture.show(SCREENS["turn"])
    capture.show(SCREENS["turn"])
    capture.show(SCREENS["blitz"])
    files = sorted(tmp_path.glob("screen_*.png"))
    assert len(files) == 2 and Image.open(files[0]).size == (128, 64)


# ---------------------------------------------------------------------------------------- speech


def test_speech_to_wav_without_blocking(tmp_path):
    speaker = speech.Speaker(wav_folder=tmp_path)
    assert speaker.enabled
    speaker.say("TRAINING scores three")
    speaker.say(speech.letter_words("B", sound=True))
    speaker.wait()
    speaker.close()
    files = sorted(tmp_path.glob("*.wav"))
    assert len(files) == 2
    with wave.open(str(files[0])) as w:
        seconds = w.getnframes() / w.getframerate()
        samples = np.frombuffer(w.readframes(w.getnframes()), np.int16)
    assert 0.5 < seconds < 5 and np.abs(samples).max() > 1000  # real sound, of a sensible length


def test_speech_switched_off_says_nothing(tmp_path):
    speaker = speech.Speaker(enabled=False, wav_folder=tmp_path)
    speaker.say("hello")
    speaker.wait()
    assert not speaker.enabled and not list(tmp_path.iterdir())
    assert speech.letter_words("a") == "A" and "apple" in speech.letter_words("a", sound=True)


# ---------------------------------------------------------------------------------------- camera


def test_folder_source_reads_pictures_in_order(tmp_path):
    for k, shade in enumerate([40, 120, 200]):
        cv2.imwrite(str(tmp_path / f"{k:03}.png"), np.full((48, 64, 3), shade, np.uint8))
    (tmp_path / "notes.txt").write_text("ignored")
    (tmp_path / "zz-broken.jpg").write_bytes(b"not a jpeg")
    frames = list(camera.FolderSource(tmp_path, fps=4))
    assert [f.t for f in frames] == [0.0, 0.25, 0.5]
    assert [int(f.image[0, 0, 0]) for f in frames] == [40, 120, 200] and frames[0].image.shape == (48, 64, 3)


def test_recording_source_uses_recorded_times(tmp_path):
    (tmp_path / "frames").mkdir()
    cv2.imwrite(str(tmp_path / "frames" / "000001.jpg"), np.zeros((32, 32, 3), np.uint8))
    (tmp_path / "events.jsonl").write_text('{"t": 1.5, "frame": "frames/000001.jpg"}\n{"t": 2, "player": 1, "pass": true}\n')
    frames = list(camera.open_source(f"recording:{tmp_path}"))
    assert len(frames) == 1 and frames[0].t == 1.5


def test_missing_cameras_say_so():
    with pytest.raises(camera.CameraError, match="no webcam"):
        camera.WebcamSource(99)
    with pytest.raises(camera.CameraError, match="no image folder"):
        camera.open_source("folder:/nonexistent")
    with pytest.raises(camera.CameraError):
        camera.open_source("picamera")  # picamera2 only exists on a Pi
    with pytest.raises(camera.UserError, match="unknown camera source"):
        camera.open_source("vhs")


def test_a_camera_that_drops_out_is_retried_and_the_game_resumes(tmp_path):
    cv2.imwrite(str(tmp_path / "a.png"), np.zeros((8, 8, 3), np.uint8))
    attempts, messages, waits = [], [], []

    def flaky():
        attempts.append(1)
        if len(attempts) < 3:
            raise camera.CameraError("no webcam at /dev/video0 (unplugged?)")
        return camera.FolderSource(tmp_path)

    source = camera.Reconnecting(flaky, status=messages.append, wait=2.0, sleep=waits.append)
    frame = source.read()
    assert frame.image.shape == (8, 8, 3) and len(attempts) == 3 and waits == [2.0, 2.0]
    assert messages == ["no webcam at /dev/video0 (unplugged?); trying again in 2 s"] * 2


# ------------------------------------------------------------------------------------- Pi build


def test_the_service_unit_parses_and_is_safe():
    unit = configparser.ConfigParser(strict=True, interpolation=None)
    unit.optionxform = str
    unit.read(PI / "referee.service")
    service = unit["Service"]
    assert service["User"] == "alpha-referee" and service["Restart"] == "on-failure"
    assert set(service["SupplementaryGroups"].split()) == {"video", "gpio", "i2c", "audio"}
    assert service["StateDirectory"] == "alpha-referee" and "/etc/alpha-referee/config.toml" in service["ExecStart"]
    assert unit["Install"]["WantedBy"] == "multi-user.target"


def test_config_defaults_match_the_wiring_table():
    sys.path.insert(0, str(PI))
    from wiring import wiring_table

    cfg = config.load(PI / "config.toml")
    table = {what: gpio for what, gpio, _ in wiring_table()}
    for player, pin in cfg.button_pins.items():
        name = "menu button" if player == 0 else f"player {player} button"
        assert table[name] == f"GPIO{pin}", name
    assert len(cfg.button_pins) == 7
    tomllib.loads((PI / "config.toml").read_text())  # plain TOML


def test_bad_configs_are_refused(tmp_path):
    bad = tmp_path / "c.toml"
    bad.write_text("[buttons]\nplayer2 = 17\n")
    with pytest.raises(config.UserError, match="share one GPIO pin"):
        config.load(bad)
    bad.write_text("[colours]\nx = 1\n")
    with pytest.raises(config.UserError, match="unknown section"):
        config.load(bad)


def test_install_script_is_valid_shell():
    assert subprocess.run(["sh", "-n", str(PI / "install.sh")]).returncode == 0


def test_referee_devices_runs_on_a_desktop(tmp_path):
    run = subprocess.run([sys.executable, "-m", "referee", "devices", "--display", "png", "--png-folder", str(tmp_path / "png"),
                          "--wav", str(tmp_path / "wav")], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "camera" in run.stdout and "buttons" in run.stdout and "keyboard stands in" in run.stdout
    assert len(list((tmp_path / "png").glob("*.png"))) == 1 and len(list((tmp_path / "wav").glob("*.wav"))) == 1


def test_buttons_drive_a_live_game_through_mock_pins(tmp_path, monkeypatch):
    """`referee play` with the box's buttons: player 2's press is a challenge, a long press a pass,
    and holding the menu button ends the game before the camera's pictures run out."""
    import io
    import random

    import cv2

    from referee import play, simulate

    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # nobody types
    camera = simulate.Camera("alpha", random.Random(3))
    frames = tmp_path / "frames"
    frames.mkdir()
    for k in range(10):  # a folder source gives a picture every 0.5 s
        dealt = {f"pile{n}": [face] for n, face in enumerate("TEARSO", start=1)}
        cv2.imwrite(str(frames / f"{k:03}.jpg"), camera.frame(dealt, set()))
    factory, clock = MockFactory(), Clock()
    board = GpioButtons({1: 17, 2: 27, 0: 5}, clock=clock, pin_factory=factory)
    try:
        for pin, down, up in ((27, 0.6, 0.7), (17, 1.1, 2.2), (5, 2.3, 3.4), (27, 3.6, 3.7)):
            clock.now = down
            factory.pin(pin).drive_low()
            clock.now = up
            factory.pin(pin).drive_high()
        verdicts: list[dict] = []
        play.run("alpha", ["Peter", "Mary"], f"folder:{frames}", show=verdicts.append, buttons=board)
    finally:
        board.close()
    ruled = [(v["event"], v.get("player"), v["t"]) for v in verdicts if v["event"] in ("challenge", "reject", "pass")]
    assert ("pass", "Peter", 1.1) in ruled  # held 1.1 s: a pass
    assert ("reject", "Mary", 0.6) in ruled  # her challenge, ruled: no word to challenge yet
    assert not any(t >= 3.6 for *_, t in ruled)  # the menu button ended the game before her next press
    assert verdicts[-1]["event"] == "final"


def test_the_box_config_gives_play_its_buttons_and_their_timing(monkeypatch):
    from gpiozero import Device

    from hardware import config as hw_config
    from referee import play

    monkeypatch.setattr(Device, "pin_factory", MockFactory())  # as gpiozero finds the Pi's pins there
    buttons, logic = play.box_buttons(hw_config.load())
    try:
        assert set(buttons.buttons) == {0, 1, 2, 3, 4, 5, 6} and (logic.bounce, logic.hold) == (0.03, 0.8)
    finally:
        buttons.close()
