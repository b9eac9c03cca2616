"""The star on the scenario page, whose view (in `rulings`) cannot know community:
`{% load community %}{% watch_star scenario %}`. It runs no query of its own: which pages
the user watches comes from the context processor, for signed-in users only."""

from django import template

register = template.Library()


@register.inclusion_tag("community/_watch_star.html", takes_context=True)
def watch_star(context, scenario):
    watching = context.get("watching")
    user = context.get("user")
    signed_in = user is not None and user.is_authenticated
    return {
        "kind": "scenario",
        "key": scenario.slug,
        "watched": signed_in and scenario.slug in watching.scenarios,
        "user": user,
        "request": context.get("request"),
        "csrf_token": context.get("csrf_token"),
    }
