"""The TD's toolkit: a tournament's rulings log."""

from django.urls import path

from . import views

app_name = "toolkit"

urlpatterns = [
    path("tournaments/<slug:slug>/log/", views.log_list, name="log"),
    path("tournaments/<slug:slug>/log/new/", views.log_add, name="log-add"),
    path("tournaments/<slug:slug>/log.csv", views.log_csv, name="log-csv"),
    path("tournaments/<slug:slug>/log/<int:pk>/", views.log_edit, name="log-edit"),
    path("tournaments/<slug:slug>/log/<int:pk>/history/", views.log_history, name="log-history"),
    path("tournaments/<slug:slug>/log/<int:pk>/compare/", views.log_compare, name="log-compare"),
    path(
        "tournaments/<slug:slug>/log/<int:pk>/restore/<int:number>/",
        views.log_restore,
        name="log-restore",
    ),
    path(
        "tournaments/<slug:slug>/log/<int:pk>/question/",
        views.log_to_question,
        name="log-question",
    ),
]
