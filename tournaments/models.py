"""Tournaments, their house rules and published versions, with history.

They were `rulings`' models until `rulings.0003_tournaments_move_out` and
`tournaments.0001_initial` moved them here (their docstrings say how). House rules link to
League articles by the articles' stable keys.
"""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse
from simple_history.models import HistoricalRecords

from articles.models import Article


class TournamentQuerySet(models.QuerySet):
    def published(self):
        return self.filter(status=Tournament.Status.PUBLISHED)

    def visible_to(self, user):
        """Published tournaments for everyone; drafts only for their directors and staff."""
        if user.is_authenticated and user.is_staff:
            return self.all()
        if user.is_authenticated:
            return self.filter(
                models.Q(status=Tournament.Status.PUBLISHED) | models.Q(directors=user)
            ).distinct()
        return self.published()

    def with_published_rules(self):
        """Annotate each tournament with its latest published version's snapshot, in one query.

        The article matrix reads every published tournament's options this way, so its query
        count does not grow with the number of tournaments.
        """
        latest = PublishedVersion.objects.in_force().filter(tournament=models.OuterRef("pk"))
        latest = latest.order_by("-number")
        return self.annotate(
            published_number=models.Subquery(latest.values("number")[:1]),
            published_snapshot=models.Subquery(
                latest.values("snapshot")[:1], output_field=models.JSONField()
            ),
            published_on=models.Subquery(latest.values("published_on")[:1]),
        )


class Tournament(models.Model):
    """An event with its own house rules on top of a rule set."""

    class Status(models.TextChoices):
        DRAFT = "draft", "Draft"
        PUBLISHED = "published", "Published"

    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=80, unique=True)
    starts_on = models.DateField(null=True, blank=True)
    ends_on = models.DateField(null=True, blank=True)
    rules_as_of = models.DateField(
        null=True,
        blank=True,
        verbose_name="League rules as of",
        help_text="It plays under the League's rulings in force on this day; "
        "blank: its first day (or today's rulings when it has no dates yet).",
    )
    place = models.CharField(max_length=200, blank=True)
    ruleset = models.ForeignKey("articles.RuleSet", on_delete=models.PROTECT)
    base_rules = models.TextField(
        blank=True,
        help_text='The base it plays under, in words: "NMJL rules as published in …, plus".',
    )
    directors = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="directed_tournaments"
    )
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.DRAFT)
    card_name = models.CharField(
        max_length=200,
        blank=True,
        verbose_name="card",
        help_text="The card its hand checks use (a shipped card or one entered on the site).",
    )
    # The sheet is the tournament's own handout: its house rules are written in this
    # language, so the words around them are too, whatever language the reader browses in.
    language = models.CharField(
        max_length=8,
        choices=settings.LANGUAGES,
        default=settings.LANGUAGE_CODE,
        help_text="The language of its printed sheet and its offline copy.",
    )

    objects = TournamentQuerySet.as_manager()
    history = HistoricalRecords()

    class Meta:
        ordering = ["-starts_on", "name"]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("tournaments:tournament", args=[self.slug])

    def clean(self):
        if self.starts_on and self.ends_on and self.ends_on < self.starts_on:
            raise ValidationError({"ends_on": "The last day cannot come before the first."})

    @property
    def is_published(self):
        return self.status == self.Status.PUBLISHED

    @property
    def league_date(self):
        """The day whose League rulings it plays under: its own, else its first day; None
        (today's rulings) when it has neither."""
        return self.rules_as_of or self.starts_on


def options_for_ruleset(ruleset_key):
    """The engine's rule options that belong to a rule set: those whose article is one of its
    (an option's `article` key starts with the rule set's key, as "nmjl-6" does)."""
    # Imported here: the engine is plain Python and loads its option table on first use.
    from mahjong_rules.engine.options import OPTIONS

    prefix = f"{ruleset_key}-"
    return {name: option for name, option in OPTIONS.items() if option.article.startswith(prefix)}


class PenaltyPointsOnceKept(models.Model):
    """The points a house rule's history row kept while a penalty was a house rule with
    points (until the event's penalty schedule took them: event migration 0003). Old rows
    keep what they said; new rows leave it empty."""

    penalty_points = models.PositiveSmallIntegerField(
        "penalty in points", null=True, blank=True, editable=False
    )

    class Meta:
        abstract = True


