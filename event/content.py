"""The event's part of import_content: a tournament's penalty schedule starts from its house
rules with penalty points, as migration 0002 made it for the rules already saved.

Infractions are not content (a director's working schedule), so nothing is exported; an
import makes an infraction for each penalty house rule that has none yet, so a site set up
from the content files (`make run`) has schedules like a migrated one. Importing twice
writes nothing.
"""

from tournaments.models import HouseRule

from .models import Infraction

NAME_LENGTH = 120


def infraction_name(text: str) -> str:
    """The rule's first sentence, shortened: "Misnamed discard: 25 points." → "Misnamed discard"."""
    first = " ".join(text.split()).split(". ")[0].split(":")[0].strip(" .")
    if len(first) > NAME_LENGTH:
        first = first[: NAME_LENGTH - 1].rstrip() + "…"
    return first or "Penalty"


def from_house_rule(rule) -> Infraction:
    """An infraction costing what the rule says, each offence alike (a director adds the
    upgrade path)."""
    return Infraction(
        tournament_id=rule.tournament_id,
        name=infraction_name(rule.text),
        description=rule.text,
        article_id=rule.departs_from_id,
        ruling_id=rule.ruling_id,
        points=rule.penalty_points,
        house_rule_id=rule.pk,
        position=rule.position,
    )


def import_content(folder, stdout, imports):
    rules = HouseRule.objects.filter(penalty_points__isnull=False, infraction__isnull=True)
    made = Infraction.objects.bulk_create(from_house_rule(rule) for rule in rules)
    if made:
        stdout.write(f"Penalty schedules: {len(made)} infractions from penalty house rules.")
