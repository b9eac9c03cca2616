"""The talk link and star on the pages of the apps below (tournaments, scenarios), which
cannot import community: `{% load community %}{% page_community tournament %}`.

The open-thread count is one query and the same for every reader (the page is cached for
them; a talk save makes it stale); the star is drawn for signed-in users only.
"""

from django import template

from community.talk import open_thread_count
from tournaments.models import Tournament

register = template.Library()


@register.inclusion_tag("community/_page_community.html", takes_context=True)
def page_community(context, page):
    is_tournament = isinstance(page, Tournament)
    return {
        "kind": "tournament" if is_tournament else "scenario",
        "key": page.slug,
        "open_threads": open_thread_count(tournament=page) if is_tournament else None,
        "user": context.get("user"),
        "watching": context.get("watching"),
        "request": context.get("request"),
        "csrf_token": context.get("csrf_token"),
    }
