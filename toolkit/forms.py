"""The form a director fills in to log a ruling."""

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

import hooks
from articles.models import Article, Question, Ruling
from tournaments.versions import sheet_from_snapshot
from versions.editing import StartingVersion

from .models import LoggedRuling, PickerChoice
from .versioned import LOG_FIELDS


class LoggedRulingForm(StartingVersion, forms.ModelForm):
    # A round is counted from 1 (the model's field alone would offer 0).
    round = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=999,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        label=_("Round"),
        help_text=_("The round's number: 1, 2, 3…"),
    )

    class Meta:
        model = LoggedRuling
        fields = list(LOG_FIELDS)  # what the version-checked save writes (toolkit.versioned)
        # The reader's words (the model's verbose names and help texts stay English).
        labels = {
            "ruled_at": _("When"),
            "table": _("Table"),
            "players": _("Others named"),
            "what_happened": _("What happened"),
            "article": _("Article applied"),
            "ruling": _("Ruling applied"),
            "house_rule": _("House rule applied"),
            "outcome": _("Outcome"),
            "penalty": _("Penalty"),
            "appeal": _("Appeal"),
            "appeal_result": _("Appeal result"),
        }
        help_texts = {
            "players": _(
                "Anyone else involved (a spectator), or players of an entry logged before "
                "the tournament listed its players; separated by commas. They stay in the log "
                "and are removed when the ruling becomes a public question."
            ),
            "what_happened": _("In your own words; write tiles as :7D: to draw them."),
            "ruling": _("The site's ruling you applied, if one answers it."),
            "outcome": _("What you ruled and what the table did."),
            "appeal": _("Who appealed, and on what."),
        }
        widgets = {
            "ruled_at": forms.DateTimeInput(
                attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"
            ),
            # Text, not type="number" ("12A" is a table too), but a phone opens its digits.
            "table": forms.TextInput(attrs={"inputmode": "numeric"}),
            "what_happened": forms.Textarea(attrs={"rows": 4}),
            "outcome": forms.Textarea(attrs={"rows": 3}),
            "appeal": forms.Textarea(attrs={"rows": 2}),
        }

    def __init__(self, *args, tournament, working_copy=False, user=None, **kwargs):
        """`working_copy`: whether the one logging may read the tournament's working copy (its
        directors and staff); anyone else picks among the house rules players read. `user`:
        who logs, for the parts the apps above add (`parts`)."""
        super().__init__(*args, **kwargs)
        self.instance.tournament = tournament
        # The apps above add their part (the event's players and penalty), by hook.
        self.parts = (
            [
                part
                for make in hooks.get_hooks("log_form_parts")
                for part in make(
                    tournament=tournament,
                    user=user,
                    entry=self.instance,
                    data=self.data if self.is_bound else None,
                )
            ]
            if user is not None
            else []
        )
        self.fields["ruling"].queryset = (
            Ruling.objects.filter(
                article__is_published=True, article__ruleset_id=tournament.ruleset_id
            )
            .select_related("article")
            .order_by("article__number", "article__key", "position")
        )
        self.fields["ruling"].label_from_instance = _ruling_label
        # What the director may pick is what the site has for this tournament, so it links.
        self.fields["article"].queryset = (
            Article.objects.published()
            .filter(ruleset_id=tournament.ruleset_id)
            .order_by("number", "key")
        )
        self.fields["article"].label_from_instance = _article_label
        rules = tournament.house_rules.order_by("position")
        if not working_copy:
            rules = rules.filter(pk__in=_published_rule_ids(tournament, rules))
        self.fields["house_rule"].queryset = rules
        self.fields["house_rule"].label_from_instance = _rule_label
        if not (self.instance.appeal or self.instance.appeal_result):
            # Appeals are recorded under the entry in the log now (the appeals app); the old
            # free text stays, editable, only on entries that have some. Disabled, a field
            # keeps its stored value, so the version-checked save still has every field.
            for name in ("appeal", "appeal_result"):
                self.fields[name].disabled = True
                self.fields[name].widget = forms.HiddenInput()

    def is_valid(self):
        mine = super().is_valid()
        return all([mine] + [part.is_valid() for part in self.parts])  # every error shown

    def save_parts(self, entry) -> None:
        """Save the parts, in the entry's transaction, after the entry itself."""
        for part in self.parts:
            part.save(entry)

    def refused(self, error) -> None:
        """A part refused its save (a ValidationError raised under its lock): said there."""
        for part in self.parts:
            part.refused(error)


def _published_rule_ids(tournament, rules) -> list[int]:
    """The working copy's house rules that stand as the version in force has them (same
    number, same text): an unpublished or reworded rule is a draft, its directors' alone."""
    version = tournament.versions.in_force().order_by("-number").first()
    if version is None:
        return []
    sheet = sheet_from_snapshot(tournament, version.snapshot, articles={})
    published = {(rule.number, rule.text) for rule in sheet.rules}
    return [rule.pk for rule in rules if (rule.position, rule.text) in published]


def _article_label(article):
    if not article.number:
        return article.title
    return gettext("Article %(number)s: %(title)s") % {
        "number": article.number,
        "title": article.title,
    }


def _rule_label(rule):
    text = " ".join(rule.text.split())
    return gettext("House rule %(number)s: %(text)s") % {
        "number": rule.position,
        "text": f"{text[:70]}{'…' if len(text) > 70 else ''}",
    }


class PickerChoiceForm(StartingVersion, forms.ModelForm):
    class Meta:
        model = PickerChoice
        fields = [
            "key",
            "parent",
            "label",
            "next_question",
            "ruling",
            "article",
            "answer",
            "position",
        ]
        labels = {
            "key": _("Key"),
            "parent": _("Comes after"),
            "label": _("Label"),
            "next_question": _("Next question"),
            "ruling": _("Ruling"),
            "article": _("Article"),
            "answer": _("Answer"),
            "position": _("Position"),
        }
        help_texts = {
            "key": _("The choice's address: letters, digits and hyphens; it never changes."),
            "parent": _("Empty for a first choice (what happened)."),
            "label": _("What the TD taps, e.g. “A joker exchange”."),
            "next_question": _(
                "For a choice with choices under it: what the next tap answers, e.g. “When?”."
            ),
            "ruling": _("For a last choice: the ruling that answers it."),
            "article": _(
                "Only for a broad last choice no one ruling answers: the article to read."
            ),
            "answer": _(
                "Optional: one answer on that article, if it settles the case more exactly."
            ),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            # The address stays: printed links and other choices point to it.
            self.fields["key"].disabled = True
            self.fields["parent"].queryset = PickerChoice.objects.exclude(pk=self.instance.pk)
        # Editors pick a ruling by its question, the rule set's articles in their order.
        self.fields["ruling"].queryset = (
            Ruling.objects.filter(article__is_published=True)
            .select_related("article")
            .order_by("article__ruleset", "article__key", "position")
        )
        self.fields["ruling"].label_from_instance = _ruling_label
        self.fields["article"].queryset = Article.objects.published().order_by("ruleset", "key")
        self.fields["answer"].queryset = Question.objects.select_related("article")
        self.fields["answer"].label_from_instance = _answer_label
        self.fields["article"].label_from_instance = _article_label


def _ruling_label(ruling):
    return gettext("%(question)s (%(article)s)") % {
        "question": ruling.question,
        "article": _article_label(ruling.article),
    }


def _answer_label(question):
    return gettext("%(article)s: %(question)s") % {
        "article": question.article.title,
        "question": str(question)[:60],
    }
