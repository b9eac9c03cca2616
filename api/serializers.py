"""What the API answers, as DRF serializers (they also give the OpenAPI schema its shapes).

Content models are serialized from their rows; scenario results and tournament differences,
which are computed rather than stored, from the plain dicts `results.py` makes of them.
"""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.reverse import reverse

from articles.models import Article, Citation, Commentary, Question, Ruling, Source, Term
from casebook.models import Case


def _absolute(context, url):
    request = context.get("request")
    return request.build_absolute_uri(url) if request is not None else url


class SourceSerializer(serializers.ModelSerializer):
    name = serializers.CharField(source="__str__", read_only=True, help_text="As readers cite it.")
    publication_name = serializers.CharField(source="get_publication_display", read_only=True)
    page = serializers.SerializerMethodField(
        help_text="The site's page of this publication's year."
    )
    api_url = serializers.SerializerMethodField()

    class Meta:
        model = Source
        fields = [
            "key",
            "name",
            "publication",
            "publication_name",
            "title",
            "year",
            "month",
            "edition",
            "locator",
            "url",
            "note",
            "page",
            "api_url",
        ]

    def get_page(self, source) -> str:
        return _absolute(self.context, source.get_absolute_url())

    def get_api_url(self, source) -> str:
        return _absolute(self.context, reverse("api:source-detail", args=[source.key]))


class CitationSerializer(serializers.ModelSerializer):
    source = SourceSerializer(read_only=True)
    cites = serializers.CharField(
        source="part", read_only=True, help_text='"ruling" for the short ruling, "" for the text.'
    )

    class Meta:
        model = Citation
        fields = ["id", "source", "relation", "cites", "locator", "quote", "note"]


class RulingSerializer(serializers.Serializer):
    """A short ruling: what a TD reads at the table, with the sources that back it."""

    text = serializers.CharField(source="ruling", help_text="Markdown.")
    html = serializers.CharField(source="ruling_html", help_text="Sanitised HTML.")
    citations = CitationSerializer(source="ruling_citations", many=True)


@extend_schema_field(RulingSerializer(allow_null=True))
class RulingField(serializers.Field):
    """The short ruling, or null when the page has none yet."""

    def __init__(self, **kwargs):
        super().__init__(source="*", read_only=True, **kwargs)

    def to_representation(self, value):
        if not value.ruling.strip():
            return None
        return RulingSerializer(value, context=self.context).data


class CommentarySerializer(serializers.ModelSerializer):
    html = serializers.CharField(source="body_html", read_only=True)
    anchor = serializers.SerializerMethodField(help_text="Its place on the article's page.")
    citations = CitationSerializer(many=True, read_only=True)

    class Meta:
        model = Commentary
        fields = ["id", "body", "html", "author", "reviewed_on", "anchor", "citations"]

    def get_anchor(self, commentary) -> str:
        url = f"{commentary.article.get_absolute_url()}#commentary-{commentary.pk}"
        return _absolute(self.context, url)


class AnswerSerializer(serializers.ModelSerializer):
    ruling = RulingField()
    answer_html = serializers.CharField(read_only=True)
    citations = CitationSerializer(source="text_citations", many=True, read_only=True)
    anchor = serializers.SerializerMethodField(help_text="Its place on the article's page.")

    class Meta:
        model = Question
        fields = [
            "id",
            "question",
            "asked_by",
            "ruling",
            "answer",
            "answer_html",
            "answered_by",
            "answered_on",
            "anchor",
            "citations",
        ]

    def get_anchor(self, question) -> str:
        return _absolute(
            self.context, f"{question.article.get_absolute_url()}#question-{question.pk}"
        )


class QuestionSerializer(AnswerSerializer):
    """A question with the article it is on (the questions list)."""

    article = serializers.SlugRelatedField(slug_field="key", read_only=True)

    class Meta(AnswerSerializer.Meta):
        fields = ["article", *AnswerSerializer.Meta.fields]


class ArticleSummarySerializer(serializers.ModelSerializer):
    ruleset = serializers.SlugRelatedField(slug_field="key", read_only=True)
    page = serializers.SerializerMethodField()
    api_url = serializers.SerializerMethodField()

    class Meta:
        model = Article
        fields = ["key", "number", "title", "ruleset", "kind", "summary", "page", "api_url"]

    def get_page(self, article) -> str:
        return _absolute(self.context, article.get_absolute_url())

    def get_api_url(self, article) -> str:
        return _absolute(self.context, reverse("api:article-detail", args=[article.key]))


