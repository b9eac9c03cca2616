"""Watches, notifications, preferences, talk threads and replies, and the verdicts readers saw.

A watch or a thread points at one page by foreign key (exactly one of article, scenario,
tournament), so a renamed page keeps its watchers and its talk, and a deleted one takes
them along.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext as _
from simple_history.models import HistoricalRecords

from articles.models import Article, Ruling
from rulings.models import Scenario
from tournaments.models import Tournament

User = settings.AUTH_USER_MODEL


class PageTarget(models.Model):
    """One of an article, a scenario or a tournament (exactly one is set)."""

    article = models.ForeignKey(
        Article, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    scenario = models.ForeignKey(
        Scenario, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    tournament = models.ForeignKey(
        Tournament, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )

    class Meta:
        abstract = True

    @property
    def page(self):
        return self.article or self.scenario or self.tournament

    @property
    def page_kind(self):
        return "article" if self.article_id else "scenario" if self.scenario_id else "tournament"

    @property
    def page_key(self):
        """The page's key in its address (an article's key, a scenario's or tournament's slug)."""
        return self.article.key if self.article_id else self.page.slug

    @property
    def page_label(self):
        page = self.page
        if self.article_id:
            return str(page)
        if self.scenario_id:
            return _("Scenario: %(title)s") % {"title": page.published_title or page.title}
        return _("Tournament: %(name)s") % {"name": page.name}


def exactly_one_page(name):
    return models.CheckConstraint(
        condition=(
            Q(article__isnull=False, scenario__isnull=True, tournament__isnull=True)
            | Q(article__isnull=True, scenario__isnull=False, tournament__isnull=True)
            | Q(article__isnull=True, scenario__isnull=True, tournament__isnull=False)
        ),
        name=name,
    )


class Watch(PageTarget):
    """A signed-in user watches a page: they are told when it, or its verdicts, change."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="watches")
    created_at = models.DateTimeField(auto_now_add=True)
    # The watchlist lists what changed since the user last looked at it.
    last_visited_at = models.DateTimeField(null=True, blank=True)

    history = HistoricalRecords()

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            exactly_one_page("watch_exactly_one_page"),
            models.UniqueConstraint(fields=["user", "article"], name="one_watch_per_article"),
            models.UniqueConstraint(fields=["user", "scenario"], name="one_watch_per_scenario"),
            models.UniqueConstraint(fields=["user", "tournament"], name="one_watch_per_tournament"),
        ]

    def __str__(self):
        return f"{self.user} watches {self.page_label}"


class Preferences(models.Model):
    """How a user hears about what they watch: each notice by e-mail at once, a daily
    digest, or only on the site."""

    INSTANT = "instant"
    DAILY = "daily"
    SITE_ONLY = "site"
    DELIVERY = [
        (INSTANT, "An e-mail for each notice, as it happens"),
        (DAILY, "One e-mail a day with the day's notices"),
        (SITE_ONLY, "No e-mail: only on the site"),
    ]

    user = models.OneToOneField(User, on_delete=models.CASCADE, related_name="notice_preferences")
    delivery = models.CharField("E-mail", max_length=10, choices=DELIVERY, default=INSTANT)
    # Notices are written, and e-mails sent, in the reader's language: a notice is made by
    # someone else's save (or the task queue), whose own language says nothing of the reader.
    language = models.CharField(
        max_length=8, choices=settings.LANGUAGES, default=settings.LANGUAGE_CODE
    )

    history = HistoricalRecords()

    class Meta:
        verbose_name_plural = "preferences"

    def __str__(self):
        return f"Notice preferences of {self.user}"


class Notification(PageTarget):
    """One thing a user is told about, on the site and (by their preference) by e-mail.

    Derived from the change that made it, so not edited: read and mailed are marks.
    """

    EDITED = "edited"
    VERDICTS = "verdicts"
    PUBLISHED = "published"
    WITHDRAWN = "withdrawn"
    MENTION = "mention"
    TALK = "talk"
    REASONS = [
        (EDITED, "page edited"),
        (VERDICTS, "scenario verdicts changed"),
        (PUBLISHED, "tournament version published"),
        (WITHDRAWN, "tournament version withdrawn"),
        (MENTION, "mentioned on a talk page"),
        (TALK, "new talk on a watched page"),
    ]

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="notifications")
    reason = models.CharField(max_length=12, choices=REASONS)
    message = models.CharField(max_length=300)
    url = models.CharField(max_length=500)
    actor = models.ForeignKey(
        User, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    read_at = models.DateTimeField(null=True, blank=True)
    emailed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["user", "read_at"], name="notice_unread")]
        constraints = [exactly_one_page("notification_exactly_one_page")]

    def __str__(self):
        return f"To {self.user}: {self.message}"


