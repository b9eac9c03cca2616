@article:nmjl-calling
Feature: When a discard can be called
  Only the latest natural discard may be called, only while its call window is open, and
  only to finish a whole group of three or more identical tiles at once (or to win).

  # Seed 001: "Only the most recent discard is available, while its call window is still open."
  Scenario: Any player may call the latest discard while its call window is open
    Given East has discarded 7D
    And West holds 7D 7D
    When West calls the discard
    Then that is allowed
    And West gets the discard

  # Seed 001: "Only the most recent discard is available, while its call window is still open."
  # Contract: the window closes when the next seat draws from the wall (a completed pick).
  Scenario: A discard can no longer be called once the next player has drawn from the wall
    Given East has discarded 7D
    And West holds 7D 7D
    When South draws a tile
    And West calls the discard
    Then that is refused
    And the ruling cites nmjl-calling
    And nobody gets the discard
    And West holds 7D 7D

  # Seed 001: "You cannot return to an older tile in the discard area."
  Scenario: An older discard cannot be called once another tile has been discarded
    Given East has discarded 3D
    And West holds 3D 3D
    When South draws a tile
    And South discards 4D
    And West calls 3D
    Then that is refused
    And the ruling cites nmjl-calling
    And nobody gets the discard
    And 4D is the latest discard

  # Seed 001: "Use the latest natural discard to complete an allowed group of three or more identical tiles, then expose that group."
  Scenario: The newest discard can be called by naming it
    Given East has discarded 3D
    And West holds 4D 4D
    When South draws a tile
    And South discards 4D
    And West calls 4D
    Then that is allowed
    And West gets the discard

  # Seed 001: "A discarded Joker can never be claimed."
  Scenario: A discarded Joker can never be called
    Given East has discarded J
    And North holds J J
    When North calls the discard
    Then that is refused
    And the ruling cites nmjl-calling
    And nobody gets the discard

  # Seed 001: "Matching Jokers may help only within an eligible group of three or more identical tiles."
  Scenario: A natural discard may be called with two Jokers to make a pung
    Given East has discarded 7D
    And North holds J J
    When North calls the discard
    Then that is allowed
    And North gets the discard

  # Seed 001: "If you hold only one 6 Craks and no usable Joker, that same discard does not complete the required pung."
  Scenario Outline: A discard may be called for an exposure only if it completes a group of three at once
    Given East has discarded 6C
    And West holds <held>
    When West calls the discard
    Then that is <verdict>
    And the ruling cites nmjl-calling

    Examples: the discard completes a pung
      | held  | verdict |
      | 6C 6C | allowed |
      | 6C J  | allowed |
      | J J   | allowed |

    Examples: the discard would only make a pair or nothing
      | held  | verdict |
      | 6C    | refused |
      | J     | refused |
      | 5C 7C | refused |

  # Seed 001: "You cannot claim a discard simply to expose a single or pair."
  Scenario: A called discard cannot be exposed as a pair
    Given East has discarded 6C
    And West holds 6C 6C
    When West calls the discard
    And West exposes 6C 6C
    Then that is refused
    And the ruling cites nmjl-calling

  # Seed 001: "For an exposure, take the called tile. Put it with the matching tiles from your rack and display the entire required group face up."
  Scenario: A called discard is exposed with its matching tiles as a whole pung
    Given East has discarded 6C
    And West holds 6C 6C
    When West calls the discard
    And West exposes 6C 6C 6C
    Then that is allowed
    And West has exposed 6C 6C 6C
    And West has 14 tiles

  # Seed 001: "Matching Jokers may help only within an eligible group of three or more identical tiles."
  Scenario: A Joker cannot stand in a pair made with a called discard
    Given East has discarded 6C
    And West holds 6C J J
    When West calls the discard
    And West exposes 6C J
    Then that is refused
    And the ruling cites nmjl-calling

  # Seed 001: "Matching Jokers may help only within an eligible group of three or more identical tiles."
  Scenario: Jokers may fill out a kong made with a called discard
    Given East has discarded 6C
    And West holds 6C J J
    When West calls the discard
    And West exposes 6C 6C J J
    Then that is allowed
    And West has exposed 6C 6C J J

  # Seed 001: "C means concealed: do not make an ordinary exposure for a C hand."
  Scenario: A player on a concealed hand cannot call a discard for an exposure
    Given East has discarded 3B
    And West is playing a concealed hand
    And West holds 3B 3B
    When West calls the discard
    Then that is refused
    And the ruling cites nmjl-calling
    And nobody gets the discard

  # Seed 001: "This can also apply to a C hand."
  Scenario: A player on a concealed hand may call the tile that completes Mah Jongg
    Given East has discarded 3B
    And West is playing a concealed hand
    And West needs only 3B to win
    When West calls the discard for Mah Jongg
    Then that is allowed
    And West gets the discard
    And the hand is over

  # Seed 001: "You may call the final natural tile if it completes a valid Mah Jongg hand, including a required single or pair."
  Scenario: The tile that completes a pair may be called for Mah Jongg
    Given South has discarded 2C
    And North holds 2C
    And North needs only 2C to win
    When North calls 2C for Mah Jongg
    Then that is allowed
    And North gets the discard
    And the hand is over

  # Seed 001: "Wanting the tile is not enough."
  Scenario: A call for Mah Jongg is refused when the tile does not complete the hand
    Given South has discarded 2C
    And North needs only 5C to win
    When North calls 2C for Mah Jongg
    Then that is refused
    And the ruling cites nmjl-calling
    And nobody gets the discard

  # Seed 001: "Play continues from you. A legal exposure call can skip players between the discarder and the caller."
  Scenario: After an exposure call the caller discards and play goes on from the caller
    Given East has discarded 9C
    And North holds 9C 9C
    When North calls the discard
    And North exposes 9C 9C 9C
    Then North must discard
    And North has 14 tiles
    When North discards 2D
    Then that is allowed
    And North has 13 tiles
    And it is East's turn

  # Seed 001: "A legal exposure call can skip players between the discarder and the caller."
  Scenario: A player skipped by an exposure call may not draw
    Given East has discarded 9C
    And North holds 9C 9C
    When North calls the discard
    And North exposes 9C 9C 9C
    And South draws a tile
    Then that is refused
    And it is North's turn

  # Seed 001: "Do not discard after a valid winning declaration."
  Scenario: After a Mah Jongg call there is no discard: the hand is over
    Given East has discarded 5D
    And West needs only 5D to win
    When West calls the discard for Mah Jongg
    Then that is allowed
    And the hand is over
    When West discards 1B
    Then that is refused

  # Seed 001: "When another player discards, decide what taking that tile would legally complete."
  Scenario: A player cannot call their own discard
    Given East has discarded 7D
    And East holds 7D 7D
    When East calls the discard
    Then that is refused
    And the ruling cites nmjl-calling
    And nobody gets the discard

  # Seed 001: "For an exposure, take the called tile. Put it with the matching tiles from your rack and display the entire required group face up."
  Scenario: A caller must expose the called group before discarding
    Given East has discarded 6C
    And West holds 6C 6C
    When West calls the discard
    And West discards 1B
    Then that is refused
    And the ruling cites nmjl-calling
    And West gets the discard
    And it is West's turn

  # Seed 001: "For an exposure, take the called tile. Put it with the matching tiles from your rack and display the entire required group face up."
  Scenario: The exposure must include the called tile
    Given East has discarded 7D
    And West holds 7D 7D 8D 8D 8D
    When West calls the discard
    And West exposes 8D 8D 8D
    Then that is refused
    And the ruling cites nmjl-calling
    And West holds 8D 8D 8D

  # Seed 000: "A call is for completing a new pung, kong, quint or sextet, and the set you are building must come from the call and your own hand together."
  Scenario: The rest of the exposure must come from the caller's own hand
    Given East has discarded 7D
    And West holds 7D 7D
    When West calls the discard
    And West exposes 7D 7D 7D 7D
    Then that is refused
    And the ruling cites nmjl-calling
    When West exposes 7D 7D 7D
    Then that is allowed

  # Seed 001: "3. Play continues from you."
  Scenario: A player cannot discard out of turn
    Given East has discarded 3D
    When West discards 5D
    Then that is refused
    And the ruling cites nmjl-calling
    And 3D is the latest discard

  # Seed 004: "Likewise, a player may pick a tile with one hand and discard with the other while the picked tile is still being held."
  Scenario: The next player draws before discarding
    Given East has discarded 3D
    When South discards 5D
    Then that is refused
    And the ruling cites nmjl-calling
    When South draws a tile
    And South discards 5D
    Then that is allowed
    And 5D is the latest discard

  # Seed 001: "Before declaring, check the complete line: tiles, suits, notes and whether the hand is X or C."
  Scenario: Mah Jongg cannot be declared without the winning tile
    Given North needs only 6B to win
    And it is North's turn
    When North declares Mah Jongg
    Then that is refused
    And the ruling cites nmjl-calling
    And North must discard

  # Seed 000: "A call is for completing a new pung, kong, quint or sextet, and the set you are building must come from the call and your own hand together."
  Scenario Outline: A called natural with Jokers may make a kong or a quint at once
    Given East has discarded 7D
    And West holds <held>
    When West calls the discard
    And West exposes <exposure>
    Then that is allowed
    And West has exposed <exposure>

    Examples:
      | held      | exposure     |
      | J J J     | 7D J J J     |
      | 7D 7D J J | 7D 7D 7D J J |
