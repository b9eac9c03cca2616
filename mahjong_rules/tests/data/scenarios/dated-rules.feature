@article:nmjl-6
Feature: League rules as of a date
  The League's rules change over time. A scenario may rule by the rules in force on a given
  day: until the NMJL Bulletin 2025 a joker exchange did not end the window for changing the
  exposure just made; since then it does.

  # Seed 003: "They can change the current exposure (e.g., pung to kong, kong to pung; joker usage; newly exposed tiles) if they have not done a joker exchange (NMJL bulletin 2025; not in MJME) or discarded."
  Scenario Outline: A change of the exposure after a joker exchange on the same turn, before and after the Bulletin 2025
    Given the League rules as of <day>
    And West has exposed 8B 8B J
    And West has discarded 7D
    And North holds 7D 7D J 8B 2C
    When North calls the discard
    And North exposes 7D 7D 7D
    And North exchanges 8B for the Joker in West's exposure
    And North adds J to the exposure
    Then that is <verdict>
    And the ruling cites nmjl-6

    Examples:
      | day        | verdict |
      | 2024-06-01 | allowed |
      | 2026-06-01 | refused |

  # Seed 003: "A player may change the number AND type of tiles displayed in the exposure until the player has discarded, which ends their turn."
  Scenario: A house rule still applies under League rules of an earlier date
    Given the house rule "joker-exchange-locks-exposure"
    And the League rules as of 2024-06-01
    And West has exposed 8B 8B J
    And West has discarded 7D
    And North holds 7D 7D J 8B 2C
    When North calls the discard
    And North exposes 7D 7D 7D
    And North exchanges 8B for the Joker in West's exposure
    And North adds J to the exposure
    Then that is refused
    And the ruling cites nmjl-6
