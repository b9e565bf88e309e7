"""TakeTwo, the letter-recognition game for two to four players of the Alpha Playing Cards rulebook.

Each player is dealt six cards; one card turned up starts the discard pile (zone ``discard``). In
turn, players play one card on the pile, alternating vowel and consonant: a consonant on a vowel, a
vowel on a consonant. The exact same card as the top card may always be played, and then the other
player (or players, on a tie) holding the fewest cards must draw two. Y is a vowel or a consonant;
a wild card is anything. A player who cannot (or will not) play draws two cards and may then play
one. The first player with no cards left wins.

Rule interpretations:

- ``hand`` (6): cards dealt to each player. The referee counts every hand from the deal, the cards
  played and the cards drawn (the ``draw`` button or a draw event), and the penalty draws it orders.
- The first card played on the empty discard pile is the card turned up from the deck, not a play.
- After a Y or an undeclared wild card the next player may play any card (the Y or wild could have
  been either kind). A wild card declared as a letter (``?=E``) stands for that letter.
- A wild card triggers the draw-two penalty only when declared as the top card's letter; otherwise
  it is played as a vowel or a consonant.
- The camera sees only a wild's "?": its letter may be declared after it is laid (a ``declare``
  input, typed ``?=E``) while it is still the top card, by anyone at the table. The letter must
  fit the card beneath it, as a card played there would; declared as that card's letter it is the
  same card, and the penalty draw follows then. Once declared it keeps its letter.
- A turn is one play; or a draw of two, then one play or a pass. A pass without drawing is refused.
- A card that breaks the pattern is refused and stays in its player's hand (take it back); the pile
  keeps its last legal top card.
- The winner scores 1 point; the final line also gives every hand's size.
"""

from __future__ import annotations

from referee.cards import Face, Kind, NotationError
from referee.games.base import Action, Declare, Draw, Game, Option, Pass, Play, Press, Verdict, register


def is_vowel(face: Face) -> bool | None:
    """True for a vowel card, False for a consonant, None when it may be either (Y, wild)."""
    if face.kind is Kind.TWO_VOWEL:
        return True
    letter = face.plays_as
    if face.kind is Kind.WILD and not letter:
        return None
    if letter == "Y":
        return None
    return letter in "AEIOU" if letter else None


