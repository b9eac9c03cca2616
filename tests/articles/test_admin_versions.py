"""Saves in the Django admin are version-checked like the site's: a save whose object was
changed after the admin page was opened is refused with a message and the typed values kept;
a fresh one saves. Parametrised over the versions registry, so a model declared versioned
later (`<app>/versioned.py`) fails here until its admin checks versions."""

import json

import pytest
from django.contrib import admin
from django.contrib.auth.models import User
from django.db import models, transaction
from django.urls import reverse

import versions
from appeals.models import Appeal, AppealRules, Round
from articles.admin_versions import VERSION_FIELD, VersionCheckedAdmin, VersionCheckedInline
from articles.models import Article, Commentary
from casebook.models import Case
from event.models import Infraction, Player, Seat
from event.penalties import charge
from tests.racing import form_fields
from tests.seeding import seed
from tests.tournaments.card_factories import card_text
from tests.versioned_app.models import Note
from toolkit.models import LoggedRuling
from tournaments.models import Card, Tournament

pytestmark = pytest.mark.django_db

MARKER = "typed-in-the-admin"


VERSIONED = [entry.model for entry in versions.registered()]
# Rows with history the admin edits that are no versioned model of their own (a house rule is
# part of its tournament's versions): their admin saves are checked all the same.
ALSO_IN_THE_ADMIN = sorted(
    (
        model
        for model in admin.site._registry
        if hasattr(model._meta, "simple_history_manager_attribute") and model not in VERSIONED
    ),
    key=lambda model: model._meta.label,
)
EDITABLE = VERSIONED + ALSO_IN_THE_ADMIN


@pytest.fixture(scope="module")
def content(django_db_setup, django_db_blocker):
    """The seed content and one site card, imported once for the module, rolled back after."""
    with django_db_blocker.unblock(), transaction.atomic():
        seed()
        event = Tournament.objects.first()
        Card.objects.create(name="Admin Card", text=card_text("Admin Card"), owner=event)
        entry = LoggedRuling.objects.create(
            tournament=event, what_happened="A call.", outcome="Allowed."
        )
        AppealRules.objects.create(tournament=event, deadline_minutes=30)
        Round.objects.create(tournament=event, number=1)
        Appeal.objects.create(
            logged_ruling=entry, appellant="Player 1", appellant_statement="Mine."
        )
        Case.objects.create(
            tournament=event,
            ruleset=event.ruleset,
            title="A case",
            what_happened="A call.",
            ruling_given="Allowed.",
        )
        player = Player.objects.create(tournament=event, name="Ann Lee")
        Seat.objects.create(player=player, round=1, table="4")
        infraction = Infraction.objects.create(tournament=event, name="A peek", points=10)
        charge(entry, player, infraction, points=5, reason="Owned up.")
        Note.objects.create(title="A note", body="Kept.")
        yield
        transaction.set_rollback(True)


@pytest.fixture
def staff(client):
    client.force_login(User.objects.create_superuser("root", "root@example.org", "pw"))
    return client


def typed_field(model, fields):
    """The form field the test types into: the first text the form edits."""
    if model is Card:
        return "text"
    concrete = [f for f in model._meta.concrete_fields if f.name in fields and f.editable]
    texts = [f for f in concrete if isinstance(f, models.TextField)]
    chars = [
        f
        for f in concrete
        if isinstance(f, models.CharField)
        and not f.unique
        and not f.choices
        and not isinstance(f, models.SlugField)
    ]
    return (texts or chars)[0].name


def typed(model, name, value):
    if model is Card:  # a card file must stay a card file
        data = json.loads(value)
        data["note"] = f"{data.get('note', '')} {MARKER}"
        return json.dumps(data, indent=2)
    return f"{value} {MARKER}"


def opened_form(client, obj):
    url = reverse(f"admin:{obj._meta.app_label}_{obj._meta.model_name}_change", args=[obj.pk])
    page = client.get(url)
    assert page.status_code == 200
    fields = form_fields(page.content.decode(), VERSION_FIELD)
    fields.pop("(action)", None)
    name = typed_field(type(obj), fields)
    fields[name] = typed(type(obj), name, fields[name])
    return url, name, fields


def saved_on_the_site(obj):
    """Someone else's save while the admin page is open: a new version of the row."""
    fresh = type(obj).objects.get(pk=obj.pk)
    fresh._change_reason = "saved on the site"
    fresh.save()


@pytest.mark.parametrize("model", VERSIONED, ids=lambda model: model._meta.label)
def test_every_versioned_model_has_an_admin_that_checks_versions(model):
    assert isinstance(admin.site._registry.get(model), VersionCheckedAdmin), model._meta.label


