"""The translators' pages: what is outdated, and a unit's translation (its edit page is the
one edit view; history, compare and restore are the versions app's, versioned.py)."""

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from versions.editing import CreateView, EditView

from .forms import TranslationForm
from .models import SourceUnit, Translation
from .reading import outdated
from .registry import may_translate
from .versioned import label, source_of

LANGUAGES = ("nl",)


def translators_only(view):
    """Anonymous visitors sign in; anyone but a translator is refused (403)."""

    def wrapper(request, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not may_translate(request.user):
            raise PermissionDenied("Translating needs the Editors group.")
        return view(request, *args, **kwargs)

    wrapper.__name__ = view.__name__
    wrapper.__doc__ = view.__doc__
    return wrapper


@translators_only
def outdated_list(request):
    """Every translation whose English changed since, with the English before and after."""
    rows = [
        {"translation": row, "label": label(row), "source": source_of(row.unit)}
        for row in outdated("nl")
    ]
    return render(request, "translations/outdated.html", {"rows": rows})


class TranslationEdit(EditView):
    model = Translation
    form_class = TranslationForm
    template_name = "translations/edit.html"
    context_object_name = "translation"
    message = _("Translation saved.")
    invalid_status = 400
    what = "a translation"

    def get_form(self, data=None):
        return self.form_class(data, unit=self.object.unit, **self.get_form_kwargs())

    def get_context_data(self, **context):
        return {"unit": self.object.unit, **super().get_context_data(**context)}


class TranslationAdd(CreateView):
    form_class = TranslationForm
    template_name = "translations/edit.html"
    message = _("Translation saved.")
    invalid_status = 400
    what = "a translation"
    reason = "Translated"

    def dispatch(self, request, *args, **kwargs):
        self.unit = get_object_or_404(SourceUnit, pk=kwargs["unit"], position__isnull=False)
        if kwargs["language"] not in LANGUAGES:
            raise Http404("Not a language the site is translated into.")
        found = Translation.objects.filter(unit=self.unit, language=kwargs["language"]).first()
        if found is not None:
            return redirect("translations:translation-edit", found.pk)
        return super().dispatch(request, *args, **kwargs)

    def get_form(self, data=None):
        return self.form_class(data, unit=self.unit)

    def get_context_data(self, **context):
        return {"unit": self.unit, **context}

    def fill(self, obj, form):
        obj.unit, obj.language = self.unit, self.kwargs["language"]

    def get_success_url(self, obj):
        return reverse("translations:translation-edit", args=[obj.pk])


edit = translators_only(TranslationEdit.as_view())
add = translators_only(TranslationAdd.as_view())
