# language: nl
@article:matjok-claiming
Functionaliteit: Matjok: een afgegooide steen claimen voor poeng, kong of straat
  Voor poeng zijn twee gelijke stenen in de hand nodig, voor kong drie. Een straat mag alleen
  de volgende speler claimen, met drie opeenvolgende stenen van één kleur, nooit winden of
  draken. Na een claim legt de claimer de combinatie open, neemt de beurt over en gooit één
  steen af.
  (De Nederlandse tweeling van matjok-claiming.feature: elk scenario en elke stap komen
  overeen, en een test vergelijkt hun uitkomsten stap voor stap.)

  Achtergrond:
    Gegeven de Matjok-regels

  # Seed 002: "You may call poeng if you have 2 matching tiles in your hand and the discarded tile makes the 3rd."
  Scenario: Een speler met twee gelijke stenen mag de afgegooide steen claimen voor poeng
    Gegeven Oost heeft 4D afgegooid
    En West heeft 4D 4D in de hand
    Als West poeng claimt
    Dan is dat toegestaan
    En verwijst de uitspraak naar matjok-claiming
    En krijgt West de afgegooide steen
    En heeft West 4D 4D 4D opengelegd

  # Seed 002: "You may call poeng if you have 2 matching tiles in your hand and the discarded tile makes the 3rd."
  Scenario: Een speler met maar één gelijke steen kan geen poeng claimen
    Gegeven Oost heeft 4D afgegooid
    En West heeft 4D in de hand
    Als West poeng claimt
    Dan is dat niet toegestaan
    En verwijst de uitspraak naar matjok-claiming
    En krijgt niemand de afgegooide steen

  # Seed 002: "You may claim a discarded tile for a kong if you already have 3 matching tiles in your hand and that tile makes the 4th."
  Scenario: Een speler met drie gelijke stenen mag de afgegooide steen claimen voor kong
    Gegeven Zuid heeft 7B afgegooid
    En Oost heeft 7B 7B 7B in de hand
    Als Oost kong claimt
    Dan is dat toegestaan
    En verwijst de uitspraak naar matjok-claiming
    En heeft Oost 7B 7B 7B 7B opengelegd

  # Seed 002: "You may claim a discarded tile for a kong if you already have 3 matching tiles in your hand and that tile makes the 4th."
  Scenario: Een speler met maar twee gelijke stenen kan geen kong claimen
    Gegeven Zuid heeft 7B afgegooid
    En Oost heeft 7B 7B in de hand
    Als Oost kong claimt
    Dan is dat niet toegestaan
    En verwijst de uitspraak naar matjok-claiming
    En krijgt niemand de afgegooide steen

  # Seed 002: "A straight may only be formed by the player who would normally take the next turn."
  Scenario: De volgende speler mag de afgegooide steen claimen voor een straat
    Gegeven Oost heeft 3B afgegooid
    En Zuid heeft 2B 4B in de hand
    Als Zuid straat claimt
    Dan is dat toegestaan
    En verwijst de uitspraak naar matjok-claiming
    En heeft Zuid 2B 3B 4B opengelegd

  # Seed 002: "Other players may not interrupt to claim a discard for a straight."
  Abstract Scenario: Alleen de volgende speler mag een afgegooide steen claimen voor een straat
    Gegeven Oost heeft 3B afgegooid
    En <plaats> heeft 2B 4B in de hand
    Als <plaats> straat claimt
    Dan is dat niet toegestaan
    En verwijst de uitspraak naar matjok-claiming
    En krijgt niemand de afgegooide steen

    Voorbeelden:
      | plaats |
      | West   |
      | Noord  |

  # Seed 002: "A straight consists only of consecutive tiles within 1 number group."
  Abstract Scenario: Een straat is drie opeenvolgende stenen van één kleur
    Gegeven West heeft <afgegooid> afgegooid
    En Noord heeft <in de hand> in de hand
    Als Noord straat claimt
    Dan is dat <uitspraak>
    En verwijst de uitspraak naar matjok-claiming

    Voorbeelden:
      | afgegooid | in de hand | uitspraak       |
      | 5C        | 6C 7C      | toegestaan      |
      | 5C        | 3C 4C      | toegestaan      |
      | 5C        | 4C 6C      | toegestaan      |
      | 5C        | 4B 6C      | niet toegestaan |
      | 5C        | 6C 8C      | niet toegestaan |

  # Seed 002: "Winds and dragons can therefore never form a straight."
  Abstract Scenario: Winden en draken vormen nooit een straat
    Gegeven Oost heeft <afgegooid> afgegooid
    En Zuid heeft <in de hand> in de hand
    Als Zuid straat claimt
    Dan is dat niet toegestaan
    En verwijst de uitspraak naar matjok-claiming
    En krijgt niemand de afgegooide steen

    Voorbeelden:
      | afgegooid | in de hand |
      | S         | E W        |
      | GD        | RD WD      |

  # Seed 002: "the player then discards 1 tile, unless the claim immediately led to a win"
  Scenario: Na een claim neemt de claimer de beurt over en gooit af
    Gegeven Oost heeft 4D afgegooid
    En West heeft 4D 4D in de hand
    Als West poeng claimt
    Dan moet West afgooien
    Als West 9C afgooit
    Dan is dat toegestaan
    En heeft West 13 stenen
    En is Noord aan de beurt

  # Seed 002: "the player takes over the turn flow"
  Scenario: Een speler die door een claim wordt overgeslagen mag niet pakken
    Gegeven Oost heeft 4D afgegooid
    En West heeft 4D 4D in de hand
    Als West poeng claimt
    En Zuid een steen pakt
    Dan is dat niet toegestaan
    En is West aan de beurt

  # Seed 002: "A straight may only be formed by the player who would normally take the next turn."
  Scenario: Als niemand de afgegooide steen claimt, pakt de volgende speler
    Gegeven Oost heeft 4D afgegooid
    Als Zuid een steen pakt
    Dan is dat toegestaan
    En verwijst de uitspraak naar matjok-claiming
    En moet Zuid afgooien

  # Seed 002: "A straight may only be formed by the player who would normally take the next turn."
  Scenario: Een speler die niet de volgende is, kan niet van de muur pakken
    Gegeven Oost heeft 4D afgegooid
    Als West een steen pakt
    Dan is dat niet toegestaan
    En verwijst de uitspraak naar matjok-claiming
    En is Zuid aan de beurt

  # Seed 002: "A discarded tile may be used by more than just the next player."
  Scenario: Een afgegooide steen kan niet meer geclaimd worden als de volgende speler heeft gepakt
    Gegeven Oost heeft 4D afgegooid
    En West heeft 4D 4D in de hand
    Als Zuid een steen pakt
    En West poeng claimt
    Dan is dat niet toegestaan
    En verwijst de uitspraak naar matjok-claiming
    En krijgt niemand de afgegooide steen

  # Seed 002: "tjok for a winning hand"
  Scenario: Een tjok-claim is niet toegestaan als de afgegooide steen de hand niet laat winnen
    Gegeven Oost heeft 2C afgegooid
    En West heeft alleen nog 3C nodig om te winnen
    Als West tjok claimt
    Dan is dat niet toegestaan
    En verwijst de uitspraak naar matjok-claiming
    En krijgt niemand de afgegooide steen

  # Seed 002: "A discarded tile may be used by more than just the next player. Other players may claim that tile under certain conditions."
  Scenario: Wie een steen heeft afgegooid, kan hem niet terugclaimen
    Gegeven Oost heeft 4D afgegooid
    En Oost heeft 4D 4D in de hand
    Als Oost poeng claimt
    Dan is dat niet toegestaan
    En verwijst de uitspraak naar matjok-claiming
    En krijgt niemand de afgegooide steen

  # Seed 002: "the player takes over the turn flow"
  Scenario: Een speler die van de muur heeft gepakt, gooit af om de beurt te beëindigen
    Gegeven Oost heeft 4D afgegooid
    Als Zuid een steen pakt
    En Zuid 9C afgooit
    Dan is dat toegestaan
    En verwijst de uitspraak naar matjok-claiming
    En is West aan de beurt

  # Seed 002: "the player takes over the turn flow"
  Scenario: Een speler die niet aan de beurt is, mag niet afgooien
    Gegeven Oost heeft 4D afgegooid
    Als West 9C afgooit
    Dan is dat niet toegestaan
    En verwijst de uitspraak naar matjok-claiming
    En is Zuid aan de beurt
