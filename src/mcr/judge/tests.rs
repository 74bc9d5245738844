//! Rules of the official judge that the recorded games show rarely or
//! not at all, each on a hand-made wall.