class HouseRule(models.Model):
    """Where a tournament departs from League rules: an option's value, or plain text.

    The working copy a tournament director edits; players read the published version
    (`PublishedVersion`), so a half-finished edit never reaches a table.
    """

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="house_rules")
    option = models.CharField(
        max_length=80, blank=True, help_text="A rule option's name; blank for a plain-text rule."
    )
    value = models.CharField(
        max_length=80,
        blank=True,
        default="",
        help_text="The option's value: the name of one of its readings (on or off for an "
        "option without readings).",
    )
    text = models.TextField(help_text="The change stated in full, as a player will read it.")
    departs_from = models.ForeignKey(
        Article,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="house_rules",
        help_text="The League article it departs from.",
    )
    position = models.PositiveSmallIntegerField(default=0)
    # A rule the engine cannot check (text only) answers a ruling because its author says so:
    # the ruling it answers and the answer it gives there. An option's rule is checked instead.
    ruling = models.ForeignKey(
        "articles.Ruling",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="house_rules",
        help_text="The ruling this house rule answers differently, if any.",
    )
    ruling_verdict = models.CharField(
        "its answer there",
        max_length=20,
        blank=True,
        default="",
        choices=[
            ("allowed", "Allowed"),
            ("not_allowed", "Not allowed"),
            ("dead", "The hand is dead"),
        ],
        help_text="What the ruling's question gets at this tournament.",
    )

    history = HistoricalRecords(bases=[PenaltyPointsOnceKept])

    class Meta:
        ordering = ["tournament", "position", "pk"]

    def __str__(self):
        return self.text[:80]

    def save(self, *args, **kwargs):
        # Code and old files may still give on/off as a boolean: kept as the reading it is.
        from tournaments.option_values import stored_value

        self.value = stored_value(self.option, self.value)
        super().save(*args, **kwargs)

    def clean(self):
        # Imported here: the engine is plain Python and loads its option table on first use.
        from mahjong_rules.engine.options import OPTIONS

        errors = {}
        if self.option and self.option not in OPTIONS:
            known = ", ".join(sorted(OPTIONS))
            errors["option"] = f'"{self.option}" is not a rule option. Known options: {known}.'
        if self.option and "option" not in errors and self.tournament_id:
            ruleset = self.tournament.ruleset
            if self.option not in options_for_ruleset(ruleset.key):
                errors["option"] = (
                    f'"{self.option}" is an option of another rule set; '
                    f"a {ruleset.name} tournament cannot set it."
                )
        from tournaments.option_values import names_for, stored_value

        self.value = stored_value(self.option, self.value)
        if self.option and not self.value and "option" not in errors:
            names = ", ".join(names_for(self.option))
            errors["value"] = f"Choose which reading the tournament follows: {names}."
        elif self.option and "option" not in errors and self.value not in names_for(self.option):
            names = ", ".join(names_for(self.option))
            errors["value"] = f'"{self.option}" has no reading "{self.value}"; choose {names}.'
        if not self.option and self.value:
            errors["value"] = "A plain-text house rule has no option value; choose an option."
        if not (self.text or "").strip():
            errors["text"] = "State the house rule in full, as a player will read it."
        if self.ruling_id and not self.ruling_verdict:
            errors["ruling_verdict"] = "Say what the ruling's question gets at this tournament."
        if self.ruling_verdict and not self.ruling_id:
            errors["ruling"] = "Choose the ruling this answer is for, or leave the answer empty."
        if self.option and "option" not in errors and self.tournament_id:
            # Two values for one option would leave the checks guessing which one applies.
            twins = HouseRule.objects.filter(tournament_id=self.tournament_id, option=self.option)
            if twins.exclude(pk=self.pk).exists():
                errors["option"] = (
                    f'This tournament already has a house rule for "{self.option}"; '
                    "change that one instead."
                )
        if errors:
            raise ValidationError(errors)


class PublishedVersionQuerySet(models.QuerySet):
    def in_force(self):
        """Versions not withdrawn: players read the newest of these."""
        return self.filter(withdrawn_at__isnull=True)


class PublishedVersion(models.Model):
    """One published version of a tournament's house rules: what players read and print.

    The snapshot is self-contained JSON (base rules and numbered house rules, each with the
    key of the League article it departs from), so a version never changes when the working
    copy or an article does, and two versions can be compared to say what changed.

    A version is never deleted: withdrawing one records who, when and why, and players then
    read the newest version still in force (none left: the tournament is a draft again).
    """

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    published_on = models.DateField()
    published_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    snapshot = models.JSONField(default=dict)
    # When it was published to the minute (versions published before this was kept have none).
    published_at = models.DateTimeField(null=True, blank=True)
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    withdrawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    withdrawal_reason = models.TextField(blank=True)

    objects = PublishedVersionQuerySet.as_manager()

    class Meta:
        ordering = ["tournament", "-number"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "number"], name="one_version_number_per_tournament"
            )
        ]

    def __str__(self):
        return f"{self.tournament} house rules, version {self.number}"

    @property
    def is_withdrawn(self):
        return self.withdrawn_at is not None


class CardQuerySet(models.QuerySet):
    def visible_to(self, user):
        """Cards that are not private for everyone; a private card only for its tournament's
        directors, editors and staff (a League card with no tournament: editors and staff)."""
        # Imported here: the permissions module is the wiki's, loaded with the apps.
        from articles.permissions import is_editor

        if user is not None and user.is_authenticated and (user.is_staff or is_editor(user)):
            return self.all()
        if user is not None and user.is_authenticated:
            return self.filter(models.Q(private=False) | models.Q(owner__directors=user)).distinct()
        return self.filter(private=False)


class Card(models.Model):
    """A card entered on the site: the card file's JSON text as typed, read by the engine's
    card package. Owned by a tournament, or by no one (kept by editors for the League)."""

    name = models.CharField(
        max_length=200, unique=True, help_text='The card file\'s "name" (set from the file).'
    )
    text = models.TextField(help_text="The card file (JSON), as entered.")
    owner = models.ForeignKey(
        Tournament,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="cards",
        help_text="The tournament whose directors keep it; none for the League's editors.",
    )
    private = models.BooleanField(
        default=False,
        help_text="Seen only by the tournament's directors and editors, never on a public page.",
    )

    objects = CardQuerySet.as_manager()
    history = HistoricalRecords()

    class Meta:
        ordering = ["name"]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("cards:card", args=[self.pk])

    def clean(self):
        """The text must be a card file; the name follows it (so a merged edit is checked
        like a typed one before it is saved)."""
        # Imported here: the engine's card package reads its shipped cards when first used.
        from mahjong_rules.engine.nmjl.cards import SHIPPED_CARDS, CardError, load_card

        try:
            card = load_card(self.text)
        except CardError as error:
            raise ValidationError(
                {"text": f"Not a card file ({len(error.errors)} errors)."}
            ) from error
        if card.name in SHIPPED_CARDS:
            raise ValidationError({"text": f'"{card.name}" is a shipped card\'s name.'})
        self.name = card.name
