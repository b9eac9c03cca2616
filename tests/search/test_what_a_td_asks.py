"""What issue 13 promises a TD, on the seed content: a question in one's own words finds its
article; a tournament's house rule comes first when the tournament is named or chosen (the
seed tournaments and one created here); misspellings of the index's own words are corrected;
a scenario check's snippet never shows its Gherkin."""

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from articles.models import RuleSet
from search.backends import backend
from search.models import SearchDocument, Synonym
from search.query import STOP_WORDS
from search.ranking import search
from search.spelling import MIN_LENGTH, within_one_edit
from tests.seeding import seed
from tournaments.chosen import COOKIE_NAME
from tournaments.models import HouseRule, Tournament
from tournaments.versions import publish

pytestmark = pytest.mark.django_db

HARBOUR = "harbour-lights-open-2027"
PRAIRIE = "prairie-winds-classic-2027"


@pytest.fixture
def seeds(tmp_path):
    seed()


@pytest.fixture
def seaside(seeds):
    """A tournament made here, not in the seeds: its one house rule is about touched tiles."""
    tournament = Tournament.objects.create(
        name="Seaside Summer Cup",
        slug="seaside-summer-cup",
        ruleset=RuleSet.objects.get(key="nmjl"),
    )
    HouseRule.objects.create(
        tournament=tournament,
        text="A touched tile stays touched: whoever lifts a discard from the table takes it.",
    )
    publish(tournament)
    return tournament


def first_pages(query, top=3, **options):
    results = search(query, **options)
    named = [article.get_absolute_url() for article in results.articles]
    return [url.split("#")[0] for url in named + [hit.url for hit in results.hits]][:top]


def test_someone_with_15_tiles_after_the_charleston_finds_article_205_in_the_first_three(seeds):
    assert "/articles/nmjl-205/" in first_pages("someone has 15 tiles after the charleston")


def test_harbour_lights_touched_puts_that_tournaments_house_rule_first(seeds):
    first = search("Harbour Lights touched").hits[0]
    assert first.kind == "houserule"
    assert first.url.startswith(f"/tournaments/{HARBOUR}/#house-rule-")
    assert "<mark>touched</mark>" in first.snippet


def test_a_tournament_created_now_comes_first_for_its_name_and_its_rule(seaside):
    assert search("Seaside touched").hits[0].url == "/tournaments/seaside-summer-cup/#house-rule-1"


def test_the_chosen_tournaments_house_rule_comes_first_for_a_question_it_answers(seeds):
    harbour = Tournament.objects.get(slug=HARBOUR)
    assert search("touched tile").hits[0].kind != "houserule"
    first = search("touched tile", tournament=harbour).hits[0]
    assert first.url.startswith(f"/tournaments/{HARBOUR}/#house-rule-")


def test_another_tournament_chosen_puts_its_own_rule_first_not_the_others(seeds, seaside):
    prairie = Tournament.objects.get(slug=PRAIRIE)
    assert search("touched tile", tournament=seaside).hits[0].url == (
        "/tournaments/seaside-summer-cup/#house-rule-1"
    )
    first = search("joker exchange", tournament=prairie).hits[0]
    assert first.url.startswith(f"/tournaments/{PRAIRIE}/#house-rule-")


def test_a_chosen_tournament_with_no_rule_on_the_question_changes_nothing(seeds):
    prairie = Tournament.objects.get(slug=PRAIRIE)
    assert [hit.url for hit in search("wall game", tournament=prairie).hits] == [
        hit.url for hit in search("wall game").hits
    ]


def test_the_search_page_and_box_rank_by_the_tournament_in_the_readers_cookie(seeds, client):
    client.cookies[COOKIE_NAME] = HARBOUR
    results = client.get("/search/", {"q": "touched tile", "format": "json"}).json()["results"]
    assert results[0]["url"].startswith(f"/tournaments/{HARBOUR}/#house-rule-")
    page = client.get("/search/", {"q": "touched tile"}).content.decode()
    first_result = re.search(r'<li class="search-result[^>]*>.*?href="([^"]+)"', page, re.S)
    assert first_result and first_result[1].startswith(f"/tournaments/{HARBOUR}/#house-rule-")


