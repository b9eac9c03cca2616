"""The page cache keeps one copy of a page per published tournament a reader may have chosen,
plus one without, and each copy as it is and gzip-compressed (compressed once, when stored).
A reader's impersonal page that is never stored is compressed as it is sent."""

import gzip

import pytest
from django.core.cache import cache
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.urls import path

from pagecache import encoding
from pagecache.pages import cache_for_readers, forget_local_copies
from tests.tournaments.tournament_factories import tournament
from tournaments.chosen import COOKIE_NAME
from tournaments.models import Tournament

rendered_for = []
LONG_TEXT = "A caller may change the exposure until they discard. " * 40


@cache_for_readers
def long_page(request):
    rendered_for.append(request.COOKIES.get(COOKIE_NAME, ""))
    return HttpResponse(f"<p>render {len(rendered_for)}</p>{LONG_TEXT}")


@cache_for_readers
def short_page(request):
    return HttpResponse("short")


@cache_for_readers
def page_with_csrf_token(request):
    return HttpResponse(f"token {get_token(request)} {LONG_TEXT}")


@cache_for_readers
def page_compressed_by_its_view(request):
    response = HttpResponse(gzip.compress(LONG_TEXT.encode()))
    response["Content-Encoding"] = "gzip"
    return response


def never_stored_page(request):
    return HttpResponse(f"<p>results</p>{LONG_TEXT}", headers={"ETag": '"results-1"'})


def never_stored_page_with_csrf_token(request):
    return HttpResponse(f"token {get_token(request)} {LONG_TEXT}")


urlpatterns = [
    path("never-stored/", never_stored_page),
    path("never-stored/csrf/", never_stored_page_with_csrf_token),
    path("already/", page_compressed_by_its_view),
    path("long/", long_page),
    path("short/", short_page),
    path("csrf/", page_with_csrf_token),
]

pytestmark = [pytest.mark.urls(__name__), pytest.mark.django_db]


@pytest.fixture(autouse=True)
def fresh_cache():
    cache.clear()
    forget_local_copies()
    rendered_for.clear()
    yield
    cache.clear()
    forget_local_copies()


@pytest.fixture
def published():
    return tournament("harbour-lights", status=Tournament.Status.PUBLISHED)


def get(client, url="/long/", chosen=None, accept=None):
    if chosen is not None:
        client.cookies[COOKIE_NAME] = chosen
    headers = {"HTTP_ACCEPT_ENCODING": accept} if accept is not None else {}
    return client.get(url, **headers)


def body(response):
    content = b"".join(response.streaming_content) if response.streaming else response.content
    if response.get("Content-Encoding") == "gzip":
        return gzip.decompress(content)
    return content


# -- one copy per published tournament, plus none -------------------------------------------


def test_a_reader_at_a_published_tournament_gets_a_copy_of_their_own(client, published):
    none = get(client)
    at = get(client, chosen=published.slug)
    again = get(client, chosen=published.slug)
    assert rendered_for == ["", published.slug]
    assert body(none) != body(at)
    assert again["X-Page-Cache"] == "hit" and body(again) == body(at)


def test_a_reader_without_a_choice_keeps_the_shared_copy(client, published):
    get(client, chosen=published.slug)
    client.cookies.pop(COOKIE_NAME)
    first = get(client)
    second = get(client)
    assert rendered_for == [published.slug, ""]
    assert second["X-Page-Cache"] == "hit" and body(second) == body(first)


@pytest.mark.parametrize(
    "cookie",
    ["no-such-tournament", "drafted-open", "x" * 81, "<script>", "harbour-lights; evil=1"],
)
def test_a_cookie_naming_no_published_tournament_is_served_the_copy_without_a_choice(
    client, published, cookie
):
    tournament("drafted-open")  # exists, but a draft: readers cannot be at it
    get(client)
    response = get(client, chosen=cookie)
    assert rendered_for == [""], "no copy is stored for a value a client made up"
    assert response["X-Page-Cache"] == "hit"


def test_withdrawing_a_tournament_from_the_public_drops_its_copy(client, published):
    get(client, chosen=published.slug)
    published.status = Tournament.Status.DRAFT
    published.save()  # a content save: every page is stale, and the slug is not published
    get(client, chosen=published.slug)
    client.cookies.pop(COOKIE_NAME)
    without = get(client)
    assert len(rendered_for) == 2
    assert without["X-Page-Cache"] == "hit", "the old choice now shares the copy without one"


