"""What follows a scenario save: draft or published, its article links, its cached results.

- Before the save, the text is published when it runs clean, else kept as a draft
  (`rulings.drafts`); the article links follow the tags of the text readers see.
- After it commits, its results and drawings, and its rulings through time and under each
  reading, are computed by the task queue (`rulings.tasks`), so the save answers at once.
- An article's save moves the drawings' titles generation on (`checks.titles_changed`):
  drawings name the articles their verdicts cite by title.
"""

from django.db.models.signals import post_delete, post_save, pre_save

from articles.models import Article
from background.queue import after_commit
from rulings import checks, drafts, tasks
from rulings.models import Scenario
from rulings.scenario_store import link_articles


def _scenario_about_to_save(sender, instance, raw=False, **kwargs):
    """Before a scenario is saved, it is published or kept as a draft, and its article
    links follow its tags (in the same version)."""
    if raw:
        return
    drafts.settle(instance)
    # Links set now, without a history entry of their own, appear in the save's entry.
    if not instance._state.adding:
        link_articles(instance)


def _scenario_saved(sender, instance, created, raw=False, **kwargs):
    """After a scenario is saved, its result, drawings and rulings over time are queued."""
    if raw:
        return
    if created:
        link_articles(instance, created=True)
    after_commit(tasks.warm_scenario, instance.pk)
    after_commit(tasks.warm_over_time, instance.pk)


def _article_saved(sender, instance, raw=False, **kwargs):
    """After an article is saved or deleted, drawings citing it are drawn with its title."""
    checks.titles_changed()


def connect():
    """Connected once, from RulingsConfig.ready()."""
    pre_save.connect(_scenario_about_to_save, sender=Scenario, dispatch_uid="scenario-links")
    post_save.connect(_scenario_saved, sender=Scenario, dispatch_uid="scenario-warm")
    post_save.connect(_article_saved, sender=Article, dispatch_uid="drawings-article-titles")
    post_delete.connect(_article_saved, sender=Article, dispatch_uid="drawings-article-gone")
