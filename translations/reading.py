"""What a reader of a translated page sees of each unit: the translation where it is
current, the English with a note where it is outdated or missing (the view draws it; the
template runs no query)."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.contenttypes.models import ContentType
from django.utils.translation import get_language

from translations.models import SourceUnit, Translation

ENGLISH = "en"


def reading_language() -> str:
    """The reader's language, as the content is kept: "en" or "nl"."""
    return (get_language() or ENGLISH).split("-")[0]


@dataclass
class Shown:
    """One unit as a reader of `language` sees it."""

    unit: SourceUnit
    translation: Translation | None

    @property
    def english(self) -> str:
        return self.unit.text

    @property
    def state(self) -> str:
        """ "current", "outdated" or "missing"."""
        if self.translation is None:
            return "missing"
        return "outdated" if self.translation.source_text != self.unit.text else "current"

    @property
    def text(self) -> str:
        """What the page shows in the reader's language: the translation only when current."""
        return self.translation.text if self.state == "current" else self.unit.text

    @property
    def is_translated(self) -> bool:
        return self.state == "current"

    @property
    def is_outdated(self) -> bool:
        return self.state == "outdated"

    @property
    def is_quotation(self) -> bool:
        return self.unit.is_quotation


def shown_for(objects, language: str) -> dict[tuple[int, int, str], list[Shown]]:
    """Every live unit of these objects (one model) with its translation into `language`,
    by (content type id, object id, field): two queries however many objects."""
    objects = list(objects)
    if not objects:
        return {}
    content_type = ContentType.objects.get_for_model(type(objects[0]))
    units = list(
        SourceUnit.objects.filter(
            content_type=content_type,
            object_id__in=[obj.pk for obj in objects],
            position__isnull=False,
        ).order_by("object_id", "field", "position")
    )
    translations = {
        t.unit_id: t
        for t in Translation.objects.filter(unit__in=[u.pk for u in units], language=language)
    }
    found: dict[tuple[int, int, str], list[Shown]] = {}
    for unit in units:
        translation = translations.get(unit.pk)
        if translation is not None:
            translation.unit = unit
        found.setdefault((content_type.pk, unit.object_id, unit.field), []).append(
            Shown(unit, translation)
        )
    return found


def translated(obj, field: str, language: str, found=None) -> list[Shown]:
    found = shown_for([obj], language) if found is None else found
    content_type = ContentType.objects.get_for_model(type(obj))
    return found.get((content_type.pk, obj.pk, field), [])


def outdated(language: str):
    """Every translation into `language` whose English changed since, oldest change first."""
    rows = Translation.objects.filter(language=language, unit__position__isnull=False)
    rows = rows.select_related("unit", "unit__content_type").order_by("unit__changed_at")
    return [row for row in rows if row.is_outdated]
