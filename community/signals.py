"""What follows a save, for watchers and talk pages.

- A new version of a watched page (an article with its commentary, answers, rulings and
  citations; a scenario) tells its watchers, never the editor (simple-history's
  `post_create_historical_record`: one notice per recorded version, with its author).
- A scenario save, and a new dated citation on an article, **queue** comparing the verdicts
  readers see with those they saw (`verdicts.recheck_verdicts`); a deploy with a new engine
  version does it after `migrate` (and `check_verdict_changes`).
- A tournament version published or withdrawn tells the tournament's followers.
- A talk reply tells the talk page's watchers and whoever it @mentions; a talk save makes
  cached pages stale (the article page shows the count of open threads).
"""

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.db.models.signals import post_delete, post_migrate, post_save, pre_save
from django.utils.translation import get_language, gettext, gettext_lazy
from mahjong_rules.engine import ENGINE_VERSION
from simple_history.signals import post_create_historical_record

from articles.models import Article, Citation, Commentary, Question, Ruling
from background.queue import after_commit
from pagecache.signals import pages_stale
from rulings import drafts
from rulings.models import RulingCheck, Scenario
from tournaments import access
from tournaments.models import PublishedVersion

from . import talk, verdicts
from .models import Notification, Preferences, ReadersVerdicts, Reply, Thread, Watch
from .notices import mentioned_users, notify, watchers

EDITED_PARTS = {
    Commentary: gettext_lazy("Commentary"),
    Question: gettext_lazy("A question"),
    Ruling: gettext_lazy("A ruling"),
    Citation: gettext_lazy("A citation"),
}


def _version_recorded(sender, instance, history_instance, history_user=None, **kwargs):
    """A page's new version tells its watchers; a scenario's queues its verdict check."""
    kind = history_instance.history_type
    if isinstance(instance, Scenario):
        _scenario_version(instance, history_instance, history_user)
    elif isinstance(instance, Reply):
        _reply_version(instance, history_instance, history_user)
    elif kind != "-" and isinstance(instance, (Article, *EDITED_PARTS)):
        _article_version(instance, history_instance, history_user)


def _article_of(instance):
    if isinstance(instance, Article):
        return instance
    if isinstance(instance, Citation):
        return instance.cited_article
    return instance.article


def _article_version(instance, record, actor):
    article = _article_of(instance)
    if article is None:
        return
    if isinstance(instance, Ruling) and _verdict_changed(record):
        # Its answer may now differ from what its checks give, or agree with them again.
        after_commit(verdicts.recheck_ruling_verdicts, [instance.pk], actor.pk if actor else None)
    # (A ruling's own sources date the ruling, not the article's checks.)
    if isinstance(instance, Citation) and instance.ruling_id is None and instance.source.year:
        # A newly dated ruling can change what a check on this article should say.
        pks = list(article.scenarios.values_list("pk", flat=True))
        if pks:
            after_commit(
                verdicts.recheck_verdicts, pks, actor.pk if actor else None, "a new dated ruling"
            )
    if record.history_type == "+" and isinstance(instance, Article):
        return  # nobody watches a page that did not exist
    part = EDITED_PARTS.get(type(instance))
    added = record.history_type == "+"
    reason = f": {record.history_change_reason}" if record.history_change_reason else ""

    def message():
        what = (
            gettext("%(part)s on %(article)s") % {"part": part, "article": article}
            if part
            else str(article)
        )
        if actor:
            said = (
                gettext("%(what)s was added by %(who)s")
                if added
                else gettext("%(what)s was edited by %(who)s")
            ) % {"what": what, "who": actor.get_username()}
        else:
            said = (gettext("%(what)s was added") if added else gettext("%(what)s was edited")) % {
                "what": what
            }
        return f"{said}{reason}"

    notify(
        watchers(article=article),
        reason=Notification.EDITED,
        message=message,
        url=article.get_absolute_url(),
        actor=actor,
        article=article,
    )


def _verdict_changed(record) -> bool:
    """A ruling's version that changed its verdict (a new ruling has no check yet)."""
    before = record.prev_record if record.history_type == "~" else None
    return before is not None and before.verdict != record.verdict


def _scenario_version(scenario, record, actor):
    if record.history_type == "-":
        return
    after_commit(
        verdicts.recheck_verdicts, [scenario.pk], actor.pk if actor else None, "after an edit"
    )
    if record.history_type == "+":
        return
    # Each watcher is told of the version they may see (`rulings.drafts.shown_to`): a
    # writer of a draft by its own title; a reader of a clean version only, by its title.
    told = {}
    for user in watchers(scenario=scenario):
        shown = drafts.shown_to(user, record)
        if shown is not None:
            told.setdefault(shown.title, []).append(user)
    for title, users in told.items():

        def message(title=title):
            if actor:
                return gettext("The scenario “%(title)s” was edited by %(who)s") % {
                    "title": title,
                    "who": actor.get_username(),
                }
            return gettext("The scenario “%(title)s” was edited") % {"title": title}

        notify(
            users,
            reason=Notification.EDITED,
            message=message,
            url=scenario.get_absolute_url(),
            actor=actor,
            scenario=scenario,
        )