class TournamentAnswerSerializer(serializers.Serializer):
    """A ruling as a tournament's house rules answer it (`tournaments.ruling_answers`)."""

    tournament = serializers.CharField(help_text="The tournament's slug.")
    tournament_name = serializers.CharField()
    house_rule = serializers.IntegerField(help_text="The house rule that decides, by number.")
    verdict = serializers.CharField(help_text="allowed, not_allowed, dead or none.")
    line = serializers.CharField(
        help_text='"At Harbour Lights Mah Jongg Open 2027: No. A touched tile is a taken tile '
        '(house rule 1)".'
    )
    reason = serializers.CharField(help_text="The house rule's first sentence.")
    penalty_points = serializers.IntegerField(
        allow_null=True, help_text="Its penalty in points, where the tournament states one."
    )
    penalty_path = serializers.ListField(
        child=serializers.CharField(),
        help_text='What a repeat costs, in words: "second offence: 50 points".',
    )
    league_answer = serializers.CharField(help_text="The ruling's own answer, League rules.")


class RulingDetailSerializer(serializers.ModelSerializer):
    """One question a TD is asked, answered in one line, with its sources; with
    `?tournament=<slug>`, the tournament's answer where its house rules change it."""

    article = serializers.CharField(source="article.key", read_only=True)
    citations = CitationSerializer(many=True, read_only=True)
    page = serializers.SerializerMethodField()
    api_url = serializers.SerializerMethodField()
    tournament_answer = serializers.SerializerMethodField(
        help_text="Null without ?tournament=, or where its house rules leave the ruling as it is."
    )

    class Meta:
        model = Ruling
        fields = [
            "slug",
            "article",
            "position",
            "question",
            "answer",
            "verdict",
            "reason",
            "citations",
            "page",
            "api_url",
            "tournament_answer",
        ]

    def get_page(self, ruling) -> str:
        return _absolute(self.context, ruling.get_absolute_url())

    def get_api_url(self, ruling) -> str:
        return _absolute(self.context, reverse("api:ruling-detail", args=[ruling.slug]))

    @extend_schema_field(TournamentAnswerSerializer(allow_null=True))
    def get_tournament_answer(self, ruling):
        answer = self.context.get("answers", {}).get(ruling.slug)
        return answer.as_json() if answer is not None else None


class VerdictSerializer(serializers.Serializer):
    line = serializers.IntegerField()
    text = serializers.CharField(help_text="The action, as the scenario writes it.")
    verdict = serializers.CharField(help_text='"allowed" or "refused", or another outcome.')
    rule = serializers.CharField(allow_null=True, help_text="The engine's rule that decided.")
    article = serializers.CharField(allow_null=True, help_text="The article the rule cites.")
    reason = serializers.CharField(allow_null=True)


class CheckSerializer(serializers.Serializer):
    """One scenario (or one Examples row of an outline) of a scenario text, as it ran."""

    name = serializers.CharField()
    line = serializers.IntegerField()
    status = serializers.CharField(help_text="passed, differs, failed, undefined, skipped…")
    articles = serializers.ListField(child=serializers.CharField(), help_text="Tagged for.")
    verdicts = VerdictSerializer(many=True)


class ScenarioResultSerializer(serializers.Serializer):
    slug = serializers.CharField()
    title = serializers.CharField()
    page = serializers.URLField()
    api_url = serializers.URLField()
    status = serializers.CharField(help_text="The worst of its checks.")
    summary = serializers.CharField(help_text='"3 checks, 3 pass".')
    checks = CheckSerializer(many=True)


class ScenarioSerializer(ScenarioResultSerializer):
    text = serializers.CharField(help_text="Gherkin, in the scenario language.")
    articles = serializers.ListField(child=serializers.CharField(), help_text="Article keys.")


@extend_schema_field(
    {
        "oneOf": [{"type": "string"}, {"type": "boolean"}],
        "nullable": True,
        "description": "The name of the reading the house rule chooses; true or false in a "
        "version published before options had readings; null for a plain-text rule.",
    }
)
class OptionValueField(serializers.Field):
    """A house rule's value as its published version keeps it (`SheetRule.value`)."""

    def __init__(self, **kwargs):
        super().__init__(read_only=True, **kwargs)

    def to_representation(self, value):
        return value


class DepartureSerializer(serializers.Serializer):
    number = serializers.IntegerField(help_text="Its number on the tournament's sheet.")
    text = serializers.CharField()
    option = serializers.CharField(allow_null=True)
    value = OptionValueField()


