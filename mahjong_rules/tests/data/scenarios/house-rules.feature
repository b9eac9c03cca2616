@article:nmjl-6
Feature: House rules that change a ruling
  Each rule option a tournament may set, shown both ways on the same table situation: the League
  ruling, and the ruling once the house rule is set.

  # Seed 000: "You will hear of tables where a touched tile is a taken tile; that is stricter than the League, and a tournament may set it as its own rule, but it is not the rule on the card."
  @article:nmjl-exposure-answer
  Scenario Outline: Whether a touched called tile may be given back depends on the house rule "touched-tile-is-taken"
    Given the NMJL rules
    And <setting>
    And South has discarded 3C
    And East holds 3C 3C
    When East calls the discard
    And East touches the called tile
    And East withdraws the call
    Then that is <verdict>

    Examples:
      | setting                                      | verdict |
      | the house rule "touched-tile-is-taken"        | refused |
      | the house rule "touched-tile-is-taken" is off | allowed |

  # Seed 003: "They can change the current exposure (e.g., pung to kong, kong to pung; joker usage; newly exposed tiles) if they have not done a joker exchange (NMJL bulletin 2025; not in MJME) or discarded."
  Scenario Outline: Whether a Joker exchange locks the exposure just made depends on the house rule "joker-exchange-locks-exposure"
    Given <setting>
    And East has discarded 2D
    And South holds 2D 2D 2D 6B
    And North has exposed 6B 6B J
    When South calls the discard
    And South exposes 2D 2D 2D
    And South exchanges 6B for the Joker in North's exposure
    And South adds 2D to the exposure
    Then that is <verdict>
    And South has exposed <exposure>

    Examples:
      | setting                                              | verdict | exposure    |
      | the house rule "joker-exchange-locks-exposure"        | refused | 2D 2D 2D    |
      | the house rule "joker-exchange-locks-exposure" is off | allowed | 2D 2D 2D 2D |

  # Seed 003: "You may add to the exposure or take away from the exposure as long as you have not discarded as yet."
  Scenario: Without the joker exchange lock a Joker taken in an exchange may go into the exposure just made
    Given the house rule "joker-exchange-locks-exposure" is off
    And East has discarded 2D
    And South holds 2D 2D 6B
    And North has exposed 6B 6B J
    When South calls the discard
    And South exposes 2D 2D 2D
    And South exchanges 6B for the Joker in North's exposure
    And South changes the exposure to 2D 2D 2D J
    Then that is allowed
    And South has exposed 2D 2D 2D J

  # Seed 000: "Then you discard, and the clay sets."
  Scenario: Without the joker exchange lock the discard still locks the exposure
    Given the house rule "joker-exchange-locks-exposure" is off
    And East has discarded 2D
    And South holds 2D 2D 2D
    When South calls the discard
    And South exposes 2D 2D 2D
    And South discards 8D
    Then South's exposure of 2D is locked

  # Seed 004: "Tournament directors may establish additional procedures for their events, but those should be understood as tournament-specific requirements rather than League rules."
  @article:nmjl-205
  Scenario Outline: Whether Joker exchanges may be made together depends on the house rule "one-joker-exchange-at-a-time"
    Given <setting>
    And East has exposed 1D 1D J
    And South has exposed WD WD WD J
    And it is West's turn
    And West holds 1D WD
    When West makes these joker exchanges together:
      | tile | exposure of |
      | 1D   | East        |
      | WD   | South       |
    Then that is <verdict>

    Examples:
      | setting                                             | verdict |
      | the house rule "one-joker-exchange-at-a-time"        | refused |
      | the house rule "one-joker-exchange-at-a-time" is off | allowed |
