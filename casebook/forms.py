"""The reviewer's form: the anonymised texts, edited, and the League ruling the case applies."""

from django import forms
from django.utils.translation import gettext_lazy as _

from articles.models import Ruling
from versions.editing import StartingVersion

from .models import Case
from .versioned import CASE_FIELDS


class CaseForm(StartingVersion, forms.ModelForm):
    class Meta:
        model = Case
        fields = list(CASE_FIELDS)
        widgets = {
            "what_happened": forms.Textarea(attrs={"rows": 4}),
            "ruling_given": forms.Textarea(attrs={"rows": 3}),
            "decision": forms.Textarea(attrs={"rows": 3}),
            "reasoning": forms.Textarea(attrs={"rows": 5}),
        }
        labels = {
            "title": _("Title"),
            "ruling": _("Ruling"),
            "what_happened": _("What happened"),
            "ruling_given": _("The ruling"),
            "decision": _("The decision"),
            "reasoning": _("The reasoning"),
        }
        help_texts = {
            "ruling": _("The League ruling this case applies: the case is shown on its page."),
            "ruling_given": _("What the director ruled at the table."),
            "decision": _("The head TD's decision on appeal, if appealed."),
            "reasoning": _("Why, and what directors can learn from it."),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["ruling"].queryset = (
            Ruling.objects.filter(
                article__is_published=True, article__ruleset_id=self.instance.ruleset_id
            )
            .select_related("article")
            .order_by("article__key", "position")
        )
        self.fields["ruling"].label_from_instance = lambda ruling: f"{ruling.question}"[:120]
