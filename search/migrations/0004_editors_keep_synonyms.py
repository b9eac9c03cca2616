"""Editors keep the table's vocabulary: they may add, change and delete synonyms.

Permissions are normally created after all migrations ran (post_migrate), so this migration
creates the search app's permissions itself first, as articles/0003_roles does.
"""

from django.contrib.auth.management import create_permissions
from django.db import migrations

EDITORS = "Editors"
CODENAMES = ["add_synonym", "change_synonym", "delete_synonym", "view_synonym"]


def grant(apps, schema_editor):
    app_config = apps.get_app_config("search")
    app_config.models_module = True
    create_permissions(app_config, apps=apps, verbosity=0)
    app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    editors, _ = Group.objects.get_or_create(name=EDITORS)
    editors.permissions.add(
        *Permission.objects.filter(content_type__app_label="search", codename__in=CODENAMES)
    )


def revoke(apps, schema_editor):
    Permission = apps.get_model("auth", "Permission")
    Group = apps.get_model("auth", "Group")
    for editors in Group.objects.filter(name=EDITORS):
        editors.permissions.remove(
            *Permission.objects.filter(content_type__app_label="search", codename__in=CODENAMES)
        )


class Migration(migrations.Migration):
    dependencies = [
        ("search", "0003_synonyms"),
        ("articles", "0003_roles"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(grant, revoke)]
