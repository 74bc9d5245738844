//! The 34 tile kinds of MCR as plain indices, and their names.
//!
//! Index layout: `W1..W9` = 0..8 (characters), `T1..T9` = 9..17 (bamboo),
//! `B1..B9` = 18..26 (dots), `F1..F4` = 27..30 (east, south, west, north),
//! `J1..J3` = 31..33 (red, green, white dragons).

/// A tile kind, 0..34 (see the module docs for the layout).
pub type Tile = usize;

/// Number of tile kinds.
pub const KINDS: usize = 34;

/// A multiset of tile kinds: how many of each.
pub type Counts = [u8; KINDS];

/// The tile's name as the Botzone data writes it (`W1`, `F3`, `J2`, ...).
pub fn name(t: Tile) -> String {
    match t {
        0..=8 => format!("W{}", t + 1),
        9..=17 => format!("T{}", t - 8),
        18..=26 => format!("B{}", t - 17),
        27..=30 => format!("F{}", t - 26),
        _ => format!("J{}", t - 30),
    }
}

/// Parses a tile name; `None` for anything else (flowers `H1`-`H8` included:
/// they are never part of a hand).
pub fn parse(s: &str) -> Option<Tile> {
    let mut chars = s.chars();
    let (suit, digit) = (chars.next()?, chars.next()?);
    if chars.next().is_some() {
        return None;
    }
    let n = digit.to_digit(10)? as usize;
    match (suit, n) {
        ('W', 1..=9) => Some(n - 1),
        ('T', 1..=9) => Some(9 + n - 1),
        ('B', 1..=9) => Some(18 + n - 1),
        ('F', 1..=4) => Some(27 + n - 1),
        ('J', 1..=3) => Some(31 + n - 1),
        _ => None,
    }
}

/// True for the suited (numbered) tiles.
pub fn is_suited(t: Tile) -> bool {
    t < 27
}

/// The suit (0 = W, 1 = T, 2 = B) of a suited tile.
pub fn suit(t: Tile) -> usize {
    t / 9
}

/// The number 1..=9 of a suited tile.
pub fn rank(t: Tile) -> usize {
    t % 9 + 1
}

/// True for winds.
pub fn is_wind(t: Tile) -> bool {
    (27..31).contains(&t)
}

/// True for dragons.
pub fn is_dragon(t: Tile) -> bool {
    t >= 31
}

/// True for honors (winds and dragons).
pub fn is_honor(t: Tile) -> bool {
    t >= 27
}

/// True for the suited ones and nines.
pub fn is_terminal(t: Tile) -> bool {
    is_suited(t) && (rank(t) == 1 || rank(t) == 9)
}

/// True for terminals and honors.
pub fn is_terminal_or_honor(t: Tile) -> bool {
    is_terminal(t) || is_honor(t)
}

/// The tile of suit `s` and number `n` (1..=9).
pub fn suited(s: usize, n: usize) -> Tile {
    s * 9 + n - 1
}

/// The six orders of the three suits: the assignments of the number
/// groups 1-4-7, 2-5-8, 3-6-9 (or of shifted patterns) to the suits.
pub const SUIT_ORDERS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// The six knitted straights: for each assignment of the number groups
/// 1-4-7, 2-5-8, 3-6-9 to the three suits ([`SUIT_ORDERS`]), its nine
/// tiles.
pub fn knitted_straights() -> Vec<[Tile; 9]> {
    SUIT_ORDERS
        .iter()
        .map(|p| {
            let mut out = [0; 9];
            for (group, &s) in p.iter().enumerate() {
                for k in 0..3 {
                    out[group * 3 + k] = suited(s, group + 1 + 3 * k);
                }
            }
            out
        })
        .collect()
}

/// The thirteen terminal and honor kinds.
pub fn orphans() -> Vec<Tile> {
    (0..KINDS).filter(|&t| is_terminal_or_honor(t)).collect()
}
