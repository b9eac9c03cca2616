"""What a page's head says about it: its meta description."""

import html
import re

from django import template
from django.utils.html import escape, strip_tags
from django.utils.text import Truncator

register = template.Library()

# Search engines show about this many characters of a description.
DESCRIPTION_LENGTH = 160


@register.filter
def meta_description(value):
    """Rendered HTML or plain text as one line of plain words, cut to at most 160
    characters, escaped for the attribute here: a `{% filter %}` block's output is not
    escaped again by the template, and its words may be anyone's (a tournament's name)."""
    text = html.unescape(strip_tags(str(value or "")))
    text = re.sub(r"\s+", " ", text).strip()
    return escape(Truncator(text).chars(DESCRIPTION_LENGTH))
