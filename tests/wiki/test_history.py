"""History on every page: who, when and why; any two versions compared; old ones restored."""

from datetime import timedelta

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from articles.models import Article
from tests.wiki.conftest import logged_in


def read(url):
    """An anonymous reader's request."""
    return Client().get(url)


def save(obj, reason, **changes):
    for name, value in changes.items():
        setattr(obj, name, value)
    obj._change_reason = reason
    obj.save()
    return obj.history.latest()


def test_history_lists_every_version_with_who_when_and_the_summary(commentary, editor):
    client = logged_in(editor)
    url = reverse("articles:commentary-edit", args=[commentary.pk])
    page = client.get(url)
    version = page.context["form"].initial["base_version"]
    client.post(
        url,
        {
            "body": "Changed.",
            "author": "x",
            "base_version": version,
            "edit_summary": "Trim the commentary",
        },
    )
    response = client.get(reverse("articles:commentary-history", args=[commentary.pk]))
    html = response.content.decode()
    assert "Trim the commentary" in html
    assert "Ada" in html  # the editor's name
    assert html.count('name="from"') == 2  # two versions: created, then changed
    assert "import or system" in html  # the first version was saved outside a request


def test_comparing_two_versions_shows_a_word_level_diff(article):
    save(article, "Reword", body="The exposure may change until the caller discards.")
    url = reverse("articles:article-compare", args=[article.key])
    response = read(url + "?from=2&to=1")
    html = response.content.decode()
    assert "<del>player</del><ins>caller</ins>" in html
    assert "Title <small>(unchanged)</small>" in html


def test_an_old_compare_link_naming_history_ids_redirects_to_the_same_versions(article):
    first = article.history.latest()
    second = save(article, "Reword", body="The exposure may change until the caller discards.")
    url = reverse("articles:article-compare", args=[article.key])
    response = read(url + f"?a={second.history_id}&b={first.history_id}")
    assert (response.status_code, response["Location"]) == (301, url + "?from=1&to=2")


def test_comparing_with_missing_or_garbled_versions_is_not_a_server_error(article):
    url = reverse("articles:article-compare", args=[article.key])
    assert read(url).status_code == 302
    assert read(url + "?a=x&b=1").status_code == 302
    assert read(url + "?a=99999&b=99998").status_code == 404


def test_a_version_of_another_page_cannot_be_compared_or_restored_here(article, nmjl, editor):
    other = Article.objects.create(ruleset=nmjl, key="nmjl-205", number="205", title="Wrong")
    foreign = other.history.latest().history_id
    own = article.history.latest().history_id
    url = reverse("articles:article-compare", args=[article.key]) + f"?a={own}&b={foreign}"
    assert read(url).status_code == 404
    restore = reverse("articles:article-restore", args=[article.key, 2])  # it has one version
    assert logged_in(editor).post(restore).status_code == 404


def test_restoring_an_old_version_saves_it_as_a_new_version(article, editor):
    original = article.history.latest()
    save(article, "Vandalism", body="Nonsense.", title="Nonsense")
    url = reverse("articles:article-restore", args=[article.key, 1])
    client = logged_in(editor)
    confirm = client.get(url)
    assert confirm.status_code == 200
    assert "<del>Nonsense.</del>" in confirm.content.decode()
    response = client.post(url, {"latest": confirm.context["latest"]})
    assert response.status_code == 302
    article.refresh_from_db()
    assert article.title == "Changing an exposure"
    assert article.body == "The exposure may change until the player discards."
    assert "until the player discards" in article.body_html
    versions = list(article.history.all())
    assert len(versions) == 3  # created, vandalised, restored: nothing rewritten
    assert versions[0].history_change_reason.startswith("Restored version 1 (saved ")
    assert original.history_id < versions[0].history_id
    assert versions[0].history_user == editor
    assert versions[1].body == "Nonsense."


def test_restoring_a_citation_restores_its_source(citation, source, editor):
    from articles.models import Source

    original = citation.history.latest()
    newer = Source.objects.create(key="mjme-2024", publication="mjme", year=2024)
    save(citation, "Wrong source", source=newer)
    url = reverse("articles:citation-restore", args=[citation.pk, 1])
    logged_in(editor).post(url, {"latest": citation.history.count()})
    assert original.history_id in citation.history.values_list("history_id", flat=True)
    citation.refresh_from_db()
    assert citation.source == source


