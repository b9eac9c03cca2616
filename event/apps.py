from django.apps import AppConfig


class EventConfig(AppConfig):
    """The event as it runs: players, seats, infractions and the penalties charged."""

    name = "event"
    verbose_name = "Event: players and penalties"

    def ready(self):
        import hooks
        from event import content, log_parts, schedule, versioned  # noqa: F401 (versioned: history)

        # The rulings log (toolkit, below) asks for its players and penalties by hook.
        hooks.register("log_form_parts", log_parts.form_parts, order=hooks.EVENT)
        hooks.register("log_entry_details", log_parts.entry_details, order=hooks.EVENT)
        hooks.register("log_links", log_parts.links, order=hooks.EVENT)
        hooks.register("log_private_names", log_parts.private_names, order=hooks.EVENT)
        # A published version keeps the penalty schedule (tournaments, below, snapshots it).
        hooks.register("sheet_snapshot", schedule.snapshot_part, order=hooks.EVENT)
        # After the tournaments' part: the schedules in the tournaments' files.
        hooks.register("import_content", content.import_content, order=hooks.EVENT)
        hooks.register("export_content", content.export_content, order=hooks.EVENT)
