"""What a page's head says about it: its meta description."""

import html
import re

from django import template
from django.utils.html import strip_tags
from django.utils.text import Truncator

register = template.Library()

# Search engines show about this many characters of a description.
DESCRIPTION_LENGTH = 160


@register.filter
def meta_description(value):
    """Rendered HTML or plain text as one line of plain words, cut to at most 160
    characters. The template escapes it again for the attribute."""
    text = html.unescape(strip_tags(str(value or "")))
    text = re.sub(r"\s+", " ", text).strip()
    return Truncator(text).chars(DESCRIPTION_LENGTH)
