"""Tournaments and cards entered on the site, declared once each for the history pages.

A tournament's versions are its details, its house rules and its publishes as one timeline
(`tournaments.history.Timeline`); whoever may see it reads them, its directors and staff
restore into the working copy. In recent changes everyone reads a tournament's publishes
and withdrawals, and only its directors and staff its saves since (a draft of the next
version, as a draft tournament is). A card's history is read by whoever may see the card (a
private card's is a 404 to anyone else); its keepers restore it, and a restored card file
must still load with a name of its own.
"""

from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext_lazy

import versions
from versions.recent import Recent
from versions.timeline import compared

from . import access, cards
from .history import RULE_VERBS, Timeline, parts_between
from .models import Card, HouseRule, PublishedVersion, Tournament

# What the desk's form edits, its save merges (the details; house rules are their own rows).
DETAILS = (
    "name",
    "slug",
    "starts_on",
    "ends_on",
    "rules_as_of",
    "place",
    "ruleset",
    "base_rules",
    "card_name",
    "language",
)


def _working_copies(user, rows, tournament="id"):
    """Rows of tournaments whose working copy `user` reads: staff every one's, a director
    their own."""
    if not user.is_authenticated:
        return rows.none()
    working = Tournament.objects.all() if user.is_staff else user.directed_tournaments.all()
    return rows.filter(**{f"{tournament}__in": working.values("pk")})


def _seen_by(user, rows):
    return rows.filter(tournament__in=Tournament.objects.visible_to(user).values("pk"))


def _its_history(tournament) -> str:
    return reverse("tournaments:tournament-history", args=[tournament.slug])


def _version_event(verb: str, field: str, summary: str = "") -> Recent:
    """A publish or a withdrawal in recent changes: every reader of the tournament sees it
    (`<field>_at`, `<field>_by` on the published version)."""
    return Recent(
        table=lambda: PublishedVersion.objects.filter(**{f"{field}_at__isnull": False}),
        visible=_seen_by,
        related=("tournament",),
        label=lambda version: f"Tournament: {version.tournament.name}",
        what=lambda version: f"{verb} version {version.number}",
        url=lambda version: _its_history(version.tournament),
        date=f"{field}_at",
        who=f"{field}_by",
        summary=summary,
    )


versions.register(
    Tournament,
    name="tournament",
    namespace="tournaments",
    route="tournaments/<slug:slug>/",
    find=lambda user, slug: get_object_or_404(
        Tournament.objects.select_related("ruleset"), slug=slug
    ),
    may_read=access.can_view,
    may_restore=access.can_edit,
    label=lambda tournament: tournament.name,
    url=lambda tournament: tournament.get_absolute_url(),
    fields=DETAILS,
    text_fields=("base_rules",),
    history=Timeline(),
    parts=parts_between,
    note=gettext_lazy(
        "Changes to the working copy reach players only when a version is published."
    ),
    recent=(
        Recent(
            visible=_working_copies,
            label=lambda record: f"Tournament: {record.name}",
            verbs=("tournament created", "details changed", "tournament deleted"),
        ),
        Recent(
            table=HouseRule.history.all,
            visible=lambda user, rows: _working_copies(user, rows, "tournament_id"),
            related=("tournament",),
            label=lambda record: f"House rule of {record.tournament.name}",
            verbs=RULE_VERBS,
            url=lambda record: _its_history(record.tournament),
        ),
        _version_event("published", "published"),
        _version_event("withdrew", "withdrawn", summary="withdrawal_reason"),
    ),
    private={"draft tournament": frozenset(), "working copy": frozenset()},
)


def _card_what(record, previous) -> str:
    if record.history_type != "~" or previous is None:
        return {"+": "card added"}.get(record.history_type, "deleted")
    changed = record.diff_against(previous, included_fields=["text", "owner"]).changed_fields
    words = [{"text": "the card file", "owner": "who keeps it"}[name] for name in changed]
    if record.private != previous.private:
        words.append("made private" if record.private else "made public")
    return "changed " + ", ".join(words) if words else "saved, nothing changed"


def _keeper(owner_id) -> str:
    if owner_id is None:
        return "the League's editors"
    name = Tournament.objects.filter(pk=owner_id).values_list("name", flat=True).first()
    return name or f"a deleted tournament (#{owner_id})"


def _card_parts(older, newer, user):
    return [
        compared("Name", older.name, newer.name),
        compared("Card file", older.text, newer.text),
        compared("Kept by", _keeper(older.owner_id), _keeper(newer.owner_id)),
        compared("Private", "yes" if older.private else "no", "yes" if newer.private else "no"),
    ]


def _still_a_card(card, record) -> str | None:
    """A restored card file must load and keep a name no other card has taken since."""
    try:
        card.full_clean()
    except ValidationError as error:
        return " ".join(error.messages)
    return None


def _may_keep(user, card, record) -> bool:
    """Restoring may not hand the card to a keeper this user may not keep cards for."""
    tournaments, league = cards.owners_for(user)
    keeps = league if record.owner_id is None else record.owner_id in {t.pk for t in tournaments}
    return keeps or record.owner_id == card.owner_id


versions.register(
    Card,
    name="card",
    namespace="cards",
    route="cards/<int:pk>/",
    find=lambda user, pk: get_object_or_404(Card.objects.select_related("owner"), pk=pk),
    may_read=cards.can_see,
    may_restore=cards.can_edit,
    may_restore_version=_may_keep,
    label=lambda card: f"Card “{card.name}”",
    url=lambda card: card.get_absolute_url(),
    fields=("text", "owner", "private"),
    text_fields=("text",),
    describe=_card_what,
    parts=_card_parts,
    prepare=_still_a_card,
    recent=(
        Recent(
            visible=lambda user, rows: rows.filter(
                id__in=Card.objects.visible_to(user).values("pk")
            ),
            label=lambda record: f"Card: {record.name}",
            verbs=("card added", "changed", "deleted"),
        ),
    ),
    private={"private card": frozenset({"editor"})},
)
