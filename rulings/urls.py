"""Scenario pages."""

from django.urls import include, path

app_name = "rulings"

urlpatterns = [
    path("", include("rulings.scenario_urls")),
]