# -- compressed once, served by Accept-Encoding ---------------------------------------------


def test_a_reader_whose_browser_takes_gzip_gets_the_page_compressed(client):
    plain = get(client, accept="")
    compressed = get(client, accept="gzip, deflate, br")
    assert compressed["Content-Encoding"] == "gzip"
    assert "Content-Encoding" not in plain
    sent = b"".join(compressed.streaming_content) if compressed.streaming else compressed.content
    assert compressed["Content-Length"] == str(len(sent))
    assert body(compressed) == body(plain)
    assert (
        len(b"".join(compressed.streaming_content) if compressed.streaming else compressed.content)
        < len(body(plain)) / 4
    )


def test_every_copy_says_it_varies_by_encoding_and_cookie(client):
    for accept in ("", "gzip"):
        assert get(client, accept=accept)["Vary"] == "Accept-Encoding, Cookie"


@pytest.mark.parametrize("accept", ["", "identity", "gzip;q=0", "deflate", "br;q=1, gzip;q=0"])
def test_a_reader_who_does_not_take_gzip_gets_the_page_as_it_is(client, accept):
    get(client, accept="gzip")
    response = get(client, accept=accept)
    assert "Content-Encoding" not in response
    assert b"render 1" in body(response)


def test_the_page_is_compressed_once_when_stored_not_on_each_hit(client, monkeypatch):
    calls = []
    original = encoding.gzip.compress
    monkeypatch.setattr(
        encoding.gzip, "compress", lambda *a, **k: calls.append(1) or original(*a, **k)
    )
    for _ in range(5):
        assert get(client, accept="gzip")["Content-Encoding"] == "gzip"
    assert len(calls) == 1


def test_a_short_page_is_not_worth_compressing(client):
    response = get(client, "/short/", accept="gzip")
    assert "Content-Encoding" not in response
    assert response.content == b"short"


def test_a_page_carrying_a_csrf_token_is_never_stored_so_never_compressed(client):
    """BREACH reads a secret reflected in a compressed response: a page with a token is never
    stored, and never compressed."""
    first = get(client, "/csrf/", accept="gzip")
    second = get(client, "/csrf/", accept="gzip")
    assert "Content-Encoding" not in first and "Content-Encoding" not in second
    assert second.get("X-Page-Cache") != "hit"


def test_a_page_its_view_already_compressed_is_not_compressed_again(client):
    get(client, "/already/", accept="gzip")
    response = get(client, "/already/", accept="gzip")
    assert response["X-Page-Cache"] == "hit"
    assert response["Content-Encoding"] == "gzip"
    assert gzip.decompress(body_bytes(response)) == LONG_TEXT.encode()


def body_bytes(response):
    return b"".join(response.streaming_content) if response.streaming else response.content


# -- pages never stored, compressed as they are sent ----------------------------------------


def test_a_readers_page_that_is_never_stored_still_goes_over_the_wire_compressed(client):
    plain = get(client, "/never-stored/", accept="")
    compressed = get(client, "/never-stored/", accept="gzip, deflate, br")
    assert "X-Page-Cache" not in compressed, "not stored"
    assert compressed["Content-Encoding"] == "gzip" and "Content-Encoding" not in plain
    assert compressed["Content-Length"] == str(len(compressed.content))
    assert gzip.decompress(compressed.content) == plain.content
    assert "Accept-Encoding" in compressed["Vary"] and "Accept-Encoding" in plain["Vary"]
    # Other bytes than the plain page's: the same validator, weak.
    assert (plain["ETag"], compressed["ETag"]) == ('"results-1"', 'W/"results-1"')


def test_a_page_never_stored_that_carries_a_csrf_token_is_not_compressed(client):
    response = get(client, "/never-stored/csrf/", accept="gzip")
    assert "Content-Encoding" not in response and b"token " in response.content


def test_a_signed_in_users_page_is_not_compressed(client, django_user_model):
    client.force_login(django_user_model.objects.create_user("editor-ann"))
    for url in ("/never-stored/", "/long/"):
        assert "Content-Encoding" not in get(client, url, accept="gzip"), url
