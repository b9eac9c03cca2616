"""Tournament pages: the list, each tournament's house rules (HTML, JSON, print) and editing."""

from django.urls import include, path

from versions.urls import for_model

from . import chosen_views, feeds, publishing_views, views
from .models import Tournament

app_name = "tournaments"

urlpatterns = [
    path("tournaments/", views.tournament_list, name="tournaments"),
    path("tournaments/new/", views.tournament_create, name="tournament-new"),
    path("tournaments/choice/leave/", chosen_views.leave_tournament, name="leave"),
    # Before the page's own path: a slug never contains a dot, so ".json" is unambiguous.
    path("tournaments/<slug:slug>.json", views.tournament_json, name="tournament-json"),
    path("tournaments/<slug:slug>/", views.tournament_detail, name="tournament"),
    path("tournaments/<slug:slug>/feed/", feeds.TournamentFeed(), name="tournament-feed"),
    path("tournaments/<slug:slug>/choose/", chosen_views.choose_tournament, name="choose"),
    path(
        "tournaments/<slug:slug>/publish/",
        publishing_views.tournament_publish,
        name="tournament-publish",
    ),
    path(
        "tournaments/<slug:slug>/versions/<int:number>/withdraw/",
        publishing_views.version_withdraw,
        name="version-withdraw",
    ),
    # A printed sheet's QR code and short link: the exact version printed, kept for good.
    path("t/<slug:slug>/<int:number>/", views.tournament_version, name="version-short"),
    path("", include(for_model(Tournament, edit=views.tournament_edit))),
    path("tournaments/<slug:slug>/rules/new/", views.house_rule_add, name="house-rule-add"),
    path("tournaments/<slug:slug>/rules/<int:pk>/", views.house_rule_edit, name="house-rule-edit"),
    path(
        "tournaments/<slug:slug>/rules/<int:pk>/remove/",
        views.house_rule_delete,
        name="house-rule-delete",
    ),
]
