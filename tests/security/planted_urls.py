"""The site's URLconf plus two planted faults, for the tests that check the walks find them:
a page that prints a rulings-log entry to anyone (a leak), a page that draws a stored field
with |safe (an unescaped field), and a pattern with an argument no walk knows a value for."""

from django.http import HttpResponse
from django.template import engines
from django.urls import path

from config.urls import urlpatterns as site

UNSAFE = engines["django"].from_string("<!doctype html><title>x</title><p>{{ text|safe }}</p>")


def planted_leak(request):
    from toolkit.models import LoggedRuling

    return HttpResponse(f"<p>{LoggedRuling.objects.order_by('pk').first().outcome}</p>")


def planted_unsafe(request):
    from tournaments.models import Tournament

    return HttpResponse(UNSAFE.render({"text": Tournament.objects.order_by("pk")[0].name}))


urlpatterns = [
    path("planted/leak/", planted_leak, name="planted-leak"),
    path("planted/unsafe/", planted_unsafe, name="planted-unsafe"),
    path("planted/<int:pk>/", planted_leak, name="planted-unplaced"),
    *site,
]
