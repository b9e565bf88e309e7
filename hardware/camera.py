"""Camera sources with one interface: :meth:`Source.read` gives the next timestamped BGR frame.

- ``picamera``: the Raspberry Pi camera through picamera2 (Raspberry Pi OS's ``python3-picamera2``,
  imported only when chosen). Frames are ``RGB888``, which picamera2 lays out as B, G, R - OpenCV's
  order. After a short settle the exposure, gain and white balance are locked (and logged), so the
  colours and brightness of the cards stay the same all game.
- ``webcam:N``: a USB webcam through OpenCV's V4L2 backend.
- ``folder:PATH``: the images of a folder in name order (a replay of snapshots; tests).
- ``recording:PATH``: the camera frames of a recording folder, at their recorded times.

A camera that is missing, busy or unplugged raises :class:`CameraError` with a message fit for the
display; :class:`Reconnecting` catches it, says so through a callback, waits and opens the camera
again, so the game waits and then goes on.
"""

from __future__ import annotations

import abc
import json
import logging
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from referee.errors import UserError

log = logging.getLogger(__name__)
IMAGE_SUFFIXES = {".jpg", ".jpeg", ".png", ".bmp", ".webp"}


@dataclass(frozen=True)
class Frame:
    t: float  # seconds (monotonic for live cameras, recorded time for replays)
    image: np.ndarray  # BGR uint8


class CameraError(UserError):
    """The camera cannot give a frame now (missing, busy, unplugged); the message says which."""


class EndOfStream(Exception):
    """A finite source (folder, recording) has no more frames."""


class Source(abc.ABC):
    name = "camera"

    @abc.abstractmethod
    def read(self) -> Frame:
        """The next frame; :class:`CameraError` when the camera fails, :class:`EndOfStream` at the end."""

    def close(self) -> None:
        """Release the device."""

    def __iter__(self) -> Iterator[Frame]:
        while True:
            try:
                yield self.read()
            except EndOfStream:
                return


class FolderSource(Source):
    def __init__(self, folder: str | Path, fps: float = 2.0) -> None:
        self.folder = Path(folder)
        if not self.folder.is_dir():
            raise CameraError(f"no image folder at {self.folder}")
        self.paths = sorted(p for p in self.folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
        if not self.paths:
            raise CameraError(f"{self.folder} holds no images (.jpg, .png, ...)")
        self.fps = fps
        self.index = 0
        self.name = f"folder:{self.folder}"

    def read(self) -> Frame:
        while self.index < len(self.paths):
            path = self.paths[self.index]
            self.index += 1
            image = cv2.imread(str(path), cv2.IMREAD_COLOR)
            if image is not None:
                return Frame((self.index - 1) / self.fps, image)
            log.warning("%s is not a readable image; skipped", path)
        raise EndOfStream


class RecordingSource(Source):
    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)
        events = self.folder / "events.jsonl"
        if not events.exists():
            raise CameraError(f"{self.folder} is not a recording (no events.jsonl)")
        self.frames = []
        for line in events.read_text(encoding="utf-8").splitlines():
            try:
                event = json.loads(line)
            except json.JSONDecodeError:
                continue  # a cut last line; the recording reader warns about it
            if "frame" in event:
                self.frames.append((float(event["t"]), self.folder / event["frame"]))
        self.index = 0
        self.name = f"recording:{self.folder}"

    def read(self) -> Frame:
        while self.index < len(self.frames):
            t, path = self.frames[self.index]
            self.index += 1
            image = cv2.imread(str(path), cv2.IMREAD_COLOR)
            if image is not None:
                return Frame(t, image)
            log.warning("frame %s is missing or unreadable; skipped", path)
        raise EndOfStream