class DepartsFromSerializer(serializers.Serializer):
    key = serializers.CharField(help_text="The League article's key.")
    title = serializers.CharField(required=False, help_text="When the site has the article.")
    url = serializers.URLField(required=False)


class SheetRuleSerializer(serializers.Serializer):
    """One house rule on a tournament's sheet (`tournaments.comparison.page_as_json`)."""

    number = serializers.IntegerField()
    option = serializers.CharField(allow_null=True, help_text="null for a plain-text rule.")
    value = serializers.CharField(allow_null=True, help_text="The reading it chooses, by name.")
    on = serializers.BooleanField(allow_null=True, help_text="Whether the option is on.")
    text = serializers.CharField()
    departs_from = DepartsFromSerializer(allow_null=True)


class SheetPenaltySerializer(serializers.Serializer):
    """One line of a tournament's published penalty schedule (read-only; the players charged
    with it are private and never here)."""

    name = serializers.CharField(
        help_text="As a TD says it; empty in a version published "
        "before the schedule, whose penalties were house rules."
    )
    text = serializers.CharField(help_text="The situation, in full.")
    points = serializers.IntegerField(help_text="A first offence, in points.")
    second_offence = serializers.IntegerField(
        allow_null=True, help_text="A second offence, in points; null: the head TD decides."
    )
    third_offence = serializers.IntegerField(
        allow_null=True, help_text="A third (and later) offence; null: the head TD decides."
    )
    upgrade_path = serializers.ListField(
        child=serializers.CharField(), help_text='"second offence: 50 points", in words.'
    )
    applies_to = DepartsFromSerializer(allow_null=True, help_text="The article it applies to.")
    ruling = serializers.CharField(allow_null=True, help_text="The ruling's slug, if one.")
    house_rule = serializers.IntegerField(
        allow_null=True, help_text="Its number among the house rules (older versions only)."
    )


class DateNoteSerializer(serializers.Serializer):
    """Where the League's rules on the tournament's date differ from today's."""

    option = serializers.CharField()
    league_rules_as_of = serializers.DateField()
    changed_on = serializers.DateField()
    source = serializers.CharField()
    sentence = serializers.CharField()


class DifferenceSerializer(serializers.Serializer):
    scenario = serializers.CharField(help_text="The scenario's slug.")
    name = serializers.CharField()
    line = serializers.IntegerField()
    league = serializers.CharField(help_text="Its status under League rules.")
    tournament = serializers.CharField(help_text="Its status under the tournament's rules.")
    because = serializers.ListField(child=serializers.CharField(), help_text="Option names.")
    house_rules = serializers.ListField(child=serializers.IntegerField())


class TournamentDifferencesSerializer(serializers.Serializer):
    """What one published tournament changes on this article."""

    slug = serializers.CharField()
    name = serializers.CharField()
    page = serializers.URLField()
    version = serializers.IntegerField(allow_null=True)
    house_rules = DepartureSerializer(many=True, help_text="Its house rules departing from it.")
    checks = DifferenceSerializer(many=True, help_text="Each check, League and tournament.")


class PageVersionSerializer(serializers.Serializer):
    """The page's version: its place in the page's one history, as citations name it."""

    number = serializers.IntegerField()
    date = serializers.DateTimeField(allow_null=True)
    permalink = serializers.URLField(help_text="This version of the page, never changed.")


class ArticleSerializer(ArticleSummarySerializer):
    ruleset_name = serializers.CharField(source="ruleset.name", read_only=True)
    ruling = RulingField()
    ruling_reviewed_on = serializers.DateField(read_only=True, allow_null=True)
    text = serializers.CharField(source="body", read_only=True, help_text="Markdown.")
    text_html = serializers.CharField(source="body_html", read_only=True)
    citations = CitationSerializer(source="text_citations", many=True, read_only=True)
    commentary = CommentarySerializer(source="commentaries", many=True, read_only=True)
    answers = AnswerSerializer(source="questions", many=True, read_only=True)
    version = serializers.SerializerMethodField()
    scenario_checks = serializers.SerializerMethodField()
    tournaments = serializers.SerializerMethodField()

    class Meta(ArticleSummarySerializer.Meta):
        fields = [
            *ArticleSummarySerializer.Meta.fields,
            "ruleset_name",
            "ruling",
            "ruling_reviewed_on",
            "text",
            "text_html",
            "origin",
            "last_reviewed_on",
            "version",
            "citations",
            "commentary",
            "answers",
            "scenario_checks",
            "tournaments",
        ]

    @extend_schema_field(PageVersionSerializer)
    def get_version(self, article):
        return PageVersionSerializer(self.context["version"]).data

    @extend_schema_field(ScenarioResultSerializer(many=True))
    def get_scenario_checks(self, article):
        return self.context["scenario_checks"]

    @extend_schema_field(TournamentDifferencesSerializer(many=True))
    def get_tournaments(self, article):
        return self.context["tournaments"]


