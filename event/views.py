"""The event's pages, all for the tournament's directors (and staff) alone: its players
(listed, added, imported), a player's page, the penalty schedule, the event summary (a page
and CSV), and the schedule's suggestion for the log form. Every view checks
`access.players_or_404` first; history pages are the versions app's (event/versioned.py)."""

import csv

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_GET, require_http_methods

from toolkit.spreadsheet import neutralised
from versions.editing import CreateView, EditView

from . import access, importing, summary
from .forms import ImportForm, InfractionForm, PenaltyForm, PlayerForm, SeatForm
from .models import Infraction, InvolvedPlayer, Player, Seat
from .penalties import minus, suggest


def _private(response):
    response["Cache-Control"] = "private, no-store"
    return response


@login_required
@require_GET
def players(request, slug):
    tournament = access.players_or_404(request.user, slug)
    listed = Player.objects.filter(tournament=tournament).prefetch_related("seats")
    context = {
        "tournament": tournament,
        "players": listed,
        "form": PlayerForm(tournament=tournament),
        "import_form": ImportForm(),
    }
    return _private(render(request, "event/players.html", context))


class TournamentPart:
    """A page of one tournament's event, for its directors: found (or 404) first."""

    def dispatch(self, request, *args, **kwargs):
        self.tournament = access.players_or_404(request.user, kwargs["slug"])
        return super().dispatch(request, *args, **kwargs)

    def get_context_data(self, **context):
        return super().get_context_data(tournament=self.tournament, **context)


class PlayerAdd(TournamentPart, CreateView):
    form_class = PlayerForm
    template_name = "event/player_form.html"
    message = gettext_lazy("Player added.")
    reason = "Added"
    what = "a player"
    invalid_status = 400

    def get_form_kwargs(self):
        return {"tournament": self.tournament}

    def get_success_url(self, obj):
        return reverse("event:players", args=[self.tournament.slug])


class PlayerEdit(EditView):
    model = Player
    form_class = PlayerForm
    template_name = "event/player_form.html"
    context_object_name = "player"
    invalid_status = 400
    what = "a player"
    validate = True

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "tournament": self.object.tournament}

    def get_context_data(self, **context):
        return super().get_context_data(tournament=self.object.tournament, **context)


class SeatAdd(CreateView):
    form_class = SeatForm
    template_name = "event/seat_form.html"
    message = gettext_lazy("Seat added.")
    reason = "Seated"
    what = "a seat"
    invalid_status = 400

    def dispatch(self, request, *args, **kwargs):
        self.tournament = access.players_or_404(request.user, kwargs["slug"])
        self.player = get_object_or_404(Player, pk=kwargs["pk"], tournament=self.tournament)
        return super().dispatch(request, *args, **kwargs)

    def get_form_kwargs(self):
        return {"player": self.player}

    def get_context_data(self, **context):
        return {"tournament": self.tournament, "player": self.player, **context}

    def get_success_url(self, obj):
        return reverse("event:player", args=[self.tournament.slug, self.player.pk])


class SeatEdit(EditView):
    model = Seat
    form_class = SeatForm
    template_name = "event/seat_form.html"
    context_object_name = "seat"
    invalid_status = 400
    what = "a seat"
    validate = True

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "player": self.object.player}

    def get_context_data(self, **context):
        return super().get_context_data(
            tournament=self.object.player.tournament, player=self.object.player, **context
        )


@login_required
@require_GET
def player(request, slug, pk):
    tournament = access.players_or_404(request.user, slug)
    found = get_object_or_404(Player, pk=pk, tournament=tournament)
    rounds = summary.by_round(found)
    context = {
        "tournament": tournament,
        "player": found,
        "seats": found.seats.all(),
        "rounds": rounds,
        "total": sum(r.points for r in rounds),
        "seat_form": SeatForm(player=found),
    }
    return _private(render(request, "event/player.html", context))


@login_required
@require_http_methods(["GET", "POST"])
def players_import(request, slug):
    """Check the whole file; import it only when no line has a problem, else show each
    problem by line and keep the file's text in the form for the next try."""
    tournament = access.players_or_404(request.user, slug)
    form, plan = ImportForm(), None
    if request.method == "POST":
        form = ImportForm(request.POST, request.FILES)
        if form.is_valid():
            plan = importing.read(form.cleaned_data["text"], tournament)
            if not plan.problems:
                importing.apply(plan, tournament)
                messages.success(
                    request,
                    _("Imported: %(players)s, %(seats)s.")
                    % {
                        "players": ngettext(
                            "%(n)s new player", "%(n)s new players", plan.new_players
                        )
                        % {"n": plan.new_players},
                        "seats": ngettext("%(n)s seat", "%(n)s seats", plan.seats)
                        % {"n": plan.seats},
                    },
                )
                return redirect("event:players", tournament.slug)
            # Kept for the next try: the text, to be corrected in place.
            form = ImportForm(initial={"text": form.cleaned_data["text"]})
    context = {"tournament": tournament, "import_form": form, "plan": plan}
    status = 400 if plan is not None or form.errors else 200
    return _private(render(request, "event/players_import.html", context, status=status))


