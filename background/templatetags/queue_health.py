"""The admin's banner when the task queue's consumer is late (templates/admin/base_site.html)."""

from django import template

from background.health import queue_health

register = template.Library()


@register.inclusion_tag("admin/_queue_banner.html", takes_context=True)
def queue_banner(context):
    """For staff only: the problems background.health finds, read when the page is drawn."""
    request = context.get("request")
    user = getattr(request, "user", None)
    if not (user and user.is_active and user.is_staff):
        return {"problems": []}
    return {"problems": queue_health().problems}
