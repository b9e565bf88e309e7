"""Rules about words shared by the games that make words from the letters on top of piles (Alpha and
Blitz): are the letters in play, is the word long enough, was it (or a form of it) scored already,
is it in the dictionary, how many red cards does it use."""

from __future__ import annotations

from referee.cards import Face, Kind
from referee.decks import Deck
from referee.lexicon import Lexicon, Tier, search

TIERS = {"common": Tier.COMMON, "default": Tier.DEFAULT, "large": Tier.LARGE}


def letters_in_play(faces: list[Face]) -> str:
    """The letters the faces offer, for messages: "T R I N G A"."""
    return " ".join(f.plays_as or str(f) for f in faces if f.plays_as)


def missing_letters(word: str, faces: list[Face]) -> str | None:
    """Why ``word`` cannot be spelled from ``faces`` (each usable again and again), or None."""
    if search.spell_reusing(word, faces):
        return None
    available = {f.plays_as for f in faces if f.plays_as}
    has_qu = "QU" in available
    missing = []
    target = word.upper()
    pos = 0
    while pos < len(target):
        if has_qu and target.startswith("QU", pos):
            pos += 2
            continue
        if target[pos] not in available and target[pos] not in missing:
            missing.append(target[pos])
        pos += 1
    return f"{', '.join(missing)} {'is' if len(missing) == 1 else 'are'} not in play (in play: {letters_in_play(faces)})"


def red_cards_used(word: str, faces: list[Face], deck: Deck, per_use: bool) -> int:
    """Red-bordered cards the word uses: once per card, or once per use of its letters."""
    target = word.upper()
    count = 0
    for face in faces:
        if face.kind is Kind.LETTER and deck.is_red(face) and face.letters in target:
            count += target.count(face.letters) if per_use else 1
    return count


def repeat_of(word: str, scored: list[str], lexicon: Lexicon) -> tuple[str, str] | None:
    """(rule, reason) when ``word`` was scored already in this game, or is a form of a scored word."""
    w = word.lower()
    for earlier in scored:
        if w == earlier:
            return "repeat", f"{word.upper()} was already scored in this game"
        if lexicon.same_family(w, earlier):
            return "variation", f"{word.upper()} is a form of {earlier.upper()}, which was already scored"
    return None


def in_dictionary(word: str, lexicon: Lexicon, tier: str) -> bool:
    return lexicon.is_word(word, TIERS[tier])


def problem(word: str, faces: list[Face], scored: list[str], lexicon: Lexicon, settings: dict,
            longest: int = 0) -> tuple[str, str] | None:
    """(rule, reason) for the first rule ``word`` breaks, or None: a plain word, at least
    ``min_length`` long, longer than ``longest`` (Blitz's round), from the letters in play, not
    scored before in any form, and - in strict mode - in the dictionary."""
    min_length = settings["min_length"]
    if not word.isalpha():
        return "not-a-word", f"{word} is not a plain word"
    if len(word) < min_length:
        return "min-length", f"{word} is shorter than {min_length} letters"
    if longest and len(word) <= longest:
        return "longer-word", f"{word} must be longer than {longest} letters, the longest word of this round"
    if (missing := missing_letters(word, faces)) is not None:
        return "letters", missing
    if (repeat := repeat_of(word, scored, lexicon)) is not None:
        return repeat
    if settings["dictionary"] == "strict" and not in_dictionary(word, lexicon, settings["words"]):
        return "dictionary", f"{word} is not in the dictionary"
    return None


def best_word(lexicon: Lexicon, faces: list[Face], settings: dict) -> dict:
    """The teaching hint: ``{"best": WORD}`` when hints are on and a word exists."""
    if not settings["hints"]:
        return {}
    best = lexicon.best_from_letters(faces, min_length=settings["min_length"], tier=TIERS[settings["words"]], limit=1)
    return {"best": best[0].upper()} if best else {}
