"""Admin saves raced on two server processes: no acknowledged save is lost.

Four staff members change one glossary term in the Django admin at the same moment, round
after round. The admin does not merge: a save whose row changed after its page was opened
is refused (409, the typed values kept), and the staff member opens the page again and
types the change again, as a person would. Every save the admin called successful must be
in the final text, and a refusal must really have happened."""

import pytest
from django.contrib.auth.models import User

from articles.admin_versions import VERSION_FIELD
from articles.models import Term
from tests.racing import add_to_field, race

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def staff(db):
    return [User.objects.create_superuser(f"staff{n}", f"staff{n}@example.org") for n in range(4)]


def test_four_staff_saving_one_term_in_the_admin_at_once_lose_no_acknowledged_save(
    race_servers, staff
):
    term = Term.objects.create(term="Dead hand", slug="dead-hand", definition="A hand that")
    browsers = race_servers.browsers(staff)

    with race_servers.sharing():
        tally = race(
            browsers,
            f"/admin/articles/term/{term.pk}/change/",
            [add_to_field("definition") for _ in staff],
            having=VERSION_FIELD,
            saved=("changed successfully",),
        )

    assert tally.errors == [] and tally.refused == []
    assert len(tally.acknowledged) == 8
    term.refresh_from_db()
    assert [m for m in tally.acknowledged if m not in term.definition.split()] == []
    assert tally.conflicts >= 1  # two saves really met
    assert term.history.count() == 1 + len(tally.acknowledged)
