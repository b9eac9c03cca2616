"""The API's request counts per client address, where every worker process counts alike."""

from django.db import models


class RequestWindow(models.Model):
    """How many API requests one client address made in one minute (fixed windows).

    In the database so that every worker counts the same requests when there is no Redis:
    one atomic UPDATE a request (the shared file cache's increment is a read and a write, and
    two workers would lose counts). Old windows are removed as new ones start.
    """

    address = models.CharField(max_length=64)
    started = models.BigIntegerField(help_text="The window's start, in seconds since 1970.")
    requests = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["address", "started"], name="one_window_per_address")
        ]
        indexes = [models.Index(fields=["started"])]

    def __str__(self):
        return f"{self.address}: {self.requests} requests from {self.started}"
