"""Forms a tournament director fills in: the tournament's details and its house rules."""

from django import forms
from django.db import models
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from articles.models import Article, Ruling
from languages.forms import KeepsLanguage, language_field
from mahjong_rules import plain
from rulings.reader_words import ruling_verdict_words
from versions.editing import StartingVersion

from .models import HouseRule, Tournament, options_for_ruleset
from .option_values import choices_for, stored_value
from .ruling_choices import OWN_WORDS
from .saving import HOUSE_RULE
from .versioned import DETAILS

# A house rule either sets a rule option or is plain text the engine does not judge.
PLAIN_TEXT = ""


def _option_choices(options):
    """The plain-text choice, then the given engine options by name alone: a phone shows the
    chosen label on one line, cut at the dropdown's width (the defaults go in the help)."""
    return [(PLAIN_TEXT, _("None (plain text)"))] + [(name, name) for name in sorted(options)]


def _option_help(options):
    defaults = ", ".join(
        f"{name} {stored_value(name, option.default)}" for name, option in sorted(options.items())
    )
    help_text = _(
        "The engine option it sets, so the scenario checks rule by it; "
        "None for a plain-text rule the checks do not judge."
    )
    if not defaults:
        return help_text
    return (
        help_text + " " + _("Defaults under the rule set: %(defaults)s.") % {"defaults": defaults}
    )


class TournamentForm(KeepsLanguage, StartingVersion, forms.ModelForm):
    class Meta:
        model = Tournament
        fields = list(DETAILS)  # what the version-checked save writes (tournaments.versioned)
        widgets = {
            "starts_on": forms.DateInput(attrs={"type": "date"}),
            "ends_on": forms.DateInput(attrs={"type": "date"}),
            "rules_as_of": forms.DateInput(attrs={"type": "date"}),
            "base_rules": forms.Textarea(attrs={"rows": 3}),
        }
        labels = {
            "name": gettext_lazy("Name"),
            "slug": gettext_lazy("Slug"),
            "starts_on": gettext_lazy("First day"),
            "ends_on": gettext_lazy("Last day"),
            "rules_as_of": gettext_lazy("League rules as of"),
            "place": gettext_lazy("Place"),
            "ruleset": gettext_lazy("Rule set"),
            "base_rules": gettext_lazy("Base rules"),
            "card_name": gettext_lazy("Card"),
        }
        help_texts = {
            "slug": gettext_lazy("The tournament's address: letters, digits and hyphens."),
            "rules_as_of": gettext_lazy(
                "It plays under the League's rulings in force on this day; "
                "blank: its first day (or today's rulings when it has no dates yet)."
            ),
            "base_rules": gettext_lazy(
                'The base it plays under, in words: "NMJL rules as published in …, plus".'
            ),
            "card_name": gettext_lazy(
                "The card its hand checks use: a shipped card's name, a public card's, "
                "or one of this tournament's own cards. Scenario checks use a card only when "
                "they name it."
            ),
        }
        error_messages = {
            "slug": {"unique": gettext_lazy("A tournament already uses this address (slug).")}
        }

    language = language_field(
        gettext_lazy("The language of its printed sheet and its offline copy.")
    )

    def clean_card_name(self):
        # Imported here: the card module reads the engine's shipped cards when first used.
        from mahjong_rules.engine.nmjl.cards import SHIPPED_CARDS

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
                _(
                    "No card of that name is public or kept by this tournament: "
                    "name a shipped card, a public one, or add the card first."
                )
            )
        return name

    def clean_slug(self):
        slug = self.cleaned_data["slug"]
        if slug == "new":  # /tournaments/new/ starts a tournament
            raise forms.ValidationError(_('"new" is reserved; choose another address.'))
        return slug


