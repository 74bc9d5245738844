//! The fan calculator: every hand form, every arrangement of a regular
//! hand, the highest-scoring one, in MahjongGB 1.4.0's reading (or the
//! 2018 calculator's, see [`Reading`]).
//!
//! Everything works on counts arrays and fixed-size arrays of sets; the
//! only allocation is the result's list of sets.

use super::fan::Reading;
use super::fan::{Fan, FanTable};
use super::hand::{Hand, MeldKind, WinContext};
use super::tile::KINDS;

/// Scores `hand` winning with `ctx` under `reading`.
pub fn calculate(hand: &Hand, ctx: &WinContext, reading: Reading) -> Result<FanResult, FanError> {
    let c = prepare(hand, ctx, reading)?;
    let mut best = FanTable::default();
    let mut form = Form::Regular;
    let mut best_total = 0;
    let mut special_seven_pairs = false;
    if c.fixed_cnt == 0 {
        if let Some(f) = special_forms(&c, &mut best) {
            form = f;
        } else if let Some(sets) = knitted_straight(&c, &mut best) {
            return Ok(finish(best, Form::KnittedStraight, sets, ctx));
        } else if nine_gates(&c, &mut best) {
            form = Form::NineGates;
        }
        if form != Form::Regular {
            best_total = best.total();
            special_seven_pairs = best.has(Fan::SevenPairs);
        }
    } else if c.fixed_cnt == 1 {
        if let Some(sets) = knitted_straight(&c, &mut best) {
            return Ok(finish(best, Form::KnittedStraight, sets, ctx));
        }
    }
    let mut sets: Vec<Set> = Vec::new();
    if best_total == 0 || special_seven_pairs {
        if let Some((table, division)) = best_division(&c, best_total, special_seven_pairs) {
            best = table;
            best_total = best.total();
            form = Form::Regular;
            sets = division.to_vec();
        }
    }
    if best_total == 0 {
        return Err(FanError::NotWin);
    }
    Ok(finish(best, form, sets, ctx))
}

fn finish(mut table: FanTable, form: Form, sets: Vec<Set>, ctx: &WinContext) -> FanResult {
    table.set(Fan::FlowerTiles, u16::from(ctx.flowers));
    FanResult {
        total: table.total(),
        table,
        form,
        sets,
    }
}

fn prepare(hand: &Hand, ctx: &WinContext, reading: Reading) -> Result<Ctx, FanError> {
    let fixed_cnt = hand.melds.len();
    let size = hand.standing.len();
    if size == 0 || fixed_cnt > 4 || fixed_cnt * 3 + size != 13 {
        return Err(FanError::WrongTilesCount);
    }
    let mut fixed = [NO_SET; 4];
    let mut fixed_counts = [0u16; KINDS];
    let mut present = 0u64;
    for (slot, m) in fixed.iter_mut().zip(&hand.melds) {
        let i = m.tile.index();
        present |= 1 << i;
        let kind = match m.kind {
            MeldKind::Chow => {
                for c in &mut fixed_counts[i - 1..=i + 1] {
                    *c += 1;
                }
                present |= 0b101 << (i - 1);
                SetKind::Chow
            }
            MeldKind::Pung => {
                fixed_counts[i] += 3;
                SetKind::Pung
            }
            MeldKind::Kong => {
                fixed_counts[i] += 4;
                SetKind::Kong
            }
        };
        *slot = Set {
            kind,
            tile: m.tile,
            melded: m.is_melded(),
        };
    }
    let mut standing = [0u8; KINDS];
    let mut held = 0u64;
    for t in hand.standing.iter().chain(std::iter::once(&ctx.win_tile)) {
        standing[t.index()] = standing[t.index()].saturating_add(1);
        held |= 1 << t.index();
    }
    if reading.checks_fifth_copy()
        && (0..KINDS).any(|i| fixed_counts[i] + u16::from(standing[i]) > 4)
    {
        return Err(FanError::TileCountGreaterThan4);
    }
    // Only the kinds held, not all 34.
    present |= held;
    let (mut pairs, mut odd) = (0u64, 0u64);
    let mut kinds = held;
    while kinds != 0 {
        let i = kinds.trailing_zeros() as usize;
        kinds &= kinds - 1;
        let n = standing[i];
        pairs |= u64::from(n >= 2) << i;
        odd |= u64::from(n % 2) << i;
    }
    let flags = win_flags(hand, ctx, &standing, &fixed_counts);
    Ok(Ctx {
        fixed,
        fixed_cnt,
        fixed_counts,
        standing,
        standing_size: size as i32,
        present,
        held,
        pairs,
        odd,
        win: ctx.win_tile,
        flags,
        seat: ctx.seat_wind,
        prevalent: ctx.prevalent_wind,
        reading,
    })
}

mod context;
mod forms;
mod hand_fans;
mod regular;
mod sets;

use context::{Ctx, NO_SET};
pub use context::{FanError, FanResult, Form, Set, SetKind};
use forms::{knitted_straight, nine_gates, special_forms};
pub use forms::{KNITTED, ORPHANS};
use hand_fans::win_flags;
use regular::best_division;
