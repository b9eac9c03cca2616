"""The Django admin saves as the site's editors do: checked against the version it started
from, under a row lock, in one transaction.

Without this an admin save writes every field of the form it opened, so a site edit saved
while the admin page was open would be silently undone. Every admin of a model with history
uses `VersionCheckedAdmin` (and `VersionCheckedInline` for its inlines): the form carries the
history id of the version it shows (`admin_base_version`, read *before* the values, as
`versions.saving.open_for_editing` does); saving locks the row and compares. A save
whose object changed meanwhile is refused as a form error naming who saved and what they
changed, with the typed values kept and the form now based on the version saved, so saving
again is a decision taken knowing. An inline row is checked only when it was changed: an
untouched inline is not written.

The admin has no three-way merge: it is a tool for staff, and a refusal that keeps what was
typed loses nothing. The revert form of the admin's history pages goes through the same check.
"""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.contrib.admin.utils import flatten_fieldsets, unquote
from django.core.exceptions import ValidationError
from django.db import router, transaction
from django.http import Http404
from django.utils import timezone
from simple_history.admin import SimpleHistoryAdmin

from articles.admin_site import MissingIs404
from versions.saving import MAX_ROW_ID, latest_version, stored_value
from versions.timeline import person

VERSION_FIELD = "admin_base_version"


class VersionCheckedForm(forms.ModelForm):
    """Mixed into an admin's model form: the starting version, checked on save."""

    admin_base_version = forms.IntegerField(
        widget=forms.HiddenInput, required=False, min_value=1, max_value=MAX_ROW_ID
    )
    # The main form is always written by the admin, so it is always checked; an inline row
    # only when changed (an unchanged inline row is not saved).
    check_unchanged = True
    version_conflict = False  # set when the row changed meanwhile: the page answers 409

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if not self.is_bound and self.instance.pk is not None:
            version = getattr(self.instance, "_admin_base_version", None)
            self.initial[VERSION_FIELD] = (
                version if version is not None else latest_version(self.instance)
            )

    @property
    def changed_data(self):
        # The hidden version is no edit: an inline row nobody touched stays unchanged.
        return [name for name in super().changed_data if name != VERSION_FIELD]

    def clean(self):
        cleaned = super().clean()
        if self.instance.pk is None or self.instance._state.adding:
            return cleaned  # a new row: nobody else can have saved it
        if not self.check_unchanged and not self.has_changed():
            return cleaned
        model = type(self.instance)
        # Held until the admin's transaction ends, so nothing lands between check and save.
        current = model._default_manager.select_for_update().filter(pk=self.instance.pk).first()
        if current is None:
            raise ValidationError(
                f"This {model._meta.verbose_name} was deleted after you opened it; "
                "nothing was saved. Your values are kept below."
            )
        started, latest = cleaned.get(VERSION_FIELD), latest_version(current)
        if started != latest:
            self.version_conflict = True
            self._based_on(latest)
            raise ValidationError(self._changed_meanwhile(current, started, latest))
        return cleaned

    def _based_on(self, version):
        """Show the form again based on the version now saved (the typed values kept)."""
        self.data = self.data.copy()
        self.data[self.add_prefix(VERSION_FIELD)] = "" if version is None else str(version)

    def _changed_meanwhile(self, current, started, latest) -> str:
        name = current._meta.verbose_name
        record = current.history.filter(history_id=latest).select_related("history_user").first()
        said = f"Someone saved this {name} after you opened it"
        if record is not None:
            when = timezone.localtime(record.history_date).strftime("%Y-%m-%d %H:%M")
            said = f"{person(record.history_user)} saved this {name} at {when}, after you opened it"
        base = current.history.filter(history_id=started).first() if started else None
        changed = [
            str(current._meta.get_field(field).verbose_name)
            for field in self.fields
            if field in {f.name for f in current._meta.concrete_fields}
            and (base is None or stored_value(base, field) != stored_value(current, field))
        ]
        what = f" (they changed: {', '.join(changed)})" if base is not None and changed else ""
        return (
            f"{said}{what}. Nothing was saved: your values are kept below. Compare them with the "
            "saved version (History), then save again to replace it with yours."
        )


