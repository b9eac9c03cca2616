"""Talk pages, watches and preferences in the site's recent changes (`versions.recent`).

Threads and replies are listed for whoever may read their talk page (a draft tournament's
only for its directors and staff); a hidden reply shows that it was hidden, never its text.
A user's watches and preferences are their own business: listed to them alone.
"""

from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy

from tournaments.models import Tournament
from versions.recent import Recent, also_list

from .forms import DELIVERY_WORDS
from .models import Preferences, Reply, Thread, Watch


def _readable_threads(user):
    tournaments = Tournament.objects.visible_to(user).values("pk")
    return Thread.objects.filter(Q(article__isnull=False) | Q(tournament__in=tournaments))


def _own(user, rows):
    return rows.filter(user=user) if user.is_authenticated else rows.none()


def delivery_words(record) -> str:
    return str(dict(DELIVERY_WORDS).get(record.delivery, record.get_delivery_display()))


def _thread_history(pk) -> str:
    return reverse("community:thread-history", args=[pk])


also_list(
    Recent(
        table=Thread.history.all,
        visible=lambda user, rows: rows.filter(id__in=_readable_threads(user).values("pk")),
        label=lambda record: gettext("Discussion: %(title)s") % {"title": record.title},
        verbs=(
            gettext_lazy("thread started"),
            gettext_lazy("thread changed"),
            gettext_lazy("thread deleted"),
        ),
        url=lambda record: _thread_history(record.id),
    ),
    Recent(
        table=Reply.history.all,
        visible=lambda user, rows: rows.filter(thread_id__in=_readable_threads(user).values("pk")),
        related=("thread",),
        label=lambda record: gettext("Discussion: %(title)s") % {"title": record.thread.title},
        verbs=(
            gettext_lazy("reply posted"),
            gettext_lazy("reply changed"),
            gettext_lazy("reply deleted"),
        ),
        url=lambda record: _thread_history(record.thread_id),
    ),
    Recent(
        table=Watch.history.all,
        visible=_own,
        label=lambda record: gettext("Your watchlist"),
        what=lambda record: (
            gettext("page watched")
            if record.history_type == "+"
            else gettext("page no longer watched")
        ),
        url=lambda record: reverse("community:watchlist"),
        who="user",
        summary="",
    ),
    Recent(
        table=Preferences.history.all,
        visible=_own,
        label=lambda record: gettext("Your notice preferences"),
        what=lambda record: gettext("e-mail: %(delivery)s") % {"delivery": delivery_words(record)},
        url=lambda record: reverse("community:preferences"),
        who="user",
    ),
)
