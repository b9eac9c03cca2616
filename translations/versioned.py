"""A translation's one declaration: history, compare, restore and its edit page come from
the versions machinery. Translators (the wiki's editors, `registry.allow`) read and restore."""

from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils import translation as i18n
from django.utils.translation import gettext, gettext_lazy

import versions
from versions.recent import Recent

from .models import Translation
from .registry import may_translate


def source_of(unit):
    """The translated object itself, or None once it is deleted."""
    model = unit.content_type.model_class()
    return model.objects.filter(pk=unit.object_id).first() if model else None


def label(row) -> str:
    unit = row.unit
    return gettext("Translation (%(language)s) of %(what)s, %(field)s ¶%(unit)s") % {
        "language": row.language,
        "what": str(source_of(unit) or unit.content_type.name),
        "field": unit.field,
        "unit": unit.unit,
    }


def read_at(row) -> str:
    """Where the translation is read: its object's page in that language."""
    source = source_of(row.unit)
    if source is not None and hasattr(source, "get_absolute_url"):
        with i18n.override(row.language):
            return source.get_absolute_url()
    return reverse("translations:outdated")


versions.register(
    Translation,
    name="translation",
    namespace="translations",
    route="translations/<int:pk>/",
    find=lambda user, pk: get_object_or_404(Translation.objects.select_related("unit"), pk=pk),
    sign_in_to_read=True,
    may_read=lambda user, row: may_translate(user),
    may_restore=lambda user, row: may_translate(user),
    label=label,
    url=read_at,
    fields=("text", "source_text"),
    text_fields=("text",),
    recent=(
        Recent(
            visible=lambda user, rows: rows if may_translate(user) else rows.none(),
            label=lambda record: (
                gettext("Translation (%(language)s)") % {"language": record.language}
            ),
            verbs=(
                gettext_lazy("translation added"),
                gettext_lazy("translation changed"),
                gettext_lazy("translation deleted"),
            ),
        ),
    ),
)
