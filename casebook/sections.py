"""What the casebook adds to other apps' pages (hooks registered in `CasebookConfig.ready()`):
a ruling's published cases on its page (`ruling_sections`), and under each logged ruling,
its case or the button that proposes it (`log_entry_sections`, for its directors)."""

from articles.sections import Section
from tournaments.access import is_director_of

from .models import Case


def on_ruling(page, ruling):
    cases = list(Case.objects.published().filter(ruling=ruling).order_by("-published_at"))
    if not cases:
        return []
    return [Section("casebook/_ruling_cases.html", {"cases": cases})]


def under_entries(*, tournament, user, entries):
    if not entries:
        return {}
    cases = {
        case.logged_ruling_id: case
        for case in Case.objects.filter(logged_ruling__in=[entry.pk for entry in entries])
    }
    may_propose = user.is_staff or is_director_of(user, tournament)
    made = {}
    for entry in entries:
        case = cases.get(entry.pk)
        if case is None and not may_propose:
            continue
        data = {"tournament": tournament, "entry": entry, "case": case}
        made[entry.pk] = [Section("casebook/_on_log_entry.html", data)]
    return made
