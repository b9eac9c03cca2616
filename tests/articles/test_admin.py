"""The Django admin edits every content model and shows its history."""

import io

from django.contrib.auth import get_user_model
from django.test import TestCase
from django.urls import reverse

from articles import content
from articles.models import Article, Citation, Commentary, Question, RuleSet, Source, Term

from .conftest import FIXTURES

MODELS = [RuleSet, Article, Commentary, Source, Question, Citation, Term]


class AdminTests(TestCase):
    @classmethod
    def setUpTestData(cls):
        content.import_content(FIXTURES, stdout=io.StringIO())
        cls.user = get_user_model().objects.create_superuser("editor", "e@example.org", "x")

    def setUp(self):
        self.client.force_login(self.user)

    def admin_url(self, model, view, *args):
        meta = model._meta
        return reverse(f"admin:{meta.app_label}_{meta.model_name}_{view}", args=args)

    def test_every_content_model_has_a_list_an_add_and_a_change_page(self):
        for model in MODELS:
            obj = model.objects.first()
            for url in (
                self.admin_url(model, "changelist"),
                self.admin_url(model, "add"),
                self.admin_url(model, "change", obj.pk),
            ):
                with self.subTest(url=url):
                    assert self.client.get(url).status_code == 200

    def test_every_content_model_shows_its_history_in_the_admin(self):
        for model in MODELS:
            obj = model.objects.first()
            with self.subTest(model=model.__name__):
                response = self.client.get(self.admin_url(model, "history", obj.pk))
                assert response.status_code == 200
                assert b"Created" in response.content

    def test_an_article_edited_in_the_admin_is_rendered_and_kept_in_history(self):
        article = Article.objects.get(key="nmjl-205")
        url = self.admin_url(Article, "change", article.pk)
        page = self.client.get(url)
        form = page.context["adminform"].form
        data = {name: form[name].value() for name in form.fields}
        data = {name: value for name, value in data.items() if value is not None}
        data.update({"body": "Now with **bold** text.", "related_articles": []})
        for inline in page.context["inline_admin_formsets"]:
            prefix = inline.formset.prefix
            data.update({f"{prefix}-TOTAL_FORMS": 0, f"{prefix}-INITIAL_FORMS": 0})
        response = self.client.post(url, data)
        assert response.status_code == 302
        article.refresh_from_db()
        assert "<strong>bold</strong>" in article.body_html
        assert article.history.count() == 2
        assert Commentary.objects.filter(article=article).count() == 5  # inlines untouched

    def test_the_admin_refuses_an_article_keyed_new_or_numbered_with_other_than_digits(self):
        article = Article.objects.get(key="nmjl-205")
        url = self.admin_url(Article, "change", article.pk)
        page = self.client.get(url)
        form = page.context["adminform"].form
        data = {name: form[name].value() for name in form.fields}
        data = {name: value for name, value in data.items() if value is not None}
        data.update({"key": "new", "number": "-1 <b>", "related_articles": []})
        for inline in page.context["inline_admin_formsets"]:
            prefix = inline.formset.prefix
            data.update({f"{prefix}-TOTAL_FORMS": 0, f"{prefix}-INITIAL_FORMS": 0})
        response = self.client.post(url, data)
        assert response.status_code == 200
        errors = response.context["adminform"].form.errors
        assert "is already another page of the site" in errors["key"][0]
        assert errors["number"][0].startswith("An article number is digits only")
        article.refresh_from_db()
        assert (article.key, article.number) == ("nmjl-205", "205")
