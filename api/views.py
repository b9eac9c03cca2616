"""The read API's views: thin DRF views over the querysets readers' pages use.

Nothing here shows what a reader of the site could not see: published articles only,
scenarios through `for_readers()`, published tournaments only, results with public cards.
The API signs nobody in (no authentication classes), so every answer is the same for all.
"""

import re

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.db.models import Prefetch
from django.http import JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import generics, serializers
from rest_framework.exceptions import NotFound, ParseError
from rest_framework.response import Response
from rest_framework.views import APIView

from articles.models import Article, Citation, Question, RuleSet, Ruling, Source, Term
from articles.page import ArticlePage
from articles.wiki.page_history import current_version
from casebook.models import Case
from rulings.models import Scenario
from search.models import KIND_LABELS
from search.query import MAX_QUERY_LENGTH
from search.ranking import search as search_everything
from tournaments.comparison import page_as_json, tournament_page
from tournaments.models import Tournament
from tournaments.ruling_answers import answers_for

from . import judge, results
from .serializers import (
    ArticleSerializer,
    ArticleSummarySerializer,
    BadQuestionSerializer,
    CaseSerializer,
    DateNoteSerializer,
    JudgmentSerializer,
    QuestionSerializer,
    RulingDetailSerializer,
    ScenarioSerializer,
    SearchSerializer,
    SheetPenaltySerializer,
    SheetRuleSerializer,
    SourceSerializer,
    TermSerializer,
)

SEARCH_RESULTS = 30
cited = Citation.objects.select_related("source").order_by("position", "pk")


class ArticleList(generics.ListAPIView):
    """Every published article (a page at a time), by rule set and number; `?ruleset=nmjl`."""

    serializer_class = ArticleSummarySerializer

    @extend_schema(parameters=[OpenApiParameter("ruleset", str, description="nmjl or matjok")])
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        articles = Article.objects.published().select_related("ruleset")
        ruleset = self.request.query_params.get("ruleset", "")
        if ruleset in set(RuleSet.objects.values_list("key", flat=True)):
            articles = articles.filter(ruleset__key=ruleset)
        return articles


class ArticleDetail(generics.RetrieveAPIView):
    """One article as its page has it: the short ruling (`ruling`), the text, commentary,
    answers, citations with their sources, scenario checks with their verdicts, and each
    published tournament's differences."""

    serializer_class = ArticleSerializer
    lookup_field = "key"
    queryset = Article.objects.published().with_page_content()

    def retrieve(self, request, *args, **kwargs):
        article = self.get_object()
        absolute = request.build_absolute_uri
        # The article's page object, as its page has it: its rows and results read once.
        page = ArticlePage(article, request)
        number, date = current_version(article)
        permalink = reverse("articles:article-version", args=[article.key, number or 1])
        context = {
            **self.get_serializer_context(),
            "version": {"number": number, "date": date, "permalink": absolute(permalink)},
            "scenario_checks": results.article_scenario_results(page, absolute),
            "tournaments": results.tournament_differences(page, absolute),
        }
        return Response(ArticleSerializer(article, context=context).data)


def article_last_modified(request, key):
    """When the article's page last changed (its one history's latest entry), for
    Last-Modified; None for no such article (the view answers 404)."""
    article = Article.objects.published().filter(key=key).first()
    return current_version(article)[1] if article is not None else None


class QuestionList(generics.ListAPIView):
    """Every question and answer on a published article, by article."""

    serializer_class = QuestionSerializer
    queryset = (
        Question.objects.filter(article__is_published=True)
        .select_related("article")
        .prefetch_related(Prefetch("citations", queryset=cited))
        .order_by("article__ruleset__position", "article__position", "article__key", "position")
    )


class QuestionDetail(generics.RetrieveAPIView):
    serializer_class = QuestionSerializer
    queryset = QuestionList.queryset


# What a tournament's slug may hold: anything else is refused before any look-up (a 400).
SLUG = r"^[-a-zA-Z0-9_]{0,100}$"
TOURNAMENT_PARAMETER = OpenApiParameter(
    "tournament",
    str,
    description="A published tournament's slug: each ruling its house rules change carries "
    "that tournament's answer (`tournament_answer`).",
    pattern=SLUG,
)
_rulings = (
    Ruling.objects.filter(article__is_published=True)
    .select_related("article__ruleset")
    .prefetch_related(Prefetch("citations", queryset=cited))
    .order_by("article__ruleset__position", "article__position", "article__key", "position", "pk")
)


def _tournament_asked(request) -> Tournament | None:
    """The published tournament `?tournament=` names, None when none is asked; a value that
    is no slug is a 400, and one that names no published tournament (a draft among them) the
    same 404 as a slug nobody uses, so a draft's existence never shows."""
    slug = request.query_params.get("tournament", "").strip()
    if not slug:
        return None
    if not re.match(SLUG, slug):
        raise ParseError(_("tournament must be a tournament's slug: letters, digits and hyphens."))
    found = _published_tournaments().filter(slug=slug).first()
    if found is None:
        raise NotFound(_("No published tournament has this slug."))
    return found


