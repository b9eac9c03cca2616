"""The rulings as files: one per article, in a shape the Ruling model can import unchanged,
their sources real and their quotations word for word in the seeds. No database."""

import re

import pytest

from tests.articles.test_short_ruling import SEED_OF, quotations, seed_text

from .files import ARTICLES, RULINGS, article, every_ruling, rulings_by_article, sources

FIELDS = [
    "slug",
    "position",
    "question",
    "answer",
    "verdict",
    "reason",
    "sources",
    "summarises",
    "shown_by",
]
VERDICTS = {"allowed", "not_allowed", "dead", "none"}
# The answer starts with its verdict, in a TD's words.
ANSWER_STARTS = {"allowed": "Yes", "not_allowed": "No", "dead": "The hand is dead"}
SLUG = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)+$")
HEADING = re.compile(r"^#{2,3} (.+)$", re.MULTILINE)


def rulings():
    return every_ruling()


def ids(item):
    return item[1]["slug"]


def test_each_rulings_file_belongs_to_an_article_and_every_article_has_one():
    assert sorted(rulings_by_article()) == sorted(p.stem for p in ARTICLES.glob("*.json"))
    assert not [p for p in RULINGS.iterdir() if p.suffix not in (".json", ".md")]


def test_slugs_are_readable_and_unique_across_articles():
    slugs = [ruling["slug"] for _key, ruling in rulings()]
    assert not [s for s in slugs if not SLUG.match(s)]
    assert len(slugs) == len(set(slugs)), sorted(s for s in slugs if slugs.count(s) > 1)


def test_each_article_lists_its_rulings_in_order_from_position_one():
    for key, items in rulings_by_article().items():
        assert [r["position"] for r in items] == list(range(1, len(items) + 1)), key


@pytest.mark.parametrize("item", rulings(), ids=ids)
def test_a_ruling_has_a_question_a_one_line_answer_led_by_its_verdict_and_a_short_reason(item):
    _key, ruling = item
    assert list(ruling) == FIELDS
    assert ruling["verdict"] in VERDICTS
    assert ruling["question"].endswith("?")
    answer = ruling["answer"]
    assert "\n" not in answer and answer.endswith(".")
    if ruling["verdict"] in ANSWER_STARTS:
        assert answer.startswith(ANSWER_STARTS[ruling["verdict"]]), answer
    sentences = re.findall(r"[.!?][”’]?(?:\s|$)", ruling["reason"])
    assert 1 <= len(sentences) <= 2, ruling["reason"]


@pytest.mark.parametrize("item", rulings(), ids=ids)
def test_each_source_is_known_with_its_locator_and_date(item):
    _key, ruling = item
    assert ruling["sources"], "a ruling cites at least one source"
    for citation in ruling["sources"]:
        source = sources()[citation["source"]]
        assert set(citation) <= {"source", "locator", "date", "quote"}
        assert citation.get("locator") == source.get("locator")
        dated = source.get("year")
        date = f"{dated}-{source['month']:02d}" if source.get("month") else dated and str(dated)
        assert citation.get("date") == date


def test_what_a_ruling_quotes_is_word_for_word_in_its_articles_seed():
    quoted = 0
    for key, ruling in rulings():
        for citation in ruling["sources"]:
            if "quote" not in citation:
                continue
            assert key in SEED_OF, f"{ruling['slug']} quotes a source that is not a seed"
            seed = seed_text(SEED_OF[key])
            for words in quotations(f"“{citation['quote']}”"):
                assert words in seed, (
                    f"{ruling['slug']}: seed {SEED_OF[key]} does not say {words!r}"
                )
                quoted += 1
    assert quoted >= 60


def test_a_quotation_that_is_not_in_its_seed_is_caught():
    invented = "“A player may give back a racked tile until she discards.”"
    assert not all(words in seed_text("003") for words in quotations(invented))


def sections(entry):
    texts = [entry.get("body", "")] + [c["body"] for c in entry.get("commentaries", [])]
    texts = ["\n".join(t) if isinstance(t, list) else t for t in texts]
    return {heading.strip() for text in texts for heading in HEADING.findall(text)}


@pytest.mark.parametrize("item", rulings(), ids=ids)
def test_what_a_ruling_summarises_is_part_of_its_article(item):
    key, ruling = item
    entry = article(key)
    assert ruling["summarises"]
    for part in ruling["summarises"]:
        if isinstance(part, int):
            assert 0 <= part < len(entry.get("questions", [])), part
        elif part in ("ruling", "summary", "body"):
            assert entry.get(part), part
        elif part.startswith("commentary:"):
            assert int(part.split(":")[1]) < len(entry.get("commentaries", [])), part
        else:
            assert part.startswith("section:") and part[len("section:") :] in sections(entry), part
