"""The card pages (`/cards/…`) and the hand check for the table (`/hand/…`)."""

from django.urls import include, path

from versions.urls import for_model

from . import card_views, hand_engine, hand_views
from .models import Card

app_name = "cards"

urlpatterns = [
    path("cards/", card_views.card_list, name="cards"),
    path("cards/new/", card_views.card_edit, name="card-new"),
    path("cards/shipped/<slug:slug>/", card_views.shipped_card_detail, name="shipped-card"),
    path("cards/<int:pk>/", card_views.card_detail, name="card"),
    path("", include(for_model(Card, edit=card_views.card_edit))),
    path("hand/", hand_views.hand_page, name="hand"),
    path("hand/check.json", hand_views.hand_json, name="hand-json"),
    path("hand/card.json", hand_views.card_json, name="hand-card"),
    path("hand/engine/hand_check.py", hand_engine.module_source, name="hand-engine-module"),
]
