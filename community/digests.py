"""The daily digest: each user who chose it gets the notices not yet mailed, in one e-mail.

Sent by the task queue every morning (`tasks.send_daily_digests`), or by
`manage.py send_digests` from cron where no consumer runs its periodic tasks.
"""

import logging
from collections import defaultdict

from django.db import transaction
from django.utils import timezone

from . import mail
from .models import Notification, Preferences

log = logging.getLogger(__name__)


def send_digests() -> int:
    """Mail each daily reader their unmailed notices; returns how many mails were sent.
    One user's failing mail does not stop the others: their notices stay unmailed and go
    out in the next digest."""
    daily = Preferences.objects.filter(delivery=Preferences.DAILY).values("user_id")
    pending = (
        Notification.objects.filter(user__in=daily, emailed_at__isnull=True)
        .exclude(user__email="")
        .filter(user__is_active=True)
        .select_related("user")
        .order_by("created_at", "pk")
    )
    by_user = defaultdict(list)
    for notice in pending:
        by_user[notice.user].append(notice)
    sent = 0
    for user, notices in by_user.items():
        with transaction.atomic():
            # Claim them first, so a digest running twice at once mails each notice once.
            claimed = Notification.objects.filter(
                pk__in=[n.pk for n in notices], emailed_at__isnull=True
            ).update(emailed_at=timezone.now())
            if claimed != len(notices):
                transaction.set_rollback(True)
                continue
            try:
                mail.send_notices(user, notices)
            except Exception:
                transaction.set_rollback(True)
                log.exception("The digest for %s could not be sent", user)
                continue
        sent += 1
    return sent
