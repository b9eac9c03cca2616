"""Template tags for scenario checks: article links, step text with tile pictures."""

from django import template
from django.templatetags.static import static
from django.urls import NoReverseMatch, reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from mahjong_rules.engine.tiles import is_tile_code
from mahjong_rules.presentation import Part

from articles.markup import TILE_STATIC_PATH, tile_picture
from mahjong_rules import plain
from rulings import option_words, reader_words

register = template.Library()


@register.filter
def article_url(key):
    """The page of the article with this key ("" if the wiki has no such page yet)."""
    try:
        return reverse("articles:detail", args=[key]) if key else ""
    except NoReverseMatch:
        return ""


@register.simple_tag
def reader_tile(code):
    """{% tile %} with the tile's name in the reader's language as its text alternative
    ("7 Cirkels" under /nl/); an unknown code shows as text."""
    code = str(code).strip()
    if not is_tile_code(code):
        return format_html('<span class="tile tile-unknown">{}</span>', code)
    code = code.upper()
    # tile_picture escapes the address and the name.
    return mark_safe(
        tile_picture(static(TILE_STATIC_PATH.format(code=code)), reader_words.tile_name(code))
    )


@register.simple_tag
def step_text(parts):
    """Step words with each tile drawn as its picture; the tile's name is its text."""
    return format_html_join("", "{}", ((reader_tile(p.tile) if p.tile else p.text,) for p in parts))


@register.filter
def verdict_word(verdict):
    """ "Allowed" / "Not allowed" for an engine verdict, in the reader's language."""
    return reader_words.verdict_word(verdict)


@register.filter
def state_word(status):
    """A check's state ("confirmed") in the reader's language."""
    return reader_words.state_word(status)


@register.filter
def states_summary(statuses):
    """ "9 checks, all confirmed" in the reader's language."""
    return reader_words.states_summary(statuses or [])


@register.filter
def plain_words(text):
    """Text with each rule option's key read as its title (scenario titles, descriptions)."""
    return plain.with_option_titles(str(text or ""))


@register.filter
def option_titles(names):
    """Option keys as a reader names them: "“A touched tile is a taken tile”"."""
    return ", ".join(f"“{option_words.title(name)}”" for name in names)


@register.filter
def plain_parts(parts):
    """Step or table-cell parts with each option's key read as its title."""
    return [Part(plain.with_option_titles(p.text)) if not p.tile else p for p in parts]


@register.filter
def ruling_verdict(value):
    """A ruling's verdict ("not_allowed") in the reader's words; "—" for none."""
    return reader_words.ruling_verdict_words(value) or "—"
