"""Forms of the talk pages and the notice preferences; edits carry their starting version."""

from django import forms

from versions.editing import StartingVersion

from .models import Preferences, Reply, Thread

BODY_HELP = "Markdown. Mention someone with @username and they are told."
MAX_BODY = 20000


class ThreadForm(forms.Form):
    title = forms.CharField(max_length=200, help_text="What the thread is about, in a line.")
    body = forms.CharField(
        label="Your post",
        max_length=MAX_BODY,
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text=BODY_HELP,
    )


class ReplyForm(forms.Form):
    body = forms.CharField(
        label="Reply",
        max_length=MAX_BODY,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=BODY_HELP,
    )


class ReplyEditForm(StartingVersion, forms.ModelForm):
    class Meta:
        model = Reply
        fields = ["body"]
        widgets = {"body": forms.Textarea(attrs={"rows": 8})}
        help_texts = {"body": BODY_HELP}

    def clean_body(self):
        body = self.cleaned_data["body"]
        if len(body) > MAX_BODY:
            raise forms.ValidationError(f"A reply holds at most {MAX_BODY} characters.")
        return body


class ThreadTitleForm(StartingVersion, forms.ModelForm):
    class Meta:
        model = Thread
        fields = ["title"]


class PreferencesForm(StartingVersion, forms.ModelForm):
    class Meta:
        model = Preferences
        fields = ["delivery"]
        widgets = {"delivery": forms.RadioSelect}
        help_texts = {"delivery": "Notices are always listed on the site as well."}
