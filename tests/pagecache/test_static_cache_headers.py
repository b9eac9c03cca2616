"""Static files are cached long-term by readers' browsers: hashed names for ten years
(whitenoise), tile pictures linked by their plain name from stored Markdown for a week."""

from django.conf import settings


def headers_for(url, immutable):
    headers = {
        "Cache-Control": "max-age=315360000, public, immutable"
        if immutable
        else "max-age=60, public"
    }
    settings.WHITENOISE_ADD_HEADERS_FUNCTION(headers, "/srv" + url, url)
    return headers["Cache-Control"]


def test_a_tile_picture_by_its_plain_name_is_kept_a_week():
    assert headers_for("/static/tiles/7D.svg", immutable=False) == "max-age=604800, public"


def test_a_hashed_tile_picture_stays_immutable():
    assert "immutable" in headers_for("/static/tiles/7D.3f2a9c1b.svg", immutable=True)


def test_other_plain_named_files_keep_whitenoises_short_lifetime():
    assert headers_for("/static/css/site.css", immutable=False) == "max-age=60, public"
