"""Stable unit ids for the English text of a registered object, kept in step on every save.

A field's old units are aligned with its new paragraphs as the merge aligns paragraphs
(`versions.merge.paragraphs`, difflib): an unchanged paragraph keeps its unit wherever it
moved; a paragraph changed in place (a replaced run, paired in order) keeps its unit with
the new text, so its translation reads as outdated; a new paragraph gets a new unit; a
removed one is retired (its translations stay, out of the page)."""

from __future__ import annotations

from difflib import SequenceMatcher

from django.contrib.contenttypes.models import ContentType
from django.db.models import Max
from django.utils import timezone

from translations.models import SourceUnit
from versions.merge import paragraphs


def texts_of(instance, field: str, whole: bool) -> list[str]:
    value = getattr(instance, field) or ""
    if whole:
        return [value] if value.strip() else []
    return paragraphs(value)


def content_type_now(model) -> ContentType:
    """The model's content type as the database has it now. Not Django's per-process cache:
    a save writes its id, and a long-running process would keep an id the database no
    longer has once the content types are made again (a test database flushed under it)."""
    meta = model._meta
    return ContentType.objects.get(app_label=meta.app_label, model=meta.model_name)


def sync(instance, entry) -> None:
    """The object's units follow its text now (`entry`: its `registry.Translatable`)."""
    content_type = content_type_now(type(instance))
    stored = list(SourceUnit.objects.filter(content_type=content_type, object_id=instance.pk))
    for field in entry.fields:
        mine = [unit for unit in stored if unit.field == field]
        texts = texts_of(instance, field, field in entry.whole)
        _sync_field(content_type, instance.pk, field, mine, texts)


def _sync_field(content_type, object_id, field, units, texts) -> None:
    now = timezone.now()
    live = sorted((u for u in units if u.position is not None), key=lambda u: u.position)
    retired = [u for u in units if u.position is None]
    placed: list[SourceUnit | None] = [None] * len(texts)
    gone: list[SourceUnit] = []
    matcher = SequenceMatcher(None, [u.text for u in live], texts, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            for offset in range(i2 - i1):
                placed[j1 + offset] = live[i1 + offset]
        elif tag == "replace":
            pairs = min(i2 - i1, j2 - j1)
            for offset in range(pairs):
                placed[j1 + offset] = live[i1 + offset]
            gone += live[i1 + pairs : i2]
        elif tag == "delete":
            gone += live[i1:i2]
    # A paragraph moved elsewhere reads as removed here and added there: it keeps its unit.
    spare = gone + retired
    for index, text in enumerate(texts):
        if placed[index] is None:
            same = next((u for u in spare if u.text == text), None)
            if same is not None:
                spare.remove(same)
                placed[index] = same
    next_id = (
        SourceUnit.objects.filter(
            content_type=content_type, object_id=object_id, field=field
        ).aggregate(top=Max("unit"))["top"]
        or 0
    ) + 1
    for position, (unit, text) in enumerate(zip(placed, texts, strict=True)):
        if unit is None:
            SourceUnit.objects.create(
                content_type=content_type,
                object_id=object_id,
                field=field,
                unit=next_id,
                position=position,
                text=text,
                changed_at=now,
            )
            next_id += 1
            continue
        changed = unit.text != text
        if changed or unit.position != position:
            unit.position = position
            if changed:
                unit.text, unit.changed_at = text, now
            unit.save(update_fields=["position", "text", "changed_at"])
    for unit in spare:
        if unit.position is not None:
            unit.position = None
            unit.save(update_fields=["position"])


def units_of(instance, field: str | None = None):
    """The live units of an object (of one field), in order, with their translations."""
    units = SourceUnit.objects.filter(
        content_type=ContentType.objects.get_for_model(type(instance)),
        object_id=instance.pk,
        position__isnull=False,
    ).prefetch_related("translations")
    if field is not None:
        units = units.filter(field=field)
    return units.order_by("field", "position")
