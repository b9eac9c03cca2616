"""The scenario editor's form: the text, an edit summary, and the version it started from."""

from django import forms
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

# The runner's own cap (re-exported for the views), so a text the command line and the import
# accept can also be checked and saved on the web: a lower number here refused such texts.
from mahjong_rules.scenarios.parsing import MAX_STEPS, MAX_TEXT_CHARS

from rulings.models import Scenario
from rulings.scenario_store import articles_for_keys, feature_name, parsed
from versions.saving import open_for_editing

# Slugs the scenario URLs already use for pages of their own.
RESERVED_SLUGS = {"steps", "check", "new", "drafts"}


def check_text(text):
    """The reasons a text cannot be saved (an empty list when it can). A text that does not
    parse, or does not run clean, can: it is saved as a draft (rulings.drafts)."""
    if len(text) > MAX_TEXT_CHARS:
        return [
            _("The text is %(count)s characters; a scenario may have %(most)s.")
            % {"count": f"{len(text):,}", "most": f"{MAX_TEXT_CHARS:,}"}
        ]
    if "\x00" in text:
        return [_("The text contains a NUL character; paste it again as plain text.")]
    parse = parsed(text)  # the live check's run and the save read the same parse
    errors = []
    if parse.size_in_steps > MAX_STEPS:
        errors.append(
            _(
                "The text has %(count)s steps to run; a scenario text may have %(most)s. "
                "Split it into several."
            )
            % {"count": f"{parse.size_in_steps:,}", "most": f"{MAX_STEPS:,}"}
        )
    _known, unknown = articles_for_keys(parse.article_keys)
    if unknown:
        errors.append(
            _(
                "No article has the key %(keys)s. Check the @article: tags against the "
                "article pages."
            )
            % {"keys": ", ".join(f"“{key}”" for key in unknown)}
        )
    return errors


class ScenarioForm(forms.ModelForm):
    """Create or edit a scenario. Its title and article links come from the text itself."""

    summary = forms.CharField(
        label=gettext_lazy("Edit summary"),
        max_length=200,
        required=False,
        help_text=gettext_lazy("What you changed and why, for the history."),
    )
    base_history_id = forms.IntegerField(required=False, widget=forms.HiddenInput)

    class Meta:
        model = Scenario
        fields = ["slug", "text"]
        widgets = {
            "text": forms.Textarea(
                attrs={"rows": 24, "cols": 80, "spellcheck": "false", "class": "scenario-text"}
            )
        }
        labels = {"slug": gettext_lazy("Slug"), "text": gettext_lazy("Text")}
        help_texts = {
            "slug": gettext_lazy("The scenario's address: lowercase words joined by hyphens.")
        }

    def __init__(self, data=None, *args, **kwargs):
        instance = kwargs.get("instance")
        opening = data is None and instance is not None and instance.pk is not None
        version = open_for_editing(instance) if opening else None
        super().__init__(data, *args, **kwargs)
        if self.instance.pk:
            # The address of an existing scenario stays put: links to it must keep working.
            self.fields["slug"].disabled = True
            self.fields["slug"].required = False
        if opening:
            self.initial["base_history_id"] = version

    def clean_slug(self):
        slug = self.cleaned_data.get("slug")
        if slug in RESERVED_SLUGS:
            raise ValidationError(
                _("“%(slug)s” is the name of a page; choose another address.") % {"slug": slug}
            )
        return slug

    def clean_text(self):
        # Stored as a .feature file would be: Unix line ends, one newline at the end.
        text = self.cleaned_data["text"].replace("\r\n", "\n").rstrip() + "\n"
        errors = check_text(text)
        if errors:
            raise ValidationError(errors)
        return text

    def save(self, commit=True):
        """Create a scenario. An existing one is saved by `scenario_store.save_text`, which
        checks the version this form started from."""
        scenario = super().save(commit=False)
        # A draft may have no Feature line yet: it keeps the title it had, or its address.
        scenario.title = feature_name(scenario.text)[:200] or scenario.title or scenario.slug
        scenario._change_reason = self.cleaned_data.get("summary") or None
        if commit:
            # The links move before the row is written (see signals): both or neither.
            with transaction.atomic():
                scenario.save()
        return scenario
