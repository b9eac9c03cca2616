from django.apps import AppConfig


class CasebookConfig(AppConfig):
    """Decided cases, anonymised from the logs, reviewed and published per rule set."""

    name = "casebook"
    verbose_name = "Casebook"

    def ready(self):
        import hooks
        from casebook import sections, signals, versioned  # noqa: F401 (versioned: history)

        hooks.register("ruling_sections", sections.on_ruling, order=hooks.CASEBOOK)
        hooks.register("log_entry_sections", sections.under_entries, order=hooks.CASEBOOK)
        signals.connect()
