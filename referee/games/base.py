"""The contract every game keeps, its typed actions and verdicts, and the registry of games.

A game is a state machine fed :class:`Action` objects (cards played, words said, passes, button
presses, draws) that answers with :class:`Verdict` objects (what happened, who scored and why, what
was refused and by which rule). Scores change only through verdicts that carry points. A game's
whole state follows from its players, options and the actions it was given, so a game is saved as
that list (:meth:`Game.to_json`) and restored by replaying it (:func:`from_json`).

Adding a game means one module in this package with one :class:`Game` subclass decorated with
:func:`register`.
"""

from __future__ import annotations

import abc
import copy
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

from referee.cards import Face, parse_face
from referee.errors import UserError


class GameError(UserError):
    """A game that does not exist, or options or players it cannot be played with."""


# ---------------------------------------------------------------------------------------- actions


@dataclass(frozen=True)
class Action:
    player: int  # 1-based, in turn order
    t: float = 0.0  # seconds since the start of the session

    kind: ClassVar[str] = "action"

    def to_json(self) -> dict:
        out = {"action": self.kind}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = str(value) if isinstance(value, Face) else value
        return out


@dataclass(frozen=True)
class Play(Action):
    """A card put on a zone (a pile, the end of a line)."""

    zone: str = ""
    face: Face = field(default_factory=lambda: parse_face("BACK"))
    kind: ClassVar[str] = "play"


@dataclass(frozen=True)
class TakeBack(Action):
    """The top card of a zone taken back (the zone shows what it showed before)."""

    zone: str = ""
    kind: ClassVar[str] = "take_back"


@dataclass(frozen=True)
class Clear(Action):
    """Every card of a zone taken away (a won line)."""

    zone: str = ""
    count: int = 0
    kind: ClassVar[str] = "clear"


@dataclass(frozen=True)
class Word(Action):
    word: str = ""
    kind: ClassVar[str] = "word"


@dataclass(frozen=True)
class Pass(Action):
    kind: ClassVar[str] = "pass"


@dataclass(frozen=True)
class Press(Action):
    """A button: ``challenge``, ``slap``, ``draw``, ``menu``."""

    button: str = ""
    kind: ClassVar[str] = "press"


@dataclass(frozen=True)
class Draw(Action):
    count: int = 2
    kind: ClassVar[str] = "draw"


@dataclass(frozen=True)
class Declare(Action):
    """The letter a wild card just laid stands for (vision sees only its "?")."""

    letter: str = ""
    kind: ClassVar[str] = "declare"


@dataclass(frozen=True)
class Tick(Action):
    """Time passing with nothing else happening (round time limits)."""

    kind: ClassVar[str] = "tick"


ACTIONS: dict[str, type[Action]] = {a.kind: a for a in (Play, TakeBack, Clear, Word, Pass, Press, Draw, Declare, Tick)}


def action_from_json(data: dict) -> Action:
    data = dict(data)
    cls = ACTIONS[data.pop("action")]
    if "face" in data:
        data["face"] = parse_face(data["face"])
    return cls(**data)


# --------------------------------------------------------------------------------------- verdicts


