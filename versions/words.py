"""The history pages' own words about a version, in the reader's language.

A field's label is its model's verbose name (which stays English: no migrations for a
language), read through the catalogue: an app's form gives the same words their Dutch.
"""

from django.utils.text import capfirst
from django.utils.translation import gettext, gettext_lazy

# simple-history's history types, as a history page says what a version did.
HISTORY_TYPES = {
    "+": gettext_lazy("created"),
    "~": gettext_lazy("changed"),
    "-": gettext_lazy("deleted"),
}


def field_label(field) -> str:
    """A field's name as a heading: "Outcome", in the reader's language where the
    catalogue has it (an app's form label of the same words), else the verbose name."""
    name = capfirst(str(field.verbose_name))
    return gettext(name) if name else name


def history_type(record) -> str:
    words = HISTORY_TYPES.get(record.history_type)
    return str(words) if words is not None else record.get_history_type_display().lower()
