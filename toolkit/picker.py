"""The guided picker as a tree: read in one query, walked in memory.

The whole tree is a few hundred rows, so every picker page reads it once and walks it here:
the path to a choice (the taps so far), its choices, and where a last choice leads.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from articles.translated import translate_wholes

from .models import PickerChoice


@dataclass
class Node:
    choice: PickerChoice
    children: list[Node] = field(default_factory=list)
    parent: Node | None = None

    @property
    def is_last(self) -> bool:
        return not self.children

    @property
    def target_url(self) -> str | None:
        """Where a last choice lands: its ruling's page; for a broad choice, the answer on
        its article, or the article's short ruling."""
        choice = self.choice
        if choice.ruling_id:
            return choice.ruling.get_absolute_url()
        if choice.answer_id and choice.article_id:
            return f"{choice.article.get_absolute_url()}#question-{choice.answer_id}"
        if choice.article_id:
            return f"{choice.article.get_absolute_url()}#ruling-title"
        return None

    @property
    def path(self) -> list[Node]:
        """The taps that lead here, first tap first."""
        nodes, node = [], self
        while node is not None:
            nodes.append(node)
            node = node.parent
        return nodes[::-1]


@dataclass
class Tree:
    roots: list[Node]
    by_key: dict[str, Node]

    def depth_to(self, node: Node) -> int:
        """Taps from the picker's first page to land where this choice leads."""
        return len(node.path)

    def leaves(self) -> list[Node]:
        return [node for node in self.by_key.values() if node.is_last]


def read_tree() -> Tree:
    choices = PickerChoice.objects.select_related("article", "ruling").order_by(
        "position", "label", "pk"
    )
    nodes = {choice.pk: Node(choice) for choice in choices}
    roots = []
    for node in nodes.values():
        parent = nodes.get(node.choice.parent_id)
        if parent is None:
            roots.append(node)
        else:
            node.parent = parent
            parent.children.append(node)
    tree = Tree(roots, {node.choice.key: node for node in nodes.values()})
    # A reader of another language: each choice's label and question in it where translated.
    translate_wholes([node.choice for node in nodes.values()], ("label", "next_question"))
    return tree
