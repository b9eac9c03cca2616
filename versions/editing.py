"""One edit page for every versioned model: the app's form, saved through its declaration.

An app configures it with its form, as it would Django's `UpdateView`:

    edit = editor_required(EditView.as_view(model=Note, form_class=NoteForm,
                                            template_name="versioned_app/edit.html"))

and gets the whole round: the form starts from the version it shows (`StartingVersion`), a
save goes through the one version-checked save (`versions.saving.save_edit`, with the
model's declaration) inside `save_whole` (a database failure keeps the editor's text), a
save that meets another is merged or shown again with both sides (409), and the editor is
told "Saved." (or merged, or nothing changed). An app overrides only what differs: how the
thing is found (`get_object`), what the form needs (`get_form_kwargs`), where a save goes
(`get_success_url`), the page's context, and `save` where a save holds more than the row
(a house rule locks its tournament first). Special editors (the scenario editor with its
live check, the card upload) keep their own views and save through the same `save_edit`.
"""

from __future__ import annotations

from datetime import datetime

from django import forms
from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy
from django.views import View

from versions.failures import save_whole
from versions.registry import entry_for
from versions.saving import Outcome, open_for_editing, save_edit


class StartingVersion(forms.Form):
    """The version an edit started from (its history id), checked when it is saved."""

    base_version = forms.IntegerField(widget=forms.HiddenInput, required=False, min_value=1)

    def __init__(self, data=None, *args, **kwargs):
        instance = kwargs.get("instance")
        opening = data is None and instance is not None and instance.pk is not None
        version = open_for_editing(instance) if opening else None
        super().__init__(data, *args, **kwargs)
        if opening:
            self.initial["base_version"] = version


def saved_message(message: str, outcome: Outcome) -> str:
    """What the editor is told after a versioned save: saved, merged, or nothing changed."""
    if outcome.unchanged:
        return gettext("Nothing changed, so nothing was saved.")
    if outcome.merged:
        return gettext(
            "%(message)s Someone else saved meanwhile; "
            "their changes and yours touched different parts and were merged."
        ) % {"message": message}
    return str(message)


def resubmitted(post, outcome: Outcome):
    """The form's data again after a conflict: merged values, mine where they clash, based on
    the version now saved, so saving again is a decision made with both texts in view."""
    data = post.copy()
    for name, value in outcome.values.items():
        if isinstance(value, datetime):  # as a datetime-local field types it
            value = timezone.localtime(value).strftime("%Y-%m-%dT%H:%M")
        elif isinstance(value, bool):
            value = "on" if value else "off"  # a house rule's reading of a plain option
        data[name] = "" if value is None else str(value)
    data["base_version"] = "" if outcome.latest_version is None else str(outcome.latest_version)
    return data


# A message with this tag is shown beside the part of the page it names, not at the top.
BESIDE = "beside-"


def beside(anchor: str) -> str:
    """The message tag that shows a message beside the part with id `anchor`
    (`{% include "versions/_said_here.html" with anchor=… %}` in the part's template)."""
    return BESIDE + anchor


class FormPage(View):
    """A page with the app's form whose save runs inside `save_whole` (a database failure
    keeps what was typed): what `EditView` and `CreateView` share."""

    http_method_names = ["get", "post"]
    form_class = None  # a ModelForm
    template_name = ""
    message = gettext_lazy("Saved.")  # what the writer is told after a save
    invalid_status = 200  # a form with errors comes back with this status
    what = "an edit"  # what failed, in the log, when the database refuses

    def get_form_kwargs(self) -> dict:
        return {}

    def get_form(self, data=None):
        return self.form_class(data, **self.get_form_kwargs())

    def get_context_data(self, **context) -> dict:
        return context

    def save(self, form):
        raise NotImplementedError

    def done(self, form, value):
        """The response once `save` returned `value`."""
        raise NotImplementedError

    def render(self, form, status=200, **context):
        context = self.get_context_data(form=form, **context)
        return render(self.request, self.template_name, context, status=status)

    def get(self, request, *args, **kwargs):
        return self.render(self.get_form())

    def post(self, request, *args, **kwargs):
        form = self.get_form(request.POST)
        if not form.is_valid():
            return self.render(form, status=self.invalid_status)
        attempt = save_whole(lambda: self.save(form), form=form, what=self.what)
        if not attempt.saved:  # the form comes back with what was typed and why
            return self.render(form, status=attempt.status)
        return self.done(form, attempt.value)


class EditView(FormPage):
    """Edit one versioned thing with the app's form; every save is the one version-checked
    save of its declaration (`versions.register`)."""

    model = None  # a registered model
    form_class = None  # a ModelForm with `StartingVersion`
    context_object_name = "object"
    reason = "Edited"  # the version's change reason
    validate = False  # check a merged result with the model's own rules

    @property
    def entry(self):
        return entry_for(self.model)

    def dispatch(self, request, *args, **kwargs):
        self.object = self.get_object()
        return super().dispatch(request, *args, **kwargs)

    def get_object(self):
        """The thing as the declaration finds it; a 404 to anyone who may not read it."""
        obj = self.entry.find(self.request.user, **self.kwargs)
        if not self.entry.may_read(self.request.user, obj):
            raise Http404("No such page.")
        return obj

    def get_form_kwargs(self) -> dict:
        return {"instance": self.object}

    def get_context_data(self, **context) -> dict:
        return {self.context_object_name: self.object, **context}

    def get_success_url(self, form) -> str:
        return self.entry.url(self.object)

    def get_message(self, form) -> str:
        return self.message

    def save(self, form) -> Outcome:
        cleaned = form.cleaned_data
        return save_edit(
            self.entry,
            self.object.pk,
            cleaned,
            cleaned.get("base_version"),
            self.reason,
            validate=self.validate,
        )

    def get_anchor(self) -> str | None:
        """The id of the part of the page a save goes back to, where "Saved." is said beside
        it (the page comes back scrolled there); None: the page itself, said at the top."""
        return None

    def saved(self, form, outcome: Outcome):
        """After a save (or a merge, or nothing to save): say so, and go where it is read."""
        said, anchor = saved_message(self.get_message(form), outcome), self.get_anchor()
        messages.success(self.request, said, extra_tags=beside(anchor) if anchor else "")
        url = self.get_success_url(form)
        return redirect(f"{url}#{anchor}" if anchor else url)

    def done(self, form, outcome: Outcome):
        if not outcome.conflicts:
            return self.saved(form, outcome)
        # Both edits changed the same thing: nothing is saved, and the form comes back with
        # both sides, now based on the version saved meanwhile.
        self.object = type(self.object).objects.get(pk=self.object.pk)
        form = self.get_form(resubmitted(self.request.POST, outcome))
        return self.render(form, status=409, conflicts=outcome.conflicts)


class CreateView(FormPage):
    """Add a new versioned thing with the app's form: its first version says `reason`, and
    the writer is told `message`.

    The counterpart of `EditView` for the first version; an app overrides how the form is
    made (`get_form_kwargs`), what the new row needs before it is saved (`fill`), and where
    the writer goes next (`get_success_url`)."""

    reason = "Created"  # the first version's change reason
    what = "a new entry"

    def fill(self, obj, form) -> None:
        """Set what the form does not (who wrote it, its place among its siblings)."""

    def save(self, form):
        obj = form.save(commit=False)
        obj._change_reason = self.reason
        self.fill(obj, form)
        obj.save()
        form.save_m2m()
        return obj

    def get_success_url(self, obj) -> str:
        return obj.get_absolute_url()

    def done(self, form, obj):
        messages.success(self.request, self.message)
        return redirect(self.get_success_url(obj))
