//! The fan table: names, points and table order as MahjongGB 1.4.0 reports
//! them, and which fans each fan implies (the "not counted with" lists of
//! the rules).

/// Points, Chinese name and English name of every table entry, in the
/// calculator's table order (entry 0 is "none").
pub const FANS: [(u32, &str, &str); 83] = [
    (0, "无", "None"),
    (88, "大四喜", "Big Four Winds"),
    (88, "大三元", "Big Three Dragons"),
    (88, "绿一色", "All Green"),
    (88, "九莲宝灯", "Nine Gates"),
    (88, "四杠", "Four Kongs"),
    (88, "连七对", "Seven Shifted Pairs"),
    (88, "十三幺", "Thirteen Orphans"),
    (64, "清幺九", "All Terminals"),
    (64, "小四喜", "Little Four Winds"),
    (64, "小三元", "Little Three Dragons"),
    (64, "字一色", "All Honors"),
    (64, "四暗刻", "Four Concealed Pungs"),
    (64, "一色双龙会", "Pure Terminal Chows"),
    (48, "一色四同顺", "Quadruple Chow"),
    (48, "一色四节高", "Four Pure Shifted Pungs"),
    (32, "一色四步高", "Four Pure Shifted Chows"),
    (32, "三杠", "Three Kongs"),
    (32, "混幺九", "All Terminals and Honors"),
    (24, "七对", "Seven Pairs"),
    (24, "七星不靠", "Greater Honors and Knitted Tiles"),
    (24, "全双刻", "All Even Pungs"),
    (24, "清一色", "Full Flush"),
    (24, "一色三同顺", "Pure Triple Chow"),
    (24, "一色三节高", "Pure Shifted Pungs"),
    (24, "全大", "Upper Tiles"),
    (24, "全中", "Middle Tiles"),
    (24, "全小", "Lower Tiles"),
    (16, "清龙", "Pure Straight"),
    (16, "三色双龙会", "Three-Suited Terminal Chows"),
    (16, "一色三步高", "Pure Shifted Chows"),
    (16, "全带五", "All Five"),
    (16, "三同刻", "Triple Pung"),
    (16, "三暗刻", "Three Concealed Pungs"),
    (12, "全不靠", "Lesser Honors and Knitted Tiles"),
    (12, "组合龙", "Knitted Straight"),
    (12, "大于五", "Upper Four"),
    (12, "小于五", "Lower Four"),
    (12, "三风刻", "Big Three Winds"),
    (8, "花龙", "Mixed Straight"),
    (8, "推不倒", "Reversible Tiles"),
    (8, "三色三同顺", "Mixed Triple Chow"),
    (8, "三色三节高", "Mixed Shifted Pungs"),
    (8, "无番和", "Chicken Hand"),
    (8, "妙手回春", "Last Tile Draw"),
    (8, "海底捞月", "Last Tile Claim"),
    (8, "杠上开花", "Out with Replacement Tile"),
    (8, "抢杠和", "Robbing The Kong"),
    (6, "碰碰和", "All Pungs"),
    (6, "混一色", "Half Flush"),
    (6, "三色三步高", "Mixed Shifted Chows"),
    (6, "五门齐", "All Types"),
    (6, "全求人", "Melded Hand"),
    (6, "双暗杠", "Two Concealed Kongs"),
    (6, "双箭刻", "Two Dragons Pungs"),
    (4, "全带幺", "Outside Hand"),
    (4, "不求人", "Fully Concealed Hand"),
    (4, "双明杠", "Two Melded Kongs"),
    (4, "和绝张", "Last Tile"),
    (2, "箭刻", "Dragon Pung"),
    (2, "圈风刻", "Prevalent Wind"),
    (2, "门风刻", "Seat Wind"),
    (2, "门前清", "Concealed Hand"),
    (2, "平和", "All Chows"),
    (2, "四归一", "Tile Hog"),
    (2, "双同刻", "Double Pung"),
    (2, "双暗刻", "Two Concealed Pungs"),
    (2, "暗杠", "Concealed Kong"),
    (2, "断幺", "All Simples"),
    (1, "一般高", "Pure Double Chow"),
    (1, "喜相逢", "Mixed Double Chow"),
    (1, "连六", "Short Straight"),
    (1, "老少副", "Two Terminal Chows"),
    (1, "幺九刻", "Pung of Terminals or Honors"),
    (1, "明杠", "Melded Kong"),
    (1, "缺一门", "One Voided Suit"),
    (1, "无字", "No Honors"),
    (1, "独听・边张", "Edge Wait"),
    (1, "独听・嵌张", "Closed Wait"),
    (1, "独听・单钓", "Single Wait"),
    (1, "自摸", "Self-Drawn"),
    (1, "花牌", "Flower Tiles"),
    (5, "明暗杠", "Concealed Kong and Melded Kong"),
];

