"""The content generation kept in the database (no Redis): one row every worker reads."""

import time
from unittest import mock

import pytest
from django.db import OperationalError, transaction

from articles.models import RuleSet
from pagecache import generation
from pagecache.models import ContentGeneration

pytestmark = pytest.mark.django_db(transaction=True)  # bumps come on commit


@pytest.fixture(autouse=True)
def database_store(settings):
    settings.PAGE_CACHE_GENERATION_STORE = "database"
    settings.PAGE_CACHE_GENERATION_TTL = 0
    generation.forget_known_generation()
    yield
    generation.forget_known_generation()


def stored():
    return ContentGeneration.objects.get(pk=ContentGeneration.ROW).value


def test_a_committed_save_moves_the_shared_generation_on():
    before = generation.current_generation()
    RuleSet.objects.create(key="house", name="House")
    assert stored() > before
    assert generation.current_generation() == stored()


def test_the_row_is_not_touched_until_the_save_commits():
    """No lock on the row while a save's transaction is open: other saves never queue on it."""
    before = generation.current_generation()
    with transaction.atomic():
        RuleSet.objects.create(key="house", name="House")
        assert stored() == before
    assert stored() > before


def test_a_save_that_rolls_back_leaves_the_generation_alone():
    before = generation.current_generation()
    with pytest.raises(RuntimeError), transaction.atomic():
        RuleSet.objects.create(key="house", name="House")
        raise RuntimeError("the save failed")
    assert stored() == before


def test_many_saves_in_one_transaction_bump_once():
    with mock.patch.object(
        generation.DatabaseStore, "bump", autospec=True, side_effect=lambda self: time.time_ns()
    ) as bump:
        with transaction.atomic():
            for number in range(20):
                RuleSet.objects.create(key=f"house-{number}", name=f"House {number}")
        assert bump.call_count == 1


def test_after_a_restore_from_backup_the_generation_still_moves_past_the_clock():
    ContentGeneration.objects.filter(pk=ContentGeneration.ROW).update(value=5)
    started = time.time_ns()
    RuleSet.objects.create(key="house", name="House")
    assert stored() >= started


def test_a_missing_row_is_made_again():
    ContentGeneration.objects.all().delete()
    assert generation.current_generation() == stored()


def test_when_the_database_cannot_be_read_readers_keep_the_last_generation():
    known = generation.current_generation()
    failing = mock.patch.object(
        generation.DatabaseStore, "read", side_effect=OperationalError("database is locked")
    )
    with failing:
        assert generation.current_generation() == known


def test_a_cached_page_costs_no_query_while_the_generation_is_fresh(
    client, settings, django_assert_num_queries
):
    """The generation is read at most once per PAGE_CACHE_GENERATION_TTL, not per request."""
    settings.PAGE_CACHE_GENERATION_TTL = 60
    assert client.get("/scenarios/steps/")["X-Page-Cache"] == "miss"
    with django_assert_num_queries(0):
        for _ in range(5):
            assert client.get("/scenarios/steps/")["X-Page-Cache"] == "hit"


def test_once_the_second_is_up_the_generation_is_read_again(client, settings):
    client.get("/scenarios/steps/")
    with mock.patch.object(generation.DatabaseStore, "read", return_value=7) as read:
        client.get("/scenarios/steps/")  # TTL 0 here: every request reads it
    assert read.called
