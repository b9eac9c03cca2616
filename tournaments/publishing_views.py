"""Publishing and withdrawing a version of the house rules, each behind a confirmation page.

Publishing shows what will change since the version players read and publishes only on the
confirming POST, and only the working copy that was shown: the form carries its fingerprint
(checked under the row lock publishing takes), so an edit saved in between is shown before
anything is published. Withdrawing asks for a
reason, recorded with who and when; players then read the version in force before it.
"""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from versions.failures import save_whole

from . import access, versions

WITHDRAWAL_REASON_CHARS = 1000


def _publish_context(tournament):
    latest = versions.latest_version(tournament)
    snapshot = versions.snapshot_of(tournament)
    highest = tournament.versions.order_by("-number").values_list("number", flat=True).first()
    changes = versions.changes_between(latest.snapshot if latest else None, snapshot)
    return {
        "tournament": tournament,
        "latest": latest,
        "changes": changes,
        "next_number": (highest or 0) + 1,
        # A published tournament whose working copy is its version: nothing to confirm.
        "nothing_to_publish": bool(latest and tournament.is_published and not changes),
        "working_copy": versions.fingerprint(snapshot),
    }


@login_required
@require_http_methods(["GET", "POST"])
def tournament_publish(request, slug):
    """GET: what publishing would change, with Confirm and Cancel. POST "confirm": publish."""
    tournament = access.editable_or_403(request.user, slug)
    context, status = _publish_context(tournament), 200
    if request.method == "POST" and "confirm" in request.POST:
        seen = request.POST.get("working_copy", "")
        try:
            attempt = save_whole(
                lambda: versions.publish(tournament, request.user, seen=seen), what="a publish"
            )
        except versions.WorkingCopyChanged:
            # Changed after the page was shown: confirm what it is now (the page shows it).
            context, status = {**context, "stale": True}, 409
        except versions.NothingToPublish as refusal:
            messages.error(request, str(refusal))
            return redirect("tournaments:tournament-edit", tournament.slug)
        else:
            if attempt.saved:
                number = attempt.value.number
                messages.success(
                    request,
                    _("Published version %(number)s of the house rules.") % {"number": number},
                )
                return redirect("tournaments:tournament", tournament.slug)
            context, status = {**context, "problem": attempt.problem}, attempt.status
    return render(request, "tournaments/tournament_publish.html", context, status=status)


class WithdrawalForm(forms.Form):
    reason = forms.CharField(
        label=gettext_lazy("Why it is withdrawn"),
        max_length=WITHDRAWAL_REASON_CHARS,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=gettext_lazy("Shown to players on the tournament page and in its JSON."),
    )

    def clean_reason(self):
        reason = self.cleaned_data["reason"].strip()
        if "\x00" in reason:
            raise forms.ValidationError(_("The reason contains a NUL character; type it again."))
        return reason


@login_required
@require_http_methods(["GET", "POST"])
def version_withdraw(request, slug, number):
    """Withdraw the version players read, with a reason; they then read the one before."""
    tournament = access.editable_or_403(request.user, slug)
    version = get_object_or_404(tournament.versions, number=number)
    current = versions.latest_version(tournament)
    if current is None or current.pk != version.pk:
        raise Http404("Only the version players read can be withdrawn.")
    previous = tournament.versions.in_force().filter(number__lt=number).order_by("-number").first()
    form = WithdrawalForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        reason = form.cleaned_data["reason"]
        try:
            attempt = save_whole(
                lambda: versions.withdraw(version, request.user, reason),
                form=form,
                what="a withdrawal",
            )
        except versions.NotInForce as refusal:
            messages.error(request, str(refusal))
            return redirect("tournaments:tournament", tournament.slug)
        if not attempt.saved:
            context = {"tournament": tournament, "version": version, "previous": previous}
            return render(
                request,
                "tournaments/tournament_withdraw.html",
                {**context, "form": form},
                status=attempt.status,
            )
        now_read = attempt.value
        if now_read is None:
            messages.success(
                request,
                _(
                    "Version %(number)s was withdrawn. No version is left in force, so the "
                    "tournament is a draft again: only its directors and staff see it."
                )
                % {"number": number},
            )
        else:
            messages.success(
                request,
                _("Version %(number)s was withdrawn. Players now read version %(now)s.")
                % {"number": number, "now": now_read.number},
            )
        return redirect("tournaments:tournament", tournament.slug)
    context = {"tournament": tournament, "version": version, "previous": previous, "form": form}
    return render(request, "tournaments/tournament_withdraw.html", context)
