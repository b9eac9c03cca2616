"""Watching, notices and talk pages. Views fetch, check who may act, and render; the rules
live in `watching`, `talk` and `notices`."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import get_language, gettext, gettext_lazy, ngettext
from django.views.decorators.http import require_POST

from articles.models import Article
from articles.permissions import is_editor
from tournaments import access
from tournaments.models import Tournament
from versions.editing import EditView
from versions.failures import save_whole
from versions.records import summary
from versions.saving import Editable, latest_version, posted_version

from . import talk, watching
from .forms import PreferencesForm, ReplyEditForm, ReplyForm, ThreadForm, ThreadTitleForm
from .models import Notification, Preferences, Reply, Thread

NOTICES_PER_PAGE = 100
PREFERENCES = Editable(model=Preferences, fields=("delivery", "language"))


def _back(request, fallback):
    target = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return redirect(target)
    return redirect(fallback)


# --- Watching


@require_POST
@login_required
def watch(request, kind, key):
    """The star: watch (watch=1) or stop watching (watch=0) a page the user may see."""
    page = watching.find_page(kind, key, request.user)
    wanted = request.POST.get("watch") == "1"
    attempt = save_whole(lambda: watching.set_watching(request.user, kind, page, wanted))
    if attempt.saved:
        messages.success(
            request,
            (
                gettext("You now watch %(page)s.")
                if wanted
                else gettext("You no longer watch %(page)s.")
            )
            % {"page": page},
        )
    else:
        messages.error(request, attempt.problem)
    return _back(request, page.get_absolute_url())


@login_required
def watchlist(request):
    rows = watching.watchlist(request.user)
    response = render(request, "community/watchlist.html", {"rows": rows})
    watching.visited(request.user)  # after drawing: this visit still shows what was new
    return response


# --- Notices


@login_required
def notifications(request):
    notices = Notification.objects.filter(user=request.user).select_related(
        "actor", "article", "scenario", "tournament"
    )
    return render(
        request,
        "community/notifications.html",
        {
            "notices": notices[:NOTICES_PER_PAGE],
            "unread": notices.filter(read_at__isnull=True).count(),
        },
    )


@require_POST
@login_required
def mark_read(request):
    """Mark one notice (notice=<id>) or all of the user's notices read."""
    mine = Notification.objects.filter(user=request.user, read_at__isnull=True)
    notice = request.POST.get("notice", "")
    if notice:
        if not notice.isdigit():
            raise Http404("No such notice.")
        mine = mine.filter(pk=int(notice))
    count = mine.update(read_at=timezone.now())
    if not notice:
        messages.success(
            request,
            ngettext("%(count)s notice marked read.", "%(count)s notices marked read.", count)
            % {"count": count},
        )
    return _back(request, "community:notifications")


class PreferencesEdit(EditView):
    """How a user is told of notices; their preferences are made with the defaults on the
    first visit, so the form always edits a saved row with a history."""

    entry = PREFERENCES  # not a registered model: what `save_edit` needs of it
    reason = "Changed"
    form_class = PreferencesForm
    template_name = "community/preferences.html"
    message = gettext_lazy("Preferences saved.")
    what = "preferences"

    def get_object(self):
        prefs = Preferences.objects.filter(user=self.request.user).first()
        if prefs is None:
            # A first visit proposes the language the page is read in.
            prefs = Preferences(user=self.request.user, language=get_language())
            prefs._change_reason = "Created with the defaults"
            prefs.save()
        return prefs

    def get_success_url(self, form):
        return reverse("community:preferences")


preferences = login_required(PreferencesEdit.as_view())


# --- Talk pages


def _talk_page(request, kind, key):
    """(page dict for queries, the page) for a talk page the user may read; 404 otherwise."""
    if kind == "article":
        page = Article.objects.published().filter(key=key).first()
    elif kind == "tournament":
        page = Tournament.objects.filter(slug=key).first()
        if page is not None and not access.can_view(request.user, page):
            page = None
    else:
        page = None
    if page is None:
        raise Http404("No such talk page.")
    return {kind: page}, page


def _visible_thread(request, pk):
    thread = get_object_or_404(Thread.objects.select_related("article", "tournament"), pk=pk)
    if thread.tournament_id and not access.can_view(request.user, thread.tournament):
        raise Http404("No such thread.")
    return thread


def may_moderate(user, thread) -> bool:
    """Editors hide replies and resolve any thread; on a tournament's talk page, so do its
    directors."""
    if is_editor(user):
        return True
    return bool(thread.tournament_id) and access.can_edit(user, thread.tournament)


