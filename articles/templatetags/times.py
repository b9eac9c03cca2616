"""Times as machines read them: the datetime attribute of <time>."""

from django import template
from django.utils import timezone

register = template.Library()


@register.filter
def datetime_attribute(value):
    """An aware datetime as `2026-12-01T21:32:13+00:00`: to the second, with its offset.

    Django's `date:'c'` keeps microseconds, and HTML allows at most three digits of a
    second in `<time datetime>` (the Nu Html Checker refuses six).
    """
    if not value:
        return ""
    if timezone.is_naive(value):
        value = timezone.make_aware(value)
    return timezone.localtime(value).isoformat(timespec="seconds")
