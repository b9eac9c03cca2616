"""Reading pages: home, an article, sources, questions, glossary, and go-to-article-by-number.

Views stay thin: queries live on the QuerySets (`Article.objects.with_page_content()`),
and the grouping a page needs lives in small functions below.
"""

from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Count, Prefetch
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from pagecache.pages import cache_for_readers

from .labels import publication_label
from .lookup import lookup_articles
from .markup import wanted_key_for_number, wanted_label_for_reader
from .models import Article, Citation, Question, RuleSet, Ruling, Source, Term
from .nearest import nearest_articles
from .page import ArticlePage
from .permissions import is_editor
from .sections import (
    answered,
    page_sections,
    ruling_answers_for,
    ruling_sections_for,
    sections_for,
    under_ruling_for,
)
from .translated import translate_terms, translate_wholes, translated_article
from .wiki import queries
from .wiki.page_history import current_version

RECENT_CHANGES = 12


def home(request):
    """The rule sets with their articles, recent changes, and the go-to-article box."""
    rulesets = RuleSet.objects.prefetch_related(
        Prefetch("articles", queryset=Article.objects.published().order_by("position", "key"))
    )
    return render(
        request,
        "articles/home.html",
        {
            "rulesets": rulesets,
            "recent_changes": queries.changes_by_article(RECENT_CHANGES),
            "sections": page_sections("home"),
        },
    )


def go(request):
    """GET /go/?n=205: straight to that article; a friendly page when there is none."""
    query = request.GET.get("n", "").strip()[:100]
    if not query:
        return redirect("articles:home")
    # The search box's reading of "205", "Art. 6", "nmjl-6"; anything else looks nothing up.
    found = lookup_articles(query)
    if len(found) == 1:
        return redirect(found[0])
    return render(
        request,
        "articles/go.html",
        {"query": query, "found": found},
        status=200 if found else 404,
    )


@cache_for_readers
def article_detail(request, key):
    """An article with its commentary, questions, sources by year and glossary links."""
    article = Article.objects.published().with_page_content().filter(key=key).first()
    if article is None:
        return article_not_found(request, key)
    return render(request, "articles/article_detail.html", article_context(article, request))


@cache_for_readers
def ruling_detail(request, slug):
    """One ruling at its own address: the question, the answer first with its verdict, the
    reason, its sources, what other apps add (the check that shows it), then its article."""
    rulings = Ruling.objects.select_related("article__ruleset").prefetch_related(
        Prefetch("citations", queryset=Citation.objects.select_related("source"))
    )
    if not is_editor(request.user):
        rulings = rulings.filter(article__is_published=True)
    ruling = rulings.filter(slug=slug).first()
    if ruling is None:
        raise Http404("No ruling has this address.")
    page = ArticlePage(ruling.article, request)
    answers = ruling_answers_for(page)
    others = [other for other in page.rulings() if other.pk != ruling.pk]
    translate_wholes([ruling, *others], ("question", "answer", "reason"))
    context = {
        "ruling": ruling,
        "article": ruling.article,
        # The chosen tournament's answer, where its house rules change this ruling.
        "answer": answers.get(ruling.slug),
        "sections": ruling_sections_for(page, ruling),
        "others": answered(others, answers),
    }
    return render(request, "articles/ruling_detail.html", context)


def article_not_found(request, key):
    """404 for an address with no article: the nearest articles, and for editors, write it."""
    articles = (
        Article.objects.published()
        .select_related("ruleset")
        .only("key", "title", "number", "ruleset__name")
    )
    context = {
        "key": key,
        "label": wanted_label_for_reader(key),
        "nearest": nearest_articles(key, articles),
        "wanted_url": reverse("articles:wanted-article", args=[key]),
    }
    return render(request, "articles/article_not_found.html", context, status=404)


def article_index(request):
    """Every published article, by rule set and number; pages without a number by title."""
    articles = Article.objects.published().select_related("ruleset")
    by_ruleset = defaultdict(list)
    for article in articles:
        by_ruleset[article.ruleset].append(article)
    rulesets = [
        (ruleset, sorted(by_ruleset[ruleset], key=_index_order))
        for ruleset in RuleSet.objects.filter(pk__in=[r.pk for r in by_ruleset])
    ]
    return render(request, "articles/article_index.html", {"rulesets": rulesets})


def _index_order(article):
    """Numbered articles first, by number as a number (6 before 205); then by title."""
    if article.number.isdigit():
        return (0, int(article.number), "")
    return (1, 0, article.title.casefold())


def article_context(article, request=None):
    """Everything the article page draws, computed here: the template runs no query. Every
    hook that adds to it is given the same page object, whichever it is called first."""
    citations = all_citations(article)
    number_parts(article)
    page = ArticlePage(article, request)
    rulings = page.rulings()
    return {
        "article": article,
        # A reader of another language: each part in it where translated (translated.py).
        "translated": translated_article(article, rulings),
        "cite": citing(article, request.build_absolute_uri if request else lambda url: url),
        "under_ruling": under_ruling_for(page),
        "rulings": answered(rulings, ruling_answers_for(page)),
        "question_groups": question_groups(article.questions.all()),
        "sources_by_year": sources_by_year(citations),
        "mentioned": mentioned_articles(article),
        "timeline_sources": [c.source for c in citations],
        "citations": citations,
        "sections": sections_for(page),
    }


