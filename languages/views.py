"""Choosing a language with the switcher: remembered, so a first-visit redirect never undoes it."""

from django.conf import settings
from django.http import Http404, HttpResponseRedirect
from django.urls import translate_url
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import get_language_from_path
from django.views.decorators.http import require_GET

from .cookie import remember_language


@require_GET
def switch(request, code):
    """`/language/nl/?next=/rulings/…`: the page in that language, the choice remembered.

    A GET (a plain link, so a cached page can carry it: no CSRF token) that only sets the
    reader's language cookie; `next` must be an address on this site.
    """
    if code not in dict(settings.LANGUAGES):
        raise Http404("No such language.")
    after = request.GET.get("next", "/")[:2000]
    if not url_has_allowed_host_and_scheme(after, {request.get_host()}, request.is_secure()):
        after = "/"
    # Read `next` in its own language (its prefix), then name the same page in the chosen one.
    with translation.override(get_language_from_path(after) or settings.LANGUAGE_CODE):
        there = translate_url(after, code)
    response = HttpResponseRedirect(there)
    remember_language(response, code)
    response["Cache-Control"] = "no-store"
    return response
