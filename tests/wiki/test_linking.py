"""Cross-links stay true: wanted links turn real when the article is written, and back."""

from django.test import Client
from django.urls import reverse

from articles.models import Article, ArticleLink, Commentary, Term
from tests.wiki.conftest import logged_in


def read(url):
    return Client().get(url)


def test_a_mention_of_an_unwritten_article_is_stored_as_a_wanted_link(article):
    article.body = "Compare Article 24 and [[nmjl-6]]."
    article.save()
    assert 'href="/wanted/nmjl-24/" class="wanted" title="not written yet"' in article.body_html
    assert 'href="/articles/nmjl-6/"' in article.body_html
    assert set(ArticleLink.objects.values_list("to_key", flat=True)) == {"nmjl-24", "nmjl-6"}


def test_writing_the_wanted_article_turns_every_wanted_link_into_a_real_one(article, nmjl):
    article.body = "Compare Article 24."
    article.save()
    Commentary.objects.create(article=article, body="See [[nmjl-24]] too.")
    Article.objects.create(ruleset=nmjl, key="nmjl-24", number="24", title="Jokers")
    article.refresh_from_db()
    commentary = article.commentaries.get()
    assert '<a href="/articles/nmjl-24/"' in article.body_html
    assert "wanted" not in article.body_html
    assert '<a href="/articles/nmjl-24/"' in commentary.body_html
    assert ">Jokers</a>" in commentary.body_html


def test_re_rendering_links_adds_no_version_to_anyones_history(article, nmjl):
    article.body = "Compare Article 24."
    article.save()
    versions = article.history.count()
    Article.objects.create(ruleset=nmjl, key="nmjl-24", number="24", title="Jokers")
    assert article.history.count() == versions


def test_deleting_an_article_turns_links_to_it_back_into_wanted_links(article, nmjl):
    jokers = Article.objects.create(ruleset=nmjl, key="nmjl-24", number="24", title="Jokers")
    article.body = "Compare Article 24."
    article.save()
    jokers.delete()
    article.refresh_from_db()
    assert 'href="/wanted/nmjl-24/" class="wanted"' in article.body_html


def test_a_new_glossary_term_links_its_first_mention_in_existing_text(article):
    Term.objects.create(slug="discard", term="Discard", aliases="discards", definition="A tile.")
    article.refresh_from_db()
    assert '<a href="/glossary/#discard" class="term"' in article.body_html


def test_what_links_here_lists_pages_that_mention_the_article(article, nmjl):
    target = Article.objects.create(ruleset=nmjl, key="nmjl-205", number="205", title="Wrong")
    Commentary.objects.create(article=article, body="As Article 205 says.")
    Term.objects.create(slug="hand", term="Hand", definition="See [[nmjl-205]].")
    html = read(reverse("articles:article-links-here", args=[target.key])).content.decode()
    assert "Changing an exposure" in html
    assert "Hand" in html


def test_what_links_here_says_so_when_nothing_does(article):
    html = read(reverse("articles:article-links-here", args=[article.key])).content.decode()
    assert "No other page links here yet." in html


def test_wanted_articles_lists_keys_linked_to_but_not_written(article):
    article.body = "Compare Article 24 and [[matjok-scoring]] and Article 6."
    article.save()
    html = read(reverse("articles:wanted")).content.decode()
    assert "Article 24" in html
    assert "matjok-scoring" in html
    assert "/wanted/nmjl-6/" not in html


def test_the_wanted_page_says_not_written_yet_and_lists_who_links_there(article):
    article.body = "Compare Article 24."
    article.save()
    response = read(reverse("articles:wanted-article", args=["nmjl-24"]))
    html = response.content.decode()
    assert "Article 24 is not written yet" in html
    assert "Changing an exposure" in html
    assert "Write it" not in html  # only for editors


def test_the_wanted_page_offers_editors_to_write_it_with_key_and_number_filled_in(article, editor):
    client = logged_in(editor)
    html = client.get(reverse("articles:wanted-article", args=["nmjl-24"])).content.decode()
    write = reverse("articles:article-create") + "?key=nmjl-24"
    assert write in html
    form = client.get(write).context["form"]
    assert form.initial["key"] == "nmjl-24"
    assert form.initial["number"] == "24"


def test_the_wanted_page_of_a_written_article_goes_to_the_article(article):
    response = read(reverse("articles:wanted-article", args=["nmjl-6"]))
    assert response.status_code == 302
    assert response.url == article.get_absolute_url()


def test_an_editor_writes_a_wanted_article_and_the_links_to_it_become_real(article, nmjl, editor):
    article.body = "Compare Article 24."
    article.save()
    response = logged_in(editor).post(
        reverse("articles:article-create"),
        {
            "ruleset": nmjl.pk,
            "key": "nmjl-24",
            "number": "24",
            "kind": "league-article",
            "title": "Jokers",
            "summary": "",
            "body": "Jokers may not be called.",
            "edit_summary": "Write Article 24",
        },
    )
    assert response.status_code == 302
    created = Article.objects.get(key="nmjl-24")
    assert created.history.latest().history_change_reason == "Write Article 24"
    article.refresh_from_db()
    assert '<a href="/articles/nmjl-24/"' in article.body_html


def test_a_reader_never_gets_a_cached_page_with_a_stale_wanted_link(
    article, nmjl, django_capture_on_commit_callbacks
):
    article.body = "Compare Article 24."
    article.save()
    assert "wanted" in read(article.get_absolute_url()).content.decode()  # now cached
    with django_capture_on_commit_callbacks(execute=True):
        Article.objects.create(ruleset=nmjl, key="nmjl-24", number="24", title="Jokers")
    html = read(article.get_absolute_url()).content.decode()
    assert 'class="wanted" title="not written yet">Article 24' not in html
    assert '<a href="/articles/nmjl-24/"' in html


def test_a_bare_link_to_an_unwritten_numbered_article_reads_article_24_not_its_key(article):
    article.body = "See [[nmjl-24]], [[nmjl-24|the tile count rule]] and [[matjok-9]]."
    article.save()
    html = article.body_html
    note = ' <span class="wanted__note">(not written yet)</span></a>'
    assert (
        'class="wanted" title="not written yet" rel="noopener noreferrer">Article 24' + note in html
    )
    assert ">the tile count rule" + note in html  # a label written in the link wins
    assert ">matjok-9" + note in html  # no number to read: the key is all a reader has
    assert ">nmjl-24</a>" not in html