def versioned(form_class, check_unchanged=True):
    """The form class with the version check mixed in (once)."""
    if issubclass(form_class, VersionCheckedForm):
        return form_class
    attrs = {"check_unchanged": check_unchanged, "__module__": form_class.__module__}
    return type(f"VersionChecked{form_class.__name__}", (VersionCheckedForm, form_class), attrs)


def _with_version_field(fieldsets):
    fieldsets = [(name, dict(options)) for name, options in fieldsets]
    if fieldsets and VERSION_FIELD not in flatten_fieldsets(fieldsets):
        first = fieldsets[0][1]
        first["fields"] = [*first.get("fields", ()), VERSION_FIELD]
    return fieldsets


class VersionCheckedAdmin(MissingIs404, SimpleHistoryAdmin):
    """A model admin with history whose saves are checked against their starting version.
    An id that does not exist or does not parse is a 404 on every page of an object."""

    def __init__(self, model, admin_site):
        super().__init__(model, admin_site)
        self.form = versioned(self.form)

    def get_fieldsets(self, request, obj=None):
        return _with_version_field(super().get_fieldsets(request, obj))

    def get_object(self, request, object_id, from_field=None):
        """The object, carrying the version read just before it (so its values are at least
        that new: a save in between makes the form newer than its version, never older)."""
        version = None
        if from_field is None:
            try:
                pk = self.model._meta.pk.to_python(object_id)
                rows = self.model.history.filter(**{self.model._meta.pk.attname: pk})
                version = rows.order_by("-history_id").values_list("history_id", flat=True)
                version = version.first()
            except (ValidationError, ValueError):
                version = None
        obj = super().get_object(request, object_id, from_field)
        if obj is not None and version is not None:
            obj._admin_base_version = version
        return obj

    def render_change_form(self, request, context, *args, **kwargs):
        """A form shown again because its row changed meanwhile answers 409, as the site's
        conflict pages do."""
        return _answered(super().render_change_form(request, context, *args, **kwargs), context)

    def render_history_view(self, request, template, context, **kwargs):
        # The history's revert form is drawn here.
        return _answered(super().render_history_view(request, template, context, **kwargs), context)

    def history_view(self, request, object_id, extra_context=None):
        # simple-history looks the id up as it comes: "abc" would be a ValueError (a 500).
        self._pk_or_404(object_id)
        return super().history_view(request, object_id, extra_context)

    def _pk_or_404(self, object_id):
        try:
            return self.model._meta.pk.to_python(unquote(object_id))
        except (ValidationError, ValueError):
            raise Http404(f"No {self.opts.verbose_name} with this id.") from None

    def history_form_view(self, request, object_id, version_id, extra_context=None):
        self._pk_or_404(object_id)
        if not version_id.isdigit() or int(version_id) > MAX_ROW_ID:
            raise Http404("No such version.")
        # Reverting saves too: in one transaction, so the form's row lock holds to the save.
        if request.method != "POST":
            return super().history_form_view(request, object_id, version_id, extra_context)
        with transaction.atomic(using=router.db_for_write(self.model)):
            return super().history_form_view(request, object_id, version_id, extra_context)


def _answered(response, context):
    """409 when a form on the page is shown again because its row changed meanwhile."""
    forms_shown = [context["adminform"].form] if "adminform" in context else []
    for inline in context.get("inline_admin_formsets", ()):
        forms_shown.extend(inline.formset.forms)
    if any(getattr(form, "version_conflict", False) for form in forms_shown):
        response.status_code = 409
    return response


class VersionCheckedInline:
    """Mixed into an inline of a model with history: a changed row is version-checked."""

    def __init__(self, parent_model, admin_site):
        super().__init__(parent_model, admin_site)
        self.form = versioned(self.form, check_unchanged=False)

    def get_fieldsets(self, request, obj=None):
        return _with_version_field(super().get_fieldsets(request, obj))


class VersionCheckedStackedInline(VersionCheckedInline, admin.StackedInline):
    pass


class VersionCheckedTabularInline(VersionCheckedInline, admin.TabularInline):
    pass
