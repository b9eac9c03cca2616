"""The verdict changes of an article's scenario checks, for its Atom feed (the
`article_feed` hook of `articles.feeds`, registered in `CommunityConfig.ready()`)."""

from django.utils.translation import gettext

from articles.feeds import ENTRIES, FeedEntry

from .models import VerdictChange


def entries(article) -> list[FeedEntry]:
    changes = (
        VerdictChange.objects.filter(scenario__articles=article)
        .select_related("scenario")
        .order_by("-at")[:ENTRIES]
    )
    found = []
    for change in changes:
        scenario = change.scenario
        if not scenario.published_text:
            continue  # a check readers never saw
        names = ", ".join(f"“{name}”" for name in change.names[:3])
        more = gettext(" and more") if len(change.names) > 3 else ""
        because = f" ({change.cause})" if change.cause else ""
        found.append(
            FeedEntry(
                title=gettext("A check's verdict changed: %(title)s")
                % {"title": scenario.published_title or scenario.slug},
                description=gettext("The verdict of %(names)s changed%(because)s.")
                % {"names": f"{names}{more}", "because": because},
                link=f"{article.get_absolute_url()}#scenario-{scenario.slug}",
                date=change.at,
                author=gettext("The rules engine"),
            )
        )
    return found
