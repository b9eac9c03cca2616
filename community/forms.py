"""Forms of the talk pages and the notice preferences; edits carry their starting version."""

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from languages.forms import KeepsLanguage, language_field
from versions.editing import StartingVersion

from .models import Preferences, Reply, Thread

BODY_HELP = _("Markdown. Mention someone with @username and they are told.")
MAX_BODY = 20000

DELIVERY_WORDS = [
    (Preferences.INSTANT, _("An e-mail for each notice, as it happens")),
    (Preferences.DAILY, _("One e-mail a day with the day's notices")),
    (Preferences.SITE_ONLY, _("No e-mail: only on the site")),
]


class ThreadForm(forms.Form):
    title = forms.CharField(
        label=_("Title"), max_length=200, help_text=_("What the thread is about, in a line.")
    )
    body = forms.CharField(
        label=_("Your post"),
        max_length=MAX_BODY,
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text=BODY_HELP,
    )


class ReplyForm(forms.Form):
    body = forms.CharField(
        label=_("Reply"),
        max_length=MAX_BODY,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=BODY_HELP,
    )


class ReplyEditForm(StartingVersion, forms.ModelForm):
    class Meta:
        model = Reply
        fields = ["body"]
        widgets = {"body": forms.Textarea(attrs={"rows": 8})}
        labels = {"body": _("Reply")}
        help_texts = {"body": BODY_HELP}

    def clean_body(self):
        body = self.cleaned_data["body"]
        if len(body) > MAX_BODY:
            raise forms.ValidationError(
                gettext("A reply holds at most %(n)s characters.") % {"n": MAX_BODY}
            )
        return body


class ThreadTitleForm(StartingVersion, forms.ModelForm):
    class Meta:
        model = Thread
        fields = ["title"]
        labels = {"title": _("Title")}


class PreferencesForm(KeepsLanguage, StartingVersion, forms.ModelForm):
    language = language_field(_("The language your notices and e-mails are written in."))

    class Meta:
        model = Preferences
        fields = ["delivery", "language"]
        labels = {"delivery": _("E-mail")}
        help_texts = {"delivery": _("Notices are always listed on the site as well.")}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # The choices in the reader's words (the model's stay English: no migration).
        self.fields["delivery"].widget = forms.RadioSelect(choices=DELIVERY_WORDS)
        self.fields["delivery"].choices = DELIVERY_WORDS