class WebcamSource(Source):
    def __init__(self, index: int = 0, size: tuple[int, int] = (1280, 960)) -> None:
        self.index = index
        self.name = f"webcam:{index}"
        self.capture = cv2.VideoCapture(index, cv2.CAP_V4L2)
        if not self.capture.isOpened():
            self.capture.release()
            raise CameraError(f"no webcam at /dev/video{index} (unplugged, or in use by another program?)")
        self.capture.set(cv2.CAP_PROP_FRAME_WIDTH, size[0])
        self.capture.set(cv2.CAP_PROP_FRAME_HEIGHT, size[1])

    def read(self) -> Frame:
        ok, image = self.capture.read()
        if not ok or image is None:
            raise CameraError(f"the webcam {self.index} stopped sending pictures (unplugged?)")
        return Frame(time.monotonic(), image)

    def close(self) -> None:
        self.capture.release()


class PiCameraSource(Source):
    """The Pi camera. ``settle`` seconds of automatic exposure and white balance, then both locked."""

    name = "picamera"

    def __init__(self, size: tuple[int, int] = (2304, 1296), settle: float = 2.0) -> None:
        try:
            from picamera2 import Picamera2
        except ImportError:
            raise CameraError("picamera2 is not installed: on Raspberry Pi OS, apt install python3-picamera2 "
                              "(the venv needs --system-site-packages)") from None
        try:
            self.camera = Picamera2()
        except (IndexError, RuntimeError) as exc:
            raise CameraError(f"no Pi camera found (is its ribbon cable in, and the camera enabled?): {exc}") from None
        config = self.camera.create_video_configuration(main={"size": size, "format": "RGB888"})
        self.camera.configure(config)
        self.camera.start()
        time.sleep(settle)
        self.locked = self.lock_exposure()

    def lock_exposure(self) -> dict:
        """Fix exposure, gain and white balance at what the automatic controls settled on."""
        meta = self.camera.capture_metadata()
        controls = {"AeEnable": False, "AwbEnable": False, "ExposureTime": int(meta["ExposureTime"]),
                    "AnalogueGain": float(meta["AnalogueGain"])}
        if "ColourGains" in meta:
            controls["ColourGains"] = tuple(meta["ColourGains"])
        self.camera.set_controls(controls)
        log.info("camera locked: exposure %s us, gain %.2f, colour gains %s", controls["ExposureTime"],
                 controls["AnalogueGain"], controls.get("ColourGains"))
        return controls

    def read(self) -> Frame:
        try:
            image = self.camera.capture_array("main")
        except RuntimeError as exc:
            raise CameraError(f"the Pi camera stopped sending pictures: {exc}") from None
        return Frame(time.monotonic(), image)

    def close(self) -> None:
        self.camera.stop()
        self.camera.close()


def open_source(spec: str) -> Source:
    """A source from its name: ``picamera``, ``webcam:N``, ``folder:PATH`` or ``recording:PATH``."""
    kind, _, arg = spec.partition(":")
    if kind == "picamera":
        return PiCameraSource()
    if kind == "webcam":
        return WebcamSource(int(arg or 0))
    if kind == "folder":
        return FolderSource(arg)
    if kind == "recording":
        return RecordingSource(arg)
    raise UserError(f"unknown camera source {spec!r}: picamera, webcam:N, folder:PATH or recording:PATH")


class Reconnecting(Source):
    """A live source that survives its camera going away: each failure is reported through
    ``status`` (for the display), then the camera is opened again after ``wait`` seconds."""

    def __init__(self, open_camera: Callable[[], Source], status: Callable[[str], None] = log.warning,
                 wait: float = 2.0, sleep: Callable[[float], None] = time.sleep) -> None:
        self.open_camera, self.status, self.wait, self.sleep = open_camera, status, wait, sleep
        self.source: Source | None = None
        self.name = "camera"

    def read(self) -> Frame:
        while True:
            try:
                if self.source is None:
                    self.source = self.open_camera()
                    self.name = self.source.name
                return self.source.read()
            except CameraError as exc:
                self.status(f"{exc}; trying again in {self.wait:.0f} s")
                if self.source is not None:
                    self.source.close()
                    self.source = None
                self.sleep(self.wait)

    def close(self) -> None:
        if self.source is not None:
            self.source.close()
