"""The event's pages: players, seats, the penalty schedule, the summary, the suggestion."""

from django.urls import include, path

from versions.urls import for_model

from . import views
from .models import Infraction, InvolvedPlayer, Player, Seat

app_name = "event"

T = "tournaments/<slug:slug>/"

urlpatterns = [
    path(f"{T}players/", views.players, name="players"),
    path(f"{T}players/new/", views.player_add, name="player-add"),
    path(f"{T}players/import/", views.players_import, name="players-import"),
    path(f"{T}players/<int:pk>/", views.player, name="player"),
    path(f"{T}players/<int:pk>/seats/new/", views.seat_add, name="seat-add"),
    path("", include(for_model(Player, edit=views.player_edit))),
    path("", include(for_model(Seat, edit=views.seat_edit))),
    path(f"{T}penalties/", views.infractions, name="infractions"),
    path(f"{T}penalties/new/", views.infraction_add, name="infraction-add"),
    path("", include(for_model(Infraction, edit=views.infraction_edit))),
    path("", include(for_model(InvolvedPlayer, edit=views.penalty_edit))),
    path(f"{T}summary/", views.event_summary, name="summary"),
    path(f"{T}summary.csv", views.event_summary_csv, name="summary-csv"),
    path(f"{T}log/suggest.json", views.suggestion, name="suggest"),
]
