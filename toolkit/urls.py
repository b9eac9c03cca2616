"""The TD's toolkit: a tournament's rulings log."""

from django.urls import include, path

from versions.urls import for_model

from . import offline_views, picker_views, views
from .models import LoggedRuling, PickerChoice

app_name = "toolkit"

urlpatterns = [
    path("sw.js", offline_views.service_worker, name="service-worker"),
    path("manifest.webmanifest", offline_views.web_manifest, name="web-manifest"),
    path("offline/not-saved/", offline_views.nothing_kept, name="offline-nothing-kept"),
    path("offline/<slug:slug>.json", offline_views.tournament_pages, name="offline-pages"),
    path("offline/<slug:slug>/search.json", offline_views.search_index, name="offline-index"),
    path("offline/<slug:slug>/not-saved/", offline_views.not_saved, name="offline-fallback"),
    path("picker/", picker_views.picker_start, name="picker-start"),
    path("picker/edit/", picker_views.edit_list, name="picker-edit-list"),
    path("picker/new/", picker_views.add, name="picker-add"),
    path("picker/<slug:key>/", picker_views.picker, name="picker"),
    path("", include(for_model(PickerChoice, edit=picker_views.edit))),
    path("tournaments/<slug:slug>/log/", views.log_list, name="log"),
    path("tournaments/<slug:slug>/log/new/", views.log_add, name="log-add"),
    path("tournaments/<slug:slug>/log.csv", views.log_csv, name="log-csv"),
    path("tournaments/<slug:slug>/log/<int:pk>/", views.log_edit, name="log-edit"),
    path("", include(for_model(LoggedRuling))),
    path(
        "tournaments/<slug:slug>/log/<int:pk>/question/",
        views.log_to_question,
        name="log-question",
    ),
]
