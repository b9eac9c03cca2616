"""Scenario and tournament pages."""

app_name = "rulings"

urlpatterns = []
