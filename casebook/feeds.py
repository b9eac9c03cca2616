"""`/casebook/<ruleset>/feed/`: an Atom feed of a rule set's published cases."""

from django.contrib.syndication.views import Feed
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext

from articles.atom import TextAtomFeed
from articles.models import RuleSet

from .models import Case


class CasebookFeed(Feed):
    feed_type = TextAtomFeed

    def get_object(self, request, ruleset):
        return get_object_or_404(RuleSet, key=ruleset)

    def title(self, ruleset):
        return gettext("Casebook: %(name)s") % {"name": ruleset.name}

    def link(self, ruleset):
        return reverse("casebook:casebook", args=[ruleset.key])

    def subtitle(self, ruleset):
        return gettext("Decided cases from %(name)s tournaments, as they are published.") % {
            "name": ruleset.name
        }

    def items(self, ruleset):
        return Case.objects.published().filter(ruleset=ruleset).order_by("-published_at")[:50]

    def item_title(self, case):
        return case.title

    def item_description(self, case):
        parts = [case.what_happened, gettext("Ruling: %(text)s") % {"text": case.ruling_given}]
        if case.decision:
            parts.append(gettext("On appeal: %(text)s") % {"text": case.decision})
        if case.reasoning:
            parts.append(case.reasoning)
        return "\n\n".join(parts)

    def item_link(self, case):
        return case.get_absolute_url()

    def item_pubdate(self, case):
        return case.published_at

    def item_updateddate(self, case):
        return case.published_at


casebook_feed = CasebookFeed()
