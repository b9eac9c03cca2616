"""The content generation kept in the database, for deployments without a shared cache."""

from django.db import models


class ContentGeneration(models.Model):
    """One row: the number every content save moves on, read by every worker process.

    Without Redis each worker's cache is its own memory, so the generation must live where
    all of them look: here. A worker reads it at most once a second (PAGE_CACHE_GENERATION_TTL).
    """

    ROW = 1

    value = models.BigIntegerField()

    class Meta:
        verbose_name = "content generation"

    def __str__(self):
        return f"content generation {self.value}"
