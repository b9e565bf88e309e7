"""Alpha, the two-player game of the Alpha Blitz rulebook (three or four players optional).

Six piles are dealt face up (``pile1`` .. ``pile6``, left to right from the first player's side); a
pile started with a Blitz card is out from the start. On a turn a player plays one card on a pile
(a letter card covers the pile's letter, a Blitz card puts the pile out) and, before or after that,
says one word made from the letters on top of the piles in play, each usable as often as needed, or
passes. A word scores 1 point plus 1 for every letter beyond the number of piles in play, plus 1 for
each red-bordered card it uses (the Qu card gives two letters). The game ends as soon as only two
piles are left.

Rule interpretations (named here, chosen by options where players may disagree):

- ``min_length`` (4): shortest word; the rulebook allows 3 in a first game and suggests 5 for
  harder games.
- ``end_at`` (2): the game ends when this many piles are left; 1 is the rulebook's optional rule.
- ``dictionary`` ("challenge"): whether a word is in the dictionary is ruled only when the opponent
  presses challenge, as the rules say; the challenged word then scores nothing if it is not a word,
  and a failed challenge costs nothing (Alpha names no penalty). "strict" checks every word at once
  (children, practice). What is objectively wrong is always refused at once: too short, letters not
  in play, a word or a form of a word already scored in the game.
- ``words`` ("default"): the word list tier. The rulebook asks for a "common" word but its own
  example ESQUIRES is not in the small common tier, so the default is the desk-dictionary tier.
- ``red_bonus`` ("per_card"): a red card counts once per word however often its letter is used;
  "per_use" counts every use.
- A challenge applies to the opponent's latest word and must come before the next word is said.
- The card must be played and the word said (or the pass) in the same turn; a second card or a
  second word in one turn is refused. A card played on a Blitzed pile is refused (take it back).
- When a Blitz card leaves the last allowed number of piles, the game ends at once; a word already
  said that turn counts, a word not yet said does not.
- ``hints`` (on): each word or pass verdict carries the best word that was possible, for teaching.
"""

from __future__ import annotations

from referee import decks
from referee.cards import Face, Kind
from referee.games import words as W
from referee.games.base import Action, Game, Option, Pass, Play, Press, TakeBack, Verdict, Word, register


