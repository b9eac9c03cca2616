"""The event as it runs: its players and their seats, its penalty schedule (infractions with
an upgrade path), the penalties charged in its rulings log, each player's page and the event
summary. Private to the tournament's directors (docs/architecture.md, `event/`)."""
