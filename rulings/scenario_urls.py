"""Scenario pages (included by rulings.urls, namespace "rulings")."""

from django.urls import path

from rulings import history_views, views

urlpatterns = [
    path("scenarios/", views.scenario_list, name="scenario-list"),
    path("scenarios/steps/", views.step_reference, name="steps"),
    path("scenarios/check/", views.scenario_check, name="scenario-check"),
    path("scenarios/new/", views.scenario_edit, name="scenario-create"),
    path("scenarios/<slug:slug>/", views.scenario_detail, name="scenario"),
    path("scenarios/<slug:slug>/edit/", views.scenario_edit, name="scenario-edit"),
    path("scenarios/<slug:slug>/history/", history_views.history, name="scenario-history"),
    path("scenarios/<slug:slug>/compare/", history_views.compare, name="scenario-compare"),
    path(
        "scenarios/<slug:slug>/restore/<int:number>/",
        history_views.restore_version,
        name="scenario-restore",
    ),
]
