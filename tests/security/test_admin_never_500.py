"""The Django admin never answers 5xx: every registered model's changelist, add page and, for
an existing object, its change, history and delete pages open as a superuser; an id that does
not exist or does not parse (999999, abc, -1, a unicode one) is a 404 on each object page;
deleting a scenario, a citation whose article was deleted, and one's own account work."""

import pytest
from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.contrib import admin
from django.contrib.admin.utils import quote
from django.contrib.auth.models import Group, User
from django.db import transaction
from django.test import Client
from django.urls import reverse

from appeals.models import Appeal, AppealRules, Round
from articles.models import Article, Citation, Commentary, Question, Ruling, Source, Term
from casebook.models import Case
from community.models import Notification, Preferences, ReadersVerdicts, Reply, Thread, Watch
from event.models import Infraction, InvolvedPlayer, Player, Seat
from rulings.models import Scenario
from search.models import Synonym
from tests.tournaments.card_factories import card_text
from tests.tournaments.tournament_factories import article, house_rule, tournament
from tests.versioned_app.models import Note
from toolkit.models import LoggedRuling, PickerChoice
from tournaments.models import Card, Tournament
from translations.models import Translation
from translations.units import units_of

pytestmark = pytest.mark.django_db

MISSING_IDS = ["999999", "abc", "-1", "ü名", "9" * 30]
OBJECT_PAGES = ["change", "history", "delete"]
REGISTERED = sorted(admin.site._registry, key=lambda model: model._meta.label)


@pytest.fixture(scope="module")
def content(django_db_setup, django_db_blocker):
    """A row of every model the admin shows (the seed content would take a minute to import),
    made once for the module and rolled back after it."""
    with django_db_blocker.unblock(), transaction.atomic():
        reader = User.objects.create_user("reader", "reader@example.org", "pw")
        Group.objects.get_or_create(name="Editors")
        ruling = article("nmjl-test-6", number="6", title="Exposures")
        source = Source.objects.create(key="bulletin-2024", publication="nmjl-bulletin")
        Commentary.objects.create(article=ruling, body="Once exposed, it stays.")
        asked = Question.objects.create(article=ruling, question="May I?", answer="No.")
        Citation.objects.create(article=ruling, source=source)
        Citation.objects.create(question=asked, source=source)
        given_back = Ruling.objects.create(
            article=ruling, slug="give-back", question="Back?", answer="No.", reason="Racked."
        )
        Citation.objects.create(ruling=given_back, source=source)
        Term.objects.create(slug="kong", term="Kong", definition="Four alike.")
        scenario = Scenario.objects.create(slug="calling", title="Calling", text="Feature: x")
        ReadersVerdicts.objects.create(scenario=scenario, verdicts=[["Call", "passed", []]])
        event = tournament("admin-open", status=Tournament.Status.PUBLISHED, directors=[reader])
        house_rule(event, "Jokers may not be exchanged.")
        Card.objects.create(name="Admin Card", text=card_text("Admin Card"), owner=event)
        Synonym.objects.create(key="joker", words="joker, wild")
        entry = LoggedRuling.objects.create(
            tournament=event, what_happened="A call.", outcome="Allowed."
        )
        player = Player.objects.create(tournament=event, name="Ann Lee")
        Seat.objects.create(player=player, round=1, table="4")
        peek = Infraction.objects.create(tournament=event, name="A peek", points=10)
        InvolvedPlayer.objects.create(entry=entry, player=player, infraction=peek, points=10)
        AppealRules.objects.create(tournament=event, head_td=reader)
        Round.objects.create(tournament=event, number=1)
        Appeal.objects.create(logged_ruling=entry, appellant="Ann Lee", appellant_statement="Mine.")
        Case.objects.create(
            logged_ruling=entry,
            tournament=event,
            ruleset=event.ruleset,
            title="A case",
            what_happened="A call.",
            ruling_given="Allowed.",
        )
        choice = PickerChoice.objects.create(key="call", label="A call")
        Translation.objects.create(
            unit=units_of(choice, "label").get(), text="Een call", source_text="A call"
        )
        Note.objects.create(title="A note", body="Kept.")
        Notification.objects.create(user=reader, message="A reply.", article=ruling)
        AccessAttempt.objects.create(
            username="reader", ip_address="203.0.113.9", failures_since_start=1
        )
        AccessLog.objects.create(username="reader", ip_address="203.0.113.9")
        AccessFailureLog.objects.create(username="reader", ip_address="203.0.113.9")
        yield
        transaction.set_rollback(True)


