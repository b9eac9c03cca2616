"""Forms a tournament director fills in: the tournament's details and its house rules."""

from django import forms
from django.db import models

from articles.models import Article, Ruling
from versions.editing import StartingVersion

from .models import HouseRule, Tournament, options_for_ruleset
from .option_values import choices_for, stored_value
from .versioned import DETAILS

# A house rule either sets a rule option or is plain text the engine does not judge.
PLAIN_TEXT = ""


def _option_choices(options):
    """The plain-text choice, then the given engine options by name alone: a phone shows the
    chosen label on one line, cut at the dropdown's width (the defaults go in the help)."""
    return [(PLAIN_TEXT, "None (plain text)")] + [(name, name) for name in sorted(options)]


def _option_help(options):
    defaults = ", ".join(
        f"{name} {stored_value(name, option.default)}" for name, option in sorted(options.items())
    )
    help_text = (
        "The engine option it sets, so the scenario checks rule by it; "
        "None for a plain-text rule the checks do not judge."
    )
    return f"{help_text} Defaults under the rule set: {defaults}." if defaults else help_text


class TournamentForm(StartingVersion, forms.ModelForm):
    class Meta:
        model = Tournament
        fields = list(DETAILS)  # what the version-checked save writes (tournaments.versioned)
        widgets = {
            "starts_on": forms.DateInput(attrs={"type": "date"}),
            "ends_on": forms.DateInput(attrs={"type": "date"}),
            "rules_as_of": forms.DateInput(attrs={"type": "date"}),
            "base_rules": forms.Textarea(attrs={"rows": 3}),
        }
        labels = {"starts_on": "First day", "ends_on": "Last day", "ruleset": "Rule set"}
        help_texts = {
            "slug": "The tournament's address: letters, digits and hyphens.",
            "card_name": "The card its hand checks use: a shipped card's name, a public card's, "
            "or one of this tournament's own cards. Scenario checks use a card only when they "
            "name it.",
        }
        error_messages = {"slug": {"unique": "A tournament already uses this address (slug)."}}

    def clean_card_name(self):
        # Imported here: the card module reads the engine's shipped cards when first used.
        from rulings.engine.cards import SHIPPED_CARDS

        from .models import Card

        name = self.cleaned_data["card_name"].strip()
        if not name or name in SHIPPED_CARDS:
            return name
        ours = Card.objects.filter(name=name)
        allowed = models.Q(private=False)
        if self.instance.pk is not None:
            allowed |= models.Q(owner_id=self.instance.pk)
        if not ours.filter(allowed).exists():
            raise forms.ValidationError(
                "No card of that name is public or kept by this tournament: "
                "name a shipped card, a public one, or add the card first."
            )
        return name

    def clean_slug(self):
        slug = self.cleaned_data["slug"]
        if slug == "new":  # /tournaments/new/ starts a tournament
            raise forms.ValidationError('"new" is reserved; choose another address.')
        return slug


class HouseRuleForm(StartingVersion, forms.ModelForm):
    option = forms.ChoiceField(
        required=False,
        label="Engine option",
    )
    value = forms.CharField(
        required=False,
        label="Reading",
        widget=forms.Select,
        help_text="Which reading of the option the tournament follows (on or off for an "
        "option without readings).",
    )

    position = forms.IntegerField(
        min_value=1,
        max_value=999,
        label="Number on the sheet",
        help_text="Where the rule stands on the sheet; rules are numbered in this order.",
    )

    class Meta:
        model = HouseRule
        fields = [
            "option",
            "value",
            "text",
            "departs_from",
            "position",
            "penalty_points",
            "ruling",
            "ruling_verdict",
        ]
        labels = {
            "text": "The house rule, in full",
            "departs_from": "Article it departs from (for a penalty: the article it applies to)",
            "penalty_points": "Penalty in points",
            "ruling": "Ruling it answers differently (for a rule the engine cannot check)",
            "ruling_verdict": "Its answer to that ruling's question here",
        }
        # The labels say it all; the models' help texts would only repeat them.
        help_texts = {"text": "", "departs_from": ""}
        widgets = {
            "text": forms.Textarea(attrs={"rows": 4}),
            "penalty_points": forms.NumberInput(attrs={"inputmode": "numeric"}),
        }

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.instance.tournament = tournament
        # Only the rule set's own options: the choices are also what the server accepts.
        options = options_for_ruleset(tournament.ruleset.key)
        self.fields["option"].choices = _option_choices(options)
        self.fields["option"].help_text = _option_help(options)
        self.fields["departs_from"].queryset = Article.objects.published().filter(
            ruleset_id=tournament.ruleset_id
        )
        self.fields["ruling"].queryset = Ruling.objects.filter(
            article__is_published=True, article__ruleset_id=tournament.ruleset_id
        ).select_related("article")
        # Each option's readings, grouped under it; the model refuses one of another option.
        self.fields["value"].widget.choices = choices_for(options)
        if self.instance.pk and self.instance.option:
            self.initial["value"] = self.instance.value
        if not self.instance.pk and not self.is_bound:
            last = tournament.house_rules.order_by("-position").first()
            self.initial["position"] = (last.position + 1) if last else 1

    def clean(self):
        cleaned = super().clean()
        # "on"/"off" (the form before readings) is kept as the reading it stands for.
        if cleaned.get("option"):
            cleaned["value"] = stored_value(cleaned["option"], cleaned.get("value"))
        return cleaned
