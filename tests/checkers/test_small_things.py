"""Small things a tournament director met, each at its root: times to the second, a number
keyboard for table and round, no tile picture inside an option key, tile pictures that
keep their room."""

from datetime import UTC, datetime, timedelta, timezone

from django.template import Context, Template
from mahjong_rules.presentation import split_tiles

from articles.markup import render_markdown
from rulings.templatetags.rulings_tags import plain_parts, step_text
from toolkit.forms import LoggedRulingForm


def render(source, **context):
    return Template("{% load times tiles %}" + source).render(Context(context))


def test_a_time_attribute_is_to_the_second_with_its_offset_not_to_the_microsecond():
    when = datetime(2026, 12, 1, 21, 32, 13, 601950, tzinfo=UTC)
    assert render("{{ when|datetime_attribute }}", when=when) == "2026-12-01T21:32:13+00:00"


def test_a_time_attribute_keeps_the_offset_of_the_sites_time_zone(settings):
    settings.TIME_ZONE = "America/New_York"
    when = datetime(2026, 7, 1, 12, 0, 0, 5, tzinfo=timezone(timedelta(hours=2)))
    assert render("{{ when|datetime_attribute }}", when=when) == "2026-07-01T06:00:00-04:00"


def test_no_time_gives_an_empty_attribute_not_an_error():
    assert render("{{ when|datetime_attribute }}", when=None) == ""


def test_the_rulings_logs_table_takes_any_text_and_its_round_a_number_both_on_the_digits():
    table = LoggedRulingForm.base_fields["table"].widget.render("table", "12A")
    assert 'inputmode="numeric"' in table
    assert 'type="text"' in table and 'value="12A"' in table  # "12A" is a table too
    # A round is a number (the appeal deadline counts from its end): from 1.
    round_field = LoggedRulingForm.base_fields["round"]
    number = round_field.widget.render("round", 3)
    assert 'type="number"' in number and 'inputmode="numeric"' in number and 'min="1"' in number
    assert round_field.min_value == 1


def test_an_option_key_in_a_step_is_read_as_its_title_with_no_tile_picture_inside_it():
    parts = split_tiles("the house rule one-joker-exchange-at-a-time is on")
    html = step_text(plain_parts(parts))
    assert "<img" not in html
    assert html == "the house rule “One joker exchange at a time” is on"


def test_a_tile_beside_an_option_key_in_a_step_is_still_drawn():
    parts = split_tiles("with one-joker-exchange-at-a-time on, East exchanges a Joker for 5D")
    html = str(step_text(plain_parts(parts)))
    assert "“One joker exchange at a time”" in html
    assert html.count('<img class="tile"') == 2  # the Joker and 5 Dots


def test_a_tile_picture_says_its_size_in_markdown_and_in_templates():
    size = 'width="60" height="80"'
    assert size in render_markdown("Expose :7D:")
    assert size in render('{% tile "J" %}')


def test_a_meta_description_made_of_a_tournaments_words_cannot_break_out_of_its_attribute():
    from django.template import Context, Template

    page = Template(
        '{% load page_meta %}<meta content="{% filter meta_description %}{{ words }}'
        '{% endfilter %}">'
    ).render(Context({"words": '"><script>alert(1)</script>'}))
    assert "<script>" not in page and page.count('"') == 2
    assert "&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" in page
