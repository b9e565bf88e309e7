"""Blitz, the three-to-six-player game of the Alpha Blitz rulebook.

Each player has two letter piles in front of them (``p1a``, ``p1b``, ``p2a``, ...). The game is
played in rounds: when the piles are turned up (or new cards are played on them) everyone hunts for
a word in the letters on top of all piles, each usable again and again. Each player calls at most
one word per round, and a word must be longer than every word already made in the round. The n-th
valid word of the round scores n; the last valid word of the round scores 1 more; every red card
used scores 1 more. The round ends when every player has scored or given up (or, when the piles
change, at once). The game ends the moment a player's two piles are both Blitzed.

Rule interpretations:

- ``min_length`` (4), ``dictionary`` ("challenge"), ``words`` ("default") and ``red_bonus``
  ("per_card") as in Alpha (see :mod:`referee.games.alpha`).
- Words called at the same time (the same ``t``) tie: each scores as if the other had not been
  called (two players may call the same word at once), and later words must beat the longest. ``ties`` ("count_words") decides what the
  next word scores: the n-th valid word scores n however many tied before it (FROG and GROVE at once
  score 1 each, the next scores 3); "count_calls" counts tied calls once (the next scores 2).
- A word that breaks a rule (too short for the round, letters not in play, already scored, too
  short) puts its caller out of the round with no points, as a word that is not valid does.
- A challenge is ruled at once against the latest valid word of another player in the round: a
  word not in the dictionary loses its points and its caller is out of the round; a word that
  stands costs the challenger nothing. Because the ruling is immediate, no word can be made "in the
  meantime", so the rulebook's rule about interim words never applies.
- A round ends when every player has scored or given up (or at the first new card played); its
  last-word bonus is given then. Its words can still be challenged until new cards are played; if
  the challenged word had the bonus, the bonus passes to the word that is then the last.
- The first card played after a round has begun starts the next round; the other players' cards of
  the same change belong to it.
- ``round_seconds`` (0: none): a time limit that ends a round.
- ``hints`` (on): the round's end verdict carries the best word that was possible.
"""

from __future__ import annotations

from referee import decks
from referee.cards import Face, Kind
from referee.games import words as W
from referee.games.base import Action, Game, Option, Pass, Play, Press, TakeBack, Tick, Verdict, Word, register