@register
class Alpha(Game):
    name = "alpha"
    title = "Alpha (Alpha Blitz)"
    deck = "alpha-blitz"
    min_players = 2
    max_players = 4
    options = {
        "min_length": Option(4, "shortest word (3 for a first game, 5 for harder games)", (3, 4, 5)),
        "end_at": Option(2, "the game ends when this many piles are left", (1, 2)),
        "dictionary": Option("challenge", "rule on the dictionary when challenged, or at once", ("challenge", "strict")),
        "words": Option("default", "word list tier", ("common", "default", "large")),
        "red_bonus": Option("per_card", "a red card's bonus once per word, or per use of its letter", ("per_card", "per_use")),
        "hints": Option(True, "tell the best word that was possible", (True, False)),
    }

    @classmethod
    def zones(cls, players: int) -> list[str]:
        return [f"pile{i}" for i in range(1, 7)]

    def __init__(self, players, options=None, lexicon=None) -> None:
        super().__init__(players, options, lexicon)
        self.piles: dict[str, list[Face]] = {z: [] for z in self.zones(len(players))}
        self.blitzed: set[str] = set()
        self.dealt = False
        self.played = False
        self.said = False
        self.scored: list[str] = []
        self.last_word: tuple[int, str, int] | None = None  # (player, word, points), open to challenge
        self._deck = decks.load(self.deck)

    # -- table ------------------------------------------------------------------------------------

    def in_play(self) -> list[Face]:
        return [cards[-1] for zone, cards in self.piles.items() if cards and zone not in self.blitzed]

    def _apply(self, action: Action) -> list[Verdict]:
        if isinstance(action, Play):
            return self._play(action)
        if isinstance(action, TakeBack):
            return self._take_back(action)
        if isinstance(action, Word):
            return self._word(action)
        if isinstance(action, Pass):
            return self._pass(action)
        if isinstance(action, Press) and action.button == "challenge":
            return self._challenge(action)
        return []

    def _play(self, a: Play) -> list[Verdict]:
        if a.zone not in self.piles:
            return [Verdict("reject", a.player, a.t, zone=a.zone, rule="zone", reason=f"Alpha has no zone {a.zone}")]
        if not self.dealt:
            self.piles[a.zone].append(a.face)
            if a.face.kind is Kind.BLITZ:
                self.blitzed.add(a.zone)
            if all(self.piles.values()):
                self.dealt = True
                self.current = 1
                left = len(self.in_play())
                verdicts = [Verdict("info", None, a.t, reason=f"dealt: {left} piles in play", detail={"letters": W.letters_in_play(self.in_play())})]
                if left <= self.settings["end_at"]:
                    verdicts.append(self.end(a.t, f"only {left} piles were dealt in play"))
                return verdicts
            return []
        verdicts: list[Verdict] = []
        if a.zone in self.blitzed:
            self.piles[a.zone].append(a.face)
            return [Verdict("reject", a.player, a.t, zone=a.zone, face=str(a.face), rule="blitzed-pile",
                            reason=f"{a.zone} is Blitzed: no card may be played on it; take the card back")]
        if self.played:
            self.piles[a.zone].append(a.face)
            return [Verdict("reject", a.player, a.t, zone=a.zone, face=str(a.face), rule="one-card",
                            reason="only one card may be played in a turn; take the second card back")]
        self.piles[a.zone].append(a.face)
        self.played = True
        if a.face.kind is Kind.BLITZ:
            self.blitzed.add(a.zone)
            left = len(self.in_play())
            verdicts.append(Verdict("play", a.player, a.t, zone=a.zone, face="BLITZ", reason=f"{a.zone} is Blitzed: {left} piles left"))
            if left <= self.settings["end_at"]:
                verdicts.append(self.end(a.t, f"only {left} piles are left"))
                return verdicts
        else:
            verdicts.append(Verdict("play", a.player, a.t, zone=a.zone, face=str(a.face), detail={"letters": W.letters_in_play(self.in_play())}))
        return verdicts + self._maybe_end_turn(a.t)

    def _take_back(self, a: TakeBack) -> list[Verdict]:
        cards = self.piles.get(a.zone)
        if not cards:
            return []
        card = cards.pop()
        if card.kind is Kind.BLITZ and a.zone in self.blitzed and not any(c.kind is Kind.BLITZ for c in cards):
            self.blitzed.discard(a.zone)
        if self.dealt and self.played and a.player == self.current:
            self.played = False
        return [Verdict("info", a.player, a.t, zone=a.zone, face=str(card), reason=f"{card} taken back from {a.zone}")]

    # -- words ------------------------------------------------------------------------------------

    def _word(self, a: Word) -> list[Verdict]:
        word = a.word.strip().upper()
        reject = lambda rule, reason: [Verdict("reject", a.player, a.t, word=word, rule=rule, reason=reason)]  # noqa: E731
        if not self.dealt:
            return reject("not-started", "the piles are not dealt yet")
        if a.player != self.current:
            return reject("not-your-turn", f"it is {self.name_of(self.current)}'s turn")
        if self.said:
            return reject("one-word", "only one word may be made in a turn")
        self.last_word = None
        problem = W.problem(word, self.in_play(), self.scored, self.lexicon, self.settings)
        hint = W.best_word(self.lexicon, self.in_play(), self.settings)
        self.said = True
        if problem:
            verdicts = [Verdict("reject", a.player, a.t, word=word, rule=problem[0], reason=problem[1] + "; no points", detail=hint)]
            return verdicts + self._maybe_end_turn(a.t)
        piles = len(self.in_play())
        red = W.red_cards_used(word, self.in_play(), self._deck, self.settings["red_bonus"] == "per_use")
        points = 1 + max(0, len(word) - piles) + red
        self.scored.append(word.lower())
        self.last_word = (a.player, word, points)
        detail = {"piles": piles, **({"red": red} if red else {}), **hint}
        return [Verdict("word", a.player, a.t, points=points, word=word, detail=detail)] + self._maybe_end_turn(a.t)

    def _pass(self, a: Pass) -> list[Verdict]:
        if not self.dealt:
            return [Verdict("reject", a.player, a.t, rule="not-started", reason="the piles are not dealt yet")]
        if a.player != self.current:
            return [Verdict("reject", a.player, a.t, rule="not-your-turn", reason=f"it is {self.name_of(self.current)}'s turn")]
        if self.said:
            return [Verdict("reject", a.player, a.t, rule="one-word", reason="a word or pass was already given this turn")]
        self.said = True
        self.last_word = None
        return [Verdict("pass", a.player, a.t, detail=W.best_word(self.lexicon, self.in_play(), self.settings))] + self._maybe_end_turn(a.t)

    def _challenge(self, a: Press) -> list[Verdict]:
        if self.settings["dictionary"] == "strict":
            return [Verdict("reject", a.player, a.t, rule="strict", reason="every word is already checked against the dictionary")]
        if self.last_word is None or self.last_word[0] == a.player:
            return [Verdict("reject", a.player, a.t, rule="nothing-to-challenge", reason="there is no word of another player to challenge")]
        player, word, points = self.last_word
        self.last_word = None
        if W.in_dictionary(word, self.lexicon, self.settings["words"]):
            return [Verdict("challenge", a.player, a.t, word=word, reason=f"{word} is in the dictionary: the word stands",
                            detail={"upheld": False, "against": self.name_of(player)})]
        self.scored.remove(word.lower())
        return [Verdict("challenge", a.player, a.t, word=word, reason=f"{word} is not in the dictionary",
                        detail={"upheld": True, "against": self.name_of(player)}),
                Verdict("word", player, a.t, points=-points, word=word, rule="dictionary",
                        reason=f"{word} is not a word: {points} point{'s' if points != 1 else ''} taken back")]

    def _maybe_end_turn(self, t: float) -> list[Verdict]:
        if not (self.played and self.said):
            return []
        self.played = self.said = False
        self.current = self.next_player()
        return []
