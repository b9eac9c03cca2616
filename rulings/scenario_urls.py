"""Scenario pages (included by rulings.urls, namespace "rulings")."""

from django.urls import include, path

from rulings import views
from rulings.models import Scenario
from versions.urls import for_model

urlpatterns = [
    path("scenarios/", views.scenario_list, name="scenario-list"),
    path("scenarios/steps/", views.step_reference, name="steps"),
    path("scenarios/check/", views.scenario_check, name="scenario-check"),
    path("scenarios/new/", views.scenario_edit, name="scenario-create"),
    path("scenarios/drafts/", views.draft_list, name="drafts"),
    path("scenarios/<slug:slug>/", views.scenario_detail, name="scenario"),
    path(
        "scenarios/<slug:slug>/drawing/<slug:key>/",
        views.scenario_drawing,
        name="scenario-drawing",
    ),
    path("", include(for_model(Scenario, edit=views.scenario_edit))),
]
