@article:matjok-claiming
Feature: Matjok: claiming a discard for poeng, kong or straight
  Poeng needs two matching tiles in hand, kong three. A straight may be claimed only by the next
  player, with three consecutive tiles of one suit, never winds or dragons. After a claim the
  claimer places the combination open, takes over the turn and discards one tile.

  Background:
    Given the Matjok rules

  # Seed 002: "You may call poeng if you have 2 matching tiles in your hand and the discarded tile makes the 3rd."
  Scenario: A player holding two matching tiles may claim the discard for a poeng
    Given East has discarded 4D
    And West holds 4D 4D
    When West calls poeng
    Then that is allowed
    And the ruling cites matjok-claiming
    And West gets the discard
    And West has exposed 4D 4D 4D

  # Seed 002: "You may call poeng if you have 2 matching tiles in your hand and the discarded tile makes the 3rd."
  Scenario: A player holding only one matching tile cannot claim a poeng
    Given East has discarded 4D
    And West holds 4D
    When West calls poeng
    Then that is refused
    And the ruling cites matjok-claiming
    And nobody gets the discard

  # Seed 002: "You may claim a discarded tile for a kong if you already have 3 matching tiles in your hand and that tile makes the 4th."
  Scenario: A player holding three matching tiles may claim the discard for a kong
    Given South has discarded 7B
    And East holds 7B 7B 7B
    When East calls kong
    Then that is allowed
    And the ruling cites matjok-claiming
    And East has exposed 7B 7B 7B 7B

  # Seed 002: "You may claim a discarded tile for a kong if you already have 3 matching tiles in your hand and that tile makes the 4th."
  Scenario: A player holding only two matching tiles cannot claim a kong
    Given South has discarded 7B
    And East holds 7B 7B
    When East calls kong
    Then that is refused
    And the ruling cites matjok-claiming
    And nobody gets the discard

  # Seed 002: "A straight may only be formed by the player who would normally take the next turn."
  Scenario: The next player may claim the discard for a straight
    Given East has discarded 3B
    And South holds 2B 4B
    When South calls straight
    Then that is allowed
    And the ruling cites matjok-claiming
    And South has exposed 2B 3B 4B

  # Seed 002: "Other players may not interrupt to claim a discard for a straight."
  Scenario Outline: Only the next player may claim a discard for a straight
    Given East has discarded 3B
    And <seat> holds 2B 4B
    When <seat> calls straight
    Then that is refused
    And the ruling cites matjok-claiming
    And nobody gets the discard

    Examples:
      | seat  |
      | West  |
      | North |

  # Seed 002: "A straight consists only of consecutive tiles within 1 number group."
  Scenario Outline: A straight is three consecutive tiles of one suit
    Given West has discarded <discard>
    And North holds <held>
    When North calls straight
    Then that is <verdict>
    And the ruling cites matjok-claiming

    Examples:
      | discard | held  | verdict |
      | 5C      | 6C 7C | allowed |
      | 5C      | 3C 4C | allowed |
      | 5C      | 4C 6C | allowed |
      | 5C      | 4B 6C | refused |
      | 5C      | 6C 8C | refused |

  # Seed 002: "Winds and dragons can therefore never form a straight."
  Scenario Outline: Winds and dragons never form a straight
    Given East has discarded <discard>
    And South holds <held>
    When South calls straight
    Then that is refused
    And the ruling cites matjok-claiming
    And nobody gets the discard

    Examples:
      | discard | held  |
      | S       | E W   |
      | GD      | RD WD |

  # Seed 002: "the player then discards 1 tile, unless the claim immediately led to a win"
  Scenario: After a claim the claimer takes over the turn and discards
    Given East has discarded 4D
    And West holds 4D 4D
    When West calls poeng
    Then West must discard
    When West discards 9C
    Then that is allowed
    And West has 13 tiles
    And it is North's turn

  # Seed 002: "the player takes over the turn flow"
  Scenario: A player skipped by a claim may not draw
    Given East has discarded 4D
    And West holds 4D 4D
    When West calls poeng
    And South draws a tile
    Then that is refused
    And it is West's turn

  # Seed 002: "A straight may only be formed by the player who would normally take the next turn."
  Scenario: When nobody claims the discard the next player draws
    Given East has discarded 4D
    When South draws a tile
    Then that is allowed
    And the ruling cites matjok-claiming
    And South must discard

  # Seed 002: "A straight may only be formed by the player who would normally take the next turn."
  Scenario: A player who is not next cannot draw from the wall
    Given East has discarded 4D
    When West draws a tile
    Then that is refused
    And the ruling cites matjok-claiming
    And it is South's turn

  # Seed 002: "A discarded tile may be used by more than just the next player."
  Scenario: A discard can no longer be claimed once the next player has drawn
    Given East has discarded 4D
    And West holds 4D 4D
    When South draws a tile
    And West calls poeng
    Then that is refused
    And the ruling cites matjok-claiming
    And nobody gets the discard

  # Seed 002: "tjok for a winning hand"
  Scenario: A tjok claim is refused when the discard does not win the hand
    Given East has discarded 2C
    And West needs only 3C to win
    When West calls tjok
    Then that is refused
    And the ruling cites matjok-claiming
    And nobody gets the discard

  # Seed 002: "A discarded tile may be used by more than just the next player. Other players may claim that tile under certain conditions."
  Scenario: The player who discarded a tile cannot claim it back
    Given East has discarded 4D
    And East holds 4D 4D
    When East calls poeng
    Then that is refused
    And the ruling cites matjok-claiming
    And nobody gets the discard

  # Seed 002: "the player takes over the turn flow"
  Scenario: A player who has drawn from the wall discards to end the turn
    Given East has discarded 4D
    When South draws a tile
    And South discards 9C
    Then that is allowed
    And the ruling cites matjok-claiming
    And it is West's turn

  # Seed 002: "the player takes over the turn flow"
  Scenario: A player whose turn it is not may not discard
    Given East has discarded 4D
    When West discards 9C
    Then that is refused
    And the ruling cites matjok-claiming
    And it is South's turn
