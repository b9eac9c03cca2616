"""Tournaments and their house rules: who may do what, published versions, what they change.

- `models`: Tournament, HouseRule (the working copy), PublishedVersion, with history;
- `access`: who may see, edit, publish and start tournaments;
- `versions`: the working copy, publishing numbered versions, what changed, `options_for`,
  `checked_options`;
- `as_of`: the League rules as of a tournament's date, and where its date matters;
- `option_values`: a house rule's value as a reading's name (old on/off read as readings);
- `comparison`: every scenario check under League rules and under a tournament's rules;
- `matrix`: the article page's matrix of checks against each published tournament;
- `forms`, `views`, `urls`, `admin`: the pages; `content`: import/export of the JSON files;
- `signals`: ruling a scenario under each published tournament as soon as it is saved.

The layers point one way: views → access, comparison, matrix → versions → models, and
`rulings` (scenarios, engine) never imports this app.
"""
