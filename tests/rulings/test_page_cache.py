"""The whole-page cache: readers share a stored page until content changes."""

import pytest
from django.contrib import messages
from django.contrib.auth.models import User
from django.core.cache import cache
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.urls import path

from articles.models import RuleSet
from pagecache.local import local_pages
from pagecache.pages import cache_for_readers, forget_local_copies

RENDERS = []


@cache_for_readers
def counted_page(request):
    RENDERS.append(request.path)
    return HttpResponse(f"render {len(RENDERS)}")


@cache_for_readers
def page_with_csrf_token(request):
    return HttpResponse(f"token {get_token(request)}")


@cache_for_readers
def page_with_message(request):
    messages.info(request, "Saved.")
    list(messages.get_messages(request))
    return HttpResponse("message shown")


@cache_for_readers
def page_that_writes_the_session(request):
    request.session["seen"] = True
    return HttpResponse("remembered")


urlpatterns = [
    path("session/", page_that_writes_the_session),
    path("page/", counted_page),
    path("csrf/", page_with_csrf_token),
    path("message/", page_with_message),
]


@pytest.fixture(autouse=True)
def fresh_cache():
    cache.clear()
    forget_local_copies()
    RENDERS.clear()
    yield
    cache.clear()
    forget_local_copies()


pytestmark = [pytest.mark.urls(__name__), pytest.mark.django_db]


def test_second_anonymous_view_is_served_from_the_cache(client):
    first = client.get("/page/")
    second = client.get("/page/")
    assert first["X-Page-Cache"] == "miss"
    assert second["X-Page-Cache"] == "hit"
    assert second.content == first.content
    assert len(RENDERS) == 1


def test_saving_content_makes_the_cached_page_stale(client):
    client.get("/page/")
    RuleSet.objects.create(key="house", name="House")
    again = client.get("/page/")
    assert again.content == b"render 2"


def test_query_string_is_part_of_the_cache_key(client):
    client.get("/page/?a=1")
    client.get("/page/?a=2")
    assert len(RENDERS) == 2


def test_signed_in_users_never_get_or_fill_the_cache(client):
    client.get("/page/")
    client.force_login(User.objects.create_user("editor"))
    response = client.get("/page/")
    assert "X-Page-Cache" not in response
    assert response.content == b"render 2"


def test_post_is_never_cached(client):
    client.post("/page/")
    client.post("/page/")
    assert len(RENDERS) == 2


def test_page_that_used_the_csrf_token_is_not_stored(client):
    client.get("/csrf/")
    response = client.get("/csrf/")
    assert "X-Page-Cache" not in response


def test_page_that_showed_a_message_is_not_stored(client):
    client.get("/message/")
    response = client.get("/message/")
    assert "X-Page-Cache" not in response


def test_a_user_change_does_not_bump_the_content_generation(client):
    client.get("/page/")
    User.objects.create_user("reader")
    assert client.get("/page/")["X-Page-Cache"] == "hit"


def test_stored_page_keeps_the_security_headers_added_around_the_view(client):
    first = client.get("/page/")
    second = client.get("/page/")
    assert second["X-Page-Cache"] == "hit"
    for header in ("Content-Security-Policy", "X-Frame-Options", "Content-Type"):
        assert second[header] == first[header]
    assert not second.cookies


def test_page_that_started_a_session_is_not_stored(client):
    first = client.get("/session/")
    assert "sessionid" in first.cookies
    client.cookies.clear()
    assert client.get("/session/").get("X-Page-Cache") != "hit"


def test_a_reader_with_a_session_cookie_still_gets_the_stored_page_once_checked(client):
    client.get("/page/")
    client.cookies["sessionid"] = "not-a-real-session"
    response = client.get("/page/")
    assert response["X-Page-Cache"] == "hit"
    assert len(RENDERS) == 1


def test_another_process_reads_the_page_from_the_shared_cache(client):
    client.get("/page/")
    local_pages.clear()  # as a second gunicorn worker would be: nothing in its memory
    assert client.get("/page/")["X-Page-Cache"] == "hit"
    assert len(RENDERS) == 1


def test_saving_content_in_another_process_is_seen_through_the_shared_generation(client):
    from pagecache.generation import GENERATION_KEY

    client.get("/page/")
    cache.incr(GENERATION_KEY)  # what a save in another worker does to the shared cache
    assert client.get("/page/").content == b"render 2"


def test_with_a_generation_ttl_another_process_save_is_seen_once_it_runs_out(
    client, settings, monkeypatch
):
    from pagecache import generation

    settings.PAGE_CACHE_GENERATION_TTL = 1.0
    now = [1000.0]
    monkeypatch.setattr(generation.time, "monotonic", lambda: now[0])
    client.get("/page/")
    cache.incr(generation.GENERATION_KEY)  # a save in another worker
    now[0] += 0.5
    assert client.get("/page/").content == b"render 1"  # within the second: not yet known
    now[0] += 0.6
    assert client.get("/page/").content == b"render 2"


def test_with_a_generation_ttl_a_save_in_this_process_is_seen_at_once(client, settings):
    settings.PAGE_CACHE_GENERATION_TTL = 60.0
    client.get("/page/")
    RuleSet.objects.create(key="house", name="House")
    assert client.get("/page/").content == b"render 2"


def test_a_process_keeps_its_most_recently_read_pages_within_its_memory_bound():
    from pagecache.local import _LocalPages

    pages = _LocalPages(max_bytes=10)
    pages.put("a", (b"aaaa", {"Content-Type": "text/html"}))
    pages.put("b", (b"bbbb", {"Content-Type": "text/html"}))
    assert pages.response("a").content == b"aaaa"  # read: now the most recent
    pages.put("c", (b"cccc", {"Content-Type": "text/html"}))  # 12 bytes: the oldest goes
    assert pages.response("b") is None
    assert pages.response("a")["Content-Type"] == "text/html"
    assert pages.response("c").content == b"cccc"
    assert pages.size == 8
