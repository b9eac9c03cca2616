"""Login throttling: ten wrong passwords for one account or from one address in fifteen
minutes pause logging in there, for every worker (the count is in the database)."""

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.models import User
from django.db.models import F
from django.test import Client, RequestFactory

from config.proxies import client_address

pytestmark = pytest.mark.django_db

LOGIN = "/accounts/login/"
RIGHT = "the-right-password-42"


@pytest.fixture
def ada():
    return User.objects.create_user("ada", password=RIGHT)


@pytest.fixture
def bea():
    return User.objects.create_user("bea", password=RIGHT)


def log_in(username, password, address="203.0.113.5", **headers):
    client = Client(REMOTE_ADDR=address, **headers)
    response = client.post(LOGIN, {"username": username, "password": password})
    return response, "_auth_user_id" in client.session


def fail(times, username="ada", address="203.0.113.5", **headers):
    for _ in range(times):
        response, logged_in = log_in(username, "wrong", address, **headers)
        assert not logged_in


def test_nine_wrong_passwords_then_the_right_one_logs_in(ada):
    fail(9)
    response, logged_in = log_in("ada", RIGHT)
    assert response.status_code == 302
    assert logged_in


def test_ten_wrong_passwords_then_the_right_one_is_refused_with_a_page_saying_to_wait(ada):
    fail(10)
    response, logged_in = log_in("ada", RIGHT)
    assert not logged_in
    assert response.status_code == 429
    page = " ".join(response.content.decode().split())
    assert "Too many attempts to log in" in page
    assert "Please wait 15 minutes and try again." in page


def test_ten_wrong_passwords_from_many_addresses_still_pause_that_account(ada):
    for number in range(10):
        fail(1, address=f"198.51.100.{number + 1}")
    response, logged_in = log_in("ada", RIGHT, address="192.0.2.200")
    assert response.status_code == 429
    assert not logged_in


def test_another_account_from_another_address_is_not_paused(ada, bea):
    fail(10)
    response, logged_in = log_in("bea", RIGHT, address="192.0.2.7")
    assert response.status_code == 302
    assert logged_in


def test_ten_wrong_passwords_for_many_accounts_from_one_address_pause_that_address(ada, bea):
    for number in range(10):
        fail(1, username=f"guess-{number}")
    response, logged_in = log_in("bea", RIGHT)
    assert response.status_code == 429
    assert not logged_in


def test_after_the_fifteen_minutes_the_right_password_logs_in_again(ada):
    fail(10)
    # A quarter of an hour and a minute go by.
    AccessAttempt.objects.update(attempt_time=F("attempt_time") - timedelta(minutes=16))
    response, logged_in = log_in("ada", RIGHT)
    assert response.status_code == 302
    assert logged_in


def test_fourteen_minutes_later_logging_in_is_still_paused(ada):
    fail(10)
    AccessAttempt.objects.update(attempt_time=F("attempt_time") - timedelta(minutes=14))
    response, logged_in = log_in("ada", RIGHT)
    assert response.status_code == 429
    assert not logged_in


def test_without_a_trusted_proxy_a_forged_forwarded_address_does_not_dodge_the_count(ada, bea):
    for number in range(10):
        fail(1, username=f"guess-{number}", HTTP_X_FORWARDED_FOR=f"10.9.8.{number}")
    response, logged_in = log_in("bea", RIGHT, HTTP_X_FORWARDED_FOR="10.9.8.77")
    assert response.status_code == 429


def test_behind_one_trusted_proxy_each_client_is_counted_by_its_own_address(settings, ada, bea):
    settings.TRUSTED_PROXY_COUNT = 1
    proxy = "127.0.0.1"
    for number in range(10):
        fail(1, username=f"guess-{number}", address=proxy, HTTP_X_FORWARDED_FOR="198.51.100.9")
    paused, _ = log_in("bea", RIGHT, address=proxy, HTTP_X_FORWARDED_FOR="198.51.100.9")
    assert paused.status_code == 429
    response, logged_in = log_in("bea", RIGHT, address=proxy, HTTP_X_FORWARDED_FOR="192.0.2.7")
    assert response.status_code == 302
    assert logged_in


def request_from(remote, forwarded=None):
    headers = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        headers["HTTP_X_FORWARDED_FOR"] = forwarded
    return RequestFactory().get("/", **headers)


@pytest.mark.parametrize(
    ("proxies", "remote", "forwarded", "client"),
    [
        (0, "203.0.113.5", None, "203.0.113.5"),
        (0, "203.0.113.5", "10.0.0.1", "203.0.113.5"),  # no proxy: the header is not believed
        (1, "127.0.0.1", "198.51.100.9", "198.51.100.9"),  # nginx wrote the client's address
        (1, "127.0.0.1", "10.0.0.1, 198.51.100.9", "198.51.100.9"),  # the forged part is left
        (2, "10.1.1.1", "10.0.0.1, 198.51.100.9, 10.1.1.2", "198.51.100.9"),  # CDN, then nginx
        (1, "127.0.0.1", None, "127.0.0.1"),  # came round the proxy: the one address known
    ],
)
def test_the_client_address_is_the_one_just_before_our_trusted_proxies(
    settings, proxies, remote, forwarded, client
):
    settings.TRUSTED_PROXY_COUNT = proxies
    assert client_address(request_from(remote, forwarded)) == client
