"""What the scenario language tells an author, in each language a text may be written in.

Every message the parser and runner write about a text (one it cannot read, a step that
matches no phrase, a table that does not fit) is a line of ``MESSAGES``, in English and in
Dutch, with the same ``{placeholders}``; `say` picks the text's language. A language with no
table of its own is told in English. The step functions' own sentences (why a check did
not hold) stay English: they describe the engine's table.

    >>> say("en", "no_feature")
    'There is no “Feature:” line: a scenario text starts with one.'
    >>> say("nl", "no_steps", name="Roepen")
    'Het scenario “Roepen” heeft geen stappen, dus het controleert niets.'
    >>> say("fr", "no_scenarios")
    'The feature has no scenarios to check.'

Pure Python: nothing here may import Django.
"""

from __future__ import annotations

from typing import Final

from .languages import DUTCH, ENGLISH, known

_NEVER_RUNS_EN: Final = "so this line is read as description text and never runs"
_NEVER_RUNS_NL: Final = "dus deze regel wordt als beschrijving gelezen en nooit uitgevoerd"

MESSAGES: Final[dict[str, dict[str, str]]] = {
    ENGLISH: {
        # parsing: the text as a whole
        "not_text": "The scenario text is not text.",
        "too_long": (
            "The text is too long to check ({chars} characters; the limit is {limit}). "
            "Split it into several scenario texts."
        ),
        "too_many_steps": (
            "The text has {size} steps to run; the limit is {limit}. (An outline's steps "
            "count once for each Examples row, a Background's once, and each row of a step's "
            "table as a step.) Split it into several scenario texts."
        ),
        "too_many_chars": (
            "The scenarios would run {chars} characters of names and steps (an outline "
            "repeats its name and steps for each Examples row); the limit is {limit}. "
            "Shorten them, or split the text into several."
        ),
        "too_many_tags": (
            "The scenarios carry {tags} tags in all (each scenario has its own and those of "
            "its Feature, Rule and Examples); the limit is {limit}. Use fewer tags, or split "
            "the text into several."
        ),
        "no_feature": "There is no “Feature:” line: a scenario text starts with one.",
        "no_scenarios": "The feature has no scenarios to check.",
        "no_steps": "The scenario “{name}” has no steps, so it checks nothing.",
        "no_name": "(no name)",
        "outline_no_examples": "The outline “{name}” has no Examples table, so it runs nothing.",
        "examples_no_rows": (
            "The Examples of “{name}” have no rows, so the outline runs nothing for them: add "
            "a header row and at least one row of values."
        ),
        "unknown_placeholder": (
            "The placeholder {placeholder} is not a column of the Examples table (its "
            "columns: {columns})."
        ),
        "no_columns": "none",
        # parsing: lines that look like keywords
        "not_block_keyword": (
            f"“{{head}}:” is not a Gherkin keyword, {_NEVER_RUNS_EN}. Did you mean “{{keyword}}:”?"
        ),
        "no_colon": (
            f"“{{line}}” has no colon after “{{keyword}}”, {_NEVER_RUNS_EN} (nor do the steps "
            "after it). Write “{keyword}:”."
        ),
        "step_outside_scenario": (
            "“{line}” is read as description text, not as a step: steps belong under a "
            "“Scenario:” or “Background:” line."
        ),
        "not_step_keyword": (
            f"“{{first}}” is not a Gherkin keyword, {_NEVER_RUNS_EN}. Did you mean “{{keyword}}”?"
        ),
        # parsing: what Gherkin cannot read
        "unknown_language": (
            "The language “{language}” is not one Gherkin knows; remove the language line."
        ),
        "ends_before_feature": (
            "The text ends before its “Feature:” line: tags must be followed by one."
        ),
        "doc_string_open": 'A doc string (""") is opened but never closed.',
        "ends_early": "The text ends too early: expected {expected}.",
        "second_feature": (
            "A second “Feature:” line: a scenario text holds exactly one Feature. Put this "
            "one in a text of its own."
        ),
        "not_keyword_meant": (
            "“{first}” is not a Gherkin keyword. Did you mean “{keyword}”? This line reads: "
            "“{line}”."
        ),
        "row_not_closed": "This table row is not closed with “|”: “{line}”.",
        "not_understood": (
            "“{line}” is not understood here: expected {expected}. Does the line start with "
            "the right keyword?"
        ),
        "cell_count": "This table row has a different number of cells from the rows above it.",
        "tag_spaces": "A tag may not contain spaces: write @one-word tags, separated by spaces.",
        "cannot_read_here": "The text cannot be read here: {reason}.",
        "cannot_read": "The text cannot be read: {reason}.",
        "something_else": "something else",
        # running: steps
        "no_phrase": "No phrase matches “{text}”.",
        "no_table_phrase": "No {table} phrase matches “{text}”.",
        "other_table": " It is a {tables} phrase: write it as a {tables} step.",
        "nearest": " Nearest known phrases: {phrases}.",
        "nearest_limit": (
            " (Nearest phrases are shown for the first {count} unknown steps of a text; the "
            "step reference lists them all.)"
        ),
        "other_language": (" It is written in {other}, but this text is in {language}: {hint}"),
        "untranslated": (
            " It is a phrase in {other}, which has no form in {language} yet: write this check "
            "in {other}."
        ),
        "not_run_undefined": "Not run, and it also matches no phrase: {message}",
        "ambiguous": (
            "“{text}” matches more than one phrase ({phrases}), so it was not run. Reword it "
            "so that it matches exactly one."
        ),
        "no_doc_string": 'This step does not take a doc string (""" … """).',
        "no_table": "This step does not take a table; remove the rows under it.",
        "needs_table": "This step needs a table under it, with the columns | {columns} |.",
        "table_header": (
            "The table's first row must name the columns | {columns} |; it reads | {header} |."
        ),
        "table_only_header": "The table has only its header row; add a row under | {columns} |.",
        "not_a_seat": '"{text}" is not a seat: write East, South, West or North.',
        "not_a_call": (
            '"{text}" is not a call: write exposure or Mah Jongg (NMJL), tjok, poeng, kong '
            "or straight (Matjok)."
        ),
        "late": (
            "Not checked: checking this text took longer than the {seconds} seconds allowed, "
            "so it stopped before {what}. Split the text into smaller ones, or check it "
            "again later."
        ),
        "late_scenario": "this scenario",
        "late_end": "the end of this scenario",
        # running under a tournament's house rules
        "differs": "Under these house rules the scenario rules differently.",
        "differs_step": "line {line} “{step}”",
        "differs_verdict": (
            "Under these house rules {step} is {verdict}; under League rules it is {league}."
        ),
        "differs_check": "Under these house rules {step} does not hold: {message}",
        "differs_rule": (
            "Under these house rules {step} is decided by {rule} ({article}), not {league}."
        ),
        "verdict:allowed": "allowed",
        "verdict:refused": "refused",
        "verdict:None": "not judged",
        # language names, for "other_language"
        "language:en": "English",
        "language:nl": "Dutch",
        "hint:en": (
            "write “{example}”, or start the text with the line “# language: nl” to write "
            "it in Dutch."
        ),
        "hint:nl": "write it in Dutch, as “{example}”, or remove the line “# language: nl”.",
    },
    DUTCH: {
        "not_text": "De scenariotekst is geen tekst.",
        "too_long": (
            "De tekst is te lang om te controleren ({chars} tekens; de grens is {limit}). "
            "Verdeel hem over meer scenarioteksten."
        ),
        "too_many_steps": (
            "De tekst heeft {size} stappen om uit te voeren; de grens is {limit}. (De stappen "
            "van een abstract scenario tellen één keer per rij van de Voorbeelden, die van een "
            "Achtergrond één keer, en elke rij van de tabel van een stap als een stap.) "
            "Verdeel hem over meer scenarioteksten."
        ),
        "too_many_chars": (
            "De scenario's zouden {chars} tekens aan namen en stappen uitvoeren (een abstract "
            "scenario herhaalt zijn naam en stappen voor elke rij van de Voorbeelden); de grens "
            "is {limit}. Maak ze korter, of verdeel de tekst over meer teksten."
        ),
        "too_many_tags": (
            "De scenario's hebben samen {tags} tags (elk scenario heeft zijn eigen tags en die "
            "van zijn Functionaliteit, Regel en Voorbeelden); de grens is {limit}. Gebruik "
            "minder tags, of verdeel de tekst over meer teksten."
        ),
        "no_feature": ("Er is geen “Functionaliteit:”-regel: een scenariotekst begint met een."),
        "no_scenarios": "De functionaliteit heeft geen scenario's om te controleren.",
        "no_steps": "Het scenario “{name}” heeft geen stappen, dus het controleert niets.",
        "no_name": "(zonder naam)",
        "outline_no_examples": (
            "Het abstracte scenario “{name}” heeft geen Voorbeelden-tabel, dus het voert niets uit."
        ),
        "examples_no_rows": (
            "De Voorbeelden van “{name}” hebben geen rijen, dus het abstracte scenario voert "
            "voor hen niets uit: voeg een kopregel en minstens één rij met waarden toe."
        ),
        "unknown_placeholder": (
            "De plaatshouder {placeholder} is geen kolom van de Voorbeelden-tabel (de kolommen: "
            "{columns})."
        ),
        "no_columns": "geen",
        "not_block_keyword": (
            f"“{{head}}:” is geen Gherkin-sleutelwoord, {_NEVER_RUNS_NL}. Bedoelde je "
            "“{keyword}:”?"
        ),
        "no_colon": (
            f"“{{line}}” heeft geen dubbele punt na “{{keyword}}”, {_NEVER_RUNS_NL} (net als "
            "de stappen erna). Schrijf “{keyword}:”."
        ),
        "step_outside_scenario": (
            "“{line}” wordt als beschrijving gelezen, niet als stap: stappen horen onder een "
            "“Scenario:”- of “Achtergrond:”-regel."
        ),
        "not_step_keyword": (
            f"“{{first}}” is geen Gherkin-sleutelwoord, {_NEVER_RUNS_NL}. Bedoelde je "
            "“{keyword}”?"
        ),
        "unknown_language": ("De taal “{language}” kent Gherkin niet; haal de taalregel weg."),
        "ends_before_feature": (
            "De tekst houdt op voor zijn “Functionaliteit:”-regel: na tags moet er een komen."
        ),
        "doc_string_open": 'Een docstring (""") wordt geopend maar nooit gesloten.',
        "ends_early": "De tekst houdt te vroeg op: verwacht werd {expected}.",
        "second_feature": (
            "Een tweede “Functionaliteit:”-regel: een scenariotekst bevat precies één "
            "Functionaliteit. Zet deze in een eigen tekst."
        ),
        "not_keyword_meant": (
            "“{first}” is geen Gherkin-sleutelwoord. Bedoelde je “{keyword}”? Deze regel luidt: "
            "“{line}”."
        ),
        "row_not_closed": "Deze tabelrij is niet afgesloten met “|”: “{line}”.",
        "not_understood": (
            "“{line}” wordt hier niet begrepen: verwacht werd {expected}. Begint de regel met "
            "het juiste sleutelwoord?"
        ),
        "cell_count": "Deze tabelrij heeft een ander aantal cellen dan de rijen erboven.",
        "tag_spaces": (
            "Een tag mag geen spaties bevatten: schrijf tags van één woord (@…), gescheiden "
            "door spaties."
        ),
        "cannot_read_here": "De tekst is hier niet te lezen: {reason}.",
        "cannot_read": "De tekst is niet te lezen: {reason}.",
        "something_else": "iets anders",
        "no_phrase": "Geen enkele zin past bij “{text}”.",
        "no_table_phrase": "Geen enkele {table}-zin past bij “{text}”.",
        "other_table": " Het is een {tables}-zin: schrijf hem als {tables}-stap.",
        "nearest": " Bekende zinnen die erop lijken: {phrases}.",
        "nearest_limit": (
            " (Zinnen die erop lijken worden getoond voor de eerste {count} onbekende stappen "
            "van een tekst; het overzicht van de stappen noemt ze allemaal.)"
        ),
        "other_language": " Hij is in het {other}, maar deze tekst is in het {language}: {hint}",
        "untranslated": (
            " Het is een zin in het {other}, die nog geen vorm heeft in het {language}: "
            "schrijf deze controle in het {other}."
        ),
        "not_run_undefined": "Niet uitgevoerd, en hij past ook bij geen enkele zin: {message}",
        "ambiguous": (
            "“{text}” past bij meer dan één zin ({phrases}), dus hij is niet uitgevoerd. "
            "Formuleer hem zo dat hij bij precies één zin past."
        ),
        "no_doc_string": 'Deze stap neemt geen docstring (""" … """).',
        "no_table": "Deze stap neemt geen tabel; haal de rijen eronder weg.",
        "needs_table": "Deze stap heeft een tabel eronder nodig, met de kolommen | {columns} |.",
        "table_header": (
            "De eerste rij van de tabel moet de kolommen | {columns} | noemen; er staat "
            "| {header} |."
        ),
        "table_only_header": (
            "De tabel heeft alleen een kopregel; voeg een rij toe onder | {columns} |."
        ),
        "not_a_seat": '"{text}" is geen plaats: schrijf Oost, Zuid, West of Noord.',
        "not_a_call": (
            '"{text}" is geen claim: schrijf open combinatie of Mah Jongg (NMJL), tjok, poeng, '
            "kong of straat (Matjok)."
        ),
        "late": (
            "Niet gecontroleerd: het controleren van deze tekst duurde langer dan de toegestane "
            "{seconds} seconden, dus het stopte voor {what}. Verdeel de tekst over kleinere, of "
            "controleer hem later opnieuw."
        ),
        "late_scenario": "dit scenario",
        "late_end": "het einde van dit scenario",
        "differs": "Onder deze huisregels komt het scenario anders uit.",
        "differs_step": "regel {line} “{step}”",
        "differs_verdict": (
            "Onder deze huisregels is {step} {verdict}; onder de regels van de League is het "
            "{league}."
        ),
        "differs_check": "Onder deze huisregels klopt {step} niet: {message}",
        "differs_rule": (
            "Onder deze huisregels beslist {rule} ({article}) over {step}, niet {league}."
        ),
        "verdict:allowed": "toegestaan",
        "verdict:refused": "niet toegestaan",
        "verdict:None": "niet beoordeeld",
        "language:en": "Engels",
        "language:nl": "Nederlands",
        "hint:en": (
            "schrijf “{example}”, of begin de tekst met de regel “# language: nl” om hem in "
            "het Nederlands te schrijven."
        ),
        "hint:nl": "schrijf hem in het Nederlands, als “{example}”, of haal de regel "
        "“# language: nl” weg.",
    },
}