@pytest.fixture
def root(content):
    client = Client()
    client.force_login(User.objects.create_superuser("root", "root@example.org", "pw"))
    return client


def page(model, name, *args):
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_{name}", args=args)


@pytest.mark.parametrize("model", REGISTERED, ids=lambda model: model._meta.label)
def test_every_admin_page_of_a_model_opens_and_a_missing_object_is_a_404(root, model):
    answers = {}
    for name in ("changelist", "add"):
        answers[page(model, name)] = root.get(page(model, name)).status_code
    existing = model._default_manager.order_by("pk").first()
    assert existing is not None, f"the test's content has no {model._meta.label}"
    for name in OBJECT_PAGES:
        url = page(model, name, quote(existing.pk))
        answers[url] = root.get(url).status_code
    assert all(status in (200, 403) for status in answers.values()), answers
    missing = {
        page(model, name, quote(object_id)): root.get(page(model, name, quote(object_id)))
        for name in OBJECT_PAGES
        for object_id in MISSING_IDS
    }
    assert {url: response.status_code for url, response in missing.items()} == dict.fromkeys(
        missing, 404
    )


def test_a_scenario_is_deleted_in_the_admin(root):
    scenario = Scenario.objects.order_by("pk").first()
    response = root.post(page(Scenario, "delete", scenario.pk), {"post": "yes"})
    assert response.status_code == 302
    assert not Scenario.objects.filter(pk=scenario.pk).exists()
    assert root.get(page(Scenario, "history", scenario.pk)).status_code == 200


def test_the_history_of_whatever_went_with_a_deleted_article_still_opens(root):
    """Its citations, commentary and questions are deleted with it; their history pages show
    rows that point at an article that is gone."""
    article = (
        Article.objects.filter(
            citations__isnull=False, commentaries__isnull=False, questions__isnull=False
        )
        .order_by("pk")
        .first()
    )
    assert root.post(page(Article, "delete", article.pk), {"post": "yes"}).status_code == 302
    gone = {}
    for model in (Article, Citation, Commentary, Question):
        live = model._default_manager.values_list("pk", flat=True)
        ids = model.history.exclude(id__in=live).values_list("id", flat=True).distinct()
        assert ids, f"no {model._meta.label} went with the article"
        for pk in ids:
            gone[page(model, "history", pk)] = root.get(page(model, "history", pk)).status_code
    assert set(gone.values()) == {200}, gone


def test_a_superuser_deletes_their_own_account_and_what_they_wrote_in_the_admin(root):
    me = User.objects.get(username="root")
    article = Article.objects.order_by("pk").first()
    Watch.objects.create(user=me, article=article)
    Preferences.objects.create(user=me)
    Notification.objects.create(user=me, actor=me, message="A reply.", article=article)
    thread = Thread.objects.create(article=article, title="Tiles back?", started_by=me)
    Reply.objects.create(thread=thread, author=me, body="May they?")
    LoggedRuling.objects.create(
        tournament=Tournament.objects.first(), recorded_by=me, what_happened="x", outcome="y"
    )
    assert root.get(page(User, "delete", me.pk)).status_code == 200
    response = root.post(page(User, "delete", me.pk), {"post": "yes"})
    assert response.status_code == 302
    assert not User.objects.filter(pk=me.pk).exists()
    # What went with the account is in its history, written by nobody (the user is gone).
    assert Watch.history.filter(history_type="-").get().history_user_id is None
