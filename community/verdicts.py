"""Verdict changes: each scenario's verdicts as readers last saw them, compared again.

A scenario's verdicts change when its text does, when the engine's rules do (a deploy with
a new ENGINE_VERSION) or when a ruling it relies on is dated anew. After each of these the
scenarios concerned are run again (from the result cache when known) and compared with the
stored `ReadersVerdicts`; a difference tells the scenario's watchers and the watchers of
every article it is linked to. A scenario seen for the first time is only recorded.
"""

from __future__ import annotations

from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext
from huey.contrib.djhuey import db_task
from mahjong_rules.engine import ENGINE_VERSION

from articles.models import Ruling
from articles.permissions import is_editor
from rulings import checks
from rulings.agreement import agreements
from rulings.models import Scenario

from .models import Notification, ReadersVerdicts, RulingDisagreement, VerdictChange
from .notices import notify, watchers


def verdicts_of(result) -> list[list]:
    """[[scenario name, status, [each action's verdict]], …]: what a reader sees of a run."""
    return [
        [
            scenario.name,
            str(scenario.status),
            [step.verdict for step in scenario.own_steps if step.verdict],
        ]
        for scenario in result.scenarios
    ]


def changed_names(before: list, after: list) -> list[str]:
    """The names of the checks whose verdict differs (added or gone ones too)."""
    old = {entry[0]: entry[1:] for entry in before}
    new = {entry[0]: entry[1:] for entry in after}
    return [name for name in dict.fromkeys([*old, *new]) if old.get(name) != new.get(name)]


def recheck(scenario_pks=None, *, actor=None, cause="") -> int:
    """Compare the verdicts of these scenarios (all, when None) with those readers last saw;
    tell watchers of each change. Returns how many scenarios changed."""
    scenarios = Scenario.objects.for_readers().prefetch_related("articles")
    if scenario_pks is not None:
        scenarios = scenarios.filter(pk__in=list(scenario_pks))
    changed = 0
    for scenario in scenarios.only("pk", "slug", "published_title", "published_text"):
        result = checks.results_for(scenario.text)
        if getattr(result, "out_of_time", False):
            continue  # a run cut short says nothing about the verdicts
        if _compare(scenario, verdicts_of(result), actor, cause):
            changed += 1
    return changed


def _compare(scenario, verdicts, actor, cause) -> bool:
    with transaction.atomic():
        stored, created = ReadersVerdicts.objects.select_for_update().get_or_create(
            scenario_id=scenario.pk,
            defaults={"verdicts": verdicts, "engine_version": ENGINE_VERSION},
        )
        if created or stored.verdicts == verdicts:
            if stored.engine_version != ENGINE_VERSION:
                stored.engine_version = ENGINE_VERSION
                stored.save(update_fields=["engine_version", "checked_at"])
            return False
        names = changed_names(stored.verdicts, verdicts)
        stored.verdicts, stored.engine_version = verdicts, ENGINE_VERSION
        stored.save()
        VerdictChange.objects.create(scenario_id=scenario.pk, names=names, cause=cause[:200])
        _tell(scenario, names, actor, cause)
    recheck_rulings(Ruling.objects.filter(checks__scenario_id=scenario.pk), actor=actor)
    return True


def _tell(scenario, names, actor, cause):
    def what():
        return ", ".join(f"“{name}”" for name in names[:3]) + (
            gettext(" and more") if len(names) > 3 else ""
        )

    because = f" ({cause})" if cause else ""
    title = scenario.title
    url = reverse("rulings:scenario", args=[scenario.slug])
    notify(
        watchers(scenario=scenario),
        reason=Notification.VERDICTS,
        message=lambda: (
            gettext("The verdict of %(what)s in the scenario “%(title)s” changed%(because)s.")
            % {"what": what(), "title": title, "because": because}
        ),
        url=url,
        actor=actor,
        scenario=scenario,
    )
    for article in scenario.articles.all():
        notify(
            watchers(article=article),
            reason=Notification.VERDICTS,
            message=lambda article=article: (
                gettext(
                    "A scenario check on %(article)s changed its verdict: "
                    "%(what)s in “%(title)s”%(because)s."
                )
                % {"article": article, "what": what(), "title": title, "because": because}
            ),
            url=article.get_absolute_url(),
            actor=actor,
            article=article,
        )


def recheck_rulings(rulings, *, actor=None) -> int:
    """Compare each ruling's answer with its checks' verdicts under League rules; tell its
    article's watchers when the checks start to disagree, and when they agree again.
    Returns how many rulings changed side."""
    rulings = list(rulings.select_related("article").distinct())
    changed = 0
    for agreement in agreements(rulings):
        if _flag(agreement, actor):
            changed += 1
    return changed


def _flag(agreement, actor) -> bool:
    ruling = agreement.ruling
    found = [
        f"{item.check.check_name} ({item.check.scenario.slug}): {item.in_words}"
        for item in agreement.disagreeing
    ]
    with transaction.atomic():
        stored = RulingDisagreement.objects.select_for_update().filter(ruling=ruling).first()
        if found and stored is None:
            RulingDisagreement.objects.create(ruling=ruling, checks=found)

            def message():
                what = found[0] + (
                    gettext(" and %(n)s more") % {"n": len(found) - 1} if len(found) > 1 else ""
                )
                return gettext("The checks disagree with the ruling “%(question)s”: %(what)s.") % {
                    "question": ruling.question,
                    "what": what,
                }

        elif not found and stored is not None:
            stored.delete()

            def message():
                return gettext("The checks agree again with the ruling “%(question)s”.") % {
                    "question": ruling.question
                }

        else:
            if stored is not None and stored.checks != found:
                stored.checks = found
                stored.save(update_fields=["checks"])
            return False
    article = ruling.article
    notify(
        watchers(article=article),
        reason=Notification.VERDICTS,
        message=message,
        url=ruling.get_absolute_url(),
        actor=actor,
        may_see=lambda user: article.is_published or is_editor(user),
        article=article,
    )
    return True


@db_task()
def recheck_ruling_verdicts(ruling_pks, actor_pk=None):
    """Compare these rulings with their checks (after a ruling's save) and tell watchers."""
    from django.contrib.auth import get_user_model

    actor = get_user_model().objects.filter(pk=actor_pk).first() if actor_pk else None
    recheck_rulings(Ruling.objects.filter(pk__in=list(ruling_pks)), actor=actor)


@db_task()
def recheck_verdicts(scenario_pks, actor_pk=None, cause=""):
    """Run these scenarios again and tell watchers of each verdict that changed."""
    from django.contrib.auth import get_user_model

    actor = get_user_model().objects.filter(pk=actor_pk).first() if actor_pk else None
    recheck(scenario_pks, actor=actor, cause=cause)