class HouseRuleForm(StartingVersion, forms.ModelForm):
    option = forms.ChoiceField(
        required=False,
        label=gettext_lazy("Engine option"),
    )
    value = forms.CharField(
        required=False,
        label=gettext_lazy("Reading"),
        widget=forms.Select,
        help_text=gettext_lazy(
            "Which reading of the option the tournament follows (on or off for an "
            "option without readings)."
        ),
    )

    position = forms.IntegerField(
        min_value=1,
        max_value=999,
        label=gettext_lazy("Number on the sheet"),
        help_text=gettext_lazy(
            "Where the rule stands on the sheet; rules are numbered in this order."
        ),
    )

    class Meta:
        model = HouseRule
        fields = list(HOUSE_RULE.fields)  # what the version-checked save writes (saving.py)
        labels = {
            "text": gettext_lazy("The house rule, in full"),
            "departs_from": gettext_lazy("Article it departs from"),
            "ruling": gettext_lazy(
                "Ruling it answers differently (for a rule the engine cannot check)"
            ),
            "ruling_verdict": gettext_lazy("Its answer to that ruling's question here"),
        }
        # The labels say it all; the models' help texts would only repeat them.
        help_texts = {
            "text": "",
            "departs_from": "",
            "ruling": gettext_lazy("The ruling this house rule answers differently, if any."),
            "ruling_verdict": gettext_lazy("What the ruling's question gets at this tournament."),
        }
        widgets = {
            "text": forms.Textarea(attrs={"rows": 4}),
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
        if "ruling_verdict" in self.fields:
            self.fields["ruling_verdict"].choices = [
                (value, ruling_verdict_words(value) or label)
                for value, label in self.fields["ruling_verdict"].choices
            ]
        if "ruling" in self.fields:
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


class PlainHouseRuleForm(HouseRuleForm):
    """A house rule that changes no ruling (a procedure), for a director: the engine's
    options are not offered (a rule that changes a ruling starts from the ruling). Penalties
    are the event's infractions, not house rules."""

    class Meta(HouseRuleForm.Meta):
        fields = ["text", "departs_from", "position"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name in ("option", "value"):
            del self.fields[name]

    def clean(self):
        cleaned = super().clean()
        # The versioned save writes every field: those not on this form stay as they are.
        for name in ("option", "value", "ruling", "ruling_verdict"):
            cleaned[name] = getattr(self.instance, name)
        return cleaned


def _choice_label(choice) -> str:
    """The reading's sentence, then the answer the ruling's question gets under it."""
    if not choice.verdict_words:
        return choice.sentence
    return f"{choice.sentence} ({choice.verdict_words})"


class RulingHouseRuleForm(StartingVersion, forms.ModelForm):
    """A house rule written from the ruling it changes: "How does your tournament rule it?"

    The ways offered are `ruling_choices.readings_changing` (each a sentence, never an option's
    name) and the director's own words, a text-only rule linked to the ruling with the answer
    they give. The engine option and reading follow from the choice."""

    choice = forms.ChoiceField(
        label=gettext_lazy("How does your tournament rule it?"), widget=forms.RadioSelect
    )

    position = HouseRuleForm.base_fields["position"]

    class Meta:
        model = HouseRule
        fields = ["text", "ruling_verdict", "position"]
        labels = {
            "text": gettext_lazy("The house rule, in full, as a player will read it"),
            "ruling_verdict": gettext_lazy(
                "In your own words: what does the question get at your tournament?"
            ),
        }
        help_texts = {"text": "", "ruling_verdict": ""}
        widgets = {"text": forms.Textarea(attrs={"rows": 4}), "ruling_verdict": forms.RadioSelect}

    def __init__(self, *args, tournament, ruling, choices, **kwargs):
        super().__init__(*args, **kwargs)
        self.instance.tournament = tournament
        self.ruling, self.choices = ruling, {c.key: c for c in choices}
        self.fields["choice"].choices = [(c.key, _choice_label(c)) for c in choices] + [
            (OWN_WORDS, _("In our own words"))
        ]
        self.fields["ruling_verdict"].choices = [
            (value, ruling_verdict_words(value) or label)
            for value, label in self.fields["ruling_verdict"].choices
            if value
        ]
        self.fields["ruling_verdict"].required = False
        self.fields["text"].required = False
        self.fields["text"].help_text = (
            _("Left empty, the sheet states the way you chose, as written above.")
            if choices
            else ""
        )
        rule = self.instance
        if rule.pk and not self.is_bound:
            current = f"{rule.option}={rule.value}"
            self.initial["choice"] = current if current in self.choices else OWN_WORDS
        if not rule.pk and not self.is_bound:
            last = tournament.house_rules.order_by("-position").first()
            self.initial["position"] = (last.position + 1) if last else 1

    def clean(self):
        cleaned = super().clean()
        rule, key = self.instance, cleaned.get("choice")
        chosen = self.choices.get(key)
        if chosen is not None:
            rule.option, rule.value = chosen.option, chosen.reading
            # The answer it gives, kept with the ruling it was written from: the checks give it
            # first, and it still says what the director chose if they change.
            verdict = chosen.verdict if chosen.verdict != "none" else ""
            rule.ruling, rule.ruling_verdict = (self.ruling, verdict) if verdict else (None, "")
            if not (cleaned.get("text") or "").strip():
                cleaned["text"] = rule.text = chosen.sentence
        elif key == OWN_WORDS:
            rule.option, rule.value = "", ""
            # Without an answer the model refuses it, in plain words, on the answer's field.
            rule.ruling, rule.ruling_verdict = self.ruling, cleaned.get("ruling_verdict") or ""
        if self.ruling is not None and rule.departs_from_id is None:
            rule.departs_from = self.ruling.article
        twin = self._twin(rule)
        if twin is not None:
            self.add_error(
                "choice",
                _("Your house rule “%(rule)s” already rules this; change that one instead.")
                % {"rule": plain.first_sentence(twin.text)},
            )
        for name in ("option", "value", "ruling", "ruling_verdict", "departs_from"):
            cleaned[name] = getattr(rule, name)
        return cleaned

    def _twin(self, rule):
        if not rule.option:
            return None
        twins = HouseRule.objects.filter(tournament_id=rule.tournament_id, option=rule.option)
        return twins.exclude(pk=rule.pk).first()

    def add_error(self, field, error):
        # The model names the fields the choice sets (in the engine's words): the director
        # reads one plain message on the choice instead, or none if it already has one.
        if field is None and hasattr(error, "error_dict"):
            engine = {k: v for k, v in error.error_dict.items() if k not in self.fields}
            rest = {k: v for k, v in error.error_dict.items() if k in self.fields}
            if engine and "choice" not in self.errors:
                super().add_error("choice", _("Choose one of the ways above."))
            if rest:
                super().add_error(None, forms.ValidationError(rest))
            return
        super().add_error(field, error)
