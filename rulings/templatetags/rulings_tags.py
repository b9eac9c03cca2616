"""Template tags for scenario checks: article links, step text with tile pictures."""

from django import template
from django.urls import NoReverseMatch, reverse
from django.utils.html import format_html_join
from mahjong_rules.engine.options import plain_title
from mahjong_rules.presentation import Part

from articles.templatetags.tiles import tile
from mahjong_rules import plain

register = template.Library()


@register.filter
def article_url(key):
    """The page of the article with this key ("" if the wiki has no such page yet)."""
    try:
        return reverse("articles:detail", args=[key]) if key else ""
    except NoReverseMatch:
        return ""


@register.simple_tag
def step_text(parts):
    """Step words with each tile drawn as its picture; the tile's name is its text."""
    return format_html_join("", "{}", ((tile(p.tile) if p.tile else p.text,) for p in parts))


@register.filter
def plain_words(text):
    """Text with each rule option's key read as its title (scenario titles, descriptions)."""
    return plain.with_option_titles(str(text or ""))


@register.filter
def option_titles(names):
    """Option keys as a reader names them: "“A touched tile is a taken tile”"."""
    return ", ".join(f"“{plain_title(name)}”" for name in names)


@register.filter
def plain_parts(parts):
    """Step or table-cell parts with each option's key read as its title."""
    return [Part(plain.with_option_titles(p.text)) if not p.tile else p for p in parts]
