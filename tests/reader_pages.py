"""One page of every template, for the checks every page must pass (axe-core, 360 px wide,
tap targets, field text).

Every template under templates/ is in exactly one of three lists, so a new template has to be
placed (tests/test_reader_pages.py fails until it is):

- READER_PAGES: what a reader opens, logged out (and an editor sees too, with editing links);
- EDITOR_PAGES: what only a logged-in editor or tournament director opens;
- NOT_PAGES: templates that are no page of their own, with the reason.

A page is a path, or a function of no arguments that finds it in the seeded database (a
version's id differs between imports).
"""

from pathlib import Path

from django.contrib.auth.models import Group, User

from articles.models import Article
from articles.permissions import EDITORS, TOURNAMENT_DIRECTORS

TEMPLATES = Path(__file__).resolve().parents[1] / "templates"

TOURNAMENT = "harbour-lights-open-2027"  # the seeded tournament the editor directs
OTHER_TOURNAMENT = "prairie-winds-classic-2027"  # one the editor does not
EDITOR = "page-checker"
LOCKED_OUT = "locked-out-player"  # django-axes has locked this name out (see lock_out)


def _house_rule(action):
    from tournaments.models import Tournament

    rule = Tournament.objects.get(slug=TOURNAMENT).house_rules.order_by("pk").first()
    return f"/tournaments/{TOURNAMENT}/rules/{rule.pk}/{action}"


def _thread():
    """A talk thread on Article 6 with one reply (the seed has none), made once."""
    from community.models import Thread
    from community.talk import start_thread

    thread = Thread.objects.filter(title="Page check thread").first()
    if thread is None:
        article = Article.objects.get(key="nmjl-6")
        starter = User.objects.get_or_create(username="thread-starter")[0]
        thread = start_thread(starter, "Page check thread", "Is the ruling clear?", article=article)
    return thread


def _thread_page(suffix=""):
    return lambda: f"/talk/thread/{_thread().pk}/{suffix}"


def _player(suffix=""):
    """A player of the seeded tournament (the seed lists none), made once."""

    def path():
        from event.models import Player
        from tournaments.models import Tournament

        tournament = Tournament.objects.get(slug=TOURNAMENT)
        player = Player.objects.get_or_create(tournament=tournament, name="Page Check Player")[0]
        return f"/tournaments/{TOURNAMENT}/players/{player.pk}/{suffix}"

    return path


def _penalty_edit():
    """A penalty charged in the seeded tournament's log (the seed logs none), made once."""
    from event.models import Infraction, InvolvedPlayer, Player
    from toolkit.models import LoggedRuling

    _player()()  # makes the player
    named = Player.objects.get(tournament__slug=TOURNAMENT, name="Page Check Player")
    found = InvolvedPlayer.objects.filter(player=named).first()
    if found is None:
        entry = LoggedRuling.objects.create(
            tournament=named.tournament, what_happened="A peek.", outcome="Penalty."
        )
        infraction = Infraction.objects.get_or_create(
            tournament=named.tournament, name="Page check peek", defaults={"points": 10}
        )[0]
        found = InvolvedPlayer.objects.create(
            entry=entry, player=named, infraction=infraction, offence=1, suggested_points=10,
            points=10,
        )  # fmt: skip
    return f"/tournaments/{TOURNAMENT}/named/{found.pk}/edit/"


def _reply_edit():
    return f"/talk/reply/{_thread().replies.order_by('pk').first().pk}/edit/"


def _log_entry():
    """A ruling logged at the seeded tournament just now (appeals still open), made once."""
    from toolkit.models import LoggedRuling
    from tournaments.models import Tournament

    entry = LoggedRuling.objects.filter(what_happened="Page check: a racked call.").first()
    if entry is None:
        entry = LoggedRuling.objects.create(
            tournament=Tournament.objects.get(slug=TOURNAMENT),
            what_happened="Page check: a racked call.",
            outcome="The caller must use it.",
        )
    return entry


def _appeal():
    from appeals.models import Appeal

    return Appeal.objects.get_or_create(
        logged_ruling=_log_entry(),
        defaults={"appellant": "Player 9", "appellant_statement": "It was not racked."},
    )[0]


def _round_edit():
    """Round 1 of the seeded tournament ended, its head TD the page checker (who alone may
    correct it): its edit page."""
    from django.contrib.auth.models import User
    from django.utils import timezone

    from appeals.models import AppealRules, Round
    from tournaments.models import Tournament

    event = Tournament.objects.get(slug=TOURNAMENT)
    AppealRules.objects.update_or_create(
        tournament=event, defaults={"head_td": User.objects.get(username=EDITOR)}
    )
    Round.objects.get_or_create(tournament=event, number=1, defaults={"ended_at": timezone.now()})
    return f"/tournaments/{TOURNAMENT}/rounds/1/edit/"


