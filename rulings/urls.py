"""Scenario pages, and what changed in the rulings between two dates."""

from django.urls import include, path

from rulings import agreement_views, changes_views

app_name = "rulings"

urlpatterns = [
    path("", include("rulings.scenario_urls")),
    path("rules/changes/", changes_views.changes, name="changes"),
    path("rules/changes/feed/", changes_views.ChangesFeed(), name="changes-feed"),
    path(
        "wanted/rulings/disagreeing/",
        agreement_views.disagreeing_rulings,
        name="disagreeing-rulings",
    ),
]
