"""How an appeal's page names a director (full name, else username; or that they left) and
the head TD's decision, in the reader's language."""

from django import template
from django.utils.translation import gettext as _

from appeals import words

register = template.Library()


@register.filter
def director_name(user) -> str:
    if user is None:
        return _("someone since removed")
    return user.get_full_name() or user.get_username()


@register.filter
def decision_words(appeal) -> str:
    return words.decision_words(appeal)
