"""One history per article page, and each of its versions readable at its own address."""

from django.db.models import F
from django.test import Client
from django.urls import reverse

from articles.models import Commentary
from articles.wiki.page_history import current_version, page_history
from rulings.models import Scenario
from tests.wiki.conftest import logged_in


def save(obj, reason, **changes):
    for name, value in changes.items():
        setattr(obj, name, value)
    obj._change_reason = reason
    obj.save()


def version_url(article, number):
    return reverse("articles:article-version", args=[article.key, number])


def test_the_article_history_lists_every_part_and_linked_scenario_in_one_list(
    article, commentary, question, citation, editor
):
    scenario = Scenario.objects.create(slug="exposure", title="Exposure", text="Feature: x")
    # A version readers were shown, as a text that ran clean is (a draft's are not listed).
    scenario.history.update(is_draft=False, published_text=F("text"), published_title=F("title"))
    scenario.articles.add(article)
    save(commentary, "Clearer wording", body="The commentary, reworded.")
    response = logged_in(editor).get(reverse("articles:article-history", args=[article.key]))
    parts = [entry.part for entry in response.context["entries"]]
    assert parts[0] == "Commentary ¶1"  # newest first
    assert {"Article", "Commentary ¶1", "Answer 1", "Scenario: Exposure"} <= set(parts)
    assert any(part.startswith("Citation of") for part in parts)
    html = response.content.decode()
    assert "Clearer wording" in html
    newest = response.context["entries"][0]
    assert newest.number == len(parts) and f'href="{version_url(article, newest.number)}"' in html
    assert newest.compare_url and f'href="{newest.compare_url}"'.replace("&", "&amp;") in html


def test_an_old_version_shows_the_commentary_as_it_stood_after_a_later_edit(article, commentary):
    save(commentary, "First rewrite", body="What the commentary said in version two.")
    number, _ = current_version(article)
    save(commentary, "Second rewrite", body="What it says now.")
    old = Client().get(version_url(article, number))
    assert old.status_code == 200
    html = old.content.decode()
    assert "What the commentary said in version two." in html and "What it says now." not in html
    assert f"Version {number} of this page" in html
    assert "What it says now." in Client().get(version_url(article, number + 1)).content.decode()


def test_a_version_before_a_part_was_added_or_after_it_was_removed_leaves_it_out(article):
    before, _ = current_version(article)
    added = Commentary.objects.create(article=article, body="A passing remark.")
    added.delete()
    reader = Client()
    assert "A passing remark." not in reader.get(version_url(article, before)).content.decode()
    assert "A passing remark." in reader.get(version_url(article, before + 1)).content.decode()
    assert "A passing remark." not in reader.get(version_url(article, before + 2)).content.decode()


def test_an_old_version_keeps_the_citations_it_had(article, citation):
    number, _ = current_version(article)
    citation.delete()
    html = Client().get(version_url(article, number)).content.decode()
    assert "page 5" in html or str(citation.source) in html


def test_a_version_that_does_not_exist_is_not_found(article):
    latest = len(page_history(article))
    reader = Client()
    assert reader.get(version_url(article, latest + 1)).status_code == 404
    assert reader.get(version_url(article, 0)).status_code == 404
    assert reader.get(f"/articles/{article.key}/version/99999999999999999999/").status_code == 404


def test_the_counted_version_is_the_number_of_entries_in_the_one_history(
    article, commentary, question, citation
):
    scenario = Scenario.objects.create(slug="exposure", title="Exposure", text="Feature: x")
    scenario.articles.add(article)
    save(commentary, "Again", body="Changed.")
    entries = page_history(article)
    assert current_version(article) == (len(entries), entries[-1].date)


def test_each_ruling_paragraph_and_answer_has_a_cite_reference_naming_the_page_version(
    article, commentary, question
):
    save(article, "Ruling", ruling="The exposure stands once the discard is made.")
    second = Commentary.objects.create(article=article, body="Second paragraph.", position=5)
    number, date = current_version(article)
    html = Client().get(article.get_absolute_url()).content.decode()
    permalink = "http://testserver" + version_url(article, number)
    day = date.strftime("%Y-%m-%d")
    assert f"Rulings, Article 6, ruling, version {number} of {day}, {permalink}#ruling" in html
    assert (
        f"Rulings, Article 6 ¶2, version {number} of {day}, {permalink}#commentary-{second.pk}"
        in html
    )
    assert f"Rulings, Article 6, answer 1, version {number} of {day}, {permalink}#question-" in html
    # Each reference is printed on paper too, and the anchors it names are on the page.
    assert html.count('class="cite__print"') == 4
    assert f'id="commentary-{second.pk}"' in html and f'id="question-{question.pk}"' in html
    assert "js/cite.js" in html


def test_a_cited_version_still_shows_the_cited_paragraph_after_it_is_edited(article, commentary):
    number, _ = current_version(article)
    cited_text = commentary.body.split("\n\n")[0][:40]
    save(commentary, "Rewritten", body="Nothing like before.")
    html = Client().get(version_url(article, number)).content.decode()
    assert f'id="commentary-{commentary.pk}"' in html and cited_text in html


def test_compare_and_restore_link_to_the_page_as_it_stood(article, commentary, editor):
    before, _ = current_version(article)
    save(commentary, "Rewritten", body="Nothing like before.")
    client = logged_in(editor)
    compare = reverse("articles:commentary-compare", args=[commentary.pk])
    html = client.get(f"{compare}?from=1&to=2").content.decode()
    assert f'href="{version_url(article, before)}"' in html
    assert f'href="{version_url(article, before + 1)}"' in html
    restore = reverse("articles:commentary-restore", args=[commentary.pk, 1])
    assert f'href="{version_url(article, before)}"' in client.get(restore).content.decode()


def test_a_printed_article_carries_a_qr_code_of_the_version_printed(article):
    page = Client().get(article.get_absolute_url()).content.decode()
    number, _ = current_version(article)
    assert 'class="printed-version print-only"' in page
    assert f"http://testserver{version_url(article, number)}" in page
    assert '<svg role="img" aria-label="QR code"' in page


def test_the_printed_address_shows_that_version_and_says_a_newer_one_exists(article, commentary):
    printed, _ = current_version(article)
    save(commentary, "Later edit", body="Changed after printing.")
    page = Client().get(version_url(article, printed)).content.decode()
    assert f"Version {printed} of this page" in page
    assert "Read the page as it is now" in page
    assert "Changed after printing." not in page
