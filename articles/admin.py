"""The Django admin for the wiki's content: every model with its history, saved with the
version check (`articles.admin_versions`)."""

from django import forms
from django.contrib import admin
from django.db import models

from articles.admin_site import with_404_for_missing
from articles.admin_versions import (
    VersionCheckedAdmin,
    VersionCheckedStackedInline,
    VersionCheckedTabularInline,
)
from translations.models import Translation

from .models import Article, Citation, Commentary, Question, RuleSet, Ruling, Source, Term
from .wiki.forms import ArticleChecks

# Registered before this module (INSTALLED_APPS order): Django's users and groups, django-axes'
# login records. They answer 404 for a missing object too; every admin after this one is a
# VersionCheckedAdmin or mixes MissingIs404 in (tests/security/test_admin_never_500.py).
with_404_for_missing()


class CommentaryInline(VersionCheckedStackedInline):
    model = Commentary
    extra = 0
    fields = ["position", "body", "author", "reviewed_on"]


class QuestionInline(VersionCheckedStackedInline):
    model = Question
    extra = 0
    fields = ["position", "question", "asked_by", "ruling", "answer", "answered_by", "answered_on"]


class ArticleCitationInline(VersionCheckedTabularInline):
    model = Citation
    fk_name = "article"
    extra = 0
    autocomplete_fields = ["source"]
    fields = ["position", "source", "part", "locator", "relation", "note", "quote"]


@admin.register(RuleSet)
class RuleSetAdmin(VersionCheckedAdmin):
    list_display = ["name", "key", "position"]
    prepopulated_fields = {"key": ["name"]}


class ArticleAdminForm(ArticleChecks, forms.ModelForm):
    """The wiki's own checks: a key its page can be reached at, a number of digits.

    The admin gives it its model and fields."""


@admin.register(Article)
class ArticleAdmin(VersionCheckedAdmin):
    form = ArticleAdminForm
    list_display = ["key", "number", "title", "ruleset", "kind", "is_published", "updated_at"]
    list_filter = ["ruleset", "kind", "is_published"]
    search_fields = ["key", "number", "title", "summary", "ruling", "body"]
    filter_horizontal = ["related_articles"]
    inlines = [CommentaryInline, QuestionInline, ArticleCitationInline]
    history_list_display = ["title", "is_published"]


@admin.register(Commentary)
class CommentaryAdmin(VersionCheckedAdmin):
    list_display = ["__str__", "position", "author", "reviewed_on"]
    list_filter = ["article__ruleset"]
    search_fields = ["body", "article__key"]
    list_select_related = ["article"]


@admin.register(Source)
class SourceAdmin(VersionCheckedAdmin):
    list_display = ["__str__", "key", "publication", "year", "locator"]
    list_filter = ["publication", "year"]
    search_fields = ["key", "title", "edition", "locator", "note"]
    formfield_overrides = {models.URLField: {"assume_scheme": "https"}}


@admin.register(Question)
class QuestionAdmin(VersionCheckedAdmin):
    list_display = ["__str__", "article", "answered_by", "answered_on"]
    list_filter = ["article__ruleset", "answered_by"]
    search_fields = ["question", "ruling", "answer"]
    list_select_related = ["article"]


class RulingCitationInline(VersionCheckedTabularInline):
    model = Citation
    fk_name = "ruling"
    extra = 0
    autocomplete_fields = ["source"]
    fields = ["position", "source", "locator", "relation", "note", "quote"]


@admin.register(Ruling)
class RulingAdmin(VersionCheckedAdmin):
    list_display = ["slug", "article", "position", "verdict", "answer"]
    list_filter = ["article__ruleset", "verdict"]
    search_fields = ["slug", "question", "answer", "reason"]
    list_select_related = ["article"]
    autocomplete_fields = ["article"]
    inlines = [RulingCitationInline]


@admin.register(Citation)
class CitationAdmin(VersionCheckedAdmin):
    list_display = ["__str__", "part", "relation", "locator", "note"]
    list_filter = ["part", "relation", "source__publication"]
    autocomplete_fields = ["source", "article", "commentary", "question", "ruling"]
    list_select_related = [
        "source",
        "article",
        "commentary__article",
        "question__article",
        "ruling__article",
    ]


@admin.register(Term)
class TermAdmin(VersionCheckedAdmin):
    list_display = ["term", "slug", "aliases"]
    search_fields = ["term", "aliases", "definition"]
    prepopulated_fields = {"slug": ["term"]}
    filter_horizontal = ["related_articles"]


# Translations (translations/) are edited by the wiki's editors; their admin is the wiki's,
# version-checked as every versioned model's admin is (translations imports no admin of ours).
@admin.register(Translation)
class TranslationAdmin(VersionCheckedAdmin):
    list_display = ["unit", "language", "text"]
    list_filter = ["language"]
    raw_id_fields = ["unit"]
