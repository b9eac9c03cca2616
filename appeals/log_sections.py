"""What appeals add to a tournament's rulings log (hooks registered in `AppealsConfig.ready()`):
at the top, the rounds and the "round ended" button for the head TD (`page_sections`, page
"log"); under each entry, the first ruling and who gave it beside the appeal and its result,
or when an appeal may be made until (`log_entry_sections`). Read in a few queries for the
whole log, whatever its length."""

from django.urls import reverse
from django.utils import timezone

from articles.sections import Section

from . import access
from .forms import RoundEndedForm
from .models import Appeal, AppealRules, Round, deadline_for

DEFAULT_RULES = AppealRules()  # no head TD yet, the default deadline


def _rules(tournament):
    return (
        AppealRules.objects.filter(tournament=tournament).select_related("head_td").first()
        or DEFAULT_RULES
    )


def log_top(page, tournament=None, user=None, **context):
    if page != "log" or tournament is None or user is None:
        return []
    rules = _rules(tournament)
    rounds = list(Round.objects.filter(tournament=tournament))
    ended = [found for found in rounds if found.ended_at is not None]
    next_number = max((found.number for found in ended), default=0) + 1
    data = {
        "tournament": tournament,
        "rules": rules,
        "rounds": ended,
        "is_head_td": access.is_head_td(user, tournament, rules.head_td),
        "may_record": access.may_record(user, tournament),
        "form": RoundEndedForm(initial={"number": next_number}),
        "rules_url": reverse("appeals:appeal-rules-edit", args=[tournament.slug]),
    }
    return [Section("appeals/_log_rounds.html", data)]


def under_entries(*, tournament, user, entries):
    if not entries:
        return {}
    rules = _rules(tournament)
    ended = {
        found.number: found
        for found in Round.objects.filter(tournament=tournament, ended_at__isnull=False)
    }
    appeals = {
        appeal.logged_ruling_id: appeal
        for appeal in Appeal.objects.filter(
            logged_ruling__in=[e.pk for e in entries]
        ).select_related("decided_by")
    }
    may_record = access.may_record(user, tournament)
    now = timezone.now()
    made = {}
    for entry in entries:
        appeal = appeals.get(entry.pk)
        deadline = deadline_for(entry, rules.deadline_minutes, ended)
        if appeal is None and not (may_record and deadline.allows(now)):
            continue  # nothing to show: not appealed, and too late (or not theirs) to record
        data = {
            "tournament": tournament,
            "entry": entry,
            "appeal": appeal,
            "deadline": deadline,
            "open": deadline.allows(now),
            "may_record": may_record,
            "head_td": rules.head_td,
        }
        made[entry.pk] = [Section("appeals/_on_log_entry.html", data)]
    return made


def appellants(*, entry) -> set[str]:
    """Every appellant of the entry's tournament (past versions too): the anonymiser takes
    their names out of a logged ruling made public or proposed for the casebook."""
    recorded = Appeal.history.filter(logged_ruling__tournament=entry.tournament_id)
    return set(recorded.values_list("appellant", flat=True))