def test_a_restore_confirmed_before_someone_else_saved_restores_nothing(article, editor):
    save(article, "Vandalism", body="Nonsense.")
    url = reverse("articles:article-restore", args=[article.key, 1])
    client = logged_in(editor)
    confirmed = {"latest": article.history.count()}
    save(article, "A real fix meanwhile", body="Nonsense, fixed.")
    response = client.post(url, confirmed)
    assert response.status_code == 409
    assert "Nothing was restored" in response.content.decode()
    assert "<del>Nonsense, fixed.</del>" in response.content.decode()
    article.refresh_from_db()
    assert article.body == "Nonsense, fixed."


def test_mark_reviewed_records_today_and_the_editor(article, editor):
    url = reverse("articles:article-review", args=[article.key])
    response = logged_in(editor).post(url, {"next": "https://evil.example/"})
    assert response.status_code == 302
    assert response.url == article.get_absolute_url()  # never off-site
    article.refresh_from_db()
    assert article.last_reviewed_on == timezone.localdate()
    assert article.last_reviewed_by == "Ada"
    assert article.history.latest().history_change_reason == "Marked reviewed"


def test_unreviewed_lists_articles_never_reviewed_or_reviewed_over_a_year_ago(article, nmjl):
    today = timezone.localdate()
    save(article, "Reviewed long ago", last_reviewed_on=today - timedelta(days=400))
    Article.objects.create(ruleset=nmjl, key="nmjl-205", number="205", title="Never reviewed")
    Article.objects.create(
        ruleset=nmjl, key="nmjl-24", number="24", title="Fresh", last_reviewed_on=today
    )
    Article.objects.create(
        ruleset=nmjl, key="nmjl-99", number="99", title="Hidden draft", is_published=False
    )
    html = read(reverse("articles:unreviewed")).content.decode()
    assert "Changing an exposure" in html
    assert "Never reviewed" in html
    assert "Fresh" not in html
    assert "Hidden draft" not in html


def test_recent_changes_lists_saves_across_the_wiki_newest_first(article, commentary, term):
    save(article, "Newest change to the article", title="Changing an exposure, revised")
    html = read(reverse("articles:recent-changes")).content.decode()
    assert html.index("Newest change to the article") < html.index("Glossary: Exposure")
    assert "Commentary on Article 6" in html
    assert reverse("articles:commentary-history", args=[commentary.pk]) in html
    assert reverse("articles:term-history", args=[term.slug]) in html


def test_recent_changes_costs_the_same_queries_however_many_changes(
    article, commentary, django_assert_num_queries
):
    # A fixed number per app that contributes rows (wiki, scenarios, tournaments, cards,
    # talk, the toolkit), whatever the number of changes.
    with CaptureQueriesContext(connection) as few:
        read(reverse("articles:recent-changes"))
    for n in range(5):
        save(commentary, f"change {n}", body=f"Body {n}")
    with django_assert_num_queries(len(few.captured_queries)):
        read(reverse("articles:recent-changes"))


def test_the_history_page_costs_the_same_queries_however_many_versions(
    commentary, editor, django_assert_num_queries
):
    client = logged_in(editor)
    url = reverse("articles:commentary-history", args=[commentary.pk])
    client.get(url)  # warm the session and the user
    with CaptureQueriesContext(connection) as few:
        client.get(url)
    for n in range(6):
        save(commentary, f"change {n}", body=f"Body {n}")
    with django_assert_num_queries(len(few.captured_queries)):
        client.get(url)


def test_history_numbers_each_version_from_one_oldest_first_and_no_other_way(article, editor):
    first = article.history.latest()
    second = save(article, "Second", title="Changing an exposure, revised")
    third = save(article, "Third", title="Changing an exposure, again")
    client = logged_in(editor)
    # The article's history is the page's one history: its own rows are among its entries,
    # numbered from 1 oldest first, newest shown first.
    response = client.get(reverse("articles:article-history", args=[article.key]))
    own = [
        (entry.record.history_id, entry.number)
        for entry in response.context["entries"]
        if entry.kind == "article"
    ]
    assert [history_id for history_id, _ in own] == [
        third.history_id,
        second.history_id,
        first.history_id,
    ]
    numbers = [entry.number for entry in response.context["entries"]]
    assert numbers == sorted(numbers, reverse=True) and numbers[-1] == 1
    compare = reverse("articles:article-compare", args=[article.key])
    html = read(f"{compare}?from=1&to=3").content.decode()
    # One numbering on the screen: the article's own versions, no history ids beside them.
    assert "From version 1 (" in html and "to version 3 (" in html
    assert f"#{first.history_id}" not in html and "page version" not in html
    restore = reverse("articles:article-restore", args=[article.key, 2])
    assert "Restore version 2:" in client.get(restore).content.decode()