/// Fan indices into [`FANS`], by their rule names.
#[allow(missing_docs)]
pub mod f {
    pub const BIG_FOUR_WINDS: usize = 1;
    pub const BIG_THREE_DRAGONS: usize = 2;
    pub const ALL_GREEN: usize = 3;
    pub const NINE_GATES: usize = 4;
    pub const FOUR_KONGS: usize = 5;
    pub const SEVEN_SHIFTED_PAIRS: usize = 6;
    pub const THIRTEEN_ORPHANS: usize = 7;
    pub const ALL_TERMINALS: usize = 8;
    pub const LITTLE_FOUR_WINDS: usize = 9;
    pub const LITTLE_THREE_DRAGONS: usize = 10;
    pub const ALL_HONORS: usize = 11;
    pub const FOUR_CONCEALED_PUNGS: usize = 12;
    pub const PURE_TERMINAL_CHOWS: usize = 13;
    pub const QUADRUPLE_CHOW: usize = 14;
    pub const FOUR_PURE_SHIFTED_PUNGS: usize = 15;
    pub const FOUR_PURE_SHIFTED_CHOWS: usize = 16;
    pub const THREE_KONGS: usize = 17;
    pub const ALL_TERMINALS_AND_HONORS: usize = 18;
    pub const SEVEN_PAIRS: usize = 19;
    pub const GREATER_HONORS_KNITTED: usize = 20;
    pub const ALL_EVEN_PUNGS: usize = 21;
    pub const FULL_FLUSH: usize = 22;
    pub const PURE_TRIPLE_CHOW: usize = 23;
    pub const PURE_SHIFTED_PUNGS: usize = 24;
    pub const UPPER_TILES: usize = 25;
    pub const MIDDLE_TILES: usize = 26;
    pub const LOWER_TILES: usize = 27;
    pub const PURE_STRAIGHT: usize = 28;
    pub const THREE_SUITED_TERMINAL_CHOWS: usize = 29;
    pub const PURE_SHIFTED_CHOWS: usize = 30;
    pub const ALL_FIVE: usize = 31;
    pub const TRIPLE_PUNG: usize = 32;
    pub const THREE_CONCEALED_PUNGS: usize = 33;
    pub const LESSER_HONORS_KNITTED: usize = 34;
    pub const KNITTED_STRAIGHT: usize = 35;
    pub const UPPER_FOUR: usize = 36;
    pub const LOWER_FOUR: usize = 37;
    pub const BIG_THREE_WINDS: usize = 38;
    pub const MIXED_STRAIGHT: usize = 39;
    pub const REVERSIBLE_TILES: usize = 40;
    pub const MIXED_TRIPLE_CHOW: usize = 41;
    pub const MIXED_SHIFTED_PUNGS: usize = 42;
    pub const CHICKEN_HAND: usize = 43;
    pub const LAST_TILE_DRAW: usize = 44;
    pub const LAST_TILE_CLAIM: usize = 45;
    pub const OUT_WITH_REPLACEMENT: usize = 46;
    pub const ROBBING_THE_KONG: usize = 47;
    pub const ALL_PUNGS: usize = 48;
    pub const HALF_FLUSH: usize = 49;
    pub const MIXED_SHIFTED_CHOWS: usize = 50;
    pub const ALL_TYPES: usize = 51;
    pub const MELDED_HAND: usize = 52;
    pub const TWO_CONCEALED_KONGS: usize = 53;
    pub const TWO_DRAGONS_PUNGS: usize = 54;
    pub const OUTSIDE_HAND: usize = 55;
    pub const FULLY_CONCEALED: usize = 56;
    pub const TWO_MELDED_KONGS: usize = 57;
    pub const LAST_TILE: usize = 58;
    pub const DRAGON_PUNG: usize = 59;
    pub const PREVALENT_WIND: usize = 60;
    pub const SEAT_WIND: usize = 61;
    pub const CONCEALED_HAND: usize = 62;
    pub const ALL_CHOWS: usize = 63;
    pub const TILE_HOG: usize = 64;
    pub const DOUBLE_PUNG: usize = 65;
    pub const TWO_CONCEALED_PUNGS: usize = 66;
    pub const CONCEALED_KONG: usize = 67;
    pub const ALL_SIMPLES: usize = 68;
    pub const PURE_DOUBLE_CHOW: usize = 69;
    pub const MIXED_DOUBLE_CHOW: usize = 70;
    pub const SHORT_STRAIGHT: usize = 71;
    pub const TWO_TERMINAL_CHOWS: usize = 72;
    pub const PUNG_TERMINALS_HONORS: usize = 73;
    pub const MELDED_KONG: usize = 74;
    pub const ONE_VOIDED_SUIT: usize = 75;
    pub const NO_HONORS: usize = 76;
    pub const EDGE_WAIT: usize = 77;
    pub const CLOSED_WAIT: usize = 78;
    pub const SINGLE_WAIT: usize = 79;
    pub const SELF_DRAWN: usize = 80;
    pub const FLOWER_TILES: usize = 81;
    pub const CONCEALED_AND_MELDED_KONG: usize = 82;
}