@register
class TakeTwo(Game):
    name = "taketwo"
    title = "TakeTwo"
    deck = "alpha"
    min_players = 2
    max_players = 4
    options = {"hand": Option(6, "cards dealt to each player")}

    @classmethod
    def zones(cls, players: int) -> list[str]:
        return ["discard"]

    def __init__(self, players, options=None, lexicon=None) -> None:
        super().__init__(players, options, lexicon)
        self.hands = [int(self.settings["hand"])] * len(players)
        self.top: Face | None = None
        self.beneath: Face | None = None  # the card the top card was played on
        self.top_player: int | None = None  # who played the top card (None: turned up from the deck)
        self.drew = False

    def result(self) -> dict:
        return {**super().result(), "hands": dict(zip(self.players, self.hands))}

    def _apply(self, action: Action) -> list[Verdict]:
        if isinstance(action, Play):
            return self._play(action)
        if isinstance(action, Draw) or (isinstance(action, Press) and action.button == "draw"):
            return self._draw(action)
        if isinstance(action, Pass):
            if action.player != self.current:
                return [Verdict("reject", action.player, action.t, rule="not-your-turn", reason=f"it is {self.name_of(self.current)}'s turn")]
            if not self.drew:
                return [Verdict("reject", action.player, action.t, rule="draw-first", reason="draw two cards before passing")]
            self._next()
            return [Verdict("pass", action.player, action.t)]
        if isinstance(action, Declare):
            return self._declare(action)
        return []

    def _next(self) -> None:
        self.drew = False
        self.current = self.next_player()

    def _draw(self, a: Action) -> list[Verdict]:
        if self.top is None:
            return [Verdict("reject", a.player, a.t, rule="not-started", reason="turn up the first discard card first")]
        if a.player != self.current:
            return [Verdict("reject", a.player, a.t, rule="not-your-turn", reason=f"it is {self.name_of(self.current)}'s turn")]
        if self.drew:
            return [Verdict("reject", a.player, a.t, rule="one-draw", reason="only one draw of two per turn; play a card or pass")]
        self.drew = True
        self.hands[a.player - 1] += 2
        return [Verdict("draw", a.player, a.t, reason=f"{self.name_of(a.player)} draws two cards", detail={"cards": self.hands[a.player - 1]})]

    def _fits(self, face: Face, top: Face | None = None) -> tuple[bool, bool]:
        """(may it be played on the top, or on ``top``; is it the same card)."""
        top = top or self.top
        same = face.card() == top.card() and face.kind is not Kind.WILD or (
            face.kind is Kind.WILD and face.plays_as and face.plays_as == top.plays_as)
        if same:
            return True, True
        top_vowel, vowel = is_vowel(top), is_vowel(face)
        if top_vowel is None or vowel is None:
            return True, False
        return top_vowel != vowel, False

    def _play(self, a: Play) -> list[Verdict]:
        if a.zone != "discard":
            return [Verdict("reject", a.player, a.t, zone=a.zone, rule="zone", reason="cards go on the discard pile")]
        if self.top is None:
            self.top = a.face
            return [Verdict("info", None, a.t, face=str(a.face), reason=f"the discard pile starts with {a.face}")]
        player = self.current
        ok, same = self._fits(a.face)
        if not ok:
            want = "a consonant" if is_vowel(self.top) else "a vowel"
            return [Verdict("reject", player, a.t, zone="discard", face=str(a.face), rule="pattern",
                            reason=f"{a.face} cannot go on {self.top}: play {want} or the same card; take it back")]
        self.beneath, self.top, self.top_player = self.top, a.face, player
        self.hands[player - 1] -= 1
        verdicts = [Verdict("play", player, a.t, zone="discard", face=str(a.face), detail={"cards": self.hands[player - 1]})]
        if self.hands[player - 1] <= 0:
            verdicts.append(Verdict("game_end", player, a.t, points=1, reason=f"{self.name_of(player)} has no cards left and wins"))
            self.over, self.over_reason = True, f"{self.name_of(player)} played their last card"
            return verdicts
        if same:
            verdicts += self._penalty(player, a.t)
        self._next()
        return verdicts

    def _penalty(self, player: int, t: float) -> list[Verdict]:
        """The same card played again: the other players holding the fewest cards draw two."""
        others = [p for p in range(1, len(self.players) + 1) if p != player]
        fewest = min(self.hands[p - 1] for p in others)
        verdicts = []
        for p in others:
            if self.hands[p - 1] == fewest:
                self.hands[p - 1] += 2
                verdicts.append(Verdict("draw", p, t, rule="same-card",
                                        reason=f"the same card again: {self.name_of(p)} draws two", detail={"cards": self.hands[p - 1]}))
        return verdicts

    def _declare(self, a: Declare) -> list[Verdict]:
        top = self.top
        if top is None or top.kind is not Kind.WILD:
            return [Verdict("reject", a.player, a.t, rule="no-wild", reason="the top card is not a wild card")]
        if top.letters:
            return [Verdict("reject", a.player, a.t, face=str(top), rule="declared",
                            reason=f"the wild card is already {top.letters}; it keeps its letter")]
        try:
            face = top.declared(a.letter)
        except NotationError:
            return [Verdict("reject", a.player, a.t, rule="letter", reason=f"a wild card stands for one letter, not {a.letter!r}")]
        ok, same = self._fits(face, self.beneath) if self.beneath else (True, False)
        if not ok:
            want = "a consonant" if is_vowel(self.beneath) else "a vowel"
            return [Verdict("reject", a.player, a.t, zone="discard", face=str(face), rule="pattern",
                            reason=f"on {self.beneath} the wild card must be {want} or {self.beneath.plays_as}")]
        self.top = face
        who = self.top_player
        verdicts = [Verdict("declare", who, a.t, zone="discard", face=str(face), reason=f"the wild card is {face.letters}")]
        if same and who is not None:
            verdicts += self._penalty(who, a.t)
        return verdicts
