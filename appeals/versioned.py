"""The appeals app's three versioned models, declared once each for the history pages.

All are private like the rulings log they belong to: only those who may use the
tournament's log read their history and their rows in recent changes; its directors and
staff restore them. A decision is final (`views.decide` refuses a second one), so it is no
field of the declaration: restoring an appeal's version brings back what was recorded of the
appeal, never another decision.
"""

from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy

import versions
from versions.recent import Recent

from .access import logs_for, may_record, may_use_log
from .models import Appeal, AppealRules, Round

APPEAL_FIELDS = (
    "appellant_player",
    "appellant",
    "lodged_at",
    "appellant_statement",
    "other_statement",
)
RULES_FIELDS = ("head_td", "deadline_minutes", "how_to_appeal")
ROUND_FIELDS = ("ended_at", "note")


def _visible(user, rows):
    return rows.filter(tournament__in=logs_for(user).values("pk"))


versions.register(
    Appeal,
    name="appeal",
    namespace="appeals",
    route="tournaments/<slug:slug>/appeals/<int:pk>/",
    url_kwargs=lambda appeal: {"slug": appeal.logged_ruling.tournament.slug, "pk": appeal.pk},
    find=lambda user, slug, pk: get_object_or_404(
        Appeal.objects.select_related("logged_ruling__tournament"),
        pk=pk,
        logged_ruling__tournament__slug=slug,
    ),
    sign_in_to_read=True,
    may_read=lambda user, appeal: may_use_log(user, appeal.logged_ruling.tournament),
    may_restore=lambda user, appeal: may_record(user, appeal.logged_ruling.tournament),
    label=lambda appeal: (
        gettext("Appeal of logged ruling %(number)s") % {"number": appeal.logged_ruling_id}
    ),
    url=lambda appeal: reverse(
        "appeals:appeal", args=[appeal.logged_ruling.tournament.slug, appeal.pk]
    ),
    fields=APPEAL_FIELDS,
    text_fields=("appellant_statement", "other_statement"),
    recent=(
        Recent(
            visible=lambda user, rows: rows.filter(
                logged_ruling__tournament__in=logs_for(user).values("pk")
            ),
            related=("logged_ruling__tournament",),
            label=lambda record: (
                gettext("Appeals of %(name)s") % {"name": record.logged_ruling.tournament.name}
            ),
            verbs=(
                gettext_lazy("appeal recorded"),
                gettext_lazy("appeal changed"),
                gettext_lazy("appeal removed"),
            ),
        ),
    ),
    private={"appeal": frozenset({"editor"}), "statement": frozenset({"editor"})},
)

versions.register(
    AppealRules,
    name="appeal-rules",
    namespace="appeals",
    route="tournaments/<slug:slug>/appeal-rules/",
    url_kwargs=lambda rules: {"slug": rules.tournament.slug},
    find=lambda user, slug: get_object_or_404(
        AppealRules.objects.select_related("tournament"), tournament__slug=slug
    ),
    sign_in_to_read=True,
    may_read=lambda user, rules: may_use_log(user, rules.tournament),
    may_restore=lambda user, rules: may_record(user, rules.tournament),
    label=lambda rules: gettext("Appeal rules of %(name)s") % {"name": rules.tournament.name},
    url=lambda rules: reverse("appeals:appeal-rules-edit", args=[rules.tournament.slug]),
    fields=RULES_FIELDS,
    recent=(
        Recent(
            visible=_visible,
            related=("tournament",),
            label=lambda record: (
                gettext("Appeal rules of %(name)s") % {"name": record.tournament.name}
            ),
            verbs=(
                gettext_lazy("appeal rules set"),
                gettext_lazy("appeal rules changed"),
                gettext_lazy("appeal rules removed"),
            ),
        ),
    ),
)

versions.register(
    Round,
    name="round",
    namespace="appeals",
    route="tournaments/<slug:slug>/rounds/<int:round>/",
    url_kwargs=lambda found: {"slug": found.tournament.slug, "round": found.number},
    find=lambda user, slug, round: get_object_or_404(
        Round.objects.select_related("tournament"), tournament__slug=slug, number=round
    ),
    sign_in_to_read=True,
    may_read=lambda user, found: may_use_log(user, found.tournament),
    may_restore=lambda user, found: may_record(user, found.tournament),
    label=lambda found: (
        gettext("Round %(number)s of %(name)s")
        % {"number": found.number, "name": found.tournament.name}
    ),
    url=lambda found: reverse("toolkit:log", args=[found.tournament.slug]),
    fields=ROUND_FIELDS,
    recent=(
        Recent(
            visible=_visible,
            related=("tournament",),
            label=lambda record: gettext("Rounds of %(name)s") % {"name": record.tournament.name},
            verbs=(
                gettext_lazy("round added"),
                gettext_lazy("round ended"),
                gettext_lazy("round removed"),
            ),
        ),
    ),
)