use f::*;

/// The fans each fan implies, so that they are not counted beside it (the
/// rules' "不计" lists). Per-set exclusions (幺九刻 of a wind or dragon pung
/// already scored) are applied where the pungs are counted instead.
pub const IMPLIES: &[(usize, &[usize])] = &[
    (
        BIG_FOUR_WINDS,
        &[
            BIG_THREE_WINDS,
            LITTLE_FOUR_WINDS,
            PREVALENT_WIND,
            SEAT_WIND,
            ALL_PUNGS,
        ],
    ),
    (
        BIG_THREE_DRAGONS,
        &[TWO_DRAGONS_PUNGS, DRAGON_PUNG, LITTLE_THREE_DRAGONS],
    ),
    // 绿一色 keeps 清一色 when it has no 发 (id 308).
    (ALL_GREEN, &[HALF_FLUSH]),
    // id 240: 九莲宝灯 keeps 幺九刻 in 1.4.0.
    (
        NINE_GATES,
        &[FULL_FLUSH, CONCEALED_HAND, NO_HONORS, ONE_VOIDED_SUIT],
    ),
    (FOUR_KONGS, &[THREE_KONGS, ALL_PUNGS, SINGLE_WAIT]),
    (
        SEVEN_SHIFTED_PAIRS,
        &[
            SEVEN_PAIRS,
            FULL_FLUSH,
            CONCEALED_HAND,
            SINGLE_WAIT,
            NO_HONORS,
            ONE_VOIDED_SUIT,
        ],
    ),
    (
        THIRTEEN_ORPHANS,
        &[
            ALL_TYPES,
            CONCEALED_HAND,
            SINGLE_WAIT,
            ALL_TERMINALS_AND_HONORS,
        ],
    ),
    (
        ALL_TERMINALS,
        &[
            ALL_TERMINALS_AND_HONORS,
            ALL_PUNGS,
            OUTSIDE_HAND,
            NO_HONORS,
            DOUBLE_PUNG,
            PUNG_TERMINALS_HONORS,
        ],
    ),
    (LITTLE_FOUR_WINDS, &[BIG_THREE_WINDS]),
    (LITTLE_THREE_DRAGONS, &[TWO_DRAGONS_PUNGS, DRAGON_PUNG]),
    (
        ALL_HONORS,
        &[
            ALL_TERMINALS_AND_HONORS,
            ALL_PUNGS,
            OUTSIDE_HAND,
            PUNG_TERMINALS_HONORS,
        ],
    ),
    (
        FOUR_CONCEALED_PUNGS,
        &[
            THREE_CONCEALED_PUNGS,
            TWO_CONCEALED_PUNGS,
            ALL_PUNGS,
            CONCEALED_HAND,
        ],
    ),
    // 一色双龙会 keeps 门前清 (id 868).
    (
        PURE_TERMINAL_CHOWS,
        &[
            ALL_CHOWS,
            SEVEN_PAIRS,
            FULL_FLUSH,
            PURE_DOUBLE_CHOW,
            TWO_TERMINAL_CHOWS,
            NO_HONORS,
            ONE_VOIDED_SUIT,
        ],
    ),
    (
        QUADRUPLE_CHOW,
        &[PURE_TRIPLE_CHOW, PURE_DOUBLE_CHOW, TILE_HOG],
    ),
    (FOUR_PURE_SHIFTED_PUNGS, &[PURE_SHIFTED_PUNGS, ALL_PUNGS]),
    (
        FOUR_PURE_SHIFTED_CHOWS,
        &[PURE_SHIFTED_CHOWS, SHORT_STRAIGHT, TWO_TERMINAL_CHOWS],
    ),
    // 三杠 keeps 双暗刻 of two concealed kongs (id 587).
    (
        THREE_KONGS,
        &[
            TWO_CONCEALED_KONGS,
            TWO_MELDED_KONGS,
            CONCEALED_AND_MELDED_KONG,
        ],
    ),
    (
        ALL_TERMINALS_AND_HONORS,
        &[ALL_PUNGS, OUTSIDE_HAND, PUNG_TERMINALS_HONORS],
    ),
    (SEVEN_PAIRS, &[CONCEALED_HAND, SINGLE_WAIT]),
    (
        GREATER_HONORS_KNITTED,
        &[
            LESSER_HONORS_KNITTED,
            ALL_TYPES,
            CONCEALED_HAND,
            SINGLE_WAIT,
        ],
    ),
    (ALL_EVEN_PUNGS, &[ALL_PUNGS, ALL_SIMPLES, NO_HONORS]),
    (FULL_FLUSH, &[NO_HONORS, ONE_VOIDED_SUIT]),
    (PURE_TRIPLE_CHOW, &[PURE_DOUBLE_CHOW]),
    (UPPER_TILES, &[UPPER_FOUR, NO_HONORS]),
    (MIDDLE_TILES, &[ALL_SIMPLES, NO_HONORS]),
    (LOWER_TILES, &[LOWER_FOUR, NO_HONORS]),
    (PURE_STRAIGHT, &[SHORT_STRAIGHT, TWO_TERMINAL_CHOWS]),
    (
        THREE_SUITED_TERMINAL_CHOWS,
        &[ALL_CHOWS, NO_HONORS, MIXED_DOUBLE_CHOW, TWO_TERMINAL_CHOWS],
    ),
    (ALL_FIVE, &[ALL_SIMPLES, NO_HONORS]),
    (TRIPLE_PUNG, &[DOUBLE_PUNG]),
    (THREE_CONCEALED_PUNGS, &[TWO_CONCEALED_PUNGS]),
    (
        LESSER_HONORS_KNITTED,
        &[ALL_TYPES, CONCEALED_HAND, SINGLE_WAIT],
    ),
    (UPPER_FOUR, &[NO_HONORS]),
    (LOWER_FOUR, &[NO_HONORS]),
    (REVERSIBLE_TILES, &[ONE_VOIDED_SUIT]),
    (LAST_TILE_DRAW, &[SELF_DRAWN]),
    (OUT_WITH_REPLACEMENT, &[SELF_DRAWN]),
    (ROBBING_THE_KONG, &[LAST_TILE]),
    (MELDED_HAND, &[SINGLE_WAIT]),
    (TWO_CONCEALED_KONGS, &[CONCEALED_KONG, TWO_CONCEALED_PUNGS]),
    (TWO_DRAGONS_PUNGS, &[DRAGON_PUNG]),
    (FULLY_CONCEALED, &[CONCEALED_HAND, SELF_DRAWN]),
    (TWO_MELDED_KONGS, &[MELDED_KONG]),
    (ALL_CHOWS, &[NO_HONORS]),
    (ALL_SIMPLES, &[NO_HONORS]),
    (CONCEALED_AND_MELDED_KONG, &[CONCEALED_KONG, MELDED_KONG]),
];

