"""Speech through espeak-ng (Debian's and Raspberry Pi OS's ``espeak-ng`` package).

The referee never waits for the speaker: :class:`Speaker` queues what to say and a worker thread
runs espeak-ng one utterance at a time. It is silent when switched off, when espeak-ng is missing or
when the machine has no sound device; it can also write what it would say to WAV files (tests,
recordings).

Letters are said by name ("bee"), and for the children's games also by their sound ("b as in ball"):
:func:`letter_words`.
"""

from __future__ import annotations

import logging
import queue
import shutil
import subprocess
import threading
from pathlib import Path

log = logging.getLogger(__name__)

# how a letter sounds, for the letter-recognition games
SOUNDS = {
    "A": "a as in apple", "B": "b as in ball", "C": "c as in cat", "D": "d as in dog", "E": "e as in egg",
    "F": "f as in fish", "G": "g as in goat", "H": "h as in hat", "I": "i as in insect", "J": "j as in jam",
    "K": "k as in kite", "L": "l as in lion", "M": "m as in moon", "N": "n as in nest", "O": "o as in octopus",
    "P": "p as in pig", "Q": "q as in queen", "R": "r as in rabbit", "S": "s as in sun", "T": "t as in tiger",
    "U": "u as in umbrella", "V": "v as in van", "W": "w as in water", "X": "x as in fox", "Y": "y as in yellow",
    "Z": "z as in zebra",
}


def letter_words(letter: str, sound: bool = False) -> str:
    """What to say for a letter: its name (espeak-ng spells a lone capital), and its sound if asked."""
    letter = letter.upper()
    return f"{letter}. {SOUNDS[letter]}" if sound and letter in SOUNDS else letter


def has_sound_device() -> bool:
    cards = Path("/proc/asound/cards")
    try:
        return cards.exists() and "no soundcards" not in cards.read_text()
    except OSError:
        return False


class Speaker:
    """Says things without blocking. ``enabled`` switches it off; ``wav_folder`` writes each
    utterance to a numbered WAV file instead of playing it."""

    def __init__(self, enabled: bool = True, voice: str = "en", speed: int = 150, wav_folder: Path | None = None) -> None:
        self.voice, self.speed, self.wav_folder = voice, speed, wav_folder
        self.binary = shutil.which("espeak-ng")
        self.enabled = bool(enabled and self.binary and (wav_folder is not None or has_sound_device()))
        if enabled and not self.enabled:
            log.info("speech is off: %s", "espeak-ng is not installed" if not self.binary else "no sound device")
        self._queue: queue.Queue[str | None] = queue.Queue()
        self._count = 0
        self._worker = threading.Thread(target=self._run, daemon=True) if self.enabled else None
        if self._worker:
            self._worker.start()

    def say(self, text: str) -> None:
        if self.enabled and text.strip():
            self._queue.put(text)

    def _command(self, text: str) -> list[str]:
        command = [self.binary, "-v", self.voice, "-s", str(self.speed)]
        if self.wav_folder is not None:
            self._count += 1
            self.wav_folder.mkdir(parents=True, exist_ok=True)
            command += ["-w", str(self.wav_folder / f"say_{self._count:04}.wav")]
        return command + ["--", text]

    def _run(self) -> None:
        while (text := self._queue.get()) is not None:
            try:
                subprocess.run(self._command(text), check=False, capture_output=True, timeout=30)
            except (OSError, subprocess.TimeoutExpired) as exc:
                log.warning("speech failed: %s", exc)
            finally:
                self._queue.task_done()
        self._queue.task_done()

    def wait(self) -> None:
        """Block until everything queued was said (tests, shutting down)."""
        if self.enabled:
            self._queue.join()

    def close(self) -> None:
        if self._worker:
            self._queue.put(None)
            self._worker.join(timeout=5)
            self._worker = None
