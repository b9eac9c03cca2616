"""What is translated, unit by unit: the English units of each registered text, with their
stable ids, and the translations made of them, each remembering the English it was made
from (so a changed English text marks it outdated)."""

from django.contrib.contenttypes.models import ContentType
from django.db import models
from simple_history.models import HistoricalRecords


class SourceUnit(models.Model):
    """One English paragraph (or a whole short field) of a registered object.

    `unit` is its stable id within the object's field: kept while the paragraph is edited in
    place, moved or has paragraphs inserted before it (`translations.units.sync`); a removed
    paragraph's unit is retired (`position` None) and keeps its translations."""

    content_type = models.ForeignKey(ContentType, on_delete=models.CASCADE)
    object_id = models.PositiveIntegerField()
    field = models.CharField(max_length=50)
    unit = models.PositiveIntegerField()
    position = models.PositiveIntegerField(null=True, blank=True)  # None: retired
    text = models.TextField(blank=True)
    changed_at = models.DateTimeField()  # when its English text last changed

    class Meta:
        ordering = ["content_type", "object_id", "field", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["content_type", "object_id", "field", "unit"], name="one_unit_id"
            )
        ]
        indexes = [models.Index(fields=["content_type", "object_id"], name="units_of_object")]

    def __str__(self):
        return f"{self.content_type.model} {self.object_id} {self.field} ¶{self.unit}"

    @property
    def is_quotation(self) -> bool:
        """A quotation of a source (a Markdown blockquote) stays in the source's language."""
        return self.text.lstrip().startswith(">")


class Translation(models.Model):
    """A unit's text in another language, and the English it was translated from."""

    unit = models.ForeignKey(SourceUnit, on_delete=models.CASCADE, related_name="translations")
    language = models.CharField(max_length=10, default="nl")
    text = models.TextField()
    source_text = models.TextField(
        blank=True, help_text="The English text this translation was made from."
    )
    updated_at = models.DateTimeField(auto_now=True)

    history = HistoricalRecords()

    class Meta:
        ordering = ["unit", "language"]
        constraints = [
            models.UniqueConstraint(fields=["unit", "language"], name="one_translation_per_unit")
        ]

    def __str__(self):
        return f"{self.language}: {self.text[:60]}"

    @property
    def is_outdated(self) -> bool:
        """Its English changed since it was translated."""
        return self.source_text != self.unit.text
