"""Verdicts in words: one short line for the terminal, the display and the speaker."""

from __future__ import annotations


def describe(v: dict) -> str:
    who = v.get("player", "")
    event = v["event"]
    if event == "word":
        points = v.get("points", 0)
        if points < 0 or v.get("bonus") or v.get("reason"):
            return f"{who}: {v.get('reason', v.get('word'))} ({points:+d})"
        best = f"  (best: {v['best']})" if v.get("best") and v["best"] != v.get("word") else ""
        return f"{who}: {v['word']} scores {points}{best}"
    if event == "reject":
        subject = v.get("word") or v.get("face") or ""
        return f"{who}: {subject + ' ' if subject else ''}refused: {v.get('reason', v.get('rule'))}"
    if event == "play":
        extra = f": {v['reason']}" if v.get("reason") else ""
        return f"{who} plays {v.get('face')} on {v.get('zone')}{extra}"
    if event == "pass":
        best = f" (best was {v['best']})" if v.get("best") else ""
        return f"{who} passes{best}"
    if event == "challenge":
        return f"{who} challenges {v.get('word')}: {v.get('reason')}"
    if event == "round_end":
        best = f"; best word: {v['best']}" if v.get("best") else ""
        return f"round {v.get('round')} over ({v.get('reason')}){best}"
    if event == "game_end":
        return f"game over: {v.get('reason')}"
    if event == "final":
        scores = ", ".join(f"{name} {points}" for name, points in v["scores"].items())
        return f"final scores: {scores}" + (f"; winner: {v['winner']}" if v.get("winner") else "")
    return f"{who + ': ' if who else ''}{v.get('reason', event)}"
