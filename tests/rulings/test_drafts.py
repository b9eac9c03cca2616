"""What readers read: `Scenario.objects.for_readers()` gives each scenario's last clean
version, leaves out one that never ran clean, and its copies cannot be saved over a draft."""

import pytest

from rulings.models import Scenario
from tests.rulings.conftest import CALLING, MISTYPED, SCENARIO_CHECKS

pytestmark = SCENARIO_CHECKS


def test_a_clean_text_is_published_as_it_is_saved(article):
    made = Scenario.objects.create(slug="calling", title="Calling a discard", text=CALLING)
    assert not made.is_draft
    (seen,) = Scenario.objects.for_readers()
    assert (seen.text, seen.title) == (CALLING, "Calling a discard")


def test_readers_get_the_last_clean_text_and_title_of_a_draft(article):
    made = Scenario.objects.create(slug="calling", title="Calling a discard", text=CALLING)
    made.text, made.title = MISTYPED, "A slip of the keyboard"
    made.save()
    (seen,) = Scenario.objects.for_readers()
    assert (seen.text, seen.title) == (CALLING, "Calling a discard")
    assert [s.slug for s in Scenario.objects.drafts()] == ["calling"]
    assert [s.slug for s in article.scenarios.for_readers()] == ["calling"]


def test_a_scenario_that_never_ran_clean_is_not_read_at_all(article):
    Scenario.objects.create(slug="mistyped", title="Mistyped", text=MISTYPED)
    assert list(Scenario.objects.for_readers()) == []
    assert list(article.scenarios.for_readers()) == []


def test_a_readers_copy_cannot_be_saved_over_the_draft(article):
    made = Scenario.objects.create(slug="calling", title="Calling a discard", text=CALLING)
    made.text = MISTYPED
    made.save()
    (seen,) = Scenario.objects.for_readers()
    with pytest.raises(ValueError, match="for_readers"):
        seen.save()
    assert Scenario.objects.get(pk=made.pk).text == MISTYPED
