"""``referee devices``: what this machine has (camera, buttons, display, sound), and a test of each -
a pattern on the display, a spoken word, and (with ``--buttons``) each button pressed in turn."""

from __future__ import annotations

import glob
import os
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from hardware import display, speech
from hardware.config import Config


@dataclass
class Finding:
    device: str
    ok: bool
    detail: str


def cameras() -> Finding:
    import importlib.util

    found = ["picamera (picamera2 installed)"] if importlib.util.find_spec("picamera2") else []
    found += [f"webcam:{p.removeprefix('/dev/video')}" for p in sorted(glob.glob("/dev/video*"))]
    if found:
        return Finding("camera", True, ", ".join(found))
    return Finding("camera", False, "no Pi camera or webcam; `--source folder:PATH` reads pictures from a folder")


def buttons(config: Config) -> Finding:
    if Path("/dev/gpiochip0").exists() or Path("/dev/gpiochip4").exists():
        pins = ", ".join(f"{'menu' if p == 0 else f'player {p}'} GPIO{pin}" for p, pin in sorted(config.button_pins.items()))
        return Finding("buttons", True, f"GPIO: {pins}")
    return Finding("buttons", True, "no GPIO here: the keyboard stands in (keys 1-6 for the players, m for menu)")


def screen(config: Config) -> Finding:
    kind = config.display.get("kind", "none")
    if kind in ("ssd1306", "sh1106"):
        if Path("/dev/i2c-1").exists():
            return Finding("display", True, f"{kind} on I2C bus 1 at {hex(config.display.get('i2c_address', 0x3C))}")
        return Finding("display", False, f"{kind} configured but no I2C bus (/dev/i2c-1): PNG files instead")
    return Finding("display", True, kind)


def sound() -> Finding:
    if not shutil.which("espeak-ng"):
        return Finding("sound", False, "espeak-ng is not installed (apt install espeak-ng): silent")
    if not speech.has_sound_device():
        return Finding("sound", False, "espeak-ng is here but there is no sound device: silent (WAV files with --wav)")
    return Finding("sound", True, "espeak-ng and a sound device")


def survey(config: Config) -> list[Finding]:
    return [cameras(), buttons(config), screen(config), sound()]


def display_kind(config: Config, finding: Finding) -> str:
    kind = config.display.get("kind", "none")
    if kind in ("ssd1306", "sh1106") and not finding.ok:
        return "png"
    if kind == "window" and not os.environ.get("DISPLAY"):
        return "png"
    return kind


def test_display(kind: str, folder: Path) -> str:
    if kind == "none":
        return "no display configured"
    device = display.open_device(kind, folder=folder)
    pattern = display.Screen(game="referee", turn="you", letters="A B C", verdict="display test: can you read this?",
                             scores=(("left", 1), ("right", 2)))
    display.Display(device).show(pattern)
    return f"showed a test pattern on {kind}" + (f" ({folder})" if kind == "png" else "")


def test_speech(config: Config, wav_folder: Path | None) -> str:
    speaker = speech.Speaker(enabled=config.speech.get("enabled", True), voice=config.speech.get("voice", "en"),
                             wav_folder=wav_folder)
    if not speaker.enabled:
        return "speech is off"
    speaker.say("Hello! I am the referee. A, B, C.")
    speaker.wait()
    speaker.close()
    return "said a test sentence" + (f" into {wav_folder}" if wav_folder else "")


def wait_for_buttons(config: Config, ask: Callable[[str], str] = input, timeout: float = 20.0) -> list[str]:
    """Ask for each button in turn; on GPIO wait for its press, on a desktop for its key."""
    results = []
    gpio = Path("/dev/gpiochip0").exists() or Path("/dev/gpiochip4").exists()
    if gpio:
        from hardware.buttons import GpioButtons

        board = GpioButtons(config.button_pins)
        try:
            for player in sorted(config.button_pins):
                name = "menu" if player == 0 else f"player {player}"
                print(f"press the {name} button ...", flush=True)
                deadline = time.monotonic() + timeout
                pressed = False
                while time.monotonic() < deadline and not pressed:
                    pressed = any(e.button == player and e.pressed for e in board.drain())
                    time.sleep(0.02)
                results.append(f"{name}: {'ok' if pressed else 'no press within the time'}")
        finally:
            board.close()
        return results
    from hardware.buttons import KEYS

    for key, player in KEYS.items():
        name = "menu" if player == 0 else f"player {player}"
        typed = ask(f"type {key} and Enter for the {name} button: ").strip().lower()
        results.append(f"{name}: {'ok' if typed == key else f'got {typed!r}'}")
    return results
