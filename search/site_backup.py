"""A whole-site backup as one JSON file, and restoring it into an empty database.

Everything people made is in it: users with their password hashes and groups, every app's
content, every history row with its author, tournament directors, published versions and
who published them, the import records. Rows point to users and groups by name (Django's
natural keys), so a restore does not depend on the ids of another database. A history row
keeps the id of an author whose account was deleted since: the backup names that author by
a placeholder account (`deleted-user-<id>`, no password, inactive) written into the file, so
the history comes back as it was, author for author. Left out is what the database rebuilds
by itself: content types and permissions (migrate makes them), the page cache's generation
(migrate makes it, a restore moves it on), sessions, and the search index (rebuilt from the
content after a restore).

It lives in `search`, the top app, because restoring ends by rebuilding the search index;
it reads every other app only through Django's serializers.
"""

import datetime
import json
from pathlib import Path

from django.apps import apps
from django.conf import settings
from django.core import serializers
from django.core.management.base import CommandError
from django.core.management.color import no_style
from django.core.serializers.base import DeserializationError
from django.core.serializers.json import DjangoJSONEncoder
from django.core.serializers.python import Serializer as PythonSerializer
from django.db import connection, transaction

from pagecache.generation import bump_generation
from search.rebuild import rebuild_index

LEFT_OUT = {
    "contenttypes.contenttype",  # made by migrate; referred to by natural key
    "auth.permission",  # made by migrate; referred to by natural key
    "sessions.session",  # logins are not content
    "search.searchdocument",  # rebuilt from the content after a restore
    "search.pendingdocument",  # what the index has not caught up with: the rebuild does
    "api.requestwindow",  # the API's request counts of the last minute: not content
    "pagecache.contentgeneration",  # made by migrate; a restore moves it on by itself
}
# Left out of a backup without users, beside the accounts: who tried to log in, from which
# address and browser (every model of django-axes), each account's notices (an inbox nobody
# can open any more, whose messages name people) and the admin's log (it names the accounts
# it changed). A full backup, as private as the database, keeps them.
PRIVATE_APPS = {"axes"}
PRIVATE = {"community.notification", "admin.logentry"}
# Made by migrate (the roles' groups): a restore brings them to the backup's.
MADE_BY_MIGRATE = {"auth.group"}
PLACEHOLDER = "author-{}"
GONE_PLACEHOLDER = "deleted-user-{}"


class ExactJSONEncoder(DjangoJSONEncoder):
    """Times to the microsecond: Django's encoder cuts them to milliseconds, and a restore
    must give back every history row's time exactly."""

    def default(self, o):
        if isinstance(o, datetime.datetime | datetime.time):
            return o.isoformat()
        return super().default(o)


def backed_up_models():
    """Every model whose rows a backup carries, in an order a restore can load."""
    return [
        model
        for model in serializers.sort_dependencies(
            [(config, None) for config in apps.get_app_configs()], allow_cycles=True
        )
        if model._meta.label_lower not in LEFT_OUT and not model._meta.proxy
    ]


class BackupSerializer(PythonSerializer):
    """Django's serializer with natural keys, naming a user who is gone by a placeholder.

    History keeps the user ids of a row as it was (`HistoricalReply.author_id`, with no
    database constraint), so after an account is deleted its old posts point nowhere and
    Django's serializer, asking that user for its natural key, raises `User.DoesNotExist`.
    """

    def __init__(self, gone_users: dict[int, str]):
        super().__init__()
        self.gone_users = gone_users  # a deleted user's id -> its placeholder's username
        self.user_model = _user_model()

    def handle_fk_field(self, obj, field):
        user_id = getattr(obj, field.attname)
        if field.related_model is self.user_model and user_id in self.gone_users:
            self._current[field.name] = (self.gone_users[user_id],)
        else:
            super().handle_fk_field(obj, field)

    def rows(self, objects, **options) -> list[dict]:
        return self.serialize(
            objects, use_natural_foreign_keys=True, use_natural_primary_keys=True, **options
        )


def _user_model():
    return apps.get_model(settings.AUTH_USER_MODEL)


def gone_users() -> dict[int, str]:
    """Each user id a row still refers to whose account is gone, with a placeholder
    username that no account has."""
    user_model = _user_model()
    known = set(user_model._default_manager.values_list("pk", flat=True))
    referred = set()
    for model in backed_up_models():
        for field in model._meta.concrete_fields:
            if field.is_relation and field.related_model is user_model:
                referred.update(
                    model._default_manager.exclude(**{f"{field.attname}__isnull": True})
                    .order_by()
                    .values_list(field.attname, flat=True)
                    .distinct()
                )
    taken = set(user_model._default_manager.values_list(user_model.USERNAME_FIELD, flat=True))
    names = {}
    for user_id in sorted(referred - known):
        name, again = GONE_PLACEHOLDER.format(user_id), 1
        while name in taken:  # a placeholder restored from an earlier backup has it
            again += 1
            name = f"{GONE_PLACEHOLDER.format(user_id)}-{again}"
        taken.add(name)
        names[user_id] = name
    return names