def cost(infraction, nth: int) -> str:
    points = infraction.points_for(nth)
    return _("the head TD decides") if points is None else minus(points)


@login_required
@require_GET
def infractions(request, slug):
    tournament = access.players_or_404(request.user, slug)
    listed = Infraction.objects.filter(tournament=tournament).select_related(
        "ruling", "article", "house_rule"
    )
    rows = [(infraction, cost(infraction, 2), cost(infraction, 3)) for infraction in listed]
    context = {"tournament": tournament, "infractions": rows}
    return _private(render(request, "event/infractions.html", context))


class InfractionAdd(TournamentPart, CreateView):
    form_class = InfractionForm
    template_name = "event/infraction_form.html"
    message = gettext_lazy("Infraction added to the schedule.")
    reason = "Added"
    what = "an infraction"
    invalid_status = 400

    def get_form_kwargs(self):
        return {"tournament": self.tournament}

    def get_success_url(self, obj):
        return reverse("event:infractions", args=[self.tournament.slug])


class InfractionEdit(EditView):
    model = Infraction
    form_class = InfractionForm
    template_name = "event/infraction_form.html"
    context_object_name = "infraction"
    invalid_status = 400
    what = "an infraction"
    validate = True

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "tournament": self.object.tournament}

    def get_context_data(self, **context):
        return super().get_context_data(tournament=self.object.tournament, **context)


class PenaltyEdit(EditView):
    """Correct a penalty charged in the log (its points and reason), version-checked."""

    model = InvolvedPlayer
    form_class = PenaltyForm
    template_name = "event/penalty_form.html"
    context_object_name = "penalty"
    invalid_status = 400
    what = "a penalty"
    validate = True

    def get_context_data(self, **context):
        return super().get_context_data(tournament=self.object.entry.tournament, **context)


@login_required
@require_GET
def event_summary(request, slug):
    tournament = access.players_or_404(request.user, slug)
    context = {"tournament": tournament, "totals": summary.totals(tournament)}
    return _private(render(request, "event/summary.html", context))


# Points as a plain number a spreadsheet adds up ("75", taken off the score).
SUMMARY_COLUMNS = [
    gettext_lazy("Player"),
    gettext_lazy("Player number"),
    gettext_lazy("Penalties"),
    gettext_lazy("Points off"),
    gettext_lazy("Left to the head TD"),
]


@login_required
@require_GET
def event_summary_csv(request, slug):
    tournament = access.players_or_404(request.user, slug)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{tournament.slug}-penalties.csv"'
    writer = csv.writer(response)
    writer.writerow([str(title) for title in SUMMARY_COLUMNS])
    for total in summary.totals(tournament):
        row = [total.player.name, total.player.number, str(total.penalties)]
        row += [str(total.points), str(total.head_td_pending)]
        writer.writerow([neutralised(cell) for cell in row])
    return _private(response)


@login_required
@require_GET
def suggestion(request, slug):
    """The schedule's suggestion for a player and an infraction, for the log form's script."""
    tournament = access.players_or_404(request.user, slug)
    try:
        player_pk, infraction_pk = int(request.GET["player"]), int(request.GET["infraction"])
    except (KeyError, ValueError):
        return _private(JsonResponse({"error": _("Give a player and an infraction.")}, status=400))
    found = get_object_or_404(Player, pk=player_pk, tournament=tournament)
    infraction = get_object_or_404(Infraction, pk=infraction_pk, tournament=tournament)
    said = suggest(found, infraction)
    return _private(
        JsonResponse({"text": str(said), "points": said.points, "offence": said.offence})
    )


player_add = login_required(PlayerAdd.as_view())
player_edit = login_required(PlayerEdit.as_view())
seat_add = login_required(SeatAdd.as_view())
seat_edit = login_required(SeatEdit.as_view())
infraction_add = login_required(InfractionAdd.as_view())
infraction_edit = login_required(InfractionEdit.as_view())
penalty_edit = login_required(PenaltyEdit.as_view())
