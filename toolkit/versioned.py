"""The toolkit's two versioned rows, declared once each for the history pages.

A logged ruling names players and tables: only those who may use its tournament's log read
its history (anyone else is told it does not exist) and its rows in recent changes
(`access.logs_for`: staff every tournament's, editors those of tournaments they may see, a
director their own), and they restore it. Picker choices
are edited by editors alone, so only they read and restore their history.
"""

from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy

import versions
from articles.permissions import is_editor
from versions.recent import Recent

from .access import logs_for, may_use_log
from .models import LoggedRuling, PickerChoice

# What a logged ruling's form edits, its save merges and a restore brings back.
LOG_FIELDS = (
    "ruled_at",
    "table",
    "round",
    "players",
    "what_happened",
    "article",
    "ruling",
    "house_rule",
    "outcome",
    "penalty",
    "appeal",
    "appeal_result",
)


def _log_entry(user, slug, pk):
    return get_object_or_404(
        LoggedRuling.objects.select_related("tournament"), pk=pk, tournament__slug=slug
    )


def _may_use_its_log(user, entry) -> bool:
    return may_use_log(user, entry.tournament)


versions.register(
    LoggedRuling,
    name="log",
    namespace="toolkit",
    route="tournaments/<slug:slug>/log/<int:pk>/",
    url_kwargs=lambda entry: {"slug": entry.tournament.slug, "pk": entry.id},
    find=_log_entry,
    sign_in_to_read=True,
    may_read=_may_use_its_log,
    may_restore=_may_use_its_log,
    label=lambda entry: (
        gettext("Logged ruling %(number)s (%(tournament)s)")
        % {"number": entry.pk, "tournament": entry.tournament.name}
    ),
    url=lambda entry: reverse("toolkit:log", args=[entry.tournament.slug]) + f"#ruling-{entry.pk}",
    fields=LOG_FIELDS,
    text_fields=("what_happened", "outcome", "appeal"),
    recent=(
        Recent(
            visible=lambda user, rows: rows.filter(tournament__in=logs_for(user).values("pk")),
            related=("tournament",),
            label=lambda record: (
                gettext("Rulings log of %(name)s") % {"name": record.tournament.name}
            ),
            verbs=(
                gettext_lazy("ruling logged"),
                gettext_lazy("ruling corrected"),
                gettext_lazy("ruling removed"),
            ),
        ),
    ),
    private={"log entry": frozenset({"editor"})},
)

versions.register(
    PickerChoice,
    name="picker",
    namespace="toolkit",
    route="picker/<slug:key>/",
    find=lambda user, key: get_object_or_404(PickerChoice, key=key),
    sign_in_to_read=True,
    may_read=lambda user, choice: is_editor(user),
    may_restore=lambda user, choice: is_editor(user),
    label=lambda choice: gettext("Picker choice “%(label)s”") % {"label": choice.label},
    url=lambda choice: reverse("toolkit:picker-edit-list"),
    # A choice's key is its address and never changes after it is made.
    fields=("parent", "label", "next_question", "ruling", "article", "answer", "position"),
    recent=(
        Recent(
            visible=lambda user, rows: rows,  # that a choice changed is no secret
            label=lambda record: gettext("Picker choice “%(label)s”") % {"label": record.label},
            verbs=(
                gettext_lazy("choice created"),
                gettext_lazy("choice changed"),
                gettext_lazy("choice deleted"),
            ),
        ),
    ),
)
