"""The wiki's kinds (articles, commentary, questions, citations, terms), declared for history.

Each kind's page, fields and label are in `articles/wiki/kinds.py`; anyone reads a part's
history (a part of an unpublished article: its editors alone), editors restore. An article's
own history is its page's one history
(`articles/wiki/page_history.py`), so only its compare and restore pages come from here; a
part's compare and restore pages link to the whole page as it stood with that version.
"""

from django.shortcuts import get_object_or_404

import versions
from articles.permissions import is_editor
from articles.wiki import page_history
from articles.wiki.kinds import KINDS, ROUTES, readable_by


def _declare(kind):
    def stood(obj, record):
        found = page_history.entry_for(kind.article_of(obj), kind.name, record.history_id)
        return found.version_url if found else None

    versions.register(
        kind.model,
        name=kind.name,
        namespace="articles",
        route=ROUTES[kind.name],
        find=lambda user, **lookup: get_object_or_404(kind.model, **lookup),
        label=kind.label,
        url=kind.page_url,
        fields=kind.fields,
        text_fields=kind.text_fields,
        may_read=readable_by,
        may_restore=lambda user, obj: is_editor(user),
        stood=stood,
        old_compare_ids=True,
    )


for _kind in KINDS.values():
    _declare(_kind)
