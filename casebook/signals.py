"""A case saved or deleted: cached pages are stale (a published case shows on its ruling's
page, which readers get from the page cache). Connected in `CasebookConfig.ready()`."""

from django.db.models.signals import post_delete, post_save

from pagecache.signals import pages_stale

from .models import Case


def case_changed(sender, instance, **kwargs):
    pages_stale()


def connect():
    post_save.connect(case_changed, sender=Case, dispatch_uid="casebook-case-saved")
    post_delete.connect(case_changed, sender=Case, dispatch_uid="casebook-case-deleted")
