"""The casebook's one versioned model, declared once for the history pages.

A case's history holds its proposal as the anonymiser left it, before an editor read it:
so only its keepers (the tournament's directors, editors, staff) read the history, even
after it is published; readers read the published case. Reviewers restore.
"""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext, gettext_lazy

import versions
from versions.recent import Recent

from .access import may_keep, may_review
from .models import Case

CASE_FIELDS = ("title", "ruling", "what_happened", "ruling_given", "decision", "reasoning")


def _kept_by(user, rows):
    from articles.permissions import is_editor

    if not user.is_authenticated:
        return rows.none()
    if user.is_staff or is_editor(user):
        return rows
    return rows.filter(tournament__in=user.directed_tournaments.values("pk"))


versions.register(
    Case,
    name="case",
    namespace="casebook",
    route="casebook/cases/<int:pk>/",
    find=lambda user, pk: get_object_or_404(Case.objects.select_related("tournament"), pk=pk),
    sign_in_to_read=True,
    may_read=may_keep,
    may_restore=may_review,
    label=lambda case: gettext("Case %(number)s of the casebook") % {"number": case.pk},
    url=lambda case: case.get_absolute_url(),
    fields=CASE_FIELDS,
    text_fields=("what_happened", "ruling_given", "decision", "reasoning"),
    recent=(
        Recent(
            visible=_kept_by,
            label=lambda record: gettext("Case %(number)s of the casebook") % {"number": record.id},
            verbs=(
                gettext_lazy("case proposed"),
                gettext_lazy("case edited"),
                gettext_lazy("case removed"),
            ),
        ),
    ),
    private={"case proposal": frozenset({"editor"})},
)
