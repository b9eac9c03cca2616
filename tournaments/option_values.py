"""A house rule's value: the name of one of its option's readings ("open-until-discard"), or
on/off for an option without readings. Kept as a name so a house rule says which reading of
a disputed rule the tournament follows (the D-list of the rules reference).

House rules were on/off before readings existed: published snapshots and content files from
then hold true/false, and a form may still post on/off. Every reader of a value goes through
here, so an old snapshot reads as the reading it stood for.
"""

from __future__ import annotations

from mahjong_rules.engine.options import OPTIONS

ON_OFF = {"on": True, "off": False}


def _as_bool(value) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in ON_OFF:
        return ON_OFF[value.lower()]
    return None


def stored_value(option: str, value) -> str:
    """The name a value is kept under: a reading's name (on/off, true/false and old booleans
    become the reading they stand for), "on"/"off" for an option without readings, "" for
    none. A name the option does not have is kept as given, for validation to refuse."""
    if value is None or value == "" or not option:
        return "" if value is None or value == "" else str(value)
    known = OPTIONS.get(option)
    as_bool = _as_bool(value)
    if as_bool is None:
        return str(value)
    reading = known.reading_for(as_bool) if known else None
    if reading is not None:
        return reading.name
    return "on" if as_bool else "off"


def boolean(option: str, value) -> bool | None:
    """What the engine reads: the option on or off under that value; None if unknown."""
    as_bool = _as_bool(value)
    if as_bool is not None:
        return as_bool
    known = OPTIONS.get(option)
    if known is None or not isinstance(value, str):
        return None
    return next((r.value for r in known.readings if r.name == value), None)


def names_for(option: str) -> list[str]:
    """The values a house rule for this option may take."""
    known = OPTIONS.get(option)
    if known is None:
        return []
    return [r.name for r in known.readings] or list(ON_OFF)


def choices_for(options) -> list:
    """The value field's choices, grouped by option (a reading's name with its summary)."""
    groups = [("", "—")]
    for name in sorted(options):
        option = options[name]
        if option.readings:
            group = [(r.name, f"{r.name}: {r.summary}") for r in option.readings]
        else:
            group = [("on", "on"), ("off", "off")]
        groups.append((name, group))
    return groups
