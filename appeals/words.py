"""The head TD's decision in the reader's words, where readers see it (the model's choices
stay as they are: no migration for a language)."""

from django.utils.translation import gettext_lazy

DECISION_WORDS = {
    "": gettext_lazy("Not yet decided"),
    "upheld": gettext_lazy("The first ruling stands"),
    "changed": gettext_lazy("The ruling is changed"),
    "overturned": gettext_lazy("The ruling is overturned"),
}


def decision_words(appeal) -> str:
    words = DECISION_WORDS.get(appeal.decision)
    return str(words) if words is not None else appeal.get_decision_display()
