"""A throwaway app, installed only in the test settings: one versioned model that gets its
history, compare, restore, the conflict page and the race from its one declaration
(`versioned.py`), so the machinery is shown to need nothing else."""
