"""``referee demo``: the whole referee at work on a laptop with no camera.

It replays a bundled camera recording of a short game of Alpha (rendered frames of real-size cards
on the printed mat, hands coming and going) through vision, calibration, settling and the rules,
exactly as a live game, with the referee's screen emulated - a window where there is a screen, PNG
files where there is none - and narrates every ruling. At the end it compares the rulings with what
really happened in that game.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from referee import feedback, recording

DEMO = Path(__file__).parent / "recordings" / "alpha-camera"


def run(display: str | None = None) -> None:
    from referee import play, session_bench

    if display is None:
        display = "window" if os.environ.get("DISPLAY") else "png"
    print(f"Replaying a recorded game of Alpha from its camera frames ({DEMO.name}/): every card is read from the")
    print("pictures, the table is settled, and each play is ruled as in a live game.\n")
    seen: list[dict] = []

    def narrate(verdict: dict) -> None:
        seen.append(verdict)
        if verdict["event"] != "final":
            print(f"  {verdict['t']:>6.1f}s  {feedback.describe(verdict)}", flush=True)

    final = play.run("alpha", ["Peter", "Mary"], f"recording:{DEMO}", show=narrate, display_kind=display,
                     record=None, speech=False, options={})
    print("\n" + feedback.describe(final))
    truth = list(recording.replay(recording.read(DEMO / "truth")))
    right, total = session_bench.compare(truth, seen)
    print(f"\n{right} of {total} rulings match what really happened in this game; "
          f"final scores {'match' if final['scores'] == truth[-1]['scores'] else 'DIFFER from'} the truth.")
    if display == "png":
        print(f"The referee's screen was written as PNG pictures into {Path('display').resolve()}/")
    print("\nNext: `referee play alpha --players A,B --source webcam:0` with a printed mat "
          "(`referee print mat alpha -o mat.pdf`) and deck (`referee print deck alpha-blitz -o deck.pdf`).",
          file=sys.stderr)
