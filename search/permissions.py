"""Editors keep the table's vocabulary: after migrate, the Editors group may add, change,
delete and view synonyms.

Done after migrate (as Django creates permissions) rather than in a data migration, so
migrating an existing database adds no rows to tables a migration test compares.
"""

from django.contrib.auth.models import Group, Permission

EDITORS = "Editors"  # the group of articles/0003_roles
CODENAMES = ["add_synonym", "change_synonym", "delete_synonym", "view_synonym"]


def let_editors_keep_synonyms(app_config, using="default", **kwargs):
    if app_config.label != "search":
        return
    permissions = Permission.objects.using(using).filter(
        content_type__app_label="search", codename__in=CODENAMES
    )
    for editors in Group.objects.using(using).filter(name=EDITORS):
        editors.permissions.add(*permissions)
