"""Roles: the groups "Editors" and "Tournament directors".

Editors may add and change everything in the wiki. Permissions are normally created after
all migrations ran (post_migrate), so this migration creates the articles app's permissions
itself before handing them to the group.
"""

from django.contrib.auth.management import create_permissions
from django.db import migrations

EDITORS = "Editors"
TOURNAMENT_DIRECTORS = "Tournament directors"
EDITED_MODELS = ["ruleset", "article", "commentary", "source", "question", "citation", "term"]


def create_roles(apps, schema_editor):
    app_config = apps.get_app_config("articles")
    # The migration state's app config has no models module; create_permissions skips
    # such apps unless told otherwise.
    app_config.models_module = True
    create_permissions(app_config, apps=apps, verbosity=0)
    app_config.models_module = None

    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    editors, _ = Group.objects.get_or_create(name=EDITORS)
    Group.objects.get_or_create(name=TOURNAMENT_DIRECTORS)
    codenames = [f"{action}_{model}" for model in EDITED_MODELS for action in ("add", "change")]
    editors.permissions.add(
        *Permission.objects.filter(content_type__app_label="articles", codename__in=codenames)
    )


def remove_roles(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    Group.objects.filter(name__in=[EDITORS, TOURNAMENT_DIRECTORS]).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("articles", "0002_search_index"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(create_roles, remove_roles)]
