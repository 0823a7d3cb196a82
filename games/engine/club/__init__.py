"""Club nights (rules/club.md): the event, a round's results and the standings, the seating
of each round, and the night record `scorer-night/1`. Pure Python, like the rest of the
engine; the randomness of a draw is a seed passed in."""
