"""The games the referee knows: one module each, registered by name.

>>> from referee import games
>>> game = games.new_game("alpha", ["Peter", "Mary"])
"""

from referee.games import alpha, alphabet_bang, blitz, taketwo  # noqa: F401  (register the games)
from referee.games.base import REGISTRY, Game, GameError, from_json, game_class, new_game

__all__ = ["REGISTRY", "Game", "GameError", "from_json", "game_class", "new_game"]
