"""The Dutch translations of the Matjok article, its rulings, its glossary terms and the
picker's Matjok choices are content files, imported with the seeds and exported back."""

import io
import json

import pytest

from articles.models import Article, Ruling, Term
from tests.seeding import FIXTURES, seed
from toolkit.models import PickerChoice
from translations import content
from translations.models import Translation
from translations.reading import shown_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def seeded(db):
    seed()


def states(objects):
    return {shown.state for units in shown_for(objects, "nl").values() for shown in units}


def test_the_seeds_translate_every_unit_of_the_matjok_article_and_its_rulings(seeded):
    article = Article.objects.get(key="matjok-claiming")
    assert states([article]) == {"current"}
    assert states(list(Ruling.objects.filter(article=article))) == {"current"}
    assert article.prevailing_language == "en"


def test_the_seeds_translate_the_matjok_terms_and_picker_choices(seeded):
    assert states(list(Term.objects.filter(slug__in=["tjok", "poeng", "straight"]))) == {"current"}
    matjok = PickerChoice.objects.get(key="matjok")
    assert states([matjok]) == {"current"}


def test_every_dutch_ruling_answer_starts_with_its_verdict():
    rows = json.loads((FIXTURES / "translations/nl/rulings.json").read_text(encoding="utf-8"))
    answers = [row["text"] for row in rows if row["field"] == "answer"]
    assert answers and all(answer.startswith(("Ja", "Nee")) for answer in answers)


def test_exporting_the_translations_writes_the_shipped_files_back(seeded, tmp_path):
    content.export_content(tmp_path, io.StringIO())
    for name in ("articles", "rulings", "terms", "choices"):
        shipped = FIXTURES / "translations" / "nl" / f"{name}.json"
        written = tmp_path / "translations" / "nl" / f"{name}.json"
        assert json.loads(written.read_text()) == json.loads(shipped.read_text()), name


def test_importing_again_keeps_one_translation_per_unit(seeded):
    before = Translation.objects.count()
    content.import_content(FIXTURES, io.StringIO())
    assert Translation.objects.count() == before


def test_a_translation_whose_english_is_gone_is_skipped_and_said(seeded, tmp_path):
    folder = tmp_path / "translations" / "nl"
    folder.mkdir(parents=True)
    (folder / "terms.json").write_text(
        json.dumps([{"key": "tjok", "field": "term", "english": "Tjokk", "text": "Tjok"}])
    )
    said = io.StringIO()
    content.import_content(tmp_path, said)
    assert "no longer there" in said.getvalue()


def test_a_dutch_reader_reads_the_matjok_ruling_glossary_and_picker_in_dutch(seeded, client):
    ruling = client.get("/nl/rulings/matjok-tjok-beats-poeng/").content.decode()
    assert "Ja. Tjok gaat voor." in ruling
    glossary = client.get("/nl/glossary/").content.decode()
    assert "Reeks" in glossary and "3 opeenvolgende stenen binnen 1 cijfergroep" in glossary
    picker = client.get("/nl/picker/matjok/").content.decode()
    assert "Een claim voor een reeks" in picker


def test_the_matjok_article_in_dutch_keeps_its_quotation_in_english_beside_its_translation(
    seeded, client
):
    page = client.get("/nl/articles/matjok-claiming/").content.decode()
    assert "Stenen claimen" in page
    assert "Bij verschil geldt de Engelse tekst." in page
    assert "See also Claiming illustrated" in page  # the quotation, in its language
    assert "Claimen geïllustreerd" in page  # beside it, marked as the translation
    assert '<p class="translation-mark">Vertaling</p>' in page
    assert "translation-banner" not in page


def test_an_english_reader_reads_the_matjok_pages_in_english(seeded, client):
    assert "Tjok comes first." in client.get("/rulings/matjok-tjok-beats-poeng/").content.decode()
    assert "Stenen claimen" not in client.get("/articles/matjok-claiming/").content.decode()
