"""Buttons: one per player (challenge, slap; a long press draws or passes) and a menu button.

On the Pi each button is a gpiozero ``Button`` on a GPIO pin (pins from the config file). The
callbacks gpiozero runs in its own thread do nothing but timestamp the edge and queue it; what a
press means is decided in plain code (:class:`PressLogic`) with an injected clock, so that it can be
tested exactly: presses closer than the bounce time to the previous edge are ignored (gpiozero's
mock pins ignore bounce time, so debouncing cannot be left to gpiozero), a press held at least the
hold time is a long press, and of several players pressing for the same slap the earliest wins.

On a desktop the keyboard stands in (:data:`KEYS`): one key per player's button and one for menu.
Tests drive gpiozero's own ``MockFactory`` pins (``pin.drive_low()``), not a home-made fake.
"""

from __future__ import annotations

import queue
import time
from collections.abc import Callable
from dataclasses import dataclass, field

KEYS = {"1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "m": 0}  # key -> player (0: the menu button)


@dataclass(frozen=True)
class Edge:
    """A raw, timestamped change of a button."""

    button: int  # player number, 0 for the menu button
    pressed: bool
    t: float


@dataclass(frozen=True)
class ButtonPress:
    """A press as the referee sees it."""

    button: int
    t: float  # when it went down
    long: bool = False  # held at least the hold time


@dataclass
class PressLogic:
    """Turns raw edges into presses: debounce, short or long."""

    bounce: float = 0.03
    hold: float = 0.8
    _down: dict[int, float] = field(default_factory=dict)
    _last_edge: dict[int, float] = field(default_factory=dict)

    def feed(self, edge: Edge) -> ButtonPress | None:
        last = self._last_edge.get(edge.button)
        if last is not None and edge.t - last < self.bounce:
            return None  # contact bounce
        self._last_edge[edge.button] = edge.t
        if edge.pressed:
            self._down[edge.button] = edge.t
            return None
        start = self._down.pop(edge.button, None)
        if start is None:
            return None
        return ButtonPress(edge.button, start, long=edge.t - start >= self.hold)


def first_slap(presses: list[ButtonPress], since: float, window: float = 1.5) -> ButtonPress | None:
    """Of the presses made after ``since`` (a match appeared) and within ``window`` seconds, the
    earliest: who slapped first."""
    candidates = [p for p in presses if since <= p.t <= since + window and p.button != 0]
    return min(candidates, key=lambda p: p.t, default=None)


class GpioButtons:
    """The players' and menu buttons on GPIO pins, through gpiozero.

    ``pins`` maps player numbers (0 for menu) to BCM pin numbers; buttons connect the pin to ground,
    so the internal pull-up is used. ``clock`` gives the time stamps (monotonic by default)."""

    def __init__(self, pins: dict[int, int], clock: Callable[[], float] = time.monotonic, pin_factory=None) -> None:
        from gpiozero import Button

        self.clock = clock
        self.edges: queue.Queue[Edge] = queue.Queue()
        self.buttons = {}
        for player, pin in pins.items():
            button = Button(pin, pull_up=True, bounce_time=None, pin_factory=pin_factory)
            button.when_pressed = self._queue(player, True)
            button.when_released = self._queue(player, False)
            self.buttons[player] = button

    def _queue(self, player: int, pressed: bool) -> Callable[[], None]:
        def callback() -> None:
            self.edges.put(Edge(player, pressed, self.clock()))

        return callback

    def drain(self) -> list[Edge]:
        out = []
        while True:
            try:
                out.append(self.edges.get_nowait())
            except queue.Empty:
                return out

    def close(self) -> None:
        for button in self.buttons.values():
            button.close()


def key_edges(key: str, t: float) -> list[Edge]:
    """A key typed on a desktop keyboard as a quick press and release of the player's button."""
    player = KEYS.get(key.lower())
    return [] if player is None else [Edge(player, True, t), Edge(player, False, t + 0.05)]
