"""{% tile "7D" %}: a tile picture with its name as the text alternative."""

from django import template
from django.templatetags.static import static
from django.utils.html import format_html

from rulings.engine.tiles import is_tile_code, tile_name

register = template.Library()


@register.simple_tag
def tile(code):
    """<img class="tile" src="/static/tiles/7D.svg" alt="7 Dots">; an unknown code shows as text."""
    code = str(code).strip()
    if not is_tile_code(code):
        return format_html('<span class="tile tile-unknown">{}</span>', code)
    code = code.upper()
    return format_html(
        '<img class="tile" src="{}" alt="{}">',
        static(f"tiles/{code}.svg"),
        tile_name(code),
    )
