"""A camera referee for physical letter-card word games.

The parts a program uses directly: :mod:`referee.cards` (faces and notation), :mod:`referee.decks`
(decks as data) and :mod:`referee.lexicon` (word checks, families and search).
"""

__version__ = "0.1.0"
