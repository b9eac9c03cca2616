"""Tile codes and their names, as the scenario language writes them ("7D" is "7 Dots").

Pure Python (no Django) so any part of the site can import it. The rules engine keeps its
own tile model in rulings/engine/tiles.py; this is only the table of pictures and names
the pages need, and `articles` may not import `rulings`.
"""

SUITS = {"D": "Dots", "B": "Bams", "C": "Craks"}
HONOURS = {
    "N": "North wind",
    "E": "East wind",
    "S": "South wind",
    "W": "West wind",
    "RD": "Red dragon",
    "GD": "Green dragon",
    "WD": "White dragon",
    "F": "Flower",
    "J": "Joker",
}

TILE_NAMES = {
    **{f"{rank}{suit}": f"{rank} {name}" for suit, name in SUITS.items() for rank in range(1, 10)},
    **HONOURS,
}
TILE_CODES = tuple(TILE_NAMES)


def tile_name(code: str) -> str:
    """The name readers see for a tile code: tile_name("7D") == "7 Dots"."""
    return TILE_NAMES[code.upper()]


def is_tile_code(code: str) -> bool:
    return code.upper() in TILE_NAMES
