"""The table's vocabulary: a word finds the pages that use another word for the same thing,
the groups are content (admin, history, import and export), and an edit counts at once."""

import io
import json
from pathlib import Path

import pytest
from django.contrib.auth.models import Group

from search import content
from search.models import Synonym
from search.query import parse_query, vocabulary_of
from search.ranking import search

pytestmark = pytest.mark.django_db
FIXTURE = Path(__file__).resolve().parents[2] / "fixtures"


@pytest.fixture
def vocabulary(db):
    Synonym.objects.create(key="pung", words="pung, pong, poeng")
    Synonym.objects.create(key="exchange", words="exchange, swap")
    Synonym.objects.create(key="dead-hand", words="dead hand, disqualified, dq")


def urls(text, **kwargs):
    return [hit.url for hit in search(text, **kwargs).hits]


def test_pong_finds_the_matjok_poeng_and_poeng_finds_an_nmjl_pung(rulings, vocabulary):
    claiming = rulings["claiming"].get_absolute_url()
    assert claiming in urls("pong")
    from articles.models import Article

    pung = Article.objects.create(
        ruleset=rulings["touched"].ruleset, key="p", title="Pungs", body="A pung of jokers."
    )
    assert pung.get_absolute_url() in urls("poeng")


def test_a_word_with_no_synonyms_finds_only_itself(rulings, vocabulary):
    assert urls("stricter") == [rulings["touched"].get_absolute_url()]
    assert urls("flamingo") == []


def test_the_rule_set_filter_still_narrows_a_synonym(rulings, vocabulary):
    assert urls("pong", ruleset="nmjl") == []
    assert urls("pong", ruleset="matjok") == [rulings["claiming"].get_absolute_url()]


def test_a_phrase_of_the_table_finds_its_synonym(rulings, vocabulary):
    # The glossary term is "Dead hand"; "dq" is how the table says it.
    assert "/glossary/#dead-hand" in urls("dq")


def test_the_words_typed_come_before_their_synonyms(rulings, vocabulary):
    hits = search("joker swap").hits
    assert hits[0].url == rulings["exchange"].get_absolute_url()  # titled "Joker exchange"


def test_an_edited_group_counts_at_once(rulings):
    assert urls("pong") == []
    group = Synonym.objects.create(key="pung", words="pung, pong, poeng")
    assert urls("pong")
    group.delete()
    assert urls("pong") == []


def test_the_synonyms_are_kept_with_their_history(db):
    group = Synonym.objects.create(key="kong", words="kong, quad")
    group.words = "kong, quad, kang"
    group.save()
    assert group.history.count() == 2


def test_editors_may_keep_the_synonyms_in_the_admin(db):
    editors = Group.objects.get(name="Editors")
    codenames = set(editors.permissions.values_list("codename", flat=True))
    assert {"add_synonym", "change_synonym", "delete_synonym"} <= codenames


def test_the_seed_synonyms_import_once_and_export_unchanged(tmp_path):
    out = io.StringIO()
    content.import_content(FIXTURE, stdout=out)
    assert Synonym.objects.filter(key="pung").exists()
    history = sum(group.history.count() for group in Synonym.objects.all())
    content.import_content(FIXTURE, stdout=out)
    assert sum(group.history.count() for group in Synonym.objects.all()) == history
    assert out.getvalue().splitlines()[-1].endswith("0 created, 0 updated, 0 deleted, 0 kept.")
    content.export_content(tmp_path, stdout=out)
    exported = (tmp_path / "search" / "synonyms.json").read_text(encoding="utf-8")
    assert exported == (FIXTURE / "search" / "synonyms.json").read_text(encoding="utf-8")


def test_a_synonyms_file_without_keys_is_refused(tmp_path):
    from django.core.management.base import CommandError

    (tmp_path / "search").mkdir()
    (tmp_path / "search" / "synonyms.json").write_text(json.dumps({"synonyms": [{"words": "a"}]}))
    with pytest.raises(CommandError):
        content.import_content(tmp_path, stdout=io.StringIO())


def test_a_word_with_an_ending_takes_the_synonyms_of_its_plain_form():
    """ "drawing" is in no group, "draw" is: a TD's "keeps drawing" finds "picking"."""
    words = vocabulary_of([["draw", "pick"], ["swap", "exchange"], ["declare", "call"]])
    for typed, expected in (("drawing", "pick"), ("swapped", "exchange"), ("declaring", "call")):
        (term,) = parse_query(typed, vocabulary=words).terms
        assert term.word == typed and expected in term.alternatives


def test_a_word_whose_plain_form_is_in_no_group_has_no_synonyms():
    words = vocabulary_of([["draw", "pick"]])
    (term,) = parse_query("drawers", vocabulary=words).terms
    assert term.alternatives == ()