# What each token the parser expected means, for a reader who does not know Gherkin's names.
TOKEN_NAMES: Final[dict[str, dict[str, str]]] = {
    ENGLISH: {
        "#EOF": "the end of the text",
        "#Language": "a language comment",
        "#TagLine": "a tag (@…)",
        "#FeatureLine": "a “Feature:” line",
        "#RuleLine": "a “Rule:” line",
        "#BackgroundLine": "a “Background:” line",
        "#ScenarioLine": "a “Scenario:” line",
        "#ExamplesLine": "an “Examples:” line",
        "#StepLine": "a step (Given, When, Then, And or But)",
        "#DocStringSeparator": 'the closing """ of a doc string',
        "#TableRow": "a table row (| … |)",
        "#Comment": "a comment (# …)",
        "#Empty": "an empty line",
        "#Other": "more text",
    },
    DUTCH: {
        "#EOF": "het einde van de tekst",
        "#Language": "een taalregel",
        "#TagLine": "een tag (@…)",
        "#FeatureLine": "een “Functionaliteit:”-regel",
        "#RuleLine": "een “Regel:”-regel",
        "#BackgroundLine": "een “Achtergrond:”-regel",
        "#ScenarioLine": "een “Scenario:”-regel",
        "#ExamplesLine": "een “Voorbeelden:”-regel",
        "#StepLine": "een stap (Gegeven, Als, Dan, En of Maar)",
        "#DocStringSeparator": 'de afsluitende """ van een docstring',
        "#TableRow": "een tabelrij (| … |)",
        "#Comment": "een commentaarregel (# …)",
        "#Empty": "een lege regel",
        "#Other": "meer tekst",
    },
}


def say(language: str, key: str, /, **values: object) -> str:
    """The message `key` in the language (English for one without messages), filled in."""
    return MESSAGES[known(language)][key].format(**values)


def token_names(language: str) -> dict[str, str]:
    """Gherkin's token names → what they mean, in the language."""
    return TOKEN_NAMES[known(language)]
