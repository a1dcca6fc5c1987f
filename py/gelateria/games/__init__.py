"""One sub-package per game, each of the same shape: rules.py (pure rules, the Game
object), bots.py (game-specific bots), and an __init__ that registers the game."""
