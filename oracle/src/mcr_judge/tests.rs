//! Unit tests: the notes' surprises, each on a crafted wall.