@dataclass
class Verdict:
    """What the referee rules. ``event`` is one of: play, word, pass, reject, challenge, slap, draw,
    declare, round_end, game_end, info. ``points`` is what this verdict adds to ``player``'s score (it may be
    negative when a challenge takes points back); ``rule`` names the rule a rejection applies, and
    ``reason`` says it in plain words."""

    event: str
    player: int | None = None
    t: float = 0.0
    points: int = 0
    word: str | None = None
    zone: str | None = None
    face: str | None = None
    rule: str | None = None
    reason: str | None = None
    detail: dict[str, Any] = field(default_factory=dict)

    def to_json(self, names: list[str] | None = None) -> dict:
        out: dict[str, Any] = {"event": self.event, "t": self.t}
        if self.player is not None:
            out["player"] = names[self.player - 1] if names else self.player
        for key in ("word", "zone", "face", "rule", "reason"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        if self.points or self.event in ("word", "round_end"):
            out["points"] = self.points
        out.update(self.detail)
        return out


# ------------------------------------------------------------------------------------------ games


@dataclass(frozen=True)
class Option:
    """A house rule or rule interpretation players may choose."""

    default: Any
    help: str
    choices: tuple | None = None


class Game(abc.ABC):
    """Base class of every game. Subclasses set the class attributes, :meth:`zones` and :meth:`_apply`."""

    name: ClassVar[str]
    title: ClassVar[str]
    deck: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[dict[str, Option]] = {}
    pile_zones: ClassVar[bool] = True  # zones show only their top card (piles) rather than lines

    def __init__(self, players: list[str], options: dict | None = None, lexicon=None) -> None:
        if not self.min_players <= len(players) <= self.max_players:
            raise GameError(f"{self.title} is played by {self.min_players} to {self.max_players} players, not {len(players)}")
        options = dict(options or {})
        unknown = set(options) - set(self.options)
        if unknown:
            raise GameError(f"{self.title} has no option {', '.join(sorted(unknown))}; options: {', '.join(self.options) or 'none'}")
        self.settings = {k: options.get(k, o.default) for k, o in self.options.items()}
        for key, option in self.options.items():
            if option.choices and self.settings[key] not in option.choices:
                raise GameError(f"option {key} must be one of {', '.join(map(str, option.choices))}, not {self.settings[key]!r}")
        self.players = list(players)
        self.scores = [0] * len(players)
        self.current = 1
        self.over = False
        self.over_reason: str | None = None
        self.history: list[Action] = []
        self._lexicon = lexicon

    # -- the contract -----------------------------------------------------------------------------

    @classmethod
    @abc.abstractmethod
    def zones(cls, players: int) -> list[str]:
        """The table zones for a number of players, in the layout's order."""

    @classmethod
    def zone_owner(cls, zone: str) -> int | None:
        """The player a zone belongs to (Blitz's own piles), or None for shared zones."""
        return None

    def apply(self, action: Action) -> list[Verdict]:
        """Rule on one action. Scores change only through the verdicts returned here."""
        self.history.append(action)
        if self.over and not isinstance(action, Tick):
            return [Verdict("reject", action.player, action.t, rule="game-over", reason="the game is over")]
        verdicts = self._apply(action)
        for v in verdicts:
            if v.points and v.player is not None:
                self.scores[v.player - 1] += v.points
        return verdicts

    @abc.abstractmethod
    def _apply(self, action: Action) -> list[Verdict]:
        """The game's own rules for one action."""

    @property
    def lexicon(self):
        if self._lexicon is None:
            from referee import lexicon

            self._lexicon = lexicon.load("en")
        return self._lexicon

    @property
    def winner(self) -> list[str]:
        """The players with the highest score (several on a tie)."""
        best = max(self.scores)
        return [name for name, score in zip(self.players, self.scores) if score == best]

    def result(self) -> dict:
        return {"event": "final", "scores": dict(zip(self.players, self.scores)), "over": self.over,
                "winner": (self.winner[0] if len(self.winner) == 1 else self.winner) if self.over else None,
                **({"reason": self.over_reason} if self.over_reason else {})}

    def copy(self) -> Game:
        return copy.deepcopy(self)

    def to_json(self) -> dict:
        return {"game": self.name, "players": self.players, "options": self.settings,
                "actions": [a.to_json() for a in self.history]}

    def end(self, t: float, reason: str) -> Verdict:
        self.over = True
        self.over_reason = reason
        return Verdict("game_end", None, t, reason=reason, detail={"scores": dict(zip(self.players, self.scores))})

    def next_player(self, player: int | None = None) -> int:
        return (player or self.current) % len(self.players) + 1

    def name_of(self, player: int) -> str:
        return self.players[player - 1]


REGISTRY: dict[str, type[Game]] = {}


def register(cls: type[Game]) -> type[Game]:
    REGISTRY[cls.name] = cls
    return cls


def game_class(name: str) -> type[Game]:
    from referee import games  # noqa: F401  (imports every game module, filling the registry)

    if name not in REGISTRY:
        raise GameError(f"no game named {name!r}; games: {', '.join(sorted(REGISTRY))}")
    return REGISTRY[name]


def new_game(name: str, players: list[str], options: dict | None = None, lexicon=None) -> Game:
    return game_class(name)(players, options, lexicon)


def from_json(data: dict, lexicon=None) -> Game:
    """A game restored from :meth:`Game.to_json`, by replaying its actions."""
    game = new_game(data["game"], data["players"], data.get("options"), lexicon)
    for action in data["actions"]:
        game.apply(action_from_json(action))
    return game

