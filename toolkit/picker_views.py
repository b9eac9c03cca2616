"""The guided picker: a reader's taps, and editors' changes to its choices (with history)."""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods

from articles.permissions import editor_required, is_editor
from pagecache.pages import cache_for_readers
from tournaments.saving import saved_message
from versions.failures import save_whole
from versions.saving import latest_version, restore
from versions.timeline import chosen_pair

from . import history, saving
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


@editor_required
@require_http_methods(["GET", "POST"])
def add(request):
    form = PickerChoiceForm(request.POST or None, initial={"parent": request.GET.get("parent")})
    status = 200
    if request.method == "POST" and form.is_valid():

        def create_it():
            choice = form.save(commit=False)
            choice._change_reason = "Created"
            choice.save()
            return choice

        attempt = save_whole(create_it, form=form, what="a picker choice")
        if attempt.saved:
            messages.success(request, "Choice added to the picker.")
            return redirect("toolkit:picker-edit-list")
        status = attempt.status
    elif request.method == "POST":
        status = 400
    return render(request, "toolkit/picker_form.html", {"form": form}, status=status)


@editor_required
@require_http_methods(["GET", "POST"])
def edit(request, key):
    choice = get_object_or_404(PickerChoice, key=key)
    form = PickerChoiceForm(request.POST or None, instance=choice)
    context, status = {}, 200
    if request.method == "POST" and form.is_valid():
        attempt = save_whole(
            lambda: saving.save_picker_choice(
                choice, form.cleaned_data, form.cleaned_data.get("base_version")
            ),
            form=form,
            what="a picker choice",
        )
        outcome = attempt.value
        if not attempt.saved:
            status = attempt.status
        elif not outcome.conflicts:
            messages.success(request, saved_message("Saved.", outcome))
            return redirect("toolkit:picker-edit-list")
        else:
            choice = PickerChoice.objects.get(pk=choice.pk)
            form = PickerChoiceForm(saving.resubmitted(request.POST, outcome), instance=choice)
            context, status = {"conflicts": outcome.conflicts}, 409
    elif request.method == "POST":
        status = 400
    return render(
        request,
        "toolkit/picker_form.html",
        {"form": form, "choice": choice, **context},
        status=status,
    )


def _history_context(choice, **extra):
    return {
        "label": f"Picker choice “{choice.label}”",
        "page_url": reverse("toolkit:picker-edit-list"),
        "history_url": reverse("toolkit:picker-history", args=[choice.key]),
        "compare_url": reverse("toolkit:picker-compare", args=[choice.key]),
        "edit_url": reverse("toolkit:picker-edit", args=[choice.key]),
        "may_restore": True,
        **extra,
    }


def _restore_url(choice):
    return lambda number: reverse("toolkit:picker-restore", args=[choice.key, number])


@editor_required
@require_GET
def choice_history(request, key):
    choice = get_object_or_404(PickerChoice, key=key)
    versions = history.versions(history.records(choice), _restore_url(choice))
    return render(
        request, "history/history.html", _history_context(choice, versions=versions[::-1])
    )


@editor_required
@require_GET
def choice_compare(request, key):
    choice = get_object_or_404(PickerChoice, key=key)
    rows = history.records(choice)
    pair = chosen_pair(request.GET, len(rows))
    if pair is None:
        messages.error(request, "Choose two versions to compare.")
        return redirect("toolkit:picker-history", choice.key)
    a, b = pair
    versions = history.versions(rows, _restore_url(choice))
    parts = history.parts_between(saving.PICKER_CHOICE, rows[a - 1], rows[b - 1])
    context = _history_context(choice, older=versions[a - 1], newer=versions[b - 1], parts=parts)
    return render(request, "history/compare.html", context)


@editor_required
@require_http_methods(["GET", "POST"])
def choice_restore(request, key, number):
    choice = get_object_or_404(PickerChoice, key=key)
    rows = history.records(choice)
    if not 0 < number <= len(rows):
        raise Http404("No such version of this choice.")
    stale = False
    if request.method == "POST":
        base = latest_version(choice) if request.POST.get("latest") == str(len(rows)) else None
        restored = save_whole(
            lambda: restore(saving.PICKER_CHOICE, choice.pk, rows[number - 1], base),
            what="restoring a picker choice",
        )
        if restored.saved and restored.value is not None:
            messages.success(request, f"Version {number} was restored as a new version.")
            return redirect("toolkit:picker-history", choice.key)
        stale = True
    versions = history.versions(rows, _restore_url(choice))
    context = _history_context(
        choice,
        version=versions[number - 1],
        parts=history.parts_between(saving.PICKER_CHOICE, choice, rows[number - 1]),
        latest=len(rows),
        stale=stale,
    )
    return render(request, "history/restore.html", context, status=409 if stale else 200)