@register
class Blitz(Game):
    name = "blitz"
    title = "Blitz (Alpha Blitz)"
    deck = "alpha-blitz"
    min_players = 3
    max_players = 6
    options = {
        "min_length": Option(4, "shortest word (3 for a first game)", (3, 4, 5)),
        "dictionary": Option("challenge", "rule on the dictionary when challenged, or at once", ("challenge", "strict")),
        "words": Option("default", "word list tier", ("common", "default", "large")),
        "red_bonus": Option("per_card", "a red card's bonus once per word, or per use", ("per_card", "per_use")),
        "ties": Option("count_words", "what the word after a tie scores", ("count_words", "count_calls")),
        "round_seconds": Option(0, "time limit of a round in seconds (0: none)"),
        "hints": Option(True, "tell the best word that was possible in the round", (True, False)),
    }

    @classmethod
    def zones(cls, players: int) -> list[str]:
        return [f"p{n}{side}" for n in range(1, players + 1) for side in "ab"]

    @classmethod
    def zone_owner(cls, zone: str) -> int | None:
        return int(zone[1:-1]) if zone.startswith("p") and zone[1:-1].isdigit() else None

    def __init__(self, players, options=None, lexicon=None) -> None:
        super().__init__(players, options, lexicon)
        self.piles: dict[str, list[Face]] = {z: [] for z in self.zones(len(players))}
        self.blitzed: set[str] = set()
        self.round = 0
        self.round_start = 0.0
        self.calls: list[tuple[int, str, float, int]] = []  # (player, word, t, points) valid this round
        self.done: set[int] = set()  # players who called, gave up or are out this round
        self.closed = False  # every player is done: no more words until new cards are played
        self.bonus: list[tuple[int, str]] = []  # who got this round's last-word bonus
        self.scored: list[tuple[str, float]] = []  # words scored in the game, with when
        self._deck = decks.load(self.deck)

    def in_play(self) -> list[Face]:
        return [cards[-1] for zone, cards in self.piles.items() if cards and zone not in self.blitzed]

    def _apply(self, action: Action) -> list[Verdict]:
        if isinstance(action, Tick):
            limit = self.settings["round_seconds"]
            if self.round and not self.closed and limit and action.t - self.round_start >= limit:
                return self._end_round(action.t, "time is up")
            return []
        if isinstance(action, Play):
            return self._play(action)
        if isinstance(action, TakeBack):
            cards = self.piles.get(action.zone)
            if cards:
                card = cards.pop()
                if card.kind is Kind.BLITZ:
                    self.blitzed.discard(action.zone)
            return []
        if isinstance(action, Word):
            return self._word(action)
        if isinstance(action, Pass):
            if not self.round or self.closed or action.player in self.done:
                return [Verdict("reject", action.player, action.t, rule="one-word-per-round", reason="already out of this round")]
            self.done.add(action.player)
            return [Verdict("pass", action.player, action.t)] + self._round_over_if_all_done(action.t)
        if isinstance(action, Press) and action.button == "challenge":
            return self._challenge(action)
        return []

    def _play(self, a: Play) -> list[Verdict]:
        if a.zone not in self.piles:
            return [Verdict("reject", a.player, a.t, zone=a.zone, rule="zone", reason=f"this table has no zone {a.zone}")]
        owner = self.zone_owner(a.zone)
        verdicts: list[Verdict] = []
        if a.zone in self.blitzed:
            self.piles[a.zone].append(a.face)
            return [Verdict("reject", owner, a.t, zone=a.zone, rule="blitzed-pile",
                            reason=f"{a.zone} is Blitzed: no card may be played on it; take the card back")]
        dealing = not self.round
        if self.round and (self.calls or self.done or self.closed):
            if not self.closed:
                verdicts += self._end_round(a.t, "new cards were played")
            verdicts.append(self._begin_round(a.t))
        self.piles[a.zone].append(a.face)
        if a.face.kind is Kind.BLITZ:
            self.blitzed.add(a.zone)
            verdicts.append(Verdict("play", owner, a.t, zone=a.zone, face="BLITZ", reason=f"{a.zone} is Blitzed"))
            if owner and {f"p{owner}a", f"p{owner}b"} <= self.blitzed:
                verdicts.append(self.end(a.t, f"{self.name_of(owner)} Blitzed both piles"))
                return verdicts
        elif not dealing:
            verdicts.append(Verdict("play", owner, a.t, zone=a.zone, face=str(a.face)))
        if dealing and all(self.piles.values()):
            verdicts.append(self._begin_round(a.t))
        elif not dealing and self.round and not self.calls and not self.done and self.round_start < a.t:
            self.round_start = a.t
        return verdicts

    def _begin_round(self, t: float) -> Verdict:
        self.round += 1
        self.round_start = t
        self.calls = []
        self.done = set()
        self.closed = False
        self.bonus = []
        return Verdict("info", None, t, reason=f"round {self.round}", detail={"round": self.round, "letters": W.letters_in_play(self.in_play())})

    def _last_word_bonus(self, t: float) -> list[Verdict]:
        verdicts = []
        if self.calls:
            last_t = max(c[2] for c in self.calls)
            for player, word, ct, _ in self.calls:
                if ct == last_t:
                    self.bonus.append((player, word))
                    verdicts.append(Verdict("word", player, t, points=1, word=word, reason="last word of the round: 1 bonus point",
                                            detail={"bonus": "last-word"}))
        return verdicts

    def _end_round(self, t: float, why: str) -> list[Verdict]:
        """Close the round: the last-word bonus, the hint. Challenges stay open until new cards."""
        self.closed = True
        verdicts = self._last_word_bonus(t)
        detail = {"round": self.round, **W.best_word(self.lexicon, self.in_play(), self.settings)}
        verdicts.append(Verdict("round_end", None, t, reason=why, detail=detail))
        return verdicts

    def _round_over_if_all_done(self, t: float) -> list[Verdict]:
        if len(self.done) == len(self.players):
            verdicts = self._end_round(t, "every player has scored or given up")
            return verdicts
        return []

    def _word(self, a: Word) -> list[Verdict]:
        word = a.word.strip().upper()
        if not self.round:
            return [Verdict("reject", a.player, a.t, word=word, rule="not-started", reason="the piles are not turned up yet")]
        if self.closed:
            return [Verdict("reject", a.player, a.t, word=word, rule="round-over", reason="this round is over: wait for the new cards")]
        if a.player in self.done:
            return [Verdict("reject", a.player, a.t, word=word, rule="one-word-per-round",
                            reason="only one word per player per round")]
        longest = max((len(w) for _, w, t, _ in self.calls if t < a.t), default=0)
        earlier = [w for w, t in self.scored if t < a.t]  # words called at the same time do not count
        problem = W.problem(word, self.in_play(), earlier, self.lexicon, self.settings, longest)
        self.done.add(a.player)
        if problem:
            return [Verdict("reject", a.player, a.t, word=word, rule=problem[0],
                            reason=problem[1] + "; out of this round")] + self._round_over_if_all_done(a.t)
        before = [c for c in self.calls if c[2] < a.t]
        position = 1 + (len(before) if self.settings["ties"] == "count_words" else len({c[2] for c in before}))
        red = W.red_cards_used(word, self.in_play(), self._deck, self.settings["red_bonus"] == "per_use")
        points = position + red
        self.calls.append((a.player, word, a.t, points))
        self.scored.append((word.lower(), a.t))
        detail = {"position": position, **({"red": red} if red else {})}
        return [Verdict("word", a.player, a.t, points=points, word=word, detail=detail)] + self._round_over_if_all_done(a.t)

    def _challenge(self, a: Press) -> list[Verdict]:
        if self.settings["dictionary"] == "strict":
            return [Verdict("reject", a.player, a.t, rule="strict", reason="every word is already checked against the dictionary")]
        targets = [c for c in self.calls if c[0] != a.player]
        if not targets:
            return [Verdict("reject", a.player, a.t, rule="nothing-to-challenge", reason="no word of another player in this round")]
        call = max(targets, key=lambda c: c[2])
        player, word, _, points = call
        if W.in_dictionary(word, self.lexicon, self.settings["words"]):
            return [Verdict("challenge", a.player, a.t, word=word, reason=f"{word} is in the dictionary: the word stands",
                            detail={"upheld": False, "against": self.name_of(player)})]
        self.calls.remove(call)
        self.scored.remove((word.lower(), call[2]))
        had_bonus = (player, word) in self.bonus
        lost = points + (1 if had_bonus else 0)
        verdicts = [Verdict("challenge", a.player, a.t, word=word, reason=f"{word} is not in the dictionary",
                            detail={"upheld": True, "against": self.name_of(player)}),
                    Verdict("word", player, a.t, points=-lost, word=word, rule="dictionary",
                            reason=f"{word} is not a word: {lost} point{'s' if lost != 1 else ''} taken back; out of this round")]
        if had_bonus:
            self.bonus.remove((player, word))
            if not self.bonus:  # the last-word bonus passes to the word that is now the last
                verdicts += self._last_word_bonus(a.t)
        return verdicts
