from django.urls import path

from . import views

app_name = "community"

urlpatterns = [
    path("watch/<str:kind>/<slug:key>/", views.watch, name="watch"),
    path("watchlist/", views.watchlist, name="watchlist"),
    path("notifications/", views.notifications, name="notifications"),
    path("notifications/read/", views.mark_read, name="mark-read"),
    path("notifications/preferences/", views.preferences, name="preferences"),
    path("talk/thread/<int:pk>/", views.thread_detail, name="thread"),
    path("talk/thread/<int:pk>/title/", views.thread_title, name="thread-title"),
    path("talk/thread/<int:pk>/resolve/", views.thread_resolve, name="thread-resolve"),
    path("talk/thread/<int:pk>/history/", views.thread_history, name="thread-history"),
    path("talk/reply/<int:pk>/edit/", views.reply_edit, name="reply-edit"),
    path("talk/reply/<int:pk>/hide/", views.reply_hide, name="reply-hide"),
    path(
        "talk/reply/<int:pk>/restore/<int:history_id>/",
        views.reply_restore,
        name="reply-restore",
    ),
    # After the thread and reply addresses, which it would otherwise swallow.
    path("talk/<str:kind>/<slug:key>/", views.talk_page, name="talk"),
]
