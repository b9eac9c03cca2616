"""What a result says it is, in the reader's language (issue 31).

`search.models.KIND_LABELS` keeps the English words: they are the model's choices (a
migration) and the API's filter values' names. A page or the search box asks here.
"""

from django.utils.translation import gettext_lazy as _

from search.models import KIND_LABELS

LABELS = {
    "ruling": _("Ruling"),
    "article": _("Article"),
    "commentary": _("Commentary"),
    "question": _("Question and answer"),
    "source": _("Source"),
    "scenario": _("Scenario check"),
    "term": _("Glossary term"),
    "houserule": _("House rule"),
    "talk": _("Discussion"),
    "case": _("Decided case"),
    "tile": _("Tile"),
}


def kind_label(kind: str) -> str:
    """A kind of result in the reader's words ("Ruling"); an unknown kind as it is."""
    return str(LABELS.get(kind) or KIND_LABELS.get(kind, kind))


def kind_choices() -> list[tuple[str, str]]:
    """The search page's kinds to filter by, in the model's order."""
    return [(kind, kind_label(kind)) for kind in KIND_LABELS]
