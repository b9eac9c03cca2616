"""A Dutch reader finds the Dutch Matjok ruling first, in their own words: each ruling with
a current Dutch translation is indexed in Dutch too; an outdated translation drops out of
the Dutch index until it is updated."""

import pytest
from django.contrib.contenttypes.models import ContentType
from django.utils import translation

from articles.models import Ruling
from search.models import SearchDocument
from search.ranking import search
from search.tasks import catch_up
from tests.seeding import seed
from translations.models import SourceUnit, Translation

pytestmark = pytest.mark.django_db


@pytest.fixture
def seeded():
    seed()


def first_ruling(query, language):
    hits = search(query, language=language).hits
    return hits[0].url if hits else None


@pytest.mark.parametrize(
    ("question", "slug"),
    [
        (
            "twee spelers roepen tjok, wie krijgt de steen",
            "matjok-several-tjok-closest-to-the-right",
        ),
        ("overgeslagen speler trekt van de muur", "matjok-skipped-player-does-not-draw"),
        ("reeks van winden of draken", "matjok-no-straight-of-winds-or-dragons"),
    ],
)
def test_a_dutch_question_finds_the_dutch_matjok_ruling_first(seeded, question, slug):
    assert first_ruling(question, "nl") == f"/nl/rulings/{slug}/"


def test_a_dutch_readers_ruling_result_shows_its_dutch_answer(seeded):
    with translation.override("nl"):
        hit = search("overgeslagen speler trekt van de muur", language="nl").hits[0]
    assert hit.answer.startswith("Nee")  # as the result list shows it, without a tap


def test_an_english_reader_never_gets_the_dutch_document(seeded):
    urls = [hit.url for hit in search("matjok tjok poeng", language="en").hits]
    assert urls and not any(url.startswith("/nl/") for url in urls)


def test_an_outdated_translation_leaves_the_dutch_index_and_its_update_brings_it_back(seeded):
    ruling = Ruling.objects.get(slug="matjok-no-straight-of-winds-or-dragons")
    dutch = SearchDocument.objects.filter(kind="ruling", key=ruling.slug, language="nl")
    assert dutch.exists()
    ruling.question = "May winds or dragons ever make a straight in Matjok?"
    ruling.save()
    catch_up()
    assert not dutch.exists()  # its Dutch question was made from the old English

    unit = SourceUnit.objects.get(
        content_type=ContentType.objects.get_for_model(Ruling),
        object_id=ruling.pk,
        field="question",
        position__isnull=False,
    )
    translation = Translation.objects.get(unit=unit, language="nl")
    translation.text, translation.source_text = (
        "Mogen winden of draken ooit een reeks vormen?",
        unit.text,
    )
    translation.save()
    catch_up()
    assert dutch.exists()
    assert first_ruling("winden draken reeks", "nl") == f"/nl/rulings/{ruling.slug}/"
