"""The stored-payload walk's world and checks: a payload with its own number in every text
field a user can write (each editable model's CharField and TextField, set through the
model, whose save renders and sanitises as the forms' do), and the search for live markup.

A payload that runs sets the global `__xN` (N its number); a live element is one the page
parsed from a payload: a <script> or an on… attribute that mentions `__x`, a javascript:
link. The DOM check finds what CSP blocked; the CSP-bypassed visit finds what would run.
"""

import re
from html.parser import HTMLParser

from django.db import models

from appeals.models import Appeal, AppealRules, Round
from articles.models import Article, Citation, Commentary, Question, Ruling, Source, Term
from casebook.models import Case
from community.models import Reply, Thread
from event.models import Infraction, InvolvedPlayer, Player, Seat
from rulings.models import Scenario
from toolkit.models import LoggedRuling, PickerChoice
from tournaments.models import HouseRule, PublishedVersion, Tournament

# The kinds of payload; {n} is the payload's number. Each fits a 20-character field when short.
SHAPES = [
    "<script>__x{n}=1</script>",
    '"><img src=x onerror=__x{n}=1>',
    "[link](javascript:__x{n}=1)",
    "</textarea><svg onload=__x{n}=1>",
    "'><svg/onload=__x{n}=1>",
]
SHORT = "<svg onload=__x{n}=1>"
# What a user writes, model by model (whose save renders Markdown to stored HTML).
EDITABLE = [
    Article,
    Commentary,
    Question,
    Citation,
    Source,
    Term,
    Scenario,
    Tournament,
    HouseRule,
    PublishedVersion,
    LoggedRuling,
    PickerChoice,
    Thread,
    Reply,
    # New models go last: a payload's shape follows its number, and the planted-fault test
    # (test_the_walk_reports_a_field_drawn_unescaped) draws the tournament's name.
    Ruling,
    Appeal,
    AppealRules,
    Round,
    Case,
    Player,
    Seat,
    Infraction,
    InvolvedPlayer,
]
# Fields that are not free text (a fixed vocabulary the form checks, or a key).
NOT_TEXT = {"key", "slug", "source_file", "option", "value", "publication", "origin"}

LIVE = re.compile(r"__x(\d+)")


def text_fields(model):
    for field in model._meta.get_fields():
        if (
            isinstance(field, models.CharField | models.TextField)
            and field.editable
            and not field.choices
            and field.name not in NOT_TEXT
            and not field.name.endswith("_html")
        ):
            yield field


def plant(record):
    """A payload in every text field of every editable model's first row; returns
    {number: "Model.field"}. `record` saves an object (a model save, with its signals)."""
    planted = {}
    for model in EDITABLE:
        target = model.objects.order_by("pk").first()
        if target is None:
            continue
        for field in text_fields(model):
            number = len(planted) + 1
            shape = SHORT if field.max_length and field.max_length < 40 else _shape(number)
            payload = shape.format(n=number)
            if model is Scenario and field.name == "text":
                payload = target.text + f"\n  # {payload}\n"  # a comment: it still runs clean
            setattr(target, field.name, payload[: field.max_length or None])
            planted[number] = f"{model.__name__}.{field.name}"
        record(target)
    return planted


def _shape(number):
    return SHAPES[number % len(SHAPES)]


class LiveMarkup(HTMLParser):
    """Collects the payload numbers of live elements in an HTML document."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.live = set()
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            value = value or ""
            if name.startswith("on") or value.strip().lower().startswith("javascript:"):
                self.live |= set(LIVE.findall(value))
        self._in_script = tag == "script"

    def handle_endtag(self, tag):
        self._in_script = False

    def handle_data(self, data):
        if self._in_script:
            self.live |= set(LIVE.findall(data))


def live_in(html) -> set[str]:
    parser = LiveMarkup()
    parser.feed(html)
    return parser.live


# In the page: the numbers of payloads that ran, and of live elements in the DOM as built.
IN_PAGE = """() => {
  const ran = Object.keys(window).filter(k => /^__x\\d+$/.test(k)).map(k => k.slice(3));
  const live = [];
  for (const el of document.querySelectorAll('*')) {
    for (const a of el.attributes) {
      const v = a.value || '';
      if (a.name.startsWith('on') || /^\\s*javascript:/i.test(v))
        for (const m of v.matchAll(/__x(\\d+)/g)) live.push(m[1]);
    }
    if (el.tagName === 'SCRIPT')
      for (const m of el.textContent.matchAll(/__x(\\d+)/g)) live.push(m[1]);
  }
  return {ran, live};
}"""
