"""Wiki pages: edit with preview and conflict handling, an article page's one history and its
old versions, and the lists that keep a wiki tidy (what links here, wanted articles, recent
changes, reviews). Each part's history, compare and restore pages are the versions app's
(articles/versioned.py).

Reading is open to everyone; every change needs an editor, checked here on the server.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.validators import slug_re
from django.db.models import Max
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.html import format_html
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from articles.markup import render_markdown, wanted_label, wanted_label_for_reader
from articles.models import Article, RuleSet
from articles.page import ArticlePage
from articles.permissions import editor_required
from articles.sections import sections_for
from articles.wiki import page_history as pages
from articles.wiki import queries
from articles.wiki.forms import MAX_ROW_ID, form_class, text_cap
from articles.wiki.kinds import ARTICLE, KINDS, PREVIEWED, RULING_FIELD, readable_by
from articles.wiki.linking import link_context
from articles.wiki.reviews import mark_reviewed, mark_ruling_reviewed
from versions.editing import CreateView, EditView
from versions.failures import save_whole
from versions.saving import open_for_editing

TEMPLATES = "articles/wiki/"


def _get(kind, lookup):
    return get_object_or_404(kind.model, **{kind.lookup: lookup[kind.lookup]})


def _readable(request, obj):
    """A part of an unpublished article is its editors' alone, as the article's page is: its
    history, versions, compare and links are a 404 to anyone else."""
    if not readable_by(request.user, obj):
        raise Http404("No such page.")
    return obj


def _page_context(kind, obj, **extra):
    return {
        "kind": kind,
        "object": obj,
        "label": kind.label(obj),
        "page_url": kind.page_url(obj),
        "history_url": kind.url("history", obj),
        "edit_url": kind.url("edit", obj),
        "previewable": kind.name in PREVIEWED,
        **extra,
    }


def _preview(kind, data):
    fields = PREVIEWED.get(kind.name, ())
    texts = {field: data.get(field, "") for field in fields}
    if not fields or any(len(text) > text_cap(field) for field, text in texts.items()):
        return None  # nothing to preview, or too long to save: the form says so on saving
    links = link_context()
    parts = []
    for field, text in texts.items():
        if field == RULING_FIELD and not text.strip():
            continue  # no short ruling yet: the page shows none either
        html = render_markdown(text, links)
        if field == RULING_FIELD:
            html = format_html(
                '<section class="ruling"><h2>{}</h2>{}</section>', _("Ruling"), mark_safe(html)
            )
        parts.append(html)
    return "".join(parts)


class WikiEdit(EditView):
    """Edit one page of any kind, with a preview; the editor is told "Saved." beside the part
    they saved, where the page comes back scrolled to."""

    template_name = TEMPLATES + "edit.html"

    def get_object(self):
        self.kind = KINDS[self.kwargs["kind"]]
        self.model = self.kind.model
        obj = _get(self.kind, self.kwargs)
        self.what = f"an edit of {self.kind.label(obj)}"
        return obj

    def get_form(self, data=None):
        Form = form_class(self.kind)
        if data is None:
            return Form(
                instance=self.object, initial={"base_version": open_for_editing(self.object)}
            )
        return Form(data, instance=self.object)

    def get_context_data(self, **context):
        return _page_context(self.kind, self.object, **context)

    def save(self, form):
        self.reason = form.reason("Edited")
        return super().save(form)

    def post(self, request, *args, **kwargs):
        if "preview" in request.POST:
            preview = _preview(self.kind, request.POST)
            return self.render(self.get_form(request.POST), preview=preview)
        return super().post(request, *args, **kwargs)

    def get_anchor(self):
        return self.kind.part_anchor(self.object)

    def get_success_url(self, form):
        if self.get_anchor():  # the part's own place, not its section's heading
            return self.kind.article_of(self.object).get_absolute_url()
        return self.kind.page_url(self.object)


edit = editor_required(WikiEdit.as_view())


class WikiCreate(CreateView):
    """A new article, or a new part of one (placed last among its siblings), with a preview."""

    template_name = TEMPLATES + "create.html"

    def dispatch(self, request, *args, kind, key=None, **kwargs):
        self.kind = KINDS[kind]
        self.article = get_object_or_404(Article, key=key) if key else None
        self.form_class = form_class(self.kind, creating=True)
        self.message = str(self.kind.created_message)
        self.what = f"a new {self.kind.noun}"
        return super().dispatch(request, *args, **kwargs)

    def get_form(self, data=None):
        if data is None:
            return self.form_class(initial=_initial_for_new(self.kind, self.request.GET))
        # The article is set before validation: a citation's constraint needs it.
        instance = self.kind.model(article=self.article) if self.article else None
        return self.form_class(data, instance=instance)

    def get_context_data(self, **context):
        return {
            "kind": self.kind,
            "article": self.article,
            "preview": None,
            "previewable": self.kind.name in PREVIEWED,
            **context,
        }

    def fill(self, obj, form):
        if self.article is not None:
            siblings = self.kind.model.objects.filter(article=self.article)
            obj.position = (siblings.aggregate(Max("position"))["position__max"] or 0) + 1
        obj._change_reason = form.reason(self.reason)

    def get_success_url(self, obj):
        return self.kind.page_url(obj)

    def post(self, request, *args, **kwargs):
        if "preview" in request.POST:
            preview = _preview(self.kind, request.POST)
            return self.render(self.get_form(request.POST), preview=preview)
        return super().post(request, *args, **kwargs)


create = editor_required(WikiCreate.as_view())


def _initial_for_new(kind, query):
    """A "write it" link from a wanted page arrives with the key; fill in what it implies.
    (A question from a logged ruling is never prefilled from the address, where access logs
    keep it: the log's POST renders the form itself, `toolkit.views.log_to_question`.)"""
    key = query.get("key", "")
    # Wanted keys are slugs; anything else (a NUL byte breaks a PostgreSQL query) is ignored.
    if kind is not ARTICLE or not slug_re.match(key):
        return {}
    initial = {"key": key, "ruleset": RuleSet.objects.filter(key=key.split("-")[0]).first()}
    label = wanted_label(key)
    if label.startswith("Article "):
        initial["number"] = label.removeprefix("Article ")
    return initial


def page_history(request, key):
    """The article page's one history: its own edits and its parts', newest first."""
    article = _readable(
        request, get_object_or_404(Article.objects.select_related("ruleset"), key=key)
    )
    entries = list(reversed(pages.page_history(article)))
    context = _page_context(ARTICLE, article, entries=entries)
    return render(request, TEMPLATES + "page_history.html", context)


def page_version(request, key, number):
    """An old version of an article page, as it stood, at its own address (a permalink)."""
    article = _readable(
        request, get_object_or_404(Article.objects.select_related("ruleset"), key=key)
    )
    entries = pages.page_history(article)
    if number > MAX_ROW_ID:
        raise Http404("No such version of this page.")
    page = pages.page_as_of(article, number, entries)
    if page is None:
        raise Http404("No such version of this page.")
    context = _page_context(
        ARTICLE,
        article,
        page=page,
        latest=len(entries),
        entry=entries[number - 1],
        sections=sections_for(ArticlePage(article, request)) if article.is_published else [],
    )
    return render(request, "articles/article_version.html", context)


def links_here(request, key):
    article = _readable(request, get_object_or_404(Article, key=key))
    context = _page_context(ARTICLE, article, links=queries.links_here(article))
    return render(request, TEMPLATES + "links_here.html", context)


def _back(request, article):
    target = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        target = article.get_absolute_url()
    return redirect(target)


@require_POST
@editor_required
def review(request, key):
    article = get_object_or_404(Article, key=key)
    attempt = save_whole(lambda: mark_reviewed(article, request.user), what="a review mark")
    if attempt.saved:
        messages.success(
            request, _("%(article)s is marked reviewed today.") % {"article": article.label}
        )
    else:
        messages.error(request, attempt.problem)
    return _back(request, article)


@require_POST
@editor_required
def ruling_review(request, key):
    article = get_object_or_404(Article, key=key)
    if not article.ruling.strip():
        messages.error(
            request,
            _("%(article)s has no short ruling yet to review.") % {"article": article.label},
        )
        return _back(request, article)
    attempt = save_whole(
        lambda: mark_ruling_reviewed(article, request.user), what="a ruling's review mark"
    )
    if attempt.saved:
        messages.success(
            request,
            _("The short ruling of %(article)s is marked reviewed today.")
            % {"article": article.label},
        )
    else:
        messages.error(request, attempt.problem)
    return _back(request, article)


def wanted_rulings(request):
    """The articles without rulings, and the articles and answers without a short ruling,
    for editors to work through."""
    context = {
        "without_rulings": queries.articles_without_rulings(),
        "articles": queries.articles_without_ruling(),
        "questions": queries.questions_without_ruling(),
    }
    return render(request, TEMPLATES + "wanted_rulings.html", context)


def wanted_list(request):
    wanted = [
        {**row, "label": wanted_label_for_reader(row["to_key"])}
        for row in queries.wanted_articles()
    ]
    return render(request, TEMPLATES + "wanted_list.html", {"wanted": wanted})


def wanted_article(request, key):
    article = Article.objects.filter(key=key).first()
    if article is not None:  # written since the link was made
        return redirect(article)
    context = {
        "key": key,
        "label": wanted_label_for_reader(key),
        "links": queries.links_to_keys({key}),
        "write_url": reverse("articles:article-create") + f"?key={key}",
    }
    return render(request, TEMPLATES + "wanted_article.html", context)


def recent_changes(request):
    changes = queries.recent_changes(user=request.user)
    return render(request, TEMPLATES + "changes.html", {"changes": changes})


def unreviewed(request):
    context = {
        "articles": queries.due_for_review(),
        "interval_days": queries.REVIEW_INTERVAL.days,
    }
    return render(request, TEMPLATES + "unreviewed.html", context)
