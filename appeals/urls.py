"""Appeals: recorded from a logged ruling, decided by the head TD; rounds' ends; the rules."""

from django.urls import include, path

from versions.urls import for_model

from . import views
from .models import Appeal, AppealRules, Round

app_name = "appeals"

urlpatterns = [
    path("tournaments/<slug:slug>/log/<int:pk>/appeal/", views.appeal_add, name="appeal-add"),
    path("tournaments/<slug:slug>/appeals/<int:pk>/", views.appeal_detail, name="appeal"),
    path("tournaments/<slug:slug>/appeals/<int:pk>/decide/", views.decide, name="decide"),
    path("tournaments/<slug:slug>/rounds/ended/", views.round_ended, name="round-ended"),
    path("", include(for_model(Appeal, edit=views.appeal_edit))),
    path("", include(for_model(AppealRules, edit=views.appeal_rules_edit))),
    path("", include(for_model(Round, edit=views.round_edit))),
]