/// The fans `fan` implies (see [`IMPLIES`]).
pub fn implies(fan: usize) -> &'static [usize] {
    IMPLIES.iter().find(|e| e.0 == fan).map_or(&[], |e| e.1)
}

/// A fan table: the count of every fan.
pub type Table = [u32; 83];

/// Removes every fan implied by a fan that is present.
pub fn apply_exclusions(t: &mut Table) {
    // 不求人 is 门前清 plus 自摸: a fan that already implies the concealed
    // hand leaves the self-draw to be counted on its own.
    let concealed_implied =
        (0..83).any(|i| t[i] > 0 && i != FULLY_CONCEALED && implies(i).contains(&CONCEALED_HAND));
    if concealed_implied && t[FULLY_CONCEALED] > 0 {
        t[FULLY_CONCEALED] = 0;
        t[SELF_DRAWN] = 1;
    }
    // Not transitive: each list names everything its fan implies, and
    // alternatives of one another (一色三同顺 / 一色三节高) are never in the
    // same arrangement.
    let mut excluded = [false; 83];
    for (fan, &count) in t.iter().enumerate() {
        if count > 0 {
            implies(fan).iter().for_each(|&g| excluded[g] = true);
        }
    }
    for i in 0..83 {
        if excluded[i] {
            t[i] = 0;
        }
    }
}

/// Points of a table (flowers included).
pub fn total(t: &Table) -> u32 {
    (0..83).map(|i| FANS[i].0 * t[i]).sum()
}