def test_every_admin_of_a_row_with_history_checks_versions_and_so_do_its_inlines():
    for model, model_admin in admin.site._registry.items():
        if hasattr(model._meta, "simple_history_manager_attribute"):
            assert isinstance(model_admin, VersionCheckedAdmin), model._meta.label
        for inline in model_admin.inlines:
            if hasattr(inline.model._meta, "simple_history_manager_attribute"):
                assert issubclass(inline, VersionCheckedInline), (model, inline)


@pytest.mark.parametrize("model", EDITABLE, ids=lambda model: model._meta.label)
def test_an_admin_save_of_a_row_changed_meanwhile_is_refused_and_keeps_the_typed_values(
    content, staff, model
):
    obj = model.objects.order_by("pk").first()
    assert obj is not None, f"no {model._meta.label} in the seed content"
    url, name, fields = opened_form(staff, obj)
    saved_on_the_site(obj)
    versions = obj.history.count()

    response = staff.post(url, fields)

    assert response.status_code == 409  # the form again, as the site's conflict pages answer
    html = response.content.decode()
    assert "after you opened it" in html and "Nothing was saved" in html
    assert MARKER in html  # what was typed is still in the form
    assert obj.history.count() == versions  # nothing written
    assert MARKER not in str(getattr(model.objects.get(pk=obj.pk), name))
    # The form is now based on the version saved: saving again is a decision taken knowing.
    again = form_fields(html, VERSION_FIELD)
    assert again[VERSION_FIELD] == str(obj.history.order_by("-history_id").first().history_id)
    again.pop("(action)", None)
    assert staff.post(url, again).status_code == 302
    assert MARKER in str(getattr(model.objects.get(pk=obj.pk), name))


@pytest.mark.parametrize("model", EDITABLE, ids=lambda model: model._meta.label)
def test_a_fresh_admin_save_is_saved(content, staff, model):
    obj = model.objects.order_by("pk").first()
    url, name, fields = opened_form(staff, obj)
    versions = obj.history.count()

    response = staff.post(url, fields)

    assert response.status_code == 302, response.content.decode()[:3000]
    assert MARKER in str(getattr(model.objects.get(pk=obj.pk), name))
    assert obj.history.count() == versions + 1


def commentary_in_its_article_form(staff, commentary):
    url, name, fields = opened_form(staff, commentary.article)
    prefix = next(
        key.removesuffix("-id")
        for key, value in fields.items()
        if key.endswith("-id") and value == str(commentary.pk) and "comment" in key
    )
    return url, name, fields, prefix


def test_an_inline_row_changed_in_the_admin_and_on_the_site_meanwhile_is_refused(content, staff):
    commentary = Commentary.objects.order_by("pk").first()
    url, _name, fields, prefix = commentary_in_its_article_form(staff, commentary)
    fields[f"{prefix}-body"] += " inline-typed"
    saved_on_the_site(commentary)

    response = staff.post(url, fields)

    assert response.status_code == 409
    assert "after you opened it" in response.content.decode()
    assert "inline-typed" not in Commentary.objects.get(pk=commentary.pk).body


def test_an_inline_row_left_alone_does_not_stop_the_save_of_its_article(content, staff):
    commentary = Commentary.objects.order_by("pk").first()
    article = commentary.article
    url, name, fields, _prefix = commentary_in_its_article_form(staff, commentary)
    saved_on_the_site(commentary)  # changed on the site, untouched in the admin

    assert staff.post(url, fields).status_code == 302
    assert MARKER in getattr(Article.objects.get(pk=article.pk), name)


def test_reverting_in_the_admins_history_is_refused_when_the_row_changed_meanwhile(content, staff):
    from articles.models import Term

    term = Term.objects.order_by("pk").first()
    saved_on_the_site(term)
    oldest = term.history.order_by("history_id").first()
    url = reverse("admin:articles_term_simple_history", args=[term.pk, oldest.history_id])
    fields = form_fields(staff.get(url).content.decode(), VERSION_FIELD)
    fields.pop("(action)", None)
    saved_on_the_site(term)  # after the revert form was opened
    versions = term.history.count()

    response = staff.post(url, fields)

    assert response.status_code == 409 and "after you opened it" in response.content.decode()
    assert term.history.count() == versions
    again = form_fields(response.content.decode(), VERSION_FIELD)
    again.pop("(action)", None)
    assert staff.post(url, again).status_code == 302  # reverting, knowingly
    assert term.history.count() == versions + 1


def test_an_ordinary_form_error_in_the_admin_is_no_conflict(content, staff):
    from articles.models import Term

    term = Term.objects.order_by("pk").first()
    url, _name, fields = opened_form(staff, term)
    fields["term"] = ""  # required

    response = staff.post(url, fields)

    assert response.status_code == 200
    assert "after you opened it" not in response.content.decode()