def _case():
    """A published case from the tournament the page checker does not direct, made once."""
    from articles.models import Ruling
    from casebook.models import Case
    from tournaments.models import Tournament

    ruling = Ruling.objects.get(slug="give-back-a-racked-call")
    return Case.objects.get_or_create(
        title="Page check case",
        defaults={
            "tournament": Tournament.objects.get(slug=OTHER_TOURNAMENT),
            "ruleset": ruling.article.ruleset,
            "ruling": ruling,
            "what_happened": "A player racked a called tile and wanted to give it back.",
            "ruling_given": "She must use it.",
            "reasoning": "A call is a pick from the wall.",
            "status": Case.Status.PUBLISHED,
        },
    )[0]


READER_PAGES = {
    "404.html": "/no-such-page/",
    "articles/home.html": "/",
    "articles/article_index.html": "/articles/",
    "articles/article_detail.html": "/articles/nmjl-6/",
    "articles/ruling_detail.html": "/rulings/give-back-a-racked-call/",
    "articles/article_not_found.html": "/articles/nmjl-999/",
    "articles/go.html": "/go/?n=no-such-number",
    "articles/glossary.html": "/glossary/",
    "articles/question_list.html": "/questions/",
    "articles/source_list.html": "/sources/",
    "articles/source_year.html": "/sources/nmjl-bulletin/1970/",
    "articles/wiki/changes.html": "/changes/",
    "articles/wiki/page_history.html": "/articles/nmjl-6/history/",
    "articles/article_version.html": "/articles/nmjl-6/version/1/",
    "api/documentation.html": "/api/",
    "rulings/changes.html": "/rules/changes/?from=2024-01-01&to=2026-11-30",
    "articles/wiki/links_here.html": "/articles/nmjl-6/links-here/",
    "articles/wiki/unreviewed.html": "/unreviewed/",
    "articles/wiki/wanted_article.html": "/wanted/nmjl-168/",
    "articles/wiki/wanted_list.html": "/wanted/",
    "articles/wiki/wanted_rulings.html": "/wanted/rulings/",
    "versions/compare.html": f"/tournaments/{TOURNAMENT}/compare/?from=1&to=3",
    "versions/history.html": "/scenarios/calling/history/",
    "registration/login.html": "/accounts/login/",
    "rulings/scenario_list.html": "/scenarios/",
    "rulings/scenario_detail.html": "/scenarios/calling/",
    "rulings/step_reference.html": "/scenarios/steps/",
    "search/search.html": "/search/?q=joker",
    "search/tile.html": "/tiles/5D/",
    "tournaments/card_list.html": "/cards/",
    "tournaments/card_detail.html": "/cards/shipped/practice-card-2027/",
    # With a hand checked: the answer and its table of closest lines are on the page.
    "tournaments/hand_check.html": "/hand/?tiles=2C+2C+2C+5D+5D+5D+N+N+N+WD+WD+WD+J+J",
    "tournaments/tournament_list.html": "/tournaments/",
    "tournaments/tournament_detail.html": f"/tournaments/{TOURNAMENT}/",
    "tournaments/tournament_version.html": f"/t/{TOURNAMENT}/2/",
    "toolkit/picker_start.html": "/picker/",
    "toolkit/picker.html": "/picker/call/",
    # What a kept tournament's copy answers offline for a page not kept.
    "toolkit/offline_not_saved.html": f"/offline/{TOURNAMENT}/not-saved/",
    "casebook/casebook_index.html": "/casebook/",
    "casebook/casebook.html": "/casebook/nmjl/",
    "casebook/case_detail.html": lambda: _case().get_absolute_url(),
    # What the service worker answers offline when no tournament was kept (precached).
    "toolkit/offline_nothing_kept.html": "/offline/not-saved/",
    "community/talk_page.html": "/talk/article/nmjl-6/",
    "community/thread.html": _thread_page(),
    "community/thread_history.html": _thread_page("history/"),
}


def _translation():
    """A Dutch translation of the seeds (the Matjok article's)."""
    from translations.models import Translation

    return Translation.objects.order_by("pk")[0]