def _answers(rulings, tournament) -> dict:
    """The tournament's answers to these rulings, as the ruling box gives them (one round trip
    to the results cache for all)."""
    return answers_for(rulings, tournament) if tournament is not None and rulings else {}


class RulingList(generics.ListAPIView):
    """Every ruling of the published articles (a page at a time), by article and place;
    `?tournament=<slug>` answers them under that tournament's house rules as well."""

    serializer_class = RulingDetailSerializer
    queryset = _rulings

    @extend_schema(parameters=[TOURNAMENT_PARAMETER])
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    def list(self, request, *args, **kwargs):
        tournament = _tournament_asked(request)  # a bad ?tournament= before any work
        page = self.paginate_queryset(self.get_queryset())
        context = {**self.get_serializer_context(), "answers": _answers(page, tournament)}
        data = RulingDetailSerializer(page, many=True, context=context).data
        return self.get_paginated_response(data)


class RulingDetail(generics.RetrieveAPIView):
    """One ruling: question, answer, verdict, reason, sources; `?tournament=<slug>` adds
    that tournament's answer where its house rules change it."""

    serializer_class = RulingDetailSerializer
    queryset = _rulings
    lookup_field = "slug"

    @extend_schema(parameters=[TOURNAMENT_PARAMETER])
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    def retrieve(self, request, *args, **kwargs):
        tournament = _tournament_asked(request)
        ruling = self.get_object()
        context = {**self.get_serializer_context(), "answers": _answers([ruling], tournament)}
        return Response(RulingDetailSerializer(ruling, context=context).data)


class SourceList(generics.ListAPIView):
    """Every source, by publication and date."""

    serializer_class = SourceSerializer
    queryset = Source.objects.order_by("publication", "year", "month", "locator", "key")


class SourceDetail(generics.RetrieveAPIView):
    serializer_class = SourceSerializer
    queryset = Source.objects.all()
    lookup_field = "key"


_cases = (
    Case.objects.published().select_related("ruleset", "ruling").order_by("-published_at", "-pk")
)


class CaseList(generics.ListAPIView):
    """The casebook's published cases, newest first (`?ruleset=nmjl` for one rule set's)."""

    serializer_class = CaseSerializer

    @extend_schema(parameters=[OpenApiParameter("ruleset", str, description="nmjl or matjok")])
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        ruleset = self.request.query_params.get("ruleset", "")
        return _cases.filter(ruleset__key=ruleset) if ruleset else _cases


class CaseDetail(generics.RetrieveAPIView):
    serializer_class = CaseSerializer
    queryset = _cases


_terms = Term.objects.prefetch_related(
    Prefetch("related_articles", queryset=Article.objects.published().only("key"))
).order_by("term")


class TermList(generics.ListAPIView):
    """The glossary."""

    serializer_class = TermSerializer
    queryset = _terms


class TermDetail(generics.RetrieveAPIView):
    serializer_class = TermSerializer
    queryset = _terms
    lookup_field = "slug"


def _readers_scenarios():
    return Scenario.objects.for_readers().prefetch_related(
        Prefetch("articles", queryset=Article.objects.published().only("key"))
    )


def _scenario_data(scenarios, request):
    data = results.scenario_results(scenarios, request.build_absolute_uri)
    for entry, scenario in zip(data, scenarios, strict=True):
        entry["text"] = scenario.text
        entry["articles"] = [article.key for article in scenario.articles.all()]
    return data


class ScenarioList(generics.ListAPIView):
    """Every scenario check as readers see it (never a draft), with its text and results."""

    serializer_class = ScenarioSerializer

    def get_queryset(self):
        return _readers_scenarios()

    def list(self, request, *args, **kwargs):
        page = list(self.paginate_queryset(self.get_queryset()))
        return self.get_paginated_response(_scenario_data(page, request))


class ScenarioDetail(generics.RetrieveAPIView):
    """One scenario check: its text (the last version that ran clean) and its results."""

    serializer_class = ScenarioSerializer
    lookup_field = "slug"

    def get_queryset(self):
        return _readers_scenarios()

    def retrieve(self, request, *args, **kwargs):
        return Response(_scenario_data([self.get_object()], request)[0])


