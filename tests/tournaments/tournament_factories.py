"""Small builders for the tournament tests: rule sets, articles, tournaments, people."""

from django.contrib.auth.models import Group, User
from django.template.loader import render_to_string
from django.urls import reverse

from articles.models import Article, RuleSet
from articles.page import ArticlePage
from articles.permissions import EDITORS, TOURNAMENT_DIRECTORS
from tournaments.article_sections import sections
from tournaments.models import HouseRule, Tournament
from tournaments.versions import fingerprint, snapshot_of
from versions.saving import latest_version


def nmjl():
    ruleset, _ = RuleSet.objects.get_or_create(key="nmjl", defaults={"name": "NMJL"})
    return ruleset


def article(key, number="", title=None):
    found, _ = Article.objects.get_or_create(
        key=key, defaults={"ruleset": nmjl(), "number": number, "title": title or key}
    )
    return found


def tournament(slug="spring-open", *, status=Tournament.Status.DRAFT, directors=(), **fields):
    fields.setdefault("name", slug.replace("-", " ").title())
    fields.setdefault("base_rules", "NMJL rules as published by the League, plus the following.")
    made = Tournament.objects.create(slug=slug, ruleset=nmjl(), status=status, **fields)
    made.directors.add(*directors)
    return made


def house_rule(tournament, text, option="", value=None, departs_from=None, position=None):
    if position is None:
        position = tournament.house_rules.count() + 1
    return HouseRule.objects.create(
        tournament=tournament,
        option=option,
        value=value,
        text=text,
        departs_from=departs_from,
        position=position,
    )


def user(username, *groups, **flags):
    made = User.objects.create_user(username, password="pw-for-tests-only", **flags)
    for name in groups:
        made.groups.add(Group.objects.get_or_create(name=name)[0])
    return made


def td(username):
    return user(username, TOURNAMENT_DIRECTORS)


def editor(username):
    return user(username, EDITORS)


def matrix_section(article):
    """The tournaments section as the article view makes it and its template draws it."""
    made = sections(ArticlePage(article))
    return (
        render_to_string("tournaments/_article_differences.html", {"section": made[0]})
        if made
        else ""
    )


def confirm_publish(client, slug, **extra):
    """Publish as a director does: open the confirmation page, then confirm what it showed."""
    url = reverse("tournaments:tournament-publish", args=[slug])
    shown = client.get(url)
    seen = shown.context["working_copy"] if shown.status_code == 200 else ""
    return client.post(url, {"confirm": "yes", "working_copy": seen}, **extra)


def opened(obj) -> dict:
    """What an edit or remove form opened now posts back: the version it started from."""
    return {"base_version": latest_version(obj)}


def desk_form(event, **changes) -> dict:
    """The details form on the director's desk as it was opened, with some fields changed."""
    data = {
        "name": event.name,
        "slug": event.slug,
        "ruleset": event.ruleset_id,
        "place": event.place,
        "base_rules": event.base_rules,
        "starts_on": event.starts_on or "",
        "ends_on": event.ends_on or "",
        "card_name": event.card_name,
        "language": event.language,
        **opened(event),
    }
    return {**data, **changes}


def publish_form(tournament) -> dict:
    """What the confirmation page's Confirm posts: the working copy the director was shown."""
    return {"confirm": "yes", "working_copy": fingerprint(snapshot_of(tournament))}


# The roles a tournament's pages tell apart (the `people` fixture has one person each).
ROLES = ["anonymous", "member", "other_director", "director", "editor", "staff"]
MAY_EDIT = {"director", "staff"}  # a tournament's own directors, and staff


def client_for(client, people, role):
    """The test client signed in as that role's person (anonymous: as it is)."""
    if people[role] is not None:
        client.force_login(people[role])
    return client