class TalkTarget(models.Model):
    """A talk page belongs to an article or a tournament (exactly one)."""

    article = models.ForeignKey(
        Article, null=True, blank=True, on_delete=models.CASCADE, related_name="talk_threads"
    )
    tournament = models.ForeignKey(
        Tournament, null=True, blank=True, on_delete=models.CASCADE, related_name="talk_threads"
    )

    class Meta:
        abstract = True


class Thread(TalkTarget):
    """One discussion on a talk page, open until someone marks it resolved."""

    title = models.CharField(max_length=200)
    started_by = models.ForeignKey(User, null=True, on_delete=models.SET_NULL, related_name="+")
    started_at = models.DateTimeField(auto_now_add=True)
    resolved_at = models.DateTimeField(null=True, blank=True)
    resolved_by = models.ForeignKey(
        User, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    history = HistoricalRecords()

    class Meta:
        ordering = ["resolved_at", "-started_at"]
        constraints = [
            models.CheckConstraint(
                condition=Q(article__isnull=False, tournament__isnull=True)
                | Q(article__isnull=True, tournament__isnull=False),
                name="thread_on_one_talk_page",
            )
        ]

    def __str__(self):
        return self.title

    def get_absolute_url(self):
        return reverse("community:thread", args=[self.pk])

    @property
    def is_resolved(self):
        return self.resolved_at is not None

    @property
    def page(self):
        return self.article or self.tournament

    @property
    def page_label(self):
        if self.article_id:
            return str(self.article)
        return _("Tournament: %(name)s") % {"name": self.tournament.name}


class Reply(models.Model):
    """A reply in a thread (the first is the thread's opening post), in Markdown."""

    thread = models.ForeignKey(Thread, on_delete=models.CASCADE, related_name="replies")
    author = models.ForeignKey(User, null=True, on_delete=models.SET_NULL, related_name="+")
    body = models.TextField(help_text="Markdown. Mention someone with @username.")
    body_html = models.TextField(blank=True, editable=False)
    posted_at = models.DateTimeField(auto_now_add=True)
    # An editor may hide a reply; its text stays in the history.
    hidden_at = models.DateTimeField(null=True, blank=True)
    hidden_by = models.ForeignKey(
        User, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    history = HistoricalRecords()

    class Meta:
        ordering = ["posted_at", "pk"]
        verbose_name_plural = "replies"

    def __str__(self):
        return f"Reply {self.pk} in “{self.thread}”"

    def get_absolute_url(self):
        return f"{self.thread.get_absolute_url()}#reply-{self.pk}"


class ReadersVerdicts(models.Model):
    """A scenario's verdicts as readers last saw them, to tell watchers when they change.

    Compared after every save of the scenario, every new dated citation on its articles and
    every deploy that changes the engine's version (`check_verdict_changes`).
    """

    scenario = models.OneToOneField(Scenario, on_delete=models.CASCADE, related_name="+")
    verdicts = models.JSONField(default=list)
    engine_version = models.CharField(max_length=40, blank=True)
    checked_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name_plural = "readers' verdicts"

    def __str__(self):
        # verdicts is [[check name, status, [verdicts]], …] (community.verdicts.verdicts_of).
        return f"Verdicts of scenario {self.scenario_id}: {len(self.verdicts)} checks"


class VerdictChange(models.Model):
    """A change of a scenario's verdicts as readers saw them: when, which checks, why.

    A record of what happened (not something anyone edits), kept for the article feeds: an
    article's Atom feed lists the verdict changes of its checks beside its edits.
    """

    scenario = models.ForeignKey(Scenario, on_delete=models.CASCADE, related_name="+")
    names = models.JSONField(default=list)  # the checks whose verdict changed
    cause = models.CharField(max_length=200, blank=True)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-at", "-pk"]

    def __str__(self):
        return f"Verdicts of {self.scenario_id} changed at {self.at:%Y-%m-%d %H:%M}"


class RulingDisagreement(models.Model):
    """A ruling whose checks give another verdict than its answer (`rulings.agreement`), as
    last found: kept so its article's watchers are told once when it starts, not at every
    check (and again when the checks agree with it once more)."""

    ruling = models.OneToOneField(Ruling, on_delete=models.CASCADE, related_name="+")
    checks = models.JSONField(default=list)  # ["<check> (<scenario slug>): <what it gives>"]
    since = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"The checks disagree with ruling {self.ruling_id} since {self.since:%Y-%m-%d}"
