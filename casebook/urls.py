"""The casebook: per rule set, each case, its feed; proposing from the log; the review."""

from django.urls import include, path

from versions.urls import for_model

from . import feeds, views
from .models import Case

app_name = "casebook"

urlpatterns = [
    path("casebook/", views.casebook_index, name="index"),
    path("casebook/proposals/", views.proposals, name="proposals"),
    path("casebook/cases/<int:pk>/", views.case_detail, name="case"),
    path("casebook/cases/<int:pk>/publish/", views.publish, name="publish"),
    path("", include(for_model(Case, edit=views.case_edit))),
    path("casebook/<slug:ruleset>/", views.casebook, name="casebook"),
    path("casebook/<slug:ruleset>/feed/", feeds.casebook_feed, name="feed"),
    path("tournaments/<slug:slug>/log/<int:pk>/propose/", views.propose_case, name="propose"),
]
