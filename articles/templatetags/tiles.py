"""{% tile "7D" %}: a tile picture with its name as the text alternative."""

from django import template
from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from mahjong_rules.engine.tiles import is_tile_code, tile_name

from articles.markup import TILE_STATIC_PATH, tile_picture

register = template.Library()


@register.simple_tag
def tile(code):
    """<img class="tile" src="/static/tiles/7D.svg" alt="7 Dots" width="60" height="80">;
    an unknown code shows as text."""
    code = str(code).strip()
    if not is_tile_code(code):
        return format_html('<span class="tile tile-unknown">{}</span>', code)
    code = code.upper()
    # tile_picture escapes the address and the name.
    return mark_safe(tile_picture(static(TILE_STATIC_PATH.format(code=code)), tile_name(code)))
