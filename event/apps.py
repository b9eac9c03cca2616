from django.apps import AppConfig


class EventConfig(AppConfig):
    """The event as it runs: players, seats, infractions and the penalties charged."""

    name = "event"
    verbose_name = "Event: players and penalties"

    def ready(self):
        import hooks
        from event import content, log_parts, versioned  # noqa: F401 (versioned: history)

        # The rulings log (toolkit, below) asks for its players and penalties by hook.
        hooks.register("log_form_parts", log_parts.form_parts, order=hooks.EVENT)
        hooks.register("log_entry_details", log_parts.entry_details, order=hooks.EVENT)
        hooks.register("log_links", log_parts.links, order=hooks.EVENT)
        hooks.register("log_private_names", log_parts.private_names, order=hooks.EVENT)
        # After the tournaments' import: penalty house rules start the schedules.
        hooks.register("import_content", content.import_content, order=hooks.EVENT)
