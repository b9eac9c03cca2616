"""The rules of tournament mahjong as plain Python: the engine that judges an action at a
table, and the scenario language that writes a situation and its ruling as a Gherkin scenario.

Installable and importable without Django; the site (the ``rulings`` app and the wiki) is one
of its users.
"""

__version__ = "0.1.0"
