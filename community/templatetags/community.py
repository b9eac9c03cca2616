"""The talk link and star on the pages of the apps below (tournaments, scenarios), which
cannot import community: `{% load community %}{% page_community "tournament" slug %}`."""

from django import template

from community.talk import open_thread_count
from tournaments.models import Tournament

register = template.Library()


@register.inclusion_tag("community/_page_community.html", takes_context=True)
def page_community(context, kind, key):
    open_threads = None
    if kind == "tournament":
        tournament = Tournament.objects.filter(slug=key).only("pk").first()
        open_threads = open_thread_count(tournament=tournament) if tournament else 0
    return {
        "kind": kind,
        "key": key,
        "open_threads": open_threads,
        "user": context.get("user"),
        "watching": context.get("watching"),
        "request": context.get("request"),
        "csrf_token": context.get("csrf_token"),
    }
