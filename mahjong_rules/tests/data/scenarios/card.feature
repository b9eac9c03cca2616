@article:nmjl-card
Feature: Matching a hand against the card
  The worked examples of the scenario language, part two, on the invented Practice Card
  2027: a hand that matches each line, and one that does not, with why. Where the contract
  abbreviates a hand with "…", the rest of it is the matching hand's.

  # Seed 001: "Before declaring, check the complete line: tiles, suits, notes and whether the hand is X or C."
  Scenario Outline: A concealed hand matches its line
    Given the card "Practice Card 2027"
    And North's hand is <hand>
    Then North's hand matches line "<line>"

    Examples: the worked examples that match
      | line | hand                                          |
      | Y1   | 2D 2D 7D WD GD GD GD J 7B 7B 7B 7B 2C 2C      |
      | Y1   | 2B 2B 7B WD RD RD RD RD 7C 7C 7C J 2D 2D      |
      | Y2   | 2C 2C 7C WD 2B 2B 7B WD N N N E E J           |
      | E1   | 2B 2B 2B 2B 6B 6B J 8B 8B 8B 8B GD GD GD      |
      | L1   | 5D 5D 5D 5C 5C 5C J 5B 5B 5B RD RD RD RD      |
      | A1   | F F 1C 1C 1C 6C 6C 6C 7C 7C J N N N           |
      | Q2   | 3D 3D 3D 3D J 4D 4D 5D 5D 5D 5D J WD WD       |
      | Q3   | N N N N J J WD WD 9B 9B 9B 9B J J             |
      | R1   | 5C 5C 5C 6C 6C 7C 7C 7C J RD RD RD 8C 8C      |
      | R3   | 1B 1B 1B 1B 2B 2B 2B 2B S S S 3B 3B 3B        |
      | R3   | 1B 1B 1B 1B 2B 2B 2B 2B N N J 3B 3B 3B        |
      | O3   | 7D 7D 7D 7D 7B 7B 7B 7C 7C 7C J F F F         |
      | W2   | RD RD RD GD GD GD GD WD WD WD N E W S         |
      | W3   | E E E 1D 1D 1D 1D RD RD RD RD GD GD GD        |
      | T4   | 3D 3D 3D 3D 6D 6D 6D 9D 9D 9D 3B 3B 3B 3B     |
      | S2   | 4B 4B 5B 5B 4D 4D 5D 5D 4C 4C 5C 5C GD GD     |

  # Seed 001: "Before declaring, check the complete line: tiles, suits, notes and whether the hand is X or C."
  Scenario Outline: A concealed hand that breaks its line does not match it
    Given the card "Practice Card 2027"
    And North's hand is <hand>
    Then North's hand does not match line "<line>"

    Examples: the worked examples that do not match, and why
      | line | hand                                      | why                                      |
      | Y1   | 2D 2D 7D WD GD GD GD GD 7B 7B 7B 7B 2C J  | a joker in the pair 22c                  |
      | Y1   | 2D J 7D WD GD GD GD GD 7B 7B 7B 7B 2C 2C  | a joker in the year block                |
      | Y2   | 2C 2C 7C WD 2C 2C 7C WD N N N E E E       | both years in one suit                   |
      | E1   | 2B 2B 2B 2B 6B 6B J 8B 8B 8B 8B RD RD RD  | red is the Craks dragon                  |
      | L1   | 5D 5D 5D 6C 6C 6C 6C 5B 5B 5B RD RD RD RD | not like numbers                         |
      | A1   | F F 1C 1C 1C 6D 6D 6D 7C 7C J N N N       | one suit needed                          |
      | Q2   | 3D 3D 3D 3D J 4D 4D 5D 5D 5D 5D J WD J    | a joker in the dragon pair               |
      | Q3   | N N N N J J WD J 9B 9B 9B 9B J J          | a joker in 00                            |
      | R1   | 5C 5C 5C 6C 6C 7C 7C 7C J RD RD RD 9C 9C  | 9 does not follow 7                      |
      | R3   | 1B 1B 1B 1B 2B 2B 2B 2B W W W 3B 3B 3B    | West is not one of the alternatives      |
      | O3   | 6D 6D 6D 6D 6B 6B 6B 6C 6C 6C J F F F     | 6 is not in the line's x list            |
      | W2   | RD RD RD GD GD GD GD WD WD WD N E W J     | a joker in a block                       |
      | W3   | E E E 1D 1D 1D 1D WD WD WD WD GD GD GD    | white is the Dots dragon, and Dots is a  |
      | S2   | 4B 4B 5B 5B 4D 4D 5D 5D 4C 4C 5C J GD GD  | no joker in a pair                       |

  # Seed 000: "If your line wants a kong, expose a kong, using a Joker if you must."
  Scenario Outline: A hand with exposures matches only where each exposure is a whole group
    Given the card "Practice Card 2027"
    And North has exposed <exposed>
    And North's hand is <concealed>
    Then North's hand <verdict> line "<line>"

    Examples: the worked examples with exposures
      | line | exposed     | concealed                              | verdict        |
      | L1   | 5C 5C 5C J  | 5D 5D 5D 5B 5B 5B RD RD RD RD          | matches        |
      | L1   | 5D 5D 5D J  | 5C 5C 5C 5B 5B 5B RD RD RD RD          | does not match |
      | T4   | 6D 6D 6D    | 3D 3D 3D 3D 9D 9D 9D 3B 3B 3B 3B       | does not match |
      | E1   | 8B 8B 8B J  | 2B 2B 2B 2B 6B 6B 6B GD GD GD          | matches        |
      | E1   | 8B 8B 8B    | 2B 2B 2B 2B 6B 6B 6B 8B GD GD GD       | does not match |

  # Seed 001: "Before declaring, check the complete line: tiles, suits, notes and whether the hand is X or C."
  Scenario Outline: Tiles needed count the card alone
    Given the card "Practice Card 2027"
    And North's hand is <hand>
    Then North needs <n> tiles for line "<line>"

    Examples: the contract's examples
      | hand                                     | n | line |
      | 5D 5D 5D 5C 5C 5C J 5B 5B 5B RD RD RD    | 1 | L1   |
      | 2D 2D 7D WD GD GD GD 7B 7B 7B 7B 2C J    | 1 | Y1   |
      | 2D 2D 7D WD GD GD GD GD 7B 7B 7B 7B J    | 2 | Y1   |

  # Seed 000: "You may still change hands, so long as every exposure already on your rack fits the new line."
  Scenario Outline: A pung of 9 Dots exposed cannot make a line without one
    Given the card "Practice Card 2027"
    And West has exposed 9D 9D 9D
    Then West cannot make line "<line>"
    And West's exposures fit line "O2"

    Examples:
      | line |
      | Y1   |
      | E1   |
      | T1   |

  # Seed 000: "If it fits no line on the card, another player may call your hand dead, and you will spend the rest of the deal playing defence in dignified silence."
  Scenario: Exposures that fit no line of the card give grounds to declare the hand dead
    Given the card "Practice Card 2027"
    And West has exposed N N N N J
    And East has discarded 2B
    Then West's exposures fit no line of the card
    And West's hand can be declared dead
    When South declares West's hand dead
    Then that is allowed
    And the ruling cites nmjl-exposure-answer

  # Seed 000: "You may still change hands, so long as every exposure already on your rack fits the new line."
  Scenario: Exposures that fit a line of the card give no grounds
    Given the card "Practice Card 2027"
    And West has exposed 8B 8B 8B 8B
    And East has discarded 2B
    Then West's exposures fit line "E1"
    And West's hand cannot be declared dead

  # Seed 000: "Until you discard, you may reshape it."
  Scenario: An exposure still open this turn is not yet counted against the card
    Given the card "Practice Card 2027"
    And North holds N N N J 2C
    And West has discarded N
    When North calls the discard
    And North exposes N N N N J
    Then that is allowed
    And North's exposures fit no line of the card
    And North's hand cannot be declared dead

  # Seed 000: "Once your discard is down the exposure is locked for the rest of the hand, and no later tile, drawn or called, can be added to it."
  Scenario: Once the discard locks it, an exposure that fits no line gives grounds
    Given the card "Practice Card 2027"
    And North holds N N N J 2C
    And West has discarded N
    When North calls the discard
    And North exposes N N N N J
    And North discards 2C
    Then North's hand can be declared dead
    When East declares North's hand dead
    Then that is allowed
    And the ruling cites nmjl-exposure-answer

  # Seed 001: "Before declaring, check the complete line: tiles, suits, notes and whether the hand is X or C."
  Scenario: A hand of thirteen tiles fits no line
    Given the card "Practice Card 2027"
    And North's hand is 5D 5D 5D 5C 5C 5C J 5B 5B 5B RD RD RD
    Then North's hand fits no line of the card
    And North does not hold 5D 5D 5D 5D
