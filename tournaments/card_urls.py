"""The card pages (`/cards/…`) and the hand check for the table (`/hand/…`)."""

from django.urls import path

from . import card_history_views, card_views, hand_views

app_name = "cards"

urlpatterns = [
    path("cards/", card_views.card_list, name="cards"),
    path("cards/new/", card_views.card_edit, name="card-new"),
    path("cards/shipped/<slug:slug>/", card_views.shipped_card_detail, name="shipped-card"),
    path("cards/<int:pk>/", card_views.card_detail, name="card"),
    path("cards/<int:pk>/edit/", card_views.card_edit, name="card-edit"),
    path("cards/<int:pk>/history/", card_history_views.card_history, name="card-history"),
    path("cards/<int:pk>/compare/", card_history_views.card_compare, name="card-compare"),
    path(
        "cards/<int:pk>/restore/<int:number>/", card_history_views.card_restore, name="card-restore"
    ),
    path("hand/", hand_views.hand_page, name="hand"),
    path("hand/check.json", hand_views.hand_json, name="hand-json"),
]
