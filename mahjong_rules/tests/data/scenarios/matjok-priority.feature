@article:matjok-claiming
Feature: Matjok: who gets a discard that several players claim
  Tjok (a winning hand) comes first, then poeng or kong, then straight. When several players
  claim tjok, the first valid winner looking to the right of the discarder gets the tile.

  Background:
    Given the Matjok rules

  # Seed 002: "Priority is: tjok for a winning hand, poeng or kong for 3 or 4 of a kind, straight for 3 consecutive tiles"
  Scenario: A poeng claim beats a straight claim
    Given East has discarded 5D
    And South holds 4D 6D
    And West holds 5D 5D
    When these calls are made:
      | seat  | call     |
      | South | straight |
      | West  | poeng    |
    Then that is allowed
    And the ruling cites matjok-claiming
    And West gets the discard
    And West has exposed 5D 5D 5D

  # Seed 002: "Priority is: tjok for a winning hand, poeng or kong for 3 or 4 of a kind, straight for 3 consecutive tiles"
  Scenario: A kong claim beats a straight claim
    Given East has discarded 5D
    And South holds 4D 6D
    And North holds 5D 5D 5D
    When these calls are made:
      | seat  | call     |
      | South | straight |
      | North | kong     |
    Then that is allowed
    And North gets the discard
    And North has exposed 5D 5D 5D 5D

  # Seed 002: "Priority is: tjok for a winning hand, poeng or kong for 3 or 4 of a kind, straight for 3 consecutive tiles"
  Scenario: A tjok claim beats a poeng claim
    Given East has discarded 5D
    And West holds 5D 5D
    And North needs only 5D to win
    When these calls are made:
      | seat  | call  |
      | West  | poeng |
      | North | tjok  |
    Then that is allowed
    And the ruling cites matjok-claiming
    And North gets the discard
    And the hand is over

  # Seed 002: "Priority is: tjok for a winning hand, poeng or kong for 3 or 4 of a kind, straight for 3 consecutive tiles"
  Scenario: A straight claim stands when no one claims a higher combination
    Given East has discarded 5D
    And South holds 4D 6D
    And West holds 5D
    When these calls are made:
      | seat  | call     |
      | South | straight |
      | West  | poeng    |
    Then that is allowed
    And South gets the discard
    And South has exposed 4D 5D 6D

  # Seed 002: "If more than 1 player claims the same discard for a winning hand, the player sitting closest to the right of the discarder wins."
  Scenario Outline: Of several tjok claims the first to the discarder's right wins
    Given <discarder> has discarded 2C
    And <nearer> needs only 2C to win
    And <further> needs only 2C to win
    When these calls are made:
      | seat      | call |
      | <further> | tjok |
      | <nearer>  | tjok |
    Then that is allowed
    And the ruling cites matjok-claiming
    And <nearer> gets the discard
    And the hand is over

    Examples:
      | discarder | nearer | further |
      | East      | South  | West    |
      | South     | North  | East    |
      | West      | North  | South   |
      | North     | East   | West    |

  # Seed 002: "the 1st player in that direction with a valid tjok gets the tile"
  Scenario: A tjok claim that does not win gives way to the next valid winner
    Given East has discarded 2C
    And South needs only 8C to win
    And West needs only 2C to win
    When these calls are made:
      | seat  | call |
      | South | tjok |
      | West  | tjok |
    Then that is allowed
    And West gets the discard
    And the hand is over

  # Seed 002: "the player then discards 1 tile, unless the claim immediately led to a win"
  Scenario: A player who wins by tjok does not discard
    Given East has discarded 2C
    And West needs only 2C to win
    When West calls tjok
    Then that is allowed
    And the hand is over
    When West discards 9B
    Then that is refused

  # Seed 002: "Other players may claim that tile under certain conditions."
  Scenario: When no claim can use the discard, nobody gets it
    Given East has discarded 2C
    And West holds 2C
    And South holds 5C 6C
    When these calls are made:
      | seat  | call     |
      | West  | poeng    |
      | South | straight |
    Then that is refused
    And nobody gets the discard
