"""What editors read on a ruling's page when the engine disagrees with it (the
`ruling_sections` hook, registered in `RulingsConfig.ready()` after the checks that show it):
"The checks disagree with this ruling", with each check and what it gives. Readers never see
it: a ruling is corrected, or its check, before either is relied on."""

from articles.permissions import is_editor
from articles.sections import Section
from rulings.agreement import Agreement, CheckVerdict
from rulings.ruling_checks import shown_on


def sections(page, ruling):
    if not is_editor(page.reader):
        return []
    # The checks as the page's checks section read them (once per page).
    found = Agreement(
        ruling, [CheckVerdict(c, verdict) for c, _, verdict in shown_on(page, ruling)]
    )
    if not (found.disagrees or found.unchecked):
        return []
    return [Section("rulings/_ruling_disagrees.html", {"agreement": found})]
