"""The cache keys of a text's changes through time and readings are memoised: an edited text,
or a new dated change of the League's rules, gets a new key (so its next view reads it
afresh), and a key is the hash it always was (results kept before are still found)."""

import hashlib
import json

from rulings import over_time

TEXT = "Feature: Calling\n  Scenario: a discard\n    Given the wall\n"


def _as_before(kind, text, signature):
    payload = json.dumps(
        [kind, text, over_time.ENGINE_VERSION, signature, over_time.FORMAT], ensure_ascii=False
    )
    return f"{kind}:" + hashlib.sha256(payload.encode("utf-8", "replace")).hexdigest()


def test_a_texts_keys_are_the_hashes_they_were_before_they_were_memoised():
    signature = over_time.eras_signature()
    for kind in ("ruling-changes", "reading-differences"):
        assert over_time._keys(kind, [TEXT], signature) == [_as_before(kind, TEXT, signature)]


def test_an_edited_text_gets_a_new_key():
    signature = over_time.readings_signature()
    before = over_time._keys("reading-differences", [TEXT], signature)
    after = over_time._keys("reading-differences", [TEXT + "# edit\n"], signature)
    assert before != after


def test_a_new_dated_change_gives_every_text_a_new_key():
    signature = over_time.eras_signature()
    changed = [*signature, ["2030-01-01", [], [["an-option", "A bulletin"]]]]
    assert over_time._keys("ruling-changes", [TEXT], signature) != over_time._keys(
        "ruling-changes", [TEXT], changed
    )