def _must_sign_in(request):
    if not request.user.is_authenticated:
        raise PermissionDenied(gettext("Sign in to take part in the discussion."))


def talk_page(request, kind, key):
    """A page's discussion: its threads, open first, and a form to start one."""
    page_filter, page = _talk_page(request, kind, key)
    form = ThreadForm(request.POST or None)
    status = 200
    if request.method == "POST":
        _must_sign_in(request)
        if form.is_valid():
            attempt = save_whole(
                lambda: talk.start_thread(
                    request.user,
                    form.cleaned_data["title"],
                    form.cleaned_data["body"],
                    **page_filter,
                ),
                form=form,
                what="a new thread",
            )
            if attempt.saved:
                messages.success(request, gettext("Thread started."))
                return redirect(attempt.value)
            status = attempt.status
        else:
            status = 400
    threads = Thread.objects.filter(**page_filter).select_related("started_by", "resolved_by")
    return render(
        request,
        "community/talk_page.html",
        {"page": page, "kind": kind, "threads": threads, "form": form},
        status=status,
    )


def thread_detail(request, pk):
    thread = _visible_thread(request, pk)
    form = ReplyForm(request.POST or None)
    status = 200
    if request.method == "POST":
        _must_sign_in(request)
        if form.is_valid():
            attempt = save_whole(
                lambda: talk.post_reply(thread, request.user, form.cleaned_data["body"]),
                form=form,
                what="a reply",
            )
            if attempt.saved:
                messages.success(request, gettext("Reply posted."))
                return redirect(attempt.value.get_absolute_url())
            status = attempt.status
        else:
            status = 400
    return _thread_page(request, thread, form, status)


def _thread_page(request, thread, form, status=200, **extra):
    replies = list(thread.replies.select_related("author", "hidden_by"))
    moderator = may_moderate(request.user, thread)
    for reply in replies:
        reply.may_edit = request.user.is_authenticated and (
            reply.author_id == request.user.pk or moderator
        )
        # The version a Hide (or Show again) button acts on.
        reply.version = latest_version(reply) if moderator else None
    return render(
        request,
        "community/thread.html",
        {
            "thread": thread,
            "replies": replies,
            "form": form,
            "may_moderate": moderator,
            "may_resolve": request.user.is_authenticated
            and (moderator or thread.started_by_id == request.user.pk),
            "thread_version": latest_version(thread),
            **extra,
        },
        status=status,
    )


class ReplyEdit(EditView):
    """A reply's text, by its author or a moderator; a hidden reply's only by those who may
    hide it (its text is theirs alone). "Saved." is said beside the reply."""

    entry = talk.REPLY  # not a registered model: what `save_edit` needs of it
    form_class = ReplyEditForm
    template_name = "community/reply_edit.html"
    context_object_name = "reply"
    message = gettext_lazy("Reply saved.")
    what = "a reply"

    def get_object(self):
        reply = get_object_or_404(Reply.objects.select_related("thread"), pk=self.kwargs["pk"])
        self.thread = _may_change_reply(self.request, reply, "edit")
        return reply

    def get_context_data(self, **context):
        return super().get_context_data(thread=self.thread, **context)

    def get_anchor(self):
        return f"reply-{self.object.pk}"

    def get_success_url(self, form):
        return self.thread.get_absolute_url()


reply_edit = login_required(ReplyEdit.as_view())


def _may_change_reply(request, reply, action) -> Thread:
    """The reply's thread, when the user may edit or restore the reply: its author or a
    moderator, and only a moderator once it is hidden; a 403 otherwise."""
    thread = _visible_thread(request, reply.thread_id)
    moderator = may_moderate(request.user, thread)
    if reply.hidden_at is not None and not moderator:
        raise PermissionDenied(
            gettext("Only an editor may edit a hidden reply.")
            if action == "edit"
            else gettext("Only an editor may restore a hidden reply.")
        )
    if reply.author_id != request.user.pk and not moderator:
        raise PermissionDenied(
            gettext("Only its author or an editor may edit a reply.")
            if action == "edit"
            else gettext("Only its author or an editor may restore a reply.")
        )
    return thread


class ThreadTitleEdit(EditView):
    """A thread's title, by who started it or a moderator."""

    entry = talk.THREAD  # not a registered model: what `save_edit` needs of it
    reason = "Title edited"
    form_class = ThreadTitleForm
    template_name = "community/thread_title.html"
    context_object_name = "thread"
    message = gettext_lazy("Title saved.")
    what = "a thread's title"

    def get_object(self):
        thread = _visible_thread(self.request, self.kwargs["pk"])
        if thread.started_by_id != self.request.user.pk and not may_moderate(
            self.request.user, thread
        ):
            raise PermissionDenied(gettext("Only who started it or an editor may rename a thread."))
        return thread

    def get_success_url(self, form):
        return self.object.get_absolute_url()