EDITOR_PAGES = {
    "403.html": f"/tournaments/{OTHER_TOURNAMENT}/edit/",
    "articles/wiki/create.html": "/articles/new/",
    "articles/wiki/edit.html": "/articles/nmjl-6/edit/",
    "versions/restore.html": f"/tournaments/{TOURNAMENT}/restore/1/",
    "rulings/draft_list.html": "/scenarios/drafts/",
    "rulings/disagreeing_rulings.html": "/wanted/rulings/disagreeing/",
    "rulings/scenario_edit.html": "/scenarios/calling/edit/",
    "tournaments/card_form.html": "/cards/new/",
    "tournaments/tournament_form.html": "/tournaments/new/",
    "tournaments/tournament_edit.html": f"/tournaments/{TOURNAMENT}/edit/",
    "tournaments/tournament_publish.html": f"/tournaments/{TOURNAMENT}/publish/",
    "tournaments/tournament_withdraw.html": f"/tournaments/{TOURNAMENT}/versions/2/withdraw/",
    # the default path: a house rule written from the ruling it changes (step 2)
    "tournaments/tournament_rule_form.html": (
        f"/tournaments/{TOURNAMENT}/rules/new/?ruling=joker-exchange-ends-the-change-window"
    ),
    "tournaments/tournament_rule_find.html": f"/tournaments/{TOURNAMENT}/rules/new/?q=joker",
    "tournaments/tournament_rule_delete.html": lambda: _house_rule("remove/"),
    "toolkit/log_list.html": f"/tournaments/{TOURNAMENT}/log/",
    "toolkit/log_form.html": f"/tournaments/{TOURNAMENT}/log/new/",
    "event/players.html": f"/tournaments/{TOURNAMENT}/players/",
    "event/players_import.html": f"/tournaments/{TOURNAMENT}/players/import/",
    "event/player_form.html": f"/tournaments/{TOURNAMENT}/players/new/",
    "event/player.html": _player(),
    "event/seat_form.html": _player("seats/new/"),
    "event/infractions.html": f"/tournaments/{TOURNAMENT}/penalties/",
    "event/infraction_form.html": f"/tournaments/{TOURNAMENT}/penalties/new/",
    "event/summary.html": f"/tournaments/{TOURNAMENT}/summary/",
    "event/penalty_form.html": _penalty_edit,
    "toolkit/picker_edit_list.html": "/picker/edit/",
    "appeals/appeal_form.html": lambda: f"/tournaments/{TOURNAMENT}/log/{_log_entry().pk}/appeal/",
    "appeals/appeal_detail.html": lambda: f"/tournaments/{TOURNAMENT}/appeals/{_appeal().pk}/",
    "appeals/appeal_rules_form.html": f"/tournaments/{TOURNAMENT}/appeal-rules/edit/",
    "appeals/round_form.html": _round_edit,
    "casebook/case_form.html": lambda: f"/casebook/cases/{_case().pk}/edit/",
    "casebook/proposals.html": "/casebook/proposals/",
    "toolkit/picker_form.html": "/picker/new/",
    "translations/outdated.html": "/translations/outdated/",
    "translations/edit.html": lambda: f"/translations/{_translation().pk}/edit/",
    "community/notifications.html": "/notifications/",
    "community/preferences.html": "/notifications/preferences/",
    "community/watchlist.html": "/watchlist/",
    "community/thread_title.html": _thread_page("title/"),
    "community/reply_edit.html": _reply_edit,
}

NOT_PAGES = {
    "base.html": "the frame every page extends",
    "500.html": "shown only when the server fails; it extends nothing and links no script",
    "400.html": "answers a request that cannot be read (a NUL); extends nothing, as 500.html",
    # Reached only after ten failed logins; tests/browser checks it by locking a name out.
    "registration/locked_out.html": "checked on its own: needs a locked-out name",
    "admin/base_site.html": "the admin's frame (its banner: tests/test_operators.py)",
    "simple_history/object_history.html": "the admin's history page, not the site's",
    "simple_history/object_history_list.html": "the admin's history list, not the site's",
    "tournaments/tournament_sheet.html": "part of the tournament page",
    "tournaments/tournament_rulings.html": "part of the tournament page",
    "tournaments/tournament_changes.html": "part of the tournament page",
    "tournaments/tournament_dates.html": "part of the tournament and tournament list pages",
    "tournaments/choice_refused.html": "answers only a choice POSTed from another site",
    # tests/security/test_anonymise.py renders it and saves the question it prefills.
    "toolkit/log_question.html": "answers only the log's POST (its text is in no address)",
}


def page_templates():
    """Every template under templates/ that is not a part (a part's name starts with "_")."""
    return sorted(
        str(path.relative_to(TEMPLATES))
        for path in TEMPLATES.rglob("*.html")
        if not path.name.startswith("_")
    )


def path_of(where):
    return where() if callable(where) else where


def make_editor():
    """An editor who also directs the seeded tournament: sees every editing link."""
    from tournaments.models import Tournament

    editor = User.objects.create_user(EDITOR, password="pw-for-page-checks")
    for group in (EDITORS, TOURNAMENT_DIRECTORS):
        # get_or_create: a transactional test empties the tables the migrations filled.
        editor.groups.add(Group.objects.get_or_create(name=group)[0])
    Tournament.objects.get(slug=TOURNAMENT).directors.add(editor)
    return editor


def lock_out(username=LOCKED_OUT):
    """django-axes' record of ten failed logins for this name: its next login is refused."""
    from axes.models import AccessAttempt

    AccessAttempt.objects.create(
        username=username,
        ip_address="203.0.113.9",
        user_agent="",
        failures_since_start=10,
        get_data="",
        post_data="",
        http_accept="",
        path_info="/accounts/login/",
    )
