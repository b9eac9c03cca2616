"""The form a director fills in to log a ruling."""

from django import forms

from articles.models import Article
from tournaments.forms import StartingVersion

from .models import LoggedRuling


class LoggedRulingForm(StartingVersion, forms.ModelForm):
    class Meta:
        model = LoggedRuling
        fields = [
            "ruled_at",
            "table",
            "round",
            "players",
            "what_happened",
            "article",
            "house_rule",
            "outcome",
            "penalty",
            "appeal",
            "appeal_result",
        ]
        widgets = {
            "ruled_at": forms.DateTimeInput(
                attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"
            ),
            "what_happened": forms.Textarea(attrs={"rows": 4}),
            "outcome": forms.Textarea(attrs={"rows": 3}),
            "appeal": forms.Textarea(attrs={"rows": 2}),
        }

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.instance.tournament = tournament
        # What the director may pick is what the site has for this tournament, so it links.
        self.fields["article"].queryset = (
            Article.objects.published()
            .filter(ruleset_id=tournament.ruleset_id)
            .order_by("number", "key")
        )
        self.fields["article"].label_from_instance = _article_label
        self.fields["house_rule"].queryset = tournament.house_rules.order_by("position")
        self.fields["house_rule"].label_from_instance = _rule_label


def _article_label(article):
    return f"{article.number} — {article.title}" if article.number else article.title


def _rule_label(rule):
    text = " ".join(rule.text.split())
    return f"House rule {rule.position}: {text[:70]}{'…' if len(text) > 70 else ''}"
