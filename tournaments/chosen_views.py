"""Choosing the tournament one is at, and leaving it: a cookie, no account.

The forms that post here are on pages cached whole for every reader (the header of every
page, the tournament's page), so they carry no CSRF token: a token would be a secret in a
shared, compressed page, and a page that uses one is never cached. Instead these two views,
which only set or clear the reader's own preference cookie, accept a POST only from this
site's own pages: the browser's Origin header (sent with every form POST by current
browsers), else Sec-Fetch-Site, else the Referer, must name this site. A forged cross-site
form is refused (403), so no other site can put a reader "at" a tournament they did not choose.
"""

from urllib.parse import urlsplit

from django.conf import settings
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from . import chosen
from .models import Tournament


def _origin(url):
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else ""


def from_this_site(request) -> bool:
    """Whether the POST came from one of this site's pages (see the module's docstring)."""
    here = f"{request.scheme}://{request.get_host()}"
    trusted = {here, *settings.CSRF_TRUSTED_ORIGINS}
    origin = request.META.get("HTTP_ORIGIN")
    if origin:
        return origin in trusted
    fetch_site = request.META.get("HTTP_SEC_FETCH_SITE")
    if fetch_site:
        return fetch_site == "same-origin"
    return _origin(request.META.get("HTTP_REFERER", "")) in trusted


def _back(request, fallback):
    """Where the form said to go back to, if it is on this site."""
    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return fallback


def _refused(request):
    return render(request, "tournaments/choice_refused.html", status=403)


@csrf_exempt  # checked by from_this_site instead: see the module's docstring
@require_POST
def choose_tournament(request, slug):
    """POST: the reader is at this published tournament, from now on on every page."""
    if not from_this_site(request):
        return _refused(request)
    tournament = get_object_or_404(Tournament.objects.published(), slug=slug)
    response = redirect(_back(request, tournament.get_absolute_url()))
    return chosen.choose(response, tournament, secure=request.is_secure())


@csrf_exempt  # checked by from_this_site instead: see the module's docstring
@require_POST
def leave_tournament(request):
    """POST: the reader is at no tournament any more."""
    if not from_this_site(request):
        return _refused(request)
    return chosen.leave(redirect(_back(request, "/")))
