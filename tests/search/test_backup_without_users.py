"""`backup --without-users` holds nobody's login: no account, no e-mail address, no record of
who logged in from which address and browser (django-axes), no one's notices, no admin log
naming an account. SQLite and PostgreSQL.
"""

import re

import pytest
from axes.models import AccessAttempt, AccessAttemptExpiration, AccessFailureLog, AccessLog
from django.contrib.admin.models import CHANGE, LogEntry
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from articles.models import Article, Commentary, RuleSet
from community.models import Notification, Watch
from tests.search.test_backup_restore import backup, edit

pytestmark = pytest.mark.django_db(transaction=True)

# Everything the site knows of its people, each planted below.
NAMES = ["ada", "bea", "Lovelace", "ada@example.org", "bea@example.org"]
ADDRESSES = ["203.0.113.7", "2001:db8::5"]
BROWSERS = ["Mozilla/5.0 (X11; Linux) FirefoxOfAda/999", "BeaBrowser/1.0"]


@pytest.fixture
def site_with_logins():
    """Ada watches Article 6 and bea edits it (ada is told, by name); both have logged in,
    bea failed twice from another address first and is locked out there for a while."""
    nmjl = RuleSet.objects.create(key="nmjl", name="NMJL")
    article = Article.objects.create(ruleset=nmjl, key="nmjl-6", number="6", title="Exposures")
    commentary = Commentary.objects.create(article=article, body="Until the discard.")
    ada = User.objects.create_user("ada", "ada@example.org", "pw", last_name="Lovelace")
    bea = User.objects.create_user("bea", "bea@example.org", "pw")
    Watch.objects.create(user=ada, article=article)
    edit(commentary, bea, "Say when", body="Until the discard, then it locks.")
    Client().force_login(ada)  # a session, and ada's last login
    for user, address, browser in zip([ada, bea], ADDRESSES, BROWSERS, strict=True):
        seen = {"ip_address": address, "user_agent": browser, "http_accept": "*/*"}
        AccessLog.objects.create(username=user.username, path_info="/accounts/login/", **seen)
        AccessFailureLog.objects.create(username=user.username, path_info="/login/", **seen)
    attempt = AccessAttempt.objects.create(
        username="bea",
        ip_address=ADDRESSES[1],
        user_agent=BROWSERS[1],
        http_accept="*/*",
        path_info="/accounts/login/",
        get_data="",
        post_data="username=bea",
        failures_since_start=2,
    )
    AccessAttemptExpiration.objects.create(access_attempt=attempt, expires_at=timezone.now())
    LogEntry.objects.log_actions(bea.pk, [ada], CHANGE, change_message="Changed last_name.")
    assert Notification.objects.filter(user=ada, message__contains="bea").exists()


def mentions(text, word):
    return re.search(rf"(?<![\w.@]){re.escape(word)}(?![\w.@])", text)


def test_a_backup_without_users_holds_no_name_address_or_browser_of_anyone(
    site_with_logins, tmp_path
):
    backup(tmp_path / "site.json", "--without-users")
    text = (tmp_path / "site.json").read_text()
    found = [word for word in NAMES + ADDRESSES + BROWSERS if mentions(text, word)]
    assert found == []
    assert '"axes.' not in text and '"community.notification"' not in text
    assert '"admin.logentry"' not in text
    assert '"articles.historicalcommentary"' in text  # the content and its history are there


def test_a_full_backup_keeps_the_login_records(site_with_logins, tmp_path):
    backup(tmp_path / "site.json")
    text = (tmp_path / "site.json").read_text()
    assert all(mentions(text, word) for word in NAMES + ADDRESSES + BROWSERS)
    assert '"axes.accessattemptexpiration"' in text and '"community.notification"' in text
    assert '"admin.logentry"' in text
