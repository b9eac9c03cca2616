"""A decided case proposed from the log: its texts as the anonymiser leaves them.

The anonymiser (`toolkit.anonymise`) knows every player the tournament's log ever named and
its directors and writers; here it is also told every appellant of the tournament's appeals
(their past versions too) and whoever recorded or decided this ruling's appeal. The statements
of either side are never copied into a case: the decision and its reason are.
"""

from django.db import transaction
from django.utils.translation import gettext

from appeals.models import Appeal
from toolkit.anonymise import anonymiser_for

from .models import Case


class NotDecided(Exception):
    """The case cannot be proposed yet, said in words."""


def appeal_of(entry):
    return (
        Appeal.objects.filter(logged_ruling=entry)
        .select_related("decided_by", "recorded_by")
        .first()
    )


def anonymiser(entry, appeal):
    # The appellants come by the appeals app's `log_private_names` hook, as for any entry.
    people = [p for p in (appeal.decided_by, appeal.recorded_by) if p] if appeal else []
    return anonymiser_for(entry, people=people)


def propose(entry, user) -> Case:
    """A proposal made from `entry`, or `NotDecided` with the reason."""
    appeal = appeal_of(entry)
    if appeal is not None and not appeal.is_decided:
        raise NotDecided(gettext("This ruling's appeal is not decided yet: propose it once it is."))
    if Case.objects.filter(logged_ruling=entry).exists():
        raise NotDecided(gettext("This ruling has been proposed for the casebook already."))
    anonymise = anonymiser(entry, appeal)
    decision = ""
    if appeal is not None:
        decision = f"{appeal.get_decision_display()}. {anonymise(appeal.reason)}"
    title = entry.article.title if entry.article else "A ruling at a tournament"
    with transaction.atomic():
        case = Case(
            logged_ruling=entry,
            tournament=entry.tournament,
            ruleset_id=entry.tournament.ruleset_id,
            title=title[:200],
            what_happened=anonymise(entry.what_happened),
            ruling_given=anonymise(entry.outcome),
            decision=decision,
            proposed_by=user,
        )
        case._change_reason = "Proposed from a rulings log"
        case.save()
    return case
