"""The guided picker: a reader's taps, and editors' changes to its choices (their history
pages are the versions app's: toolkit/versioned.py)."""

from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET

from articles.permissions import editor_required, is_editor
from pagecache.pages import cache_for_readers
from versions.editing import CreateView, EditView

from .forms import PickerChoiceForm
from .models import PickerChoice
from .picker import read_tree


@cache_for_readers
@require_GET
def picker_start(request):
    tree = read_tree()
    return render(
        request,
        "toolkit/picker_start.html",
        {"roots": tree.roots, "may_edit": is_editor(request.user)},
    )


@cache_for_readers
@require_GET
def picker(request, key):
    node = read_tree().by_key.get(key)
    if node is None:
        raise Http404("No such choice in the picker.")
    if node.is_last:
        if node.target_url is None:
            raise Http404("This choice leads nowhere yet.")
        return redirect(node.target_url)
    return render(request, "toolkit/picker.html", {"node": node})


@editor_required
@require_GET
def edit_list(request):
    tree = read_tree()
    rows = []

    def walk(nodes, depth):
        for node in nodes:
            rows.append((node, depth))
            walk(node.children, depth + 1)

    walk(tree.roots, 0)
    return render(request, "toolkit/picker_edit_list.html", {"rows": rows})


class PickerChoiceAdd(CreateView):
    """Add a choice to the picker, under the one whose "add a choice here" was followed."""

    form_class = PickerChoiceForm
    template_name = "toolkit/picker_form.html"
    message = _("Choice added to the picker.")
    invalid_status = 400
    what = "a picker choice"

    def get_form_kwargs(self):
        return {"initial": {"parent": self.request.GET.get("parent")}}

    def get_success_url(self, obj):
        return reverse("toolkit:picker-edit-list")


add = editor_required(PickerChoiceAdd.as_view())


class PickerChoiceEdit(EditView):
    """Change a choice of the picker; its key, the address printed links use, stays."""

    model = PickerChoice
    form_class = PickerChoiceForm
    template_name = "toolkit/picker_form.html"
    context_object_name = "choice"
    validate = True  # two choices may not merge into one that points nowhere
    invalid_status = 400
    what = "a picker choice"


edit = editor_required(PickerChoiceEdit.as_view())
