"""The article page's Discussion line (the `article_sections` hook): the talk page with its
count of open threads, and for signed-in users the star to watch the article.

The count is the same for everyone, so the page stays cacheable for readers (a talk save
makes cached pages stale); the star is drawn only for signed-in users, who are never
served from the cache.
"""

from articles.sections import Section

from .talk import open_thread_count


def sections(page):
    article = page.article
    data = {
        "kind": "article",
        "key": article.key,
        "open_threads": open_thread_count(article=article),
    }
    return [Section("community/_talk_line.html", data)]
