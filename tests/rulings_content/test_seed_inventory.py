"""Every sentence of the five seeds is in the inventory, mapped to a ruling or set aside as
not rule-bearing with a reason. Pure file tests: no database."""

import re

import pytest

from .files import README, SEEDS, every_ruling, inventory
from .seed_sentences import differences, sentences

NOT_RULE_BEARING = re.compile(r"^not rule-bearing: \S")


def seed_files():
    return sorted(SEEDS.glob("*.txt"))


def listed(name):
    (seed,) = [seed for seed in inventory()["seeds"] if seed["file"] == name]
    return seed


def test_the_inventory_lists_the_five_seeds_and_states_its_rule():
    assert [seed["file"] for seed in inventory()["seeds"]] == [p.name for p in seed_files()]
    assert len(seed_files()) == 5
    assert "sentence" in inventory()["rule"]


@pytest.mark.parametrize("path", seed_files(), ids=lambda p: p.name[:3])
def test_every_sentence_of_the_seed_is_in_the_inventory_and_nothing_else(path):
    seed = sentences(path.read_text(encoding="utf-8"))
    in_inventory = [entry["text"] for entry in listed(path.name)["sentences"]]
    assert not differences(seed, in_inventory), "\n".join(differences(seed, in_inventory))


def test_a_sentence_added_to_a_seed_or_dropped_from_it_is_caught():
    seed = sentences((SEEDS / listed_file("000")).read_text(encoding="utf-8"))
    in_inventory = [entry["text"] for entry in listed(listed_file("000"))["sentences"]]
    added = sentences("\n".join([*seed, "A touched tile is always a taken tile."]))
    assert differences(added, in_inventory) == [
        "missing from the inventory: 'A touched tile is always a taken tile.'"
    ]
    assert differences(seed[1:], in_inventory) == [f"not in the seed: {seed[0]!r}"]


def listed_file(number):
    (path,) = SEEDS.glob(f"{number}_*.txt")
    return path.name


def test_the_split_rule_keeps_list_numbers_and_quotation_marks_with_their_sentence():
    text = "1. For an exposure, take the called tile. Put it down.\n\n“Look and listen. Dead.” Then"
    assert sentences(text) == [
        "1. For an exposure, take the called tile.",
        "Put it down.",
        "“Look and listen.",
        "Dead.”",
        "Then",
    ]


def test_every_sentence_maps_to_rulings_or_says_why_it_bears_no_rule():
    wrong = []
    for seed in inventory()["seeds"]:
        for entry in seed["sentences"]:
            maps_to = entry["maps_to"]
            if isinstance(maps_to, list) and maps_to and all(isinstance(s, str) for s in maps_to):
                continue
            if isinstance(maps_to, str) and NOT_RULE_BEARING.match(maps_to):
                continue
            wrong.append(f"{seed['file']}: {entry['text']!r} maps to {maps_to!r}")
    assert not wrong, "\n".join(wrong)


def test_every_ruling_the_inventory_names_exists():
    slugs = {ruling["slug"] for _key, ruling in every_ruling()}
    unknown = [
        f"{seed['file']}: {entry['text'][:50]!r} names {slug}"
        for seed in inventory()["seeds"]
        for entry in seed["sentences"]
        if isinstance(entry["maps_to"], list)
        for slug in entry["maps_to"]
        if slug not in slugs
    ]
    assert not unknown, "\n".join(unknown)


def test_a_seed_sentence_is_mapped_only_to_rulings_of_seed_articles():
    of_seed_articles = {
        ruling["slug"]
        for key, ruling in every_ruling()
        if key in {seed["article"] for seed in inventory()["seeds"]}
    }
    elsewhere = [
        slug
        for seed in inventory()["seeds"]
        for entry in seed["sentences"]
        if isinstance(entry["maps_to"], list)
        for slug in entry["maps_to"]
        if slug not in of_seed_articles
    ]
    assert not elsewhere, elsewhere


def rules_reference_slugs():
    """The rulings fixtures/rulings/README.md lists as added from the rules reference."""
    text = README.read_text(encoding="utf-8")
    section = text[text.index("## Rulings from the rules reference") :]
    return re.findall(r"^\| `([a-z0-9-]+)` \|", section, flags=re.MULTILINE)


def test_every_ruling_carries_a_seed_sentence_or_is_listed_as_from_the_rules_reference():
    named = {
        slug
        for seed in inventory()["seeds"]
        for entry in seed["sentences"]
        if isinstance(entry["maps_to"], list)
        for slug in entry["maps_to"]
    }
    listed_slugs = rules_reference_slugs()
    assert listed_slugs, "the README lists no rulings from the rules reference"
    unaccounted = [
        s for _k, r in every_ruling() if (s := r["slug"]) not in named | set(listed_slugs)
    ]
    assert not unaccounted, unaccounted
    assert not named & set(listed_slugs), named & set(listed_slugs)
    assert set(listed_slugs) <= {r["slug"] for _k, r in every_ruling()}


def test_the_seeds_give_at_least_sixty_rulings():
    named = {
        slug
        for seed in inventory()["seeds"]
        for entry in seed["sentences"]
        if isinstance(entry["maps_to"], list)
        for slug in entry["maps_to"]
    }
    assert len(named) >= 60, len(named)
