"""A logged ruling's free text as the site shows text: Markdown, sanitised, tiles drawn."""

from django import template
from django.utils.safestring import mark_safe

from articles.markup import render_markdown

register = template.Library()


@register.filter
def logged_text(text):
    # render_markdown sanitises with nh3, so the result is safe to mark as such.
    return mark_safe(render_markdown(text or ""))
