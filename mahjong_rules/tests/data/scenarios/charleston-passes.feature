@article:nmjl-charleston
Feature: The Charleston, spelled out
  First right, first across, first left; then, unless a seat stops, second left, second
  across, second right; then the courtesy pass across. Three tiles a pass, no jokers, blind
  passes only in the first left and second right, and East discards once the passes are done.

  # Seed 004: "Those tiles are temporarily in motion as part of normal play."
  Scenario: A pass of three tiles to the right moves when all four seats have passed
    Given it is the Charleston
    And East holds 1D 2D 3D
    When East passes 1D 2D 3D to the right
    Then that is allowed
    And the ruling cites nmjl-charleston
    And the next pass is the first right
    When the other seats pass
    Then that is allowed
    And South holds 1D 2D 3D
    And East does not hold 1D 2D 3D
    And the next pass is the first across

  # Seed 004: "The 13-tile requirement should not be applied literally to moments when tiles are being passed or rearranged."
  Scenario: Tiles passed and not yet moved still count for the seat that passed them
    Given it is the Charleston
    And South holds 4B 5B 6B
    When South passes 4B 5B 6B to the right
    Then South has 13 tiles
    And South has the right number of tiles
    And South does not hold 4B 5B 6B
    And the tiles are not thrown in

  # Seed 004: "Those tiles are temporarily in motion as part of normal play."
  Scenario: The first pass goes to the right, not across
    Given it is the Charleston
    And East holds 1D 2D 3D
    When East passes 1D 2D 3D across
    Then that is refused
    And the ruling cites nmjl-charleston
    And the next pass is the first right

  # Seed 004: "Those tiles are temporarily in motion as part of normal play."
  Scenario: A Joker may never be passed
    Given it is the Charleston
    And West holds J 2D 3D
    When West passes J 2D 3D to the right
    Then that is refused
    And the ruling cites nmjl-charleston
    And West holds J

  # Seed 004: "Those tiles are temporarily in motion as part of normal play."
  Scenario: Each pass of the Charleston is exactly three tiles
    Given it is the Charleston
    And North holds 1C 2C
    When North passes 1C 2C to the right
    Then that is refused
    And the ruling cites nmjl-charleston

  # Seed 004: "Those tiles are temporarily in motion as part of normal play."
  Scenario: A seat passes once in each pass
    Given it is the Charleston
    When East passes 1D 2D 3D to the right
    Then that is allowed
    When East passes 4D 5D 6D to the right
    Then that is refused
    And the ruling cites nmjl-charleston

  # Seed 004: "Those tiles are temporarily in motion as part of normal play."
  Scenario: A whole-hand seat passes only tiles it holds
    Given it is the Charleston
    And South's hand is 1B 1B 2B 3B 4B 5B 6B 7B 8B 9B N N E
    When South passes 9C 9C 9C to the right
    Then that is refused
    And the ruling cites nmjl-charleston

  # Seed 004: "Those tiles are temporarily in motion as part of normal play."
  Scenario: The first left may be passed blind; the blind tiles go on unseen
    Given the Charleston has reached the first left pass
    And West holds 7C 8C 9C
    And South holds 1B 2B 3B
    When West passes 7C 8C 9C to the left
    And South passes 3 tiles blind to the left
    Then that is allowed
    When the other seats pass
    Then East holds 7C 8C 9C
    And South does not hold 7C
    And the next pass is the second left

  # Seed 004: "Those tiles are temporarily in motion as part of normal play."
  Scenario: Part of a pass blind: the seat's own tiles and the first of those passed to it
    Given the Charleston has reached the second right pass
    And East holds 1D 2D 3D
    And South holds 5B
    When East passes 1D 2D 3D to the right
    And South passes 5B and 2 blind to the right
    Then that is allowed
    When the other seats pass
    Then West holds 5B 1D 2D
    And South holds 3D
    And the next pass is the courtesy

  # Seed 004: "Those tiles are temporarily in motion as part of normal play."
  Scenario: No blind pass in the first across
    Given the Charleston has reached the first across pass
    When North passes 3 tiles blind across
    Then that is refused
    And the ruling cites nmjl-charleston

  # Seed 004: "Those tiles are temporarily in motion as part of normal play."
  Scenario: All four seats cannot pass three blind
    Given the Charleston has reached the first left pass
    When East passes 3 tiles blind to the left
    And South passes 3 tiles blind to the left
    And West passes 3 tiles blind to the left
    Then that is allowed
    When North passes 3 tiles blind to the left
    Then that is refused
    And the ruling cites nmjl-charleston

  # Seed 004: "If the error is discovered before East discards to begin the pick-and-discard phase, North may take the missing tile and the game continues."
  Scenario: East's first discard waits until the passes are done
    Given it is the Charleston
    When the other seats pass
    Then the next pass is the first across
    When East discards 7D
    Then that is refused
    And the ruling cites nmjl-charleston

  # Seed 004: "If the error is discovered before East discards to begin the pick-and-discard phase, North may take the missing tile and the game continues."
  Scenario: A Charleston that is never spelled out ends with East's discard as before
    Given it is the Charleston
    When East discards 7D
    Then that is allowed

  # Seed 004: "If the error is discovered before East discards to begin the pick-and-discard phase, North may take the missing tile and the game continues."
  Scenario: Any seat may stop the Charleston after the first
    Given the Charleston has reached the second left pass
    When West stops the Charleston
    Then that is allowed
    And the ruling cites nmjl-charleston
    And the next pass is the courtesy
    And the Charleston passes are done
    When East discards 7D
    Then that is allowed

  # Seed 004: "If the error is discovered before East discards to begin the pick-and-discard phase, North may take the missing tile and the game continues."
  Scenario: The first Charleston cannot be stopped
    Given the Charleston has reached the first across pass
    When West stops the Charleston
    Then that is refused
    And the ruling cites nmjl-charleston

  # Seed 004: "If the error is discovered before East discards to begin the pick-and-discard phase, North may take the missing tile and the game continues."
  Scenario: Once the second Charleston has begun it must be finished
    Given the Charleston has reached the second left pass
    When East passes 1D 2D 3D to the left
    And North stops the Charleston
    Then that is refused
    And the ruling cites nmjl-charleston

  # Seed 004: "Those tiles are temporarily in motion as part of normal play."
  Scenario: Partners across exchange the smaller of the numbers they offer
    Given the Charleston has reached the courtesy pass
    And East holds 1D 2D
    And West holds 7B
    When East offers 2 tiles across
    And West offers 1 tile across
    Then that is allowed
    When East passes 1D 2D across
    Then that is refused
    And the ruling cites nmjl-charleston
    When East passes 1D across
    And West passes 7B across
    Then that is allowed
    And East holds 7B
    And West holds 1D
    And the Charleston passes are done

  # Seed 004: "Those tiles are temporarily in motion as part of normal play."
  Scenario: An exchange agreed and not yet made keeps the Charleston open
    Given the Charleston has reached the courtesy pass
    When South offers 3 tiles across
    And North offers 2 tiles across
    Then the next pass is the courtesy
    When East discards 7D
    Then that is refused
    And the ruling cites nmjl-charleston

  # Seed 004: "Those tiles are temporarily in motion as part of normal play."
  Scenario: No courtesy pass before both partners have offered
    Given the Charleston has reached the courtesy pass
    And East holds 1D
    When East offers 1 tile across
    And East passes 1D across
    Then that is refused
    And the ruling cites nmjl-charleston

  # Seed 004: "Those tiles are temporarily in motion as part of normal play."
  Scenario: An offer is at most three tiles, made once, and only in the courtesy pass
    Given the Charleston has reached the courtesy pass
    When East offers 4 tiles across
    Then that is refused
    When East offers 0 tiles across
    Then that is allowed
    When East offers 1 tile across
    Then that is refused
    And the ruling cites nmjl-charleston

  # Seed 004: "Those tiles are temporarily in motion as part of normal play."
  Scenario: The courtesy pass is offered after the second Charleston
    Given the Charleston has reached the courtesy pass
    When North offers 2 tiles across
    Then that is allowed
    And the ruling cites nmjl-charleston

  # Seed 004: "Those tiles are temporarily in motion as part of normal play."
  Scenario: Under a house rule with no courtesy pass, an offer is refused
    Given the house rule "courtesy-pass" is off
    And the Charleston has reached the courtesy pass
    When North offers 2 tiles across
    Then that is refused
    And the ruling cites nmjl-charleston
    And the Charleston passes are done

  # Seed 004: "If the error is discovered before East discards to begin the pick-and-discard phase, North may take the missing tile and the game continues."
  Scenario: Nobody passes once East has discarded
    Given East has discarded 7D
    When South passes 1B 2B 3B to the right
    Then that is refused
    And the ruling cites nmjl-charleston

  # Seed 004: "Those tiles are temporarily in motion as part of normal play."
  Scenario: The other seats pass only tiles the scenario does not name
    Given it is the Charleston
    And West's hand is 1B 1B 2B 3B 4B 5B 6B 7B 8B 9B N N E
    When the other seats pass
    Then that is refused
    And the ruling cites nmjl-charleston

  # Seed 004: "Those tiles are temporarily in motion as part of normal play."
  Scenario: Every seat has passed: there is nothing left for the others to pass
    Given the Charleston has reached the courtesy pass
    When East offers 0 tiles across
    And West offers 0 tiles across
    And the other seats pass
    Then that is allowed
    When the other seats pass
    Then that is refused
    And the ruling cites nmjl-charleston
