"""A reader of the Dutch article page reads each paragraph in Dutch where its translation is
current; where the English changed since, a banner says so and shows the English beside it,
until the translation is updated."""

import pytest

from translations.models import Translation
from translations.units import units_of

pytestmark = pytest.mark.django_db

DUTCH = {
    "Claiming Tiles": "Stenen claimen",
    "A discard may be claimed.": "Een afgegooide steen mag worden geclaimd.",
    "Priority is tjok first.": "Tjok gaat voor.",
    "> Quoted rule text.": "Geciteerde regeltekst.",
}


@pytest.fixture
def translated(article):
    for unit in units_of(article):
        Translation.objects.create(
            unit=unit, language="nl", text=DUTCH[unit.text], source_text=unit.text
        )
    return article


def dutch_page(client, article):
    response = client.get(f"/nl/articles/{article.key}/")
    assert response.status_code == 200
    return response.content.decode()


def test_a_translated_paragraph_is_read_in_dutch(client, translated):
    page = dutch_page(client, translated)
    assert "Tjok gaat voor." in page
    assert "Stenen claimen" in page
    assert "Bij verschil geldt de Engelse tekst." in page
    assert "translation-banner" not in page


def test_editing_an_english_paragraph_shows_the_banner_with_the_english_beside_it(
    client, translated
):
    translated.body = translated.body.replace("tjok first", "tjok first, then poeng")
    translated.save()
    page = dutch_page(client, translated)
    assert "De Engelse tekst van deze alinea is gewijzigd op" in page
    assert "Priority is tjok first, then poeng." in page  # the English, beside
    assert "Tjok gaat voor." in page  # the earlier translation, marked as such
    assert "Eerdere vertaling" in page


def test_updating_the_translation_clears_the_banner(client, translated):
    translated.body = translated.body.replace("tjok first", "tjok first, then poeng")
    translated.save()
    unit = units_of(translated, "body").get(text="Priority is tjok first, then poeng.")
    made = unit.translations.get()
    made.text, made.source_text = "Tjok gaat voor, dan poeng.", unit.text
    made.save()
    page = dutch_page(client, translated)
    assert "translation-banner" not in page
    assert "Tjok gaat voor, dan poeng." in page
    assert "Priority is tjok first, then poeng." not in page


def test_an_untranslated_paragraph_is_shown_in_english_marked_as_english(client, translated):
    translated.body += "\n\nA new rule nobody translated yet."
    translated.save()
    page = dutch_page(client, translated)
    assert '<div lang="en"><p>A new rule nobody translated yet.</p>' in page


def test_a_quotation_stays_in_english_with_its_translation_beside_it_marked(client, translated):
    page = dutch_page(client, translated)
    assert "Quoted rule text." in page
    assert "Geciteerde regeltekst." in page
    assert '<p class="translation-mark">Vertaling</p>' in page


def test_the_english_page_is_unchanged_by_a_translation(client, translated):
    page = client.get(f"/articles/{translated.key}/").content.decode()
    assert "Tjok gaat voor." not in page
    assert "Priority is tjok first." in page


def test_a_cached_dutch_page_is_drawn_again_once_the_translation_is_updated(client, translated):
    assert "Tjok gaat voor." in dutch_page(client, translated)  # now cached for readers
    made = Translation.objects.get(text="Tjok gaat voor.")
    made.text = "Tjok gaat altijd voor."
    made.save()
    assert "Tjok gaat altijd voor." in dutch_page(client, translated)


def test_an_editor_on_the_dutch_page_finds_a_link_to_translate_each_paragraph(
    client, editor, translated
):
    translated.body += "\n\nA new rule nobody translated yet."
    translated.save()
    client.force_login(editor)
    page = dutch_page(client, translated)
    assert "Deze alinea vertalen" in page
    assert "De vertaling van deze alinea bewerken" in page
