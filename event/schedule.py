"""The penalty schedule on the tournament's sheet: the `sheet_snapshot` hook.

A published version keeps the schedule as plain data (`tournaments.versions` reads it), so
the sheet, the ruling box and "the rules in force on a date" show the penalties of that
version, and publishing notices a change of the schedule. A tournament without infractions
adds nothing: its snapshot is what it was before the schedule existed.

Infractions are not private (the schedule is on the printed sheet); the players charged
with them are, and nothing of them is here.
"""

from .models import Infraction


def applies_to(infraction) -> str | None:
    """The key of the article it applies to: its own, else its ruling's."""
    if infraction.article_id:
        return infraction.article.key
    if infraction.ruling_id:
        return infraction.ruling.article.key
    return None


def penalty_entry(infraction) -> dict:
    return {
        "name": infraction.name,
        "description": infraction.description,
        "article": applies_to(infraction),
        "ruling": infraction.ruling.slug if infraction.ruling_id else None,
        "points": infraction.points,
        "second_points": infraction.second_points,
        "second_head_td_decides": infraction.second_head_td_decides,
        "third_points": infraction.third_points,
        "third_head_td_decides": infraction.third_head_td_decides,
    }


def snapshot_part(tournament) -> dict:
    infractions = Infraction.objects.filter(tournament=tournament).select_related(
        "article", "ruling__article"
    )
    entries = [penalty_entry(infraction) for infraction in infractions]
    return {"penalties": entries} if entries else {}
