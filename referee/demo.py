"""``referee demo``: the referee at work on a laptop with no camera.

It replays a bundled recording of a short game of Alpha (Alpha Blitz's worked example, played on to
the end), narrating every ruling, then reads a rendered photo of cards. The full demo of the design
(an image recording replayed through vision, calibration and rules with the display emulated) needs
the live-session part that is still being built; this says so at the end.
"""

from __future__ import annotations

import random
import time
from pathlib import Path

from referee import feedback, recording

DEMO = Path(__file__).parent / "recordings" / "alpha-demo"
MISSING = [
    "calibration, table layouts and the live session from a camera (`referee play`)",
    "camera, buttons, display and speech (hardware/)",
    "the replay of a recorded camera game with the display emulated",
]


def run(pace: float = 0.0) -> None:
    rec = recording.read(DEMO)
    print(f"A game of Alpha between {' and '.join(rec.players)}, replayed from {DEMO.name}/\n")
    for verdict in recording.replay(rec):
        if verdict["event"] == "final":
            print("\n" + feedback.describe(verdict))
            break
        print(f"  {verdict['t']:>5.0f}s  {feedback.describe(verdict)}")
        time.sleep(pace)

    print("\nReading the cards in a photo of a table (rendered, in a card design the reader never saw):")
    try:
        import vision
        from vision.synth.scene import render_scene

        scene = render_scene(random.Random(7), layout="loose", n_cards=8, held_out=True)
        started = time.perf_counter()
        seen = vision.see(scene.image)
        ms = (time.perf_counter() - started) * 1000
        truth = sorted(str(c.face) for c in scene.cards)
        read = sorted(str(s.face) for s in seen)
        print(f"  on the table: {' '.join(truth)}")
        print(f"  read:         {' '.join(read)}   ({ms:.0f} ms)")
    except Exception as exc:  # the demo goes on without vision, and says why
        print(f"  vision is not available here: {exc}")

    print("\nNot built yet (the full demo replays a recorded camera game once these exist):")
    for item in MISSING:
        print(f"  - {item}")
