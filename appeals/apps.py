from django.apps import AppConfig


class AppealsConfig(AppConfig):
    """Appeals of logged rulings: the head TD, rounds' ends, the deadline, the decision."""

    name = "appeals"
    verbose_name = "Appeals"

    def ready(self):
        import hooks
        from appeals import log_sections, versioned  # noqa: F401 (versioned: history)

        hooks.register("page_sections", log_sections.log_top, order=hooks.APPEALS)
        hooks.register("log_entry_sections", log_sections.under_entries, order=hooks.APPEALS)
        hooks.register("log_private_names", log_sections.appellants, order=hooks.APPEALS)
