"""A tournament director adds a house rule on a phone: every engine option's label fits the
dropdown, and the form fits the screen."""

import pytest
from django.contrib.auth.models import Group, User
from django.test import Client

from rulings.models import Tournament

pytestmark = pytest.mark.browser

# The width the chosen label's text needs, against the room the closed dropdown gives it.
LABEL_FITS = """select => {
    const style = getComputedStyle(select);
    const context = document.createElement("canvas").getContext("2d");
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = select.clientWidth - parseFloat(style.paddingLeft)
        - parseFloat(style.paddingRight) - 20;  // the arrow
    return [...select.options]
        .map(o => [o.text, Math.ceil(context.measureText(o.text).width), room])
        .filter(([, needed, room]) => needed > room);
}"""


def test_on_a_phone_each_engine_option_label_fits_the_house_rule_dropdown(
    phone_page, seeded_server
):
    director = User.objects.create_user("harbour-td", password="pw-for-tests")
    director.groups.add(Group.objects.get_or_create(name="Tournament directors")[0])
    Tournament.objects.get(slug="harbour-lights-open-2027").directors.add(director)
    client = Client()
    client.force_login(director)
    phone_page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": seeded_server}]
    )
    phone_page.goto(seeded_server + "/tournaments/harbour-lights-open-2027/rules/new/")
    select = phone_page.get_by_label("Engine option")
    assert select.locator("option").count() == 5  # plain text and the four NMJL options
    assert select.evaluate(LABEL_FITS) == []
    overflow = phone_page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0
