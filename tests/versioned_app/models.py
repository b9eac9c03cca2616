from django.db import models
from simple_history.models import HistoricalRecords


class Note(models.Model):
    title = models.CharField(max_length=200)
    body = models.TextField()
    private = models.BooleanField(default=False)  # read by editors alone
    history = HistoricalRecords()

    def __str__(self):
        return self.title
