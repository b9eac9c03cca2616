"""How an appeal's page names a director: full name, else username; or that they left."""

from django import template

register = template.Library()


@register.filter
def director_name(user) -> str:
    if user is None:
        return "someone since removed"
    return user.get_full_name() or user.get_username()
