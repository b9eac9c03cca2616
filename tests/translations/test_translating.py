"""Translators (the wiki's editors) see what is outdated and update it through the one edit
view; a reader cannot translate."""

import pytest
from django.urls import reverse

from translations.models import Translation
from translations.units import units_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def translation(article):
    unit = units_of(article, "body").get(text="Priority is tjok first.")
    return Translation.objects.create(
        unit=unit, language="nl", text="Tjok gaat voor.", source_text=unit.text
    )


def edit_english(article):
    article.body = article.body.replace("tjok first", "tjok first, then poeng")
    article.save()


def test_the_outdated_list_shows_the_english_before_and_after(client, editor, translation):
    edit_english(
        translation.unit.content_type.get_object_for_this_type(pk=translation.unit.object_id)
    )
    client.force_login(editor)
    page = client.get(reverse("translations:outdated")).content.decode()
    assert "Priority is tjok first.</blockquote>" in page
    assert "Priority is tjok first, then poeng." in page
    assert "Tjok gaat voor." in page


def test_a_current_translation_is_not_in_the_outdated_list(client, editor, translation):
    client.force_login(editor)
    page = client.get(reverse("translations:outdated")).content.decode()
    assert "Tjok gaat voor." not in page


def test_saving_the_translation_on_its_edit_page_clears_the_outdated_mark(
    client, editor, article, translation
):
    edit_english(article)
    client.force_login(editor)
    url = reverse("translations:translation-edit", args=[translation.pk])
    form = client.get(url).context["form"]
    response = client.post(
        url,
        {
            "text": "Tjok gaat voor, dan poeng.",
            "source_text": "",
            "base_version": form.initial["base_version"],
        },
    )
    assert response.status_code == 302
    translation.refresh_from_db()
    assert translation.text == "Tjok gaat voor, dan poeng."
    assert not translation.is_outdated
    assert translation.history.count() == 2


def test_a_reader_may_not_translate_nor_see_the_outdated_list(client, reader, translation):
    client.force_login(reader)
    assert client.get(reverse("translations:outdated")).status_code == 403
    edit = reverse("translations:translation-edit", args=[translation.pk])
    assert client.post(edit, {"text": "Vandalisme."}).status_code in (403, 404)
    translation.refresh_from_db()
    assert translation.text == "Tjok gaat voor."


def test_an_anonymous_visitor_is_sent_to_sign_in(client, translation):
    response = client.get(reverse("translations:outdated"))
    assert response.status_code == 302 and "login" in response["Location"]


def test_an_editor_translates_an_untranslated_paragraph(client, editor, article):
    unit = units_of(article, "body").get(text="A discard may be claimed.")
    client.force_login(editor)
    url = reverse("translations:translation-add", args=[unit.pk, "nl"])
    assert client.get(url).status_code == 200
    response = client.post(url, {"text": "Een afgooi mag worden geclaimd."})
    assert response.status_code == 302
    made = Translation.objects.get(unit=unit, language="nl")
    assert made.source_text == unit.text and not made.is_outdated


def test_a_language_the_site_is_not_in_is_refused(client, editor, article):
    unit = units_of(article, "body")[0]
    client.force_login(editor)
    url = reverse("translations:translation-add", args=[unit.pk, "xx"])
    assert client.get(url).status_code == 404