_TOURNAMENT_FIELDS = {
    "name": serializers.CharField(),
    "slug": serializers.CharField(),
    "url": serializers.URLField(),
    "status": serializers.CharField(),
    "starts_on": serializers.DateField(allow_null=True),
    "ends_on": serializers.DateField(allow_null=True),
    "place": serializers.CharField(),
    "ruleset": serializers.CharField(),
    "league_rules_as_of": serializers.DateField(allow_null=True),
    "date_notes": DateNoteSerializer(many=True),
    "base_rules": serializers.CharField(),
    "version": serializers.IntegerField(allow_null=True),
    "published_on": serializers.DateField(allow_null=True),
    "options": serializers.DictField(child=serializers.BooleanField()),
    "house_rules": SheetRuleSerializer(many=True),
    "penalties": SheetPenaltySerializer(many=True),
    "previous_version": serializers.IntegerField(allow_null=True),
    "withdrawn_versions": serializers.ListField(child=serializers.DictField()),
    "changes_since_previous_version": serializers.ListField(child=serializers.DictField()),
    "versions": serializers.ListField(child=serializers.DictField()),
    "rulings": serializers.ListField(child=serializers.DictField()),
}


# One class for the schema, however many views answer with it.
_TournamentSchema = type(inline_serializer("Tournament", _TOURNAMENT_FIELDS))


def _tournament_schema(**kwargs):
    return _TournamentSchema(**kwargs)


def _published_tournaments():
    return Tournament.objects.visible_to(AnonymousUser()).select_related("ruleset")


class TournamentList(generics.ListAPIView):
    """Every published tournament: its house rules, versions and differences."""

    @extend_schema(responses=_tournament_schema(many=True))
    def get(self, request, *args, **kwargs):
        page = self.paginate_queryset(_published_tournaments().order_by("-starts_on", "name"))
        return self.get_paginated_response([_tournament_data(t, request) for t in page])


class TournamentDetail(APIView):
    """One published tournament, as its JSON at /tournaments/<slug>.json has it."""

    @extend_schema(responses=_tournament_schema())
    def get(self, request, slug):
        tournament = generics.get_object_or_404(_published_tournaments(), slug=slug)
        return Response(_tournament_data(tournament, request))


def _tournament_data(tournament, request):
    return page_as_json(tournament_page(tournament), request.build_absolute_uri)


class Search(APIView):
    """The site search: `?q=…[&ruleset=…][&kind=…]`, articles named by number first."""

    @extend_schema(
        parameters=[
            OpenApiParameter("q", str, required=True),
            OpenApiParameter("ruleset", str, description="nmjl or matjok"),
            OpenApiParameter("kind", str, enum=list(KIND_LABELS)),
        ],
        responses=SearchSerializer,
    )
    def get(self, request):
        query = request.query_params.get("q", "").strip()[:MAX_QUERY_LENGTH]
        ruleset = request.query_params.get("ruleset", "")
        if ruleset not in set(RuleSet.objects.values_list("key", flat=True)):
            ruleset = ""
        kind = request.query_params.get("kind", "")
        kind = kind if kind in KIND_LABELS else ""
        found = search_everything(query, ruleset=ruleset, kind=kind, limit=SEARCH_RESULTS)
        hits = found.as_json(SEARCH_RESULTS)
        for hit in hits:
            hit["url"] = request.build_absolute_uri(hit["url"])
        return Response({"query": query, "results": hits})


class Judge(APIView):
    """Ask the engine: the verdict on `?action=` at `?table=` (both in the library's
    notations), the rule and article that decide, why, and the table after it; under League
    rules, League rules as of `?date=`, or a published `?tournament=`'s house rules."""

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "table",
                {"type": "string", "maxLength": judge.MAX_TABLE_LENGTH},
                required=True,
                description="A table in notation: "
                "`nmjl play turn=E must=discard / E +14 / S +13 / W +13 / N +13`.",
            ),
            OpenApiParameter(
                "action",
                {"type": "string", "maxLength": judge.MAX_ACTION_LENGTH},
                required=True,
                description="An action in notation: `E discard 7D`, `S withdraw-call`.",
            ),
            OpenApiParameter(
                "date",
                str,
                pattern=judge.DAY.pattern,
                description="League rules as of this day (YYYY-MM-DD); default today's.",
            ),
            OpenApiParameter(
                "tournament",
                str,
                pattern=SLUG,
                description="A published tournament's slug: its house rules, on the League "
                "rules of its date (not with `date`).",
            ),
        ],
        responses={200: JudgmentSerializer, 400: BadQuestionSerializer},
    )
    def get(self, request):
        try:
            return Response(judge.answer(request.query_params, request.build_absolute_uri))
        except judge.BadQuestion as problem:
            return Response({"detail": problem.message, "parameter": problem.parameter}, 400)


def documentation(request):
    """/api/: what the API offers, with examples, and the older JSON addresses."""
    context = {
        "api_root": request.build_absolute_uri("/api/v1/"),
        "per_minute": settings.API_REQUESTS_PER_MINUTE,
    }
    return render(request, "api/documentation.html", context)


def not_found(request, rest=""):
    """Any other address under /api/v1/ (a key that is no slug, a path that names nothing):
    the API's own 404, in JSON like every other answer, never the site's HTML page."""
    return JsonResponse({"detail": _("Not found.")}, status=404)
