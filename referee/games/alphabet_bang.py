"""Alphabet Bang, the two-player letter-recognition game of the Alpha Playing Cards rulebook.

The players take turns laying the top card of their face-down stack at the end of a line of
overlapping cards (zone ``line``, read left to right). When the new card shows a letter already in
the line (a two-vowel card counts as its upright vowel) there is a match, and the first player to
slap wins every card in the line. When a wild card comes up, the first slap (on the line's first
card) wins the line. Whoever wins a line starts the next one. The game ends when the player whose
turn it is has no face-down card left; the player who won the most cards wins.

Rule interpretations:

- ``stack`` (37): face-down cards each player starts with (the 74-card deck split in two). Won cards
  go face up under the stack and are never played again, so each player plays at most ``stack``.
- A slap counts only while the match (or wild card) is the newest card: once the next card is laid
  the chance is gone. A slap with no match is announced and wins nothing (the rulebook names no
  penalty). The earliest slap wins; presses arrive in time order.
- A player's score is the number of cards they have won.
"""

from __future__ import annotations

from referee.cards import Face, Kind
from referee.games.base import Action, Clear, Game, Option, Play, Press, TakeBack, Verdict, register


@register
class AlphabetBang(Game):
    name = "alphabet-bang"
    title = "Alphabet Bang"
    deck = "alpha"
    min_players = 2
    max_players = 2
    pile_zones = False
    options = {"stack": Option(37, "face-down cards each player starts with")}

    @classmethod
    def zones(cls, players: int) -> list[str]:
        return ["line"]

    def __init__(self, players, options=None, lexicon=None) -> None:
        super().__init__(players, options, lexicon)
        self.line: list[Face] = []
        self.face_down = [int(self.settings["stack"])] * 2
        self.live: str | None = None  # "match" or "wild" while a slap would win

    def _apply(self, action: Action) -> list[Verdict]:
        if isinstance(action, Play):
            return self._play(action)
        if isinstance(action, Press) and action.button == "slap":
            return self._slap(action)
        if isinstance(action, TakeBack) and self.line:
            self.line.pop()
            self.live = None
            return []
        if isinstance(action, Clear):
            self.line = []
            self.live = None
            return []
        return []

    def _play(self, a: Play) -> list[Verdict]:
        player = self.current
        if self.face_down[player - 1] == 0:
            return [Verdict("reject", player, a.t, rule="no-cards", reason=f"{self.name_of(player)} has no face-down card left")]
        self.face_down[player - 1] -= 1
        letter = a.face.plays_as
        earlier = {f.plays_as for f in self.line if f.plays_as}
        self.line.append(a.face)
        self.current = self.next_player(player)
        detail = {"say": letter or str(a.face)}
        if a.face.kind is Kind.WILD:
            self.live = "wild"
            verdicts = [Verdict("play", player, a.t, zone="line", face=str(a.face), reason="a wild card: slap the first card!",
                                detail={**detail, "match": "wild"})]
        elif letter and letter in earlier:
            self.live = "match"
            verdicts = [Verdict("play", player, a.t, zone="line", face=str(a.face), reason=f"{letter} matches! slap!",
                                detail={**detail, "match": letter})]
        else:
            self.live = None
            verdicts = [Verdict("play", player, a.t, zone="line", face=str(a.face), detail=detail)]
        return verdicts + self._end_if_stuck(a.t)

    def _slap(self, a: Press) -> list[Verdict]:
        if not self.live:
            return [Verdict("slap", a.player, a.t, reason="no match: that slap wins nothing", detail={"won": False})]
        won = len(self.line)
        self.live = None
        self.current = a.player
        verdicts = [Verdict("slap", a.player, a.t, points=won, reason=f"{self.name_of(a.player)} wins the {won} cards of the line",
                            detail={"won": True, "cards": won})]
        return verdicts + self._end_if_stuck(a.t)

    def _end_if_stuck(self, t: float) -> list[Verdict]:
        if self.face_down[self.current - 1] == 0 and not self.live:
            return [self.end(t, f"{self.name_of(self.current)} has no face-down card left to play")]
        return []