def _reply_version(reply, record, actor):
    """A new reply tells the talk page's watchers; the people it mentions (newly, after an
    edit) are told they were mentioned."""
    if record.history_type == "-" or reply.hidden_at is not None:
        return
    thread = reply.thread
    page = {"article": thread.article} if thread.article_id else {"tournament": thread.tournament}
    may_see = None if thread.article_id else (lambda user: access.can_view(user, thread.tournament))

    def by():
        return actor.get_username() if actor else gettext("Someone")

    mentioned = mentioned_users(reply.body)
    if record.history_type == "~":
        before = record.prev_record
        already = {u.pk for u in mentioned_users(before.body)} if before else set()
        mentioned = [user for user in mentioned if user.pk not in already]
    told = notify(
        mentioned,
        reason=Notification.MENTION,
        message=lambda: (
            gettext("%(who)s mentioned you in “%(title)s” on the talk page of %(page)s")
            % {"who": by(), "title": thread.title, "page": thread.page_label}
        ),
        url=reply.get_absolute_url(),
        actor=actor,
        may_see=may_see,
        **page,
    )
    if record.history_type != "+":
        return
    told_pks = {notice.user_id for notice in told}
    first = not thread.replies.exclude(pk=reply.pk).exists()

    def said():
        return (
            gettext("%(who)s started the thread “%(title)s” on the talk page of %(page)s")
            if first
            else gettext("%(who)s replied in “%(title)s” on the talk page of %(page)s")
        ) % {"who": by(), "title": thread.title, "page": thread.page_label}

    notify(
        [user for user in watchers(**page) if user.pk not in told_pks],
        reason=Notification.TALK,
        message=said,
        url=reply.get_absolute_url(),
        actor=actor,
        may_see=may_see,
        **page,
    )


def _ruling_check_changed(sender, instance, raw=False, **kwargs):
    """A check linked to a ruling, or unlinked: **queue** comparing the ruling with its
    checks, if anyone watches its article (the pages compare as they draw; a comparison
    only tells watchers, and a content import links a hundred checks nobody watches)."""
    if raw:
        return
    article = Ruling.objects.filter(pk=instance.ruling_id).values("article_id")
    if Watch.objects.filter(article_id__in=article).exists():
        after_commit(verdicts.recheck_ruling_verdicts, [instance.ruling_id])


def _remember_withdrawal(sender, instance, raw=False, **kwargs):
    """Before a version is saved: was it withdrawn already (so a withdrawal is told once)?"""
    instance._was_withdrawn = bool(
        not raw
        and instance.pk
        and PublishedVersion.objects.filter(pk=instance.pk, withdrawn_at__isnull=False).exists()
    )


def _version_saved(sender, instance, created, raw=False, **kwargs):
    """A tournament's followers hear of each version published and each withdrawn."""
    if raw:
        return
    tournament = instance.tournament
    if created:
        actor, reason = instance.published_by, Notification.PUBLISHED

        def message():
            return gettext("%(name)s: house rules version %(number)s published") % {
                "name": tournament.name,
                "number": instance.number,
            }

    elif instance.withdrawn_at is not None and not getattr(instance, "_was_withdrawn", True):
        actor, reason = instance.withdrawn_by, Notification.WITHDRAWN

        def message():
            return gettext("%(name)s: house rules version %(number)s withdrawn (%(reason)s)") % {
                "name": tournament.name,
                "number": instance.number,
                "reason": instance.withdrawal_reason,
            }

    else:
        return
    notify(
        watchers(tournament=tournament),
        reason=reason,
        message=message,
        url=tournament.get_absolute_url(),
        actor=actor,
        tournament=tournament,
    )


def _reply_about_to_save(sender, instance, raw=False, **kwargs):
    """Before a reply is saved, its Markdown is rendered into the stored, sanitised HTML."""
    if not raw:
        talk.render_reply(instance)


def _talk_changed(sender, raw=False, **kwargs):
    """A talk save or delete: cached pages show the number of open threads."""
    if not raw:
        pages_stale()


def _after_migrate(sender, **kwargs):
    """After `migrate` (every deploy runs it): if the engine's version moved on since the
    verdicts readers saw were recorded, queue comparing them all."""
    if sender.name != "community":
        return
    using = kwargs.get("using", "default")
    if ReadersVerdicts.objects.using(using).exclude(engine_version=ENGINE_VERSION).exists():
        after_commit(verdicts.recheck_verdicts, None, None, "the rules engine was updated")


def _first_login_language(sender, request, user, **kwargs):
    """A reader who logs in on a page in another language than English, with no notice
    preferences yet, reads their notices in it (they may change it on their preferences)."""
    language = get_language()
    if language == settings.LANGUAGE_CODE or Preferences.objects.filter(user=user).exists():
        return
    preferences = Preferences(user=user, language=language)
    preferences._change_reason = "Created with the language of the login page"
    preferences.save()


def connect():
    user_logged_in.connect(_first_login_language, dispatch_uid="community-login-language")
    """Connected once, from CommunityConfig.ready()."""
    post_create_historical_record.connect(_version_recorded, dispatch_uid="community-versions")
    pre_save.connect(_remember_withdrawal, sender=PublishedVersion, dispatch_uid="community-pv")
    post_save.connect(_version_saved, sender=PublishedVersion, dispatch_uid="community-pv-saved")
    pre_save.connect(_reply_about_to_save, sender=Reply, dispatch_uid="community-reply-render")
    for model in (Thread, Reply):
        post_save.connect(
            _talk_changed, sender=model, dispatch_uid=f"community-talk-{model.__name__}"
        )
        post_delete.connect(
            _talk_changed, sender=model, dispatch_uid=f"community-talk-del-{model.__name__}"
        )
    post_save.connect(_ruling_check_changed, sender=RulingCheck, dispatch_uid="community-rc")
    post_delete.connect(_ruling_check_changed, sender=RulingCheck, dispatch_uid="community-rc-del")
    post_migrate.connect(_after_migrate, dispatch_uid="community-engine-version")
