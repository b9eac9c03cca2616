# language: nl
@article:matjok-claiming
Functionaliteit: Matjok: wie krijgt een afgegooide steen die meer spelers claimen
  Tjok (een winnende hand) gaat voor, dan poeng of kong, dan straat. Als meer spelers tjok
  claimen, krijgt de eerste geldige winnaar rechts van de afgooier de steen.
  (De Nederlandse tweeling van matjok-priority.feature: elk scenario en elke stap komen
  overeen, en een test vergelijkt hun uitkomsten stap voor stap.)

  Achtergrond:
    Gegeven de Matjok-regels

  # Seed 002: "Priority is: tjok for a winning hand, poeng or kong for 3 or 4 of a kind, straight for 3 consecutive tiles"
  Scenario: Een poeng-claim gaat voor een straat-claim
    Gegeven Oost heeft 5D afgegooid
    En Zuid heeft 4D 6D in de hand
    En West heeft 5D 5D in de hand
    Als deze claims worden gedaan:
      | plaats | claim  |
      | Zuid   | straat |
      | West   | poeng  |
    Dan is dat toegestaan
    En verwijst de uitspraak naar matjok-claiming
    En krijgt West de afgegooide steen
    En heeft West 5D 5D 5D opengelegd

  # Seed 002: "Priority is: tjok for a winning hand, poeng or kong for 3 or 4 of a kind, straight for 3 consecutive tiles"
  Scenario: Een kong-claim gaat voor een straat-claim
    Gegeven Oost heeft 5D afgegooid
    En Zuid heeft 4D 6D in de hand
    En Noord heeft 5D 5D 5D in de hand
    Als deze claims worden gedaan:
      | plaats | claim  |
      | Zuid   | straat |
      | Noord  | kong   |
    Dan is dat toegestaan
    En krijgt Noord de afgegooide steen
    En heeft Noord 5D 5D 5D 5D opengelegd

  # Seed 002: "Priority is: tjok for a winning hand, poeng or kong for 3 or 4 of a kind, straight for 3 consecutive tiles"
  Scenario: Een tjok-claim gaat voor een poeng-claim
    Gegeven Oost heeft 5D afgegooid
    En West heeft 5D 5D in de hand
    En Noord heeft alleen nog 5D nodig om te winnen
    Als deze claims worden gedaan:
      | plaats | claim |
      | West   | poeng |
      | Noord  | tjok  |
    Dan is dat toegestaan
    En verwijst de uitspraak naar matjok-claiming
    En krijgt Noord de afgegooide steen
    En is de hand voorbij

  # Seed 002: "Priority is: tjok for a winning hand, poeng or kong for 3 or 4 of a kind, straight for 3 consecutive tiles"
  Scenario: Een straat-claim blijft staan als niemand een hogere combinatie claimt
    Gegeven Oost heeft 5D afgegooid
    En Zuid heeft 4D 6D in de hand
    En West heeft 5D in de hand
    Als deze claims worden gedaan:
      | plaats | claim  |
      | Zuid   | straat |
      | West   | poeng  |
    Dan is dat toegestaan
    En krijgt Zuid de afgegooide steen
    En heeft Zuid 4D 5D 6D opengelegd

  # Seed 002: "If more than 1 player claims the same discard for a winning hand, the player sitting closest to the right of the discarder wins."
  Abstract Scenario: Van meer tjok-claims wint de eerste rechts van de afgooier
    Gegeven <afgooier> heeft 2C afgegooid
    En <dichterbij> heeft alleen nog 2C nodig om te winnen
    En <verder> heeft alleen nog 2C nodig om te winnen
    Als deze claims worden gedaan:
      | plaats       | claim |
      | <verder>     | tjok  |
      | <dichterbij> | tjok  |
    Dan is dat toegestaan
    En verwijst de uitspraak naar matjok-claiming
    En krijgt <dichterbij> de afgegooide steen
    En is de hand voorbij

    Voorbeelden:
      | afgooier | dichterbij | verder |
      | Oost     | Zuid       | West   |
      | Zuid     | Noord      | Oost   |
      | West     | Noord      | Zuid   |
      | Noord    | Oost       | West   |

  # Seed 002: "the 1st player in that direction with a valid tjok gets the tile"
  Scenario: Een tjok-claim die niet wint, maakt plaats voor de volgende geldige winnaar
    Gegeven Oost heeft 2C afgegooid
    En Zuid heeft alleen nog 8C nodig om te winnen
    En West heeft alleen nog 2C nodig om te winnen
    Als deze claims worden gedaan:
      | plaats | claim |
      | Zuid   | tjok  |
      | West   | tjok  |
    Dan is dat toegestaan
    En krijgt West de afgegooide steen
    En is de hand voorbij

  # Seed 002: "the player then discards 1 tile, unless the claim immediately led to a win"
  Scenario: Een speler die met tjok wint, gooit niet af
    Gegeven Oost heeft 2C afgegooid
    En West heeft alleen nog 2C nodig om te winnen
    Als West tjok claimt
    Dan is dat toegestaan
    En is de hand voorbij
    Als West 9B afgooit
    Dan is dat niet toegestaan

  # Seed 002: "Other players may claim that tile under certain conditions."
  Scenario: Als geen claim de afgegooide steen kan gebruiken, krijgt niemand hem
    Gegeven Oost heeft 2C afgegooid
    En West heeft 2C in de hand
    En Zuid heeft 5C 6C in de hand
    Als deze claims worden gedaan:
      | plaats | claim  |
      | West   | poeng  |
      | Zuid   | straat |
    Dan is dat niet toegestaan
    En krijgt niemand de afgegooide steen