def number_parts(article):
    """Each commentary paragraph's and answer's place on the page (`place`, from 1), as a
    citation names it ("¶2", "answer 3"), however the template groups them."""
    for parts in (article.commentaries.all(), article.questions.all()):
        for place, part in enumerate(parts, start=1):
            part.place = place


SITE_NAME = "Rulings"  # how a reference names this site: "Rulings, Article 6 ¶2, version 14 …"


def citing(article, absolute=lambda url: url) -> dict:
    """What each "Cite" control on the page needs: the page's version now (its place in the
    one history), that version's date and its permalink, which never changes after an edit."""
    number, date = current_version(article)
    url = article.get_absolute_url()
    if number:
        url = reverse("articles:article-version", args=[article.key, number])
    return {
        "site": _("Rulings"),  # SITE_NAME in the reader's language
        "label": article.label,
        "version": number,
        "date": date,
        "url": absolute(url),
    }


# A source list this long is folded, and shown once for the answers in a row that share it.
SHARED_LIST_MIN = 4


@dataclass
class QuestionGroup:
    """Answers in a row; `citations` is the long source list they all share, shown once
    under them (empty for an answer on its own, which shows its own)."""

    questions: list
    citations: list = field(default_factory=list)


def _cited(citations):
    return [(c.source_id, c.locator, c.relation, c.note) for c in citations]


def question_groups(questions) -> list[QuestionGroup]:
    """The article's answers, those in a row citing the same long list grouped together."""
    groups = []
    for question in questions:
        cited = _cited(question.text_citations())
        last = groups[-1] if groups else None
        if (
            last is not None
            and len(cited) >= SHARED_LIST_MIN
            and cited == _cited(last.questions[-1].text_citations())
        ):
            last.questions.append(question)
            last.citations = question.text_citations()
        else:
            groups.append(QuestionGroup([question]))
    for group in groups:
        if len(group.questions) == 1:
            group.citations = []
    return groups


def all_citations(article):
    """Every citation on the page (article, commentary, answers), from the prefetch."""
    citations = list(article.citations.all())
    for commentary in article.commentaries.all():
        citations += commentary.citations.all()
    for question in article.questions.all():
        citations += question.citations.all()
    return citations


def sources_by_year(citations):
    """[(year or None, [source, …]), …] oldest first, undated last; each source once."""
    by_year = defaultdict(dict)
    for citation in citations:
        by_year[citation.source.year][citation.source.pk] = citation.source
    years = sorted(by_year, key=lambda year: (year is None, year or 0))
    return [(year, sorted(by_year[year].values(), key=str)) for year in years]


def mentioned_articles(article):
    """[(number, article or None, wanted key), …]: the articles its text names.

    "Article 24" means NMJL's article 24 on every page, as in the text's own cross-links; one
    not written yet links to its wanted page under the key it will get ("nmjl-24").
    """
    numbers = article.mentioned_numbers()
    if not numbers:
        return []
    written = {a.number: a for a in Article.objects.published().numbered(numbers)}
    return [(number, written.get(number), wanted_key_for_number(number)) for number in numbers]


def source_list(request):
    """Every source, by publication and year, with how often it is cited."""
    sources = Source.objects.annotate(citation_count=Count("citations")).order_by(
        "publication", "year", "month", "locator", "key"
    )
    publications = defaultdict(lambda: defaultdict(list))
    for source in sources:
        publications[source.publication][source.year].append(source)
    # Publications in the order the model lists them: the League's own texts first.
    order = list(Source.Publication.values)
    grouped = [
        (
            publication_label(publication),
            sorted(years.items(), key=lambda item: (item[0] is None, item[0] or 0)),
        )
        for publication, years in sorted(publications.items(), key=lambda i: order.index(i[0]))
    ]
    return render(request, "articles/source_list.html", {"publications": grouped})


def source_year(request, publication, year):
    """One publication in one year (0 = undated): what it says and where it is cited."""
    if publication not in Source.Publication.values:
        raise Http404("No such publication.")
    cited = Citation.objects.select_related(
        "article", "commentary__article", "question__article"
    ).order_by("pk")
    sources = list(
        Source.objects.filter(publication=publication, year=year or None)
        .prefetch_related(Prefetch("citations", queryset=cited))
        .order_by("month", "locator", "key")
    )
    if not sources:
        raise Http404("No sources for that publication and year.")
    return render(
        request,
        "articles/source_year.html",
        {
            "publication": publication_label(publication),
            "year": year or None,
            "sources": sources,
        },
    )


def question_list(request):
    """Every question and answer, under the article it belongs to."""
    cited = Citation.objects.select_related("source").order_by("position", "pk")
    articles = (
        Article.objects.published()
        .filter(questions__isnull=False)
        .distinct()
        .select_related("ruleset")
        .prefetch_related(
            Prefetch(
                "questions",
                queryset=Question.objects.order_by("position", "pk").prefetch_related(
                    Prefetch("citations", queryset=cited)
                ),
            )
        )
    )
    return render(request, "articles/question_list.html", {"articles": articles})


def glossary(request):
    """Every term, anchored by its slug, with the articles that use it."""
    terms = Term.objects.prefetch_related(
        Prefetch("related_articles", queryset=Article.objects.published())
    ).order_by("term")
    terms = list(terms)
    translate_terms(terms)  # a reader of another language: each term in it where translated
    return render(request, "articles/glossary.html", {"terms": terms})
