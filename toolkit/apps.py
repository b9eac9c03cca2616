from django.apps import AppConfig


class ToolkitConfig(AppConfig):
    """The TD's toolkit: the rulings log, the picker, offline copies and printouts."""

    name = "toolkit"
    verbose_name = "TD's toolkit"
