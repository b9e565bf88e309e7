"""``referee bench session``: whole simulated games, rendered as camera frames and refereed from the
frames alone, against what the simulator knows happened.

For each game, ``games`` bot games are played and rendered (held-out card designs); the image
recording is replayed through vision, calibration, settling, tracking and rules, and its verdicts
are matched one by one with the replay of the true, symbolic recording. Reported: the share of
rulings that came out exactly right (same event, player, card, zone, word and points, in order), how
many games ended with exactly the right scores, the processing time per frame, and the time from
the table settling (the hand gone) to the verdict.
"""

from __future__ import annotations

import difflib
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from referee import recording, simulate

KEYS = ("event", "player", "word", "face", "zone", "points", "rule", "upheld", "won")


def ruling(verdict: dict) -> tuple:
    return tuple(verdict.get(k) for k in KEYS)


def compare(truth: list[dict], seen: list[dict]) -> tuple[int, int]:
    """(rulings matched in order, rulings to match), leaving out information lines. A ruling the
    referee made that did not happen counts against it as a missed one does."""
    a = [ruling(v) for v in truth if v["event"] not in ("info", "final")]
    b = [ruling(v) for v in seen if v["event"] not in ("info", "final")]
    matched = sum(block.size for block in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_matching_blocks())
    return matched, max(len(a), len(b))


def run(games: int = 20, seed: int = 1, which: tuple[str, ...] = tuple(simulate.BOTS),
        progress: Callable[[str], None] = lambda _: None) -> Iterator[str]:
    total_matched = total = exact = played = 0
    frame_ms: list[float] = []
    delays: list[float] = []
    for name in which:
        matched_g = total_g = exact_g = 0
        for k in range(games):
            game_seed = seed * 1000 + k
            with tempfile.TemporaryDirectory() as tmp:
                folder = Path(tmp)
                script = simulate.play(name, game_seed)
                final = simulate.write(script, folder, seed=game_seed)
                truth = list(recording.replay(recording.read(folder / "truth")))
                rec = recording.read(folder / "images")
                started = time.perf_counter()
                seen = list(recording.replay(rec))
                frames = len({e["frame"] for e in rec.events if "frame" in e})  # pictures read (repeats are not read again)
                frame_ms.append((time.perf_counter() - started) * 1000 / max(1, frames))
            m, n = compare(truth, seen)
            matched_g += m
            total_g += n
            exact_g += seen[-1]["scores"] == final["scores"]
            placed = {v["t"] for v in truth if v["event"] == "play"}
            for v in seen:
                if v["event"] == "play":
                    nearest = min(placed, key=lambda t: abs(t - v["t"]), default=None)
                    if nearest is not None:
                        delays.append(v["t"] - nearest)
            progress(f"{name}: game {k + 1}/{games}, {m}/{n} rulings right")
        yield f"{name:<14} {games:>3} games   rulings right {100 * matched_g / max(1, total_g):6.2f} % ({matched_g}/{total_g})   exact final scores {exact_g}/{games}"
        total_matched += matched_g
        total += total_g
        exact += exact_g
        played += games
    yield f"{'all':<14} {played:>3} games   rulings right {100 * total_matched / max(1, total):6.2f} %   exact final scores {exact}/{played}   (goal 100 %, never below 99 %)"
    if frame_ms:
        yield f"processing per frame (vision + zones + rules), median {statistics.median(frame_ms):.1f} ms   (goal <= 100 ms)"
    if delays:
        within = 100 * sum(d <= 0.5 + 1e-6 for d in delays) / len(delays)
        yield (f"from the hand leaving the table to the verdict: median {statistics.median(delays):.2f} s, "
               f"{within:.1f} % within 0.5 s, max {max(delays):.2f} s   (goal <= 0.5 s; the simulated camera gives a frame every 0.2 s)")
