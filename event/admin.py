"""Admin for the event's four versioned rows, saved with the version check as every
versioned model's admin is (tests/articles/test_admin_versions.py). Staff only, as the admin
is: players are private to their tournament's directors on the site."""

from django.contrib import admin

from articles.admin_versions import VersionCheckedAdmin

from .models import Infraction, InvolvedPlayer, Player, Seat


@admin.register(Player)
class PlayerAdmin(VersionCheckedAdmin):
    list_display = ["name", "number", "tournament"]
    list_filter = ["tournament"]
    raw_id_fields = ["tournament"]


@admin.register(Seat)
class SeatAdmin(VersionCheckedAdmin):
    list_display = ["player", "round", "table", "seat"]
    raw_id_fields = ["player"]


@admin.register(Infraction)
class InfractionAdmin(VersionCheckedAdmin):
    list_display = ["name", "tournament", "points", "second_points", "third_points"]
    list_filter = ["tournament"]
    raw_id_fields = ["tournament", "ruling", "article"]


@admin.register(InvolvedPlayer)
class InvolvedPlayerAdmin(VersionCheckedAdmin):
    list_display = ["player", "entry", "infraction", "offence", "points"]
    raw_id_fields = ["entry", "player", "infraction"]