def _gone_user_rows(serializer: BackupSerializer) -> list[dict]:
    """The placeholder accounts of the users who are gone: no password, e-mail or name,
    inactive, so nobody can log in as one."""
    user_model = _user_model()
    placeholders = [
        user_model(**{user_model.USERNAME_FIELD: name}, password="!", is_active=False)
        for name in serializer.gone_users.values()
    ]
    # Unsaved, they have no groups to ask for: only their own columns are written.
    columns = [field.name for field in user_model._meta.concrete_fields if not field.primary_key]
    return serializer.rows(placeholders, fields=columns)


def _private(model) -> bool:
    return model._meta.app_label in PRIVATE_APPS or model._meta.label_lower in PRIVATE


def backup_rows(without_users=False) -> list[dict]:
    serializer = BackupSerializer(gone_users())
    user_model = _user_model()
    rows = []
    for model in backed_up_models():
        if without_users and _private(model):
            continue
        rows += serializer.rows(model._default_manager.order_by("pk"))
        if model is user_model:
            rows += _gone_user_rows(serializer)
    if without_users:
        rows = _with_placeholder_authors(rows)
    return rows


def write_backup(path: Path, without_users=False) -> int:
    rows = backup_rows(without_users)
    text = json.dumps(rows, cls=ExactJSONEncoder, ensure_ascii=False, indent=1)
    Path(path).write_text(text + "\n", encoding="utf-8")
    return len(rows)


def _user_fields(label: str) -> set[str]:
    """The fields of a model that point to a user (authors, directors, publishers)."""
    user_model = _user_model()
    model = apps.get_model(label)
    return {
        field.name
        for field in model._meta.get_fields()
        if field.concrete or field.many_to_many
        if getattr(field, "related_model", None) is user_model and not field.auto_created
    }


def _with_placeholder_authors(rows):
    """Each user becomes a placeholder account with no password, e-mail or name: history
    still tells one author from another, and the file holds nobody's login."""
    user_label = _user_model()._meta.label_lower
    names = {}
    for row in rows:
        if row["model"] == user_label:
            names[row["fields"]["username"]] = PLACEHOLDER.format(len(names) + 1)

    def placeholder(key):  # a user's natural key: (username,)
        return (names.get(key[0], key[0]),) if key else key

    result = []
    for row in rows:
        fields = dict(row["fields"])
        if row["model"] == user_label:
            fields.update(
                username=names[fields["username"]],
                password="!",  # an unusable password: nobody can log in as a placeholder
                email="",
                first_name="",
                last_name="",
                is_staff=False,
                is_superuser=False,
                last_login=None,
                groups=[],
                user_permissions=[],
            )
        else:
            for name in _user_fields(row["model"]):
                value = fields.get(name)
                if isinstance(value, list):  # many-to-many: a list of natural keys
                    fields[name] = [placeholder(key) for key in value]
                elif value is not None:
                    fields[name] = placeholder(value)
        result.append({**row, "fields": fields})
    return result


def has_content() -> list[str]:
    """The models that already hold rows a restore would load. A freshly migrated database
    has none: what migrate makes is left out of backups or is in MADE_BY_MIGRATE."""
    return [
        model._meta.label
        for model in backed_up_models()
        if model._meta.label_lower not in MADE_BY_MIGRATE and model._default_manager.exists()
    ]


def restore(path: Path) -> int:
    """Load a backup into an empty database, then rebuild the search index."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise CommandError(f"{path}: cannot be read ({error}).") from error
    filled = has_content()
    if filled:
        raise CommandError(
            "restore needs an empty database (migrated, with nothing imported or created); "
            f"this one has {', '.join(filled[:5])}{'…' if len(filled) > 5 else ''}."
        )
    try:
        count = _load(text)
    except (DeserializationError, ValueError) as error:
        raise CommandError(
            f"{path}: not a backup written by `manage.py backup` ({error})."
        ) from error
    rebuild_index()
    # Every row is new: no reader may be served a page cached before the restore.
    transaction.on_commit(bump_generation)
    return count


def _load(text: str) -> int:
    """What `loaddata` does with one fixture, for a file of any name: rows saved raw (no
    signals re-render, no new history versions), references by natural key resolved once
    all are in, constraints checked at the end, id sequences moved past the loaded ids."""
    loaded, deferred, count = set(), [], 0
    with transaction.atomic(), connection.constraint_checks_disabled():
        for row in serializers.deserialize("json", text, handle_forward_references=True):
            # Its history is in the file: setting its many-to-many must not add a version.
            row.object.skip_history_when_saving = True
            row.save()
            loaded.add(type(row.object))
            count += 1
            if row.deferred_fields:
                deferred.append(row)
        for row in deferred:
            row.save_deferred_fields()
        connection.check_constraints(table_names=[model._meta.db_table for model in loaded])
        with connection.cursor() as cursor:
            for statement in connection.ops.sequence_reset_sql(no_style(), list(loaded)):
                cursor.execute(statement)
    return count
