"""What every admin of the site does, beyond Django's: an address that names no object is a
404, and a superuser may delete their own account.

Django's admin redirects to its index ("… doesn't exist. Perhaps it was deleted?") for an id
that does not exist or does not parse; the site's rule is that an address naming nothing is a
404. simple-history's history pages looked an unparsable id up as it came (a 500); they parse
it first (`VersionCheckedAdmin`, `articles.admin_versions`). Django's own admins and
django-axes' are registered again with the same behaviour (`with_404_for_missing`).
"""

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.models import AnonymousUser
from django.http import Http404


class MissingIs404:
    """Mixed into a ModelAdmin: its change, delete and history pages answer 404 for an id
    that does not exist or does not parse (Django's `get_object` returns None for both)."""

    def get_object(self, request, object_id, from_field=None):
        obj = super().get_object(request, object_id, from_field)
        if obj is None:
            raise Http404(f"No {self.opts.verbose_name} with this id.")
        return obj


class SiteUserAdmin(MissingIs404, UserAdmin):
    """Django's user admin; deleting one's own account works.

    Rows deleted with an account (its watches, its notice preferences) get history rows
    naming whoever deletes it. Deleting oneself, that user is gone when the transaction
    commits, and the database refuses the history's foreign key (a 500): those rows are
    written by nobody instead."""

    def delete_model(self, request, obj):
        if obj.pk == request.user.pk:
            request.user = AnonymousUser()
        super().delete_model(request, obj)

    def delete_queryset(self, request, queryset):
        if queryset.filter(pk=request.user.pk).exists():
            request.user = AnonymousUser()
        super().delete_queryset(request, queryset)


def with_404_for_missing(site=admin.site):
    """Register every admin registered so far (Django's, django-axes') again with
    `MissingIs404`; the user admin as `SiteUserAdmin`."""
    for model in list(site._registry):
        model_admin = type(site.get_model_admin(model))
        if issubclass(model_admin, MissingIs404):
            continue
        if model_admin is UserAdmin:
            replacement = SiteUserAdmin
        else:
            replacement = type(model_admin.__name__, (MissingIs404, model_admin), {})
        site.unregister(model)
        site.register(model, replacement)
