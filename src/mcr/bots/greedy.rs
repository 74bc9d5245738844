//! The greedy bot: deterministic, reading only its own requests.
//!
//! - `HU` whenever it is legal (8 fans besides the flowers).
//! - On its draw otherwise: the discard leaving the lowest shanten
//!   ([`shape::best`], every form); ties to the highest kind (`J3` first,
//!   honors before suits). A kong (concealed or promoted) instead when the
//!   hand after it is no farther from ready than after that discard: it
//!   costs nothing and brings a replacement draw.
//! - On a discard: the claim (`PENG`, `CHI`, with its best discard) that
//!   lowers the shanten most, when it lowers it; `GANG` when the kong
//!   keeps it. It knows nothing of fans: it can stand ready on a hand that
//!   can never win.

use super::bot::Bot;
use super::legal::{legal, note, Action};
use super::shape;
use super::view::{Turn, View};
use crate::mcr::judge::Request;
use crate::mcr::tile::{Counts, Tile};
use std::borrow::Cow;

/// The standing tiles and melds `action` leaves this player with (before
/// any replacement draw); `None` for `PASS` and `HU`.
pub fn after(view: &View, action: Action) -> Option<(Counts, usize)> {
    let mut hand = *view.hand();
    let melds = view.my_melds().len();
    let claimed = match view.turn() {
        Turn::Discard { tile, .. } => Some(tile),
        _ => None,
    };
    let take = |h: &mut Counts, t: Tile, n: u8| h[t.index()] -= n;
    match action {
        Action::Pass | Action::Hu => return None,
        Action::Play(t) => take(&mut hand, t, 1),
        Action::BuGang(t) => take(&mut hand, t, 1),
        Action::Gang(t) => {
            take(&mut hand, t, 4);
            return Some((hand, melds + 1));
        }
        Action::Peng(d) => {
            let t = claimed?;
            take(&mut hand, t, 2);
            take(&mut hand, d, 1);
            return Some((hand, melds + 1));
        }
        Action::Kong => {
            take(&mut hand, claimed?, 3);
            return Some((hand, melds + 1));
        }
        Action::Chi { middle, discard } => {
            let t = claimed?;
            hand[t.index()] += 1;
            let m = middle.index();
            for c in &mut hand[m - 1..=m + 1] {
                *c -= 1;
            }
            take(&mut hand, discard, 1);
            return Some((hand, melds + 1));
        }
    }
    Some((hand, melds))
}

/// The greedy bot.
#[derive(Clone, Debug, Default)]
pub struct GreedyBot {
    view: View,
    moves: Vec<Action>,
}

impl GreedyBot {
    /// A bot before its first request.
    pub fn new() -> GreedyBot {
        GreedyBot::default()
    }

    fn choose(&self) -> Action {
        let moves = &self.moves;
        if moves.contains(&Action::Hu) {
            return Action::Hu;
        }
        let shanten = |a: Action| after(&self.view, a).map(|(h, m)| shape::best(&h, m));
        match self.view.turn() {
            Turn::MyDraw(_) => {
                let mut best: Option<(i32, Action)> = None;
                // Highest kind first: the first of equals is kept.
                for &a in moves.iter().rev() {
                    if let (Action::Play(_), Some(s)) = (a, shanten(a)) {
                        if best.is_none_or(|(b, _)| s < b) {
                            best = Some((s, a));
                        }
                    }
                }
                let Some((b, play)) = best else {
                    return moves[0];
                };
                let kong = moves.iter().copied().find(|&a| {
                    matches!(a, Action::Gang(_) | Action::BuGang(_))
                        && shanten(a).is_some_and(|s| s <= b)
                });
                kong.unwrap_or(play)
            }
            Turn::Discard { .. } => {
                let (hand, melds) = (self.view.hand(), self.view.my_melds().len());
                let now = shape::best(hand, melds);
                let mut best: Option<(i32, Action)> = None;
                for &a in moves {
                    let Some(s) = shanten(a) else { continue };
                    let good = match a {
                        Action::Kong => s <= now,
                        _ => s < now,
                    };
                    if good && best.is_none_or(|(b, _)| s < b) {
                        best = Some((s, a));
                    }
                }
                best.map_or(Action::Pass, |(_, a)| a)
            }
            _ => Action::Pass,
        }
    }
}

impl Bot for GreedyBot {
    fn respond(&mut self, request: &Request) -> Cow<'static, str> {
        self.view.observe(request);
        legal(&self.view, &mut self.moves);
        let pick = if self.moves.len() == 1 {
            self.moves[0]
        } else {
            self.choose()
        };
        note(&mut self.view, pick);
        pick.text()
    }
}