def test_a_cookie_naming_no_published_tournament_ranks_as_if_none_were_chosen(seeds, client):
    plain = client.get("/search/", {"q": "touched tile", "format": "json"}).json()
    for value in ("no-such-tournament", "<script>", "x" * 200):
        client.cookies[COOKIE_NAME] = value
        assert client.get("/search/", {"q": "touched tile", "format": "json"}).json() == plain


def _index_words(language=None) -> Counter:
    """Words of the index as written (what the typo lists hold), lower case; of one
    language's documents only, when given."""
    counts = Counter()
    documents = SearchDocument.objects.all()
    if language is not None:
        documents = documents.filter(language=language)
    for title, body in documents.values_list("title", "body"):
        counts.update(set(re.findall(r"[^\W_]+", f"{title} {body}".lower())))
    return counts


def _one_edit(word: str, kind: int) -> str:
    """A deterministic misspelling: two letters swapped, one dropped, one changed, one added."""
    middle = len(word) // 2
    if kind == 0:
        return word[: middle - 1] + word[middle] + word[middle - 1] + word[middle + 1 :]
    if kind == 1:
        return word[:middle] + word[middle + 1 :]
    if kind == 2:
        changed = "q" if word[middle] != "q" else "z"
        return word[:middle] + changed + word[middle + 1 :]
    return word[:middle] + "k" + word[middle:]


def _misspellings(count: int) -> list[tuple[str, str]]:
    """`count` misspellings of indexed words that no synonym group holds (stop words are not
    indexed: PostgreSQL drops them), each one edit from its word and from no other word of the
    index (so the word it should be read as is not in doubt), spread from rare to common.
    English words: a typo is corrected in the English search (a Dutch one is not)."""
    words = _index_words()
    english = _index_words("en")
    in_synonyms = {
        word
        for group in Synonym.objects.all()
        for phrase in group.phrases()
        for word in re.findall(r"[^\W_]+", phrase.lower())
    }
    candidates = sorted(
        (word for word in english if word.isascii() and word.isalpha()),
        key=lambda word: (english[word], word),
    )
    left_out = in_synonyms | STOP_WORDS
    candidates = [w for w in candidates if len(w) > MIN_LENGTH and w not in left_out]
    step = max(1, len(candidates) // (count * 3))
    chosen = []
    for position, word in enumerate(candidates[::step]):
        typo = _one_edit(word, position % 4)
        if typo in words or backend().knows(typo):
            continue  # that "misspelling" is a word (or a word's stem) the index has
        if any(within_one_edit(typo, other) for other in words if other != word):
            continue
        chosen.append((typo, word))
        if len(chosen) == count:
            break
    return chosen


def test_thirty_misspellings_of_the_indexs_own_words_are_each_corrected(seeds):
    misspellings = _misspellings(30)
    assert len(misspellings) == 30
    read_as = {typo: search(typo).corrected for typo, _ in misspellings}
    assert read_as == dict(misspellings)


def test_no_scenario_snippet_in_the_relevance_set_shows_gherkin(seeds):
    queries = json.loads(Path(__file__).with_name("relevance.json").read_text())["queries"]
    scenario_snippets = [
        hit.snippet.replace("<mark>", "").replace("</mark>", "")
        for entry in queries
        for hit in search(entry["query"]).hits
        if hit.kind == "scenario"
    ]
    assert len(scenario_snippets) > 20
    for snippet in scenario_snippets:
        assert not re.search(r"\||(^|\s)#|(^|\s)@|&lt;\w+&gt;|\bGiven\b|\bExamples:", snippet)
