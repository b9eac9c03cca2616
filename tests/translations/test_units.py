"""Each English paragraph keeps its unit id across edits; a translation follows its unit."""

import pytest

from translations.models import SourceUnit, Translation
from translations.units import units_of

pytestmark = pytest.mark.django_db


def body_units(article):
    return {unit.text: unit.unit for unit in units_of(article, "body")}


def translate(article, english, dutch):
    unit = units_of(article, "body").get(text=english)
    return Translation.objects.create(unit=unit, language="nl", text=dutch, source_text=english)


def test_saving_an_article_gives_each_paragraph_and_its_title_a_unit(article):
    assert list(units_of(article, "body").values_list("text", flat=True)) == [
        "A discard may be claimed.",
        "Priority is tjok first.",
        "> Quoted rule text.",
    ]
    assert units_of(article, "title").get().text == "Claiming Tiles"


def test_a_paragraph_inserted_before_another_leaves_the_other_its_unit_id(article):
    before = body_units(article)
    article.body = "A new first paragraph.\n\n" + article.body
    article.save()
    after = body_units(article)
    assert after["Priority is tjok first."] == before["Priority is tjok first."]
    assert after["A new first paragraph."] not in before.values()


def test_a_moved_paragraph_keeps_its_unit_id(article):
    before = body_units(article)
    article.body = "Priority is tjok first.\n\n> Quoted rule text.\n\nA discard may be claimed."
    article.save()
    assert body_units(article) == before


def test_a_paragraph_changed_in_place_keeps_its_unit_id_with_the_new_text(article):
    before = body_units(article)
    article.body = article.body.replace("tjok first", "tjok first, then poeng")
    article.save()
    assert (
        body_units(article)["Priority is tjok first, then poeng."]
        == before["Priority is tjok first."]
    )


def test_a_removed_paragraph_is_retired_and_its_translation_kept(article):
    made = translate(article, "A discard may be claimed.", "Een afgooi mag worden geclaimd.")
    article.body = "Priority is tjok first.\n\n> Quoted rule text."
    article.save()
    assert made.unit.pk not in set(units_of(article, "body").values_list("pk", flat=True))
    assert SourceUnit.objects.get(pk=made.unit.pk).position is None
    assert Translation.objects.filter(pk=made.pk).exists()


def test_editing_the_english_marks_its_translation_outdated_and_updating_clears_it(article):
    made = translate(article, "Priority is tjok first.", "Tjok gaat voor.")
    assert not made.is_outdated
    article.body = article.body.replace("tjok first", "tjok first, then poeng")
    article.save()
    made.refresh_from_db()
    assert made.is_outdated
    made.source_text = made.unit.text
    made.text = "Tjok gaat voor, dan poeng."
    made.save()
    made.refresh_from_db()
    assert not made.is_outdated


def test_the_sync_command_gives_units_to_objects_saved_before_translations(article):
    import io

    from django.core.management import call_command

    SourceUnit.objects.all().delete()
    call_command("sync_translation_units", stdout=io.StringIO())
    assert body_units(article).keys() == {
        "A discard may be claimed.",
        "Priority is tjok first.",
        "> Quoted rule text.",
    }