thread_title = login_required(ThreadTitleEdit.as_view())


@require_POST
@login_required
def thread_resolve(request, pk):
    thread = _visible_thread(request, pk)
    if thread.started_by_id != request.user.pk and not may_moderate(request.user, thread):
        raise PermissionDenied(gettext("Only who started it or an editor may resolve a thread."))
    resolved = request.POST.get("resolved") == "1"
    attempt = save_whole(
        lambda: talk.set_resolved(thread, request.user, resolved, posted_version(request.POST)),
        what="resolving a thread",
    )
    if not attempt.saved:
        messages.error(request, attempt.problem)
    elif attempt.value is None:
        messages.warning(
            request, gettext("The thread changed since you opened it; here it is as it is now.")
        )
    else:
        messages.success(
            request, gettext("Marked resolved.") if resolved else gettext("Opened again.")
        )
    return redirect(thread)


@require_POST
@login_required
def reply_hide(request, pk):
    reply = get_object_or_404(Reply, pk=pk)
    thread = _visible_thread(request, reply.thread_id)
    if not may_moderate(request.user, thread):
        raise PermissionDenied(gettext("Only editors may hide a reply."))
    hidden = request.POST.get("hidden") == "1"
    attempt = save_whole(
        lambda: talk.set_hidden(reply, request.user, hidden, posted_version(request.POST)),
        what="hiding a reply",
    )
    if not attempt.saved:
        messages.error(request, attempt.problem)
    elif attempt.value is None:
        messages.warning(
            request, gettext("The reply changed since you opened it; here it is as it is now.")
        )
    else:
        messages.success(
            request,
            gettext("Reply hidden; it stays in the history.")
            if hidden
            else gettext("Reply shown again."),
        )
    return redirect(reply.get_absolute_url())


@require_POST
@login_required
def reply_restore(request, pk, history_id):
    """Save an old version of a reply's text again (its author or an editor)."""
    reply = get_object_or_404(Reply, pk=pk)
    thread = _may_change_reply(request, reply, "restore")
    record = get_object_or_404(reply.history, history_id=history_id)
    attempt = save_whole(
        lambda: talk.restore_reply(reply, record, posted_version(request.POST)),
        what="restoring a reply",
    )
    if not attempt.saved:
        messages.error(request, attempt.problem)
    elif attempt.value is None:
        messages.warning(
            request,
            gettext("The reply changed since you opened the history; nothing was restored."),
        )
    else:
        messages.success(request, gettext("The old version is the reply's text again."))
    return redirect("community:thread-history", thread.pk)


def thread_history(request, pk):
    """Every version of the thread and its replies, newest first (hidden text included for
    editors only); each reply's versions numbered within that reply's own history."""
    thread = _visible_thread(request, pk)
    moderator = may_moderate(request.user, thread)
    replies = Reply.history.filter(thread_id=thread.pk).select_related("history_user")
    numbers, counted = {}, {}  # history id → its number among its reply's versions
    for record in replies.order_by("history_id"):
        counted[record.id] = numbers[record.history_id] = counted.get(record.id, 0) + 1
    entries = [("thread", record) for record in thread.history.select_related("history_user")] + [
        ("reply", record) for record in replies
    ]
    entries.sort(key=lambda entry: (entry[1].history_date, entry[1].history_id), reverse=True)
    # A hidden reply's text, in any of its versions, is for those who may hide it.
    hidden = set(thread.replies.filter(hidden_at__isnull=False).values_list("pk", flat=True))
    user = request.user
    # For each older reply version its author or an editor may restore: the version it
    # would be restored over (the restore acts only if that is still the latest).
    restore_over = {
        reply.pk: latest_version(reply)
        for reply in thread.replies.all()
        if user.is_authenticated and (reply.author_id == user.pk or moderator)
    }
    rows = [
        (
            what,
            record,
            numbers.get(record.history_id) if what == "reply" else None,
            summary(record.history_change_reason or "", numbers if what == "reply" else {}),
            restore_over.get(record.id)
            if what == "reply"
            and record.history_type != "-"
            and restore_over.get(record.id) not in (None, record.history_id)
            and record.id not in hidden
            else None,
        )
        for what, record in entries
    ]
    return render(
        request,
        "community/thread_history.html",
        {"thread": thread, "entries": rows, "hidden": set() if moderator else hidden},
    )
