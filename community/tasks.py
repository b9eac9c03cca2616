"""Work the task queue does for watchers: e-mail (with retries) and digests (the verdict
checks' task is `verdicts.recheck_verdicts`, next to what it computes).

Each task takes primary keys, reads the rows again, and is safe to run twice: a notice is
marked `emailed_at` once its mail is sent, and never mailed again.
"""

from django.db import transaction
from django.utils import timezone
from huey import crontab
from huey.contrib.djhuey import db_periodic_task, db_task

from . import digests, mail
from .models import Notification

# A mail server that is down or slow gets three more tries, a minute apart, then two.
MAIL_RETRIES = 3
MAIL_RETRY_DELAY = 60


@db_task(retries=MAIL_RETRIES, retry_delay=MAIL_RETRY_DELAY)
def send_notice_mail(notice_pk):
    """E-mail one notice to its user, unless it was mailed already or is gone."""
    with transaction.atomic():
        notice = (
            Notification.objects.select_for_update()
            .select_related("user")
            .filter(pk=notice_pk, emailed_at__isnull=True)
            .first()
        )
        if notice is None or not notice.user.email or not notice.user.is_active:
            return
        mail.send_notices(notice.user, [notice])  # raises on failure: retried, not marked
        notice.emailed_at = timezone.now()
        notice.save(update_fields=["emailed_at"])


@db_periodic_task(crontab(hour="6", minute="0"), retries=MAIL_RETRIES, retry_delay=MAIL_RETRY_DELAY)
def send_daily_digests():
    """Every morning (06:00 in the site's time zone): each daily reader's notices in one mail."""
    digests.send_digests()