class TermSerializer(serializers.ModelSerializer):
    definition_html = serializers.CharField(read_only=True)
    articles = serializers.SerializerMethodField()
    page = serializers.SerializerMethodField()

    class Meta:
        model = Term
        fields = ["slug", "term", "aliases", "definition", "definition_html", "articles", "page"]

    def get_articles(self, term) -> list[str]:
        return [article.key for article in term.related_articles.all()]

    def get_page(self, term) -> str:
        return _absolute(self.context, term.get_absolute_url())


class CaseSerializer(serializers.ModelSerializer):
    """A published case: what happened, the ruling, the decision, the reasoning. Never the
    log it came from (players, tables, rounds, the tournament, the appeal's statements)."""

    ruleset = serializers.CharField(source="ruleset.key")
    ruling = serializers.SerializerMethodField(help_text="The League ruling it applies (slug).")
    page = serializers.SerializerMethodField()

    class Meta:
        model = Case
        fields = [
            "id",
            "title",
            "ruleset",
            "ruling",
            "what_happened",
            "ruling_given",
            "decision",
            "reasoning",
            "published_at",
            "page",
        ]

    def get_ruling(self, case) -> str | None:
        return case.ruling.slug if case.ruling_id else None

    def get_page(self, case) -> str:
        return _absolute(self.context, case.get_absolute_url())


class SearchHitSerializer(serializers.Serializer):
    url = serializers.CharField()
    title = serializers.CharField()
    kind = serializers.CharField()
    label = serializers.CharField(help_text="The kind in plain words: Ruling, Article, …")
    snippet = serializers.CharField(help_text="HTML: escaped text, matches in <mark>.")
    verdict = serializers.CharField(
        required=False,
        help_text="A ruling's verdict in words ('Allowed', 'Not allowed', …); empty where "
        "the answer says it.",
    )
    answer = serializers.CharField(
        required=False,
        help_text="A ruling's one-line answer; at the chosen tournament, its answer where its "
        "house rules change the ruling.",
    )
    league_answer = serializers.CharField(
        required=False,
        help_text="The League's answer, given where the tournament's answer differs; else empty.",
    )


class SearchSerializer(serializers.Serializer):
    query = serializers.CharField()
    results = SearchHitSerializer(many=True)


class JudgedArticleSerializer(serializers.Serializer):
    key = serializers.CharField()
    title = serializers.CharField()
    page = serializers.URLField()


class JudgmentSerializer(serializers.Serializer):
    """The engine's verdict on one action at one table (`api.judge`)."""

    table = serializers.CharField(
        help_text="The table as judged, in notation, with the options of the rules asked for set."
    )
    action = serializers.CharField(help_text="The action, in notation.")
    under = serializers.CharField(
        help_text='The rules, in words: "League rules", "League rules as of 1 March 2019", '
        '"the house rules of Harbour Lights Mah Jongg Open 2027 (version 1)".'
    )
    league_rules_as_of = serializers.DateField(
        allow_null=True, help_text="The day whose League rulings apply; null for today's."
    )
    tournament = serializers.CharField(allow_null=True, help_text="The tournament's slug.")
    options = serializers.DictField(
        child=serializers.BooleanField(),
        help_text="The rule options those rules set on top of the table's own, by name.",
    )
    verdict = serializers.CharField(help_text='"allowed" or "refused".')
    answer = serializers.CharField(help_text='"Allowed" or "Not allowed".')
    rule = serializers.CharField(help_text="The engine's rule that decided.")
    article = serializers.CharField(help_text="The key of the article the rule cites.")
    article_page = JudgedArticleSerializer(
        allow_null=True, help_text="That article on the site; null when it is not published."
    )
    reason = serializers.CharField(help_text="Why, in plain words.")
    consequence = serializers.CharField(
        allow_null=True, help_text="What the rules attach to the action beyond its verdict."
    )
    next_table = serializers.CharField(
        help_text="The table after the action, in notation (the same table when refused)."
    )


class BadQuestionSerializer(serializers.Serializer):
    detail = serializers.CharField(help_text="What is wrong, and how to write it.")
    parameter = serializers.CharField(help_text="table, action, date or tournament.")
