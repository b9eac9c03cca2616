"""Players (and their seats) from a CSV file: checked whole, then imported whole.

The file has a header line naming its columns: `name` and/or `number`, and optionally
`round`, `table` and `seat`. Each line is one player, with one seat when it gives a round; a
player on several lines (the same number, else the same name) gets each line's seat. A
player already listed is matched the same way and gets the new seats. Every bad line is
reported with its line number and reason, and nothing is imported until none is left.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext as _

from .models import Player, Seat

COLUMNS = {"name", "number", "round", "table", "seat"}
MAX_LINES = 5000


@dataclass
class Problem:
    line: int
    reason: str

    def __str__(self):
        return _("Line %(line)s: %(reason)s") % {"line": self.line, "reason": self.reason}


@dataclass
class Plan:
    """What an import would do, or the problems that stop it."""

    problems: list[Problem] = field(default_factory=list)
    players: dict = field(default_factory=dict)  # key → {"name", "number", "seats": [...]}

    @property
    def new_players(self) -> int:
        return sum(1 for found in self.players.values() if found["existing"] is None)

    @property
    def seats(self) -> int:
        return sum(len(found["seats"]) for found in self.players.values())


def _key(name: str, number: str) -> tuple:
    return ("number", number) if number else ("name", name.casefold())


def read(text: str, tournament) -> Plan:
    plan = Plan()
    rows = csv.DictReader(io.StringIO(text))
    header = {(column or "").strip().lower() for column in rows.fieldnames or []}
    if not header & {"name", "number"}:
        plan.problems.append(
            Problem(
                1,
                _(
                    "The first line names the columns: name or number (or both), then "
                    "round, table and seat if the file gives seats."
                ),
            )
        )
        return plan
    unknown = header - COLUMNS - {""}
    if unknown:
        plan.problems.append(
            Problem(
                1,
                _(
                    "Unknown column %(columns)s; the columns are "
                    "name, number, round, table and seat."
                )
                % {"columns": ", ".join(sorted(unknown))},
            )
        )
        return plan
    existing = {}
    for player in Player.objects.filter(tournament=tournament).prefetch_related("seats"):
        existing.setdefault(_key("", player.number) if player.number else None, player)
        if player.name:
            existing.setdefault(_key(player.name, ""), player)
    existing.pop(None, None)
    taken = {}  # (round, table, seat) → who, from the file and the listed seats
    for player in existing.values():
        for seat in player.seats.all():
            if seat.seat:
                taken[(seat.round, seat.table.casefold(), seat.seat.casefold())] = str(player)
    for row in rows:
        line = rows.line_num
        if line > MAX_LINES:
            plan.problems.append(
                Problem(line, _("The file is longer than %(n)s lines.") % {"n": MAX_LINES})
            )
            break
        values = {(k or "").strip().lower(): (v or "").strip() for k, v in row.items() if k}
        if not any(values.values()):
            continue  # a blank line
        _read_row(plan, line, values, existing, taken)
    return plan


def _read_row(plan, line, values, existing, taken):
    name, number = values.get("name", ""), values.get("number", "")
    if not name and not number:
        plan.problems.append(Problem(line, _("Give the player's name or player number.")))
        return
    if len(name) > 120 or len(number) > 20:
        plan.problems.append(Problem(line, _("A name is at most 120 characters, a number 20.")))
        return
    key = _key(name, number)
    found = plan.players.get(key)
    if found is None:
        listed = existing.get(key) or (existing.get(_key(name, "")) if name and number else None)
        if listed is not None and number and listed.number and listed.number != number:
            listed = None  # the same name with another number: another player
        found = plan.players.setdefault(
            key, {"name": name, "number": number, "existing": listed, "seats": [], "line": line}
        )
    elif name and found["name"] and name.casefold() != found["name"].casefold():
        plan.problems.append(
            Problem(
                line,
                _("Player number %(number)s is %(name)s on line %(line)s.")
                % {"number": number, "name": found["name"], "line": found["line"]},
            )
        )
        return
    round_text, table, seat = (
        values.get("round", ""),
        values.get("table", ""),
        values.get("seat", ""),
    )
    if not round_text:
        if table or seat:
            plan.problems.append(Problem(line, _("A table or seat needs the round's number.")))
        return
    if not round_text.isdigit() or int(round_text) < 1 or int(round_text) > 1000:
        plan.problems.append(
            Problem(line, _("“%(text)s” is not a round: give 1, 2, 3…") % {"text": round_text})
        )
        return
    if not table:
        plan.problems.append(
            Problem(line, _("Round %(round)s needs the player's table.") % {"round": round_text})
        )
        return
    if len(table) > 20 or len(seat) > 20:
        plan.problems.append(Problem(line, _("A table or a seat is at most 20 characters.")))
        return
    number_of_round = int(round_text)
    who = name or _("Player #%(number)s") % {"number": number}
    listed_rounds = (
        {s.round for s in found["existing"].seats.all()} if found["existing"] is not None else set()
    )
    if number_of_round in listed_rounds or any(s[0] == number_of_round for s in found["seats"]):
        plan.problems.append(
            Problem(
                line,
                _("%(who)s is seated twice in round %(round)s: a player sits once a round.")
                % {"who": who, "round": number_of_round},
            )
        )
        return
    if seat:
        place = (number_of_round, table.casefold(), seat.casefold())
        if place in taken:
            plan.problems.append(
                Problem(
                    line,
                    _("%(who)s already sits at table %(table)s, %(seat)s in round %(round)s.")
                    % {"who": taken[place], "table": table, "seat": seat, "round": number_of_round},
                )
            )
            return
        taken[place] = who
    found["seats"].append((number_of_round, table, seat))


def apply(plan: Plan, tournament) -> None:
    """Import a plan with no problems, all of it or (on a failure) nothing."""
    assert not plan.problems, "an import with problems is never applied"
    with transaction.atomic():
        for found in plan.players.values():
            player = found["existing"]
            if player is None:
                player = Player(tournament=tournament, name=found["name"], number=found["number"])
                player._change_reason = "Imported"
                player.save()
            for number_of_round, table, seat in found["seats"]:
                made = Seat(player=player, round=number_of_round, table=table, seat=seat)
                made._change_reason = "Imported"
                made.save()
