"""``referee demo``: what the referee can do today, shown on a laptop with no camera.

The full demo (a recorded Alpha game replayed through vision and rules with the display emulated)
needs the vision, rules and session parts that are still being built; until then this shows the
parts that exist and says plainly which do not.
"""

from __future__ import annotations

from referee import decks, lexicon
from referee.cards import parse_faces

MISSING = [
    "card recognition from camera images (vision/)",
    "the game rules, scoring and `referee replay` of recorded games",
    "camera, buttons, display and speech (hardware/)",
    "calibration, live sessions and the replay of a bundled recorded game",
]


def run() -> None:
    print("Alpha referee demo\n")
    print("Decks the referee knows:")
    for name in decks.available():
        deck = decks.load(name)
        print(f"  {deck.title:<20} {len(deck):>3} cards")

    en = lexicon.load("en")
    piles = parse_faces("T R I N G A")
    print("\nAlpha Blitz's worked example: the six piles show T R I N G A.")
    print("Longest words from those letters, each usable again and again (4 letters or more):")
    for word in en.best_from_letters(piles, min_length=4, limit=5):
        print(f"  {word.upper()}")
    for word in ("training", "fainting", "paint", "cards"):
        info = en.check(word)
        print(f"  {word.upper():<10} {'valid, ' + info.tier.name.lower() + ' tier' if info.tier else 'not a word'}")
    print(f"  CARD then CARDING: same word family? {'yes' if en.same_family('card', 'carding') else 'no'}")

    hand = parse_faces("S T R ? A/E I/O N G")
    print("\nA hand of Alpha Playing Cards: " + " ".join(str(f) for f in hand))
    print("Best anagrams (a two-vowel card is either vowel, ? is any letter):")
    for word in en.best_from_cards(hand, min_length=4, limit=5):
        print(f"  {word.upper()}")

    print("\nNot built yet (the demo will replay a recorded game once these exist):")
    for item in MISSING:
        print(f"  - {item}")
