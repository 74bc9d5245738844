//! The greedy bot: deterministic, reading only its own requests.
//!
//! - `HU` whenever its hand wins (on its draw or on a discard).
//! - On its draw otherwise: the discard leaving the least winning distance
//!   (the core's `best_discard`; ties to the highest kind, `T9` first).
//!   A kong instead when the hand after it (before the replacement draw)
//!   is no farther from winning than after that best discard: a kong never
//!   lowers that distance by itself (keeping the fourth tile or discarding
//!   it is always as good), so "lowers its winning distance" is read as
//!   "costs nothing and brings the replacement draw"; kongs of the lowest
//!   kind first, and only while the wall surely holds a tile.
//! - On a discard: `PENG c2` when the pung and its best discard `c2`
//!   strictly lower the distance (a pung takes the place of a draw); never
//!   `c2 = c`, so a lost pung is recognizable (see [`crate::noi2014::bots::view`]). `GANG`
//!   when the kong keeps the distance and is no worse than the pung.
//! - On `4`: a nearest valid target ([`crate::noi2014::rules::target`]), exposed sets in
//!   lower case.
//!
//! The noisy greedy bot ([`GreedyBot::noisy`], `greedy:eps=P` on the command
//! line) is the same bot but for one thing: at each draw and each other
//! player's discard it answers, with probability `P`, a move drawn uniformly
//! from the legal ones instead (a win is always declared, a kong only while
//! the wall surely holds a tile). It is a bot a little weaker than the
//! greedy bot by a known knob, whose games vary with its seed: duels are
//! calibrated with it.

use crate::distance;
use crate::hand::Hand;
use crate::noi2014::bots::bot::Bot;
use crate::noi2014::bots::view::View;
use crate::noi2014::rules::request::Request;
use crate::noi2014::rules::target::nearest_target_answer;
use crate::noi2014::rules::tiles::{self, GANG, PENG, PLAY};
use crate::rng::Rng;
use crate::tile::Tile;
use std::borrow::Cow;

/// The greedy bot's discard tie order: the highest kind first, `T9 .. W1`.
const TIE_ORDER: [Tile; crate::noi2014::rules::KINDS] = {
    let mut order = [Tile::RED; crate::noi2014::rules::KINDS];
    let mut i = 0;
    while i < crate::noi2014::rules::KINDS {
        order[i] = match Tile::from_index(crate::noi2014::rules::KINDS - 1 - i) {
            Some(t) => t,
            None => panic!("an index below KINDS"),
        };
        i += 1;
    }
    order
};

/// The greedy bot.
#[derive(Clone, Debug, Default)]
pub struct GreedyBot {
    view: View,
    /// The noisy bot's chance of a random move, and its stream.
    noise: Option<(f64, Rng)>,
}

impl GreedyBot {
    /// A bot before its first request.
    pub fn new() -> GreedyBot {
        GreedyBot::default()
    }

    /// The noisy greedy bot: a random legal move with probability `eps`
    /// (clamped to `0..=1`) at each decision, its draws from `seed`.
    pub fn noisy(eps: f64, seed: u64) -> GreedyBot {
        GreedyBot {
            view: View::new(),
            noise: Some((eps.clamp(0.0, 1.0), Rng::new(seed))),
        }
    }

    /// The pick of a random move now, if the noise says so. Two draws at
    /// every decision, the chance and the pick, taken or not, so that two
    /// noisy bots on one stream stay in step while their games do, even
    /// when only the noisier one moves at random (or its random move is
    /// the greedy one).
    fn random_move(&mut self) -> Option<u64> {
        let (eps, rng) = self.noise.as_mut()?;
        // 53 random bits: a uniform number in [0, 1).
        let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        let pick = rng.next_u64();
        (u < *eps).then_some(pick)
    }

    /// A legal move on its own draw, uniformly among the discards of every
    /// kind held and the kongs the hand allows while the wall surely holds
    /// a tile (no win: the caller declares one).
    fn random_on_draw(&mut self, pick: u64) -> &'static str {
        let hand = *self.view.hand();
        let kongs = if self.view.kong_is_safe() {
            tiles::all()
                .filter(|&t| self.kong_on_draw(t).is_some())
                .collect()
        } else {
            Vec::new()
        };
        let kinds: Vec<Tile> = hand.kinds().collect();
        let i = (pick % (kinds.len() + kongs.len()) as u64) as usize;
        if let Some(&t) = kinds.get(i) {
            self.view.played(t);
            PLAY[t.index()]
        } else {
            let t = kongs[i - kinds.len()];
            self.view.konged(t);
            GANG[t.index()]
        }
    }

    /// A legal move on another player's discard `c`, uniformly among
    /// `PASS`, each `PENG c2` (c2 held after the pung, never `c` itself, as
    /// the greedy bot) and `GANG` while the wall surely holds a tile (no
    /// win: the caller declares one).
    fn random_on_discard(&mut self, c: Tile, pick: u64) -> &'static str {
        let hand = *self.view.hand();
        let held = hand.count(c);
        let gang = self.view.kong_is_safe() && self.kong_on_discard(c).is_some();
        let pengs: Vec<Tile> = if held >= 2 {
            let mut rest = hand;
            rest.remove(c);
            rest.remove(c);
            rest.kinds().filter(|&t| t != c).collect()
        } else {
            Vec::new()
        };
        let i = (pick % (1 + pengs.len() + usize::from(gang)) as u64) as usize;
        match i {
            0 => "PASS",
            i if i <= pengs.len() => {
                let c2 = pengs[i - 1];
                self.view.claimed_peng(c, c2);
                PENG[c2.index()]
            }
            _ => self.gang(c),
        }
    }

    /// Its view of the game.
    pub fn view(&self) -> &View {
        &self.view
    }

    /// The concealed hand and the number of exposed sets after a kong of
    /// `t` on its own draw: of four concealed (exposed, one set more) or
    /// of one beside its exposed pung (added to it); `None` when the hand
    /// allows no kong of `t`. The wall is not looked at.
    fn kong_on_draw(&self, t: Tile) -> Option<(Hand, u8)> {
        let (mut hand, m) = (*self.view.hand(), self.view.melds().len() as u8);
        match hand.count(t) {
            4 => {
                for _ in 0..4 {
                    hand.remove(t);
                }
                Some((hand, m + 1))
            }
            n if n >= 1 && self.view.melds().has_pung(t) => {
                hand.remove(t);
                Some((hand, m))
            }
            _ => None,
        }
    }

    /// The same after a kong of another player's discard `c`: on three
    /// concealed (one set more) or on its exposed pung (the hand as it is);
    /// `None` when the hand allows none.
    fn kong_on_discard(&self, c: Tile) -> Option<(Hand, u8)> {
        let (mut hand, m) = (*self.view.hand(), self.view.melds().len() as u8);
        if hand.count(c) == 3 {
            for _ in 0..3 {
                hand.remove(c);
            }
            Some((hand, m + 1))
        } else {
            self.view.melds().has_pung(c).then_some((hand, m))
        }
    }

    fn on_draw(&mut self) -> &'static str {
        let hand = *self.view.hand();
        let m = self.view.melds().len() as u8;
        if distance::is_winning(&hand, m) {
            return "HU";
        }
        if let Some(pick) = self.random_move() {
            return self.random_on_draw(pick);
        }
        let best =
            distance::best_discard(&hand, m, &TIE_ORDER).expect("a drawn hand has 14 - 3m tiles");
        if self.view.kong_is_safe() {
            for t in tiles::all() {
                let after = self
                    .kong_on_draw(t)
                    .and_then(|(h, m)| distance::distance(&h, m).ok());
                if after.is_some_and(|d| d <= best.after) {
                    self.view.konged(t);
                    return GANG[t.index()];
                }
            }
        }
        self.view.played(best.tile);
        PLAY[best.tile.index()]
    }

    fn on_discard(&mut self, c: Tile) -> &'static str {
        let hand = *self.view.hand();
        let m = self.view.melds().len() as u8;
        // No cache: a distance costs a few nanoseconds.
        let rest = distance::distance(&hand, m).expect("a resting hand has 13 - 3m tiles");
        // Only a hand one tile from winning can win on a discard.
        if rest == 1 {
            let mut with = hand;
            with.add(c);
            if distance::is_winning(&with, m) {
                return "HU";
            }
        }
        if let Some(pick) = self.random_move() {
            return self.random_on_discard(c, pick);
        }
        let held = hand.count(c);
        if held < 2 && !self.view.melds().has_pung(c) {
            return "PASS";
        }
        let peng = (held >= 2).then(|| {
            let mut h = hand;
            h.remove(c);
            h.remove(c);
            best_discard_except(&h, m + 1, c)
        });
        let peng = peng.filter(|&(_, d)| d < rest);
        // On a pung the hand stays as it is: the distance stays `rest`.
        let gang = self
            .kong_on_discard(c)
            .filter(|_| self.view.kong_is_safe())
            .and_then(|(h, m)| distance::distance(&h, m).ok())
            .filter(|&d| d <= rest);
        match (gang, peng) {
            (Some(g), Some((_, p))) if g <= p => self.gang(c),
            (Some(_), None) => self.gang(c),
            (_, Some((c2, _))) => {
                self.view.claimed_peng(c, c2);
                PENG[c2.index()]
            }
            (None, None) => "PASS",
        }
    }

    fn gang(&mut self, c: Tile) -> &'static str {
        self.view.claimed_gang(c);
        "GANG"
    }
}

/// The discard from a full hand (`14 - 3m` tiles) leaving the least
/// distance, never `except`; ties to the highest kind as in the core.
fn best_discard_except(hand: &Hand, m: u8, except: Tile) -> (Tile, u8) {
    let best = distance::best_discard(hand, m, &TIE_ORDER).expect("a full hand");
    if best.tile != except {
        return (best.tile, best.after);
    }
    let mut choice: Option<(Tile, u8)> = None;
    for t in tiles::all().rev() {
        if t == except || hand.count(t) == 0 {
            continue;
        }
        let mut h = *hand;
        h.remove(t);
        let d = distance::distance(&h, m).expect("sizes fit");
        if choice.is_none_or(|(_, b)| d < b) {
            choice = Some((t, d));
        }
    }
    choice.expect("a pung leaves another tile to discard")
}

impl Bot for GreedyBot {
    fn respond(&mut self, request: &Request) -> Cow<'static, str> {
        self.view.observe(request);
        // A concealed hand of 13 - 3m tiles at rest (14 - 3m after a draw),
        // kongs included. Any other size means the view lost track (someone
        // else answered for this bot): answer safely rather than panic.
        let rest = self.view.hand().len() + 3 * self.view.melds().len();
        match *request {
            Request::Draw(t) if rest != 14 => Cow::Borrowed(PLAY[t.index()]),
            Request::Play { .. } if rest != 13 => Cow::Borrowed("PASS"),
            Request::Target if rest != 13 => Cow::Borrowed(""),
            Request::Draw(_) => Cow::Borrowed(self.on_draw()),
            Request::Play { tile, .. } => Cow::Borrowed(self.on_discard(tile)),
            Request::Target => Cow::Owned(nearest_target_answer(
                self.view.hand(),
                &self.view.meld_list(),
            )),
            _ => Cow::Borrowed("PASS"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::noi2014::rules::wall::Wall;
    use crate::rng::Rng;

    /// `best_discard_except` against its definition, written out: of the
    /// kinds held other than `except`, the one whose discard leaves the least
    /// distance, ties to the highest kind. Every kind held is tried as
    /// `except`, so the shortcut (the core's best is not `except`) and the
    /// search (it is) both run, on hands with ties and with kinds not held.
    #[test]
    fn best_discard_except_is_the_best_other_discard() {
        let mut rng = Rng::new(14);
        let (mut searched, mut tied) = (0, 0);
        for round in 0..400 {
            let wall = Wall::shuffled(&mut rng);
            // Full hands of 14, 11 and 8 tiles (m = 0, 1, 2).
            let m = (round % 3) as u8;
            let hand = Hand::from_tiles(&wall.tiles()[..14 - 3 * m as usize]);
            let best = distance::best_discard(&hand, m, &TIE_ORDER).expect("full");
            for except in tiles::all().filter(|&t| hand.count(t) > 0) {
                let after: Vec<(Tile, u8)> = tiles::all()
                    .rev()
                    .filter(|&t| t != except && hand.count(t) > 0)
                    .map(|t| {
                        let mut h = hand;
                        h.remove(t);
                        (t, distance::distance(&h, m).expect("fits"))
                    })
                    .collect();
                let least = after.iter().map(|&(_, d)| d).min().expect("two kinds");
                let want = *after.iter().find(|&&(_, d)| d == least).expect("a least");
                searched += usize::from(except == best.tile);
                tied += usize::from(after.iter().filter(|&&(_, d)| d == least).count() > 1);
                assert_eq!(
                    best_discard_except(&hand, m, except),
                    want,
                    "{hand:?} with {m} melds, except {except:?}"
                );
            }
        }
        // Both paths and ties were exercised.
        assert!(
            searched > 100 && tied > 100,
            "{searched} searched, {tied} tied"
        );
    }

    /// A bot whose view lost track (here it was never dealt a hand, and
    /// drew twice, so it holds two tiles, a pair) passes on a discard of
    /// that pair rather than claim from a hand of the wrong size, and names
    /// no target.
    #[test]
    fn a_view_that_lost_track_passes_on_a_discard() {
        let pair = tiles::tile(0);
        let mut bot = GreedyBot::new();
        assert_eq!(bot.respond(&Request::Id(1)), "PASS");
        for _ in 0..2 {
            assert_eq!(bot.respond(&Request::Draw(pair)), PLAY[pair.index()]);
        }
        assert_eq!(bot.view().hand().count(pair), 2);
        let discard = Request::Play {
            player: 2,
            tile: pair,
        };
        assert_eq!(bot.respond(&discard), "PASS");
        // Nor does it name a target for a hand of the wrong size.
        assert_eq!(bot.respond(&Request::Target), "");
    }

    /// A pung held concealed is never worse than the same pung exposed:
    /// `distance(K + ccc, m) <= distance(K, m + 1)` for every hand `K`
    /// without `c`. So when the bot holds three of a discard, the kong's
    /// distance is never below the best pung's that lowers the distance
    /// (the kong's is at least the hand's, which is above that pung's),
    /// and `on_discard` never takes the kong over a pung that helps.
    ///
    /// Checked per suit, for every count vector (the other suits and the
    /// pair are shared by both sides): with one meld more for the three
    /// copies, the suit's best overlap grows by at least three, for every
    /// meld and pair budget. The whole distance follows, since the split of
    /// melds and pair between the groups that is best for `K` serves
    /// `K + ccc` too, with the extra meld in `c`'s suit.
    #[test]
    fn a_concealed_pung_is_never_worse_than_the_pung_exposed() {
        let mut checked = 0;
        for key in 0..5usize.pow(9) {
            let mut v = [0u8; 9];
            let mut k = key;
            for x in &mut v {
                *x = (k % 5) as u8;
                k /= 5;
            }
            let before = distance::suit_bests(&v);
            for c in 0..9 {
                if v[c] != 0 {
                    continue;
                }
                let mut with = v;
                with[c] = 3;
                let after = distance::suit_bests(&with);
                for melds in 0..4 {
                    for pair in 0..2 {
                        assert!(
                            after[melds + 1][pair] >= before[melds][pair] + 3,
                            "{v:?} with three of kind {c}, {melds} meld(s), {pair} pair"
                        );
                        checked += 1;
                    }
                }
            }
        }
        // Every kind, every vector without it, every budget.
        assert_eq!(checked, 9 * 5usize.pow(8) * 8);
    }

    /// Four noisy bots' games on `n` walls of `family`, the bots of wall
    /// `i` seeded from `seed + i`.
    fn noisy_games(
        eps: f64,
        seed: u64,
        family: crate::noi2014::games::families::Family,
        n: usize,
    ) -> Vec<crate::noi2014::rules::judge::Judge> {
        crate::noi2014::games::families::walls(family, 11, n)
            .iter()
            .enumerate()
            .map(|(i, wall)| {
                let mut bots: [GreedyBot; 4] = std::array::from_fn(|p| {
                    GreedyBot::noisy(eps, (seed + i as u64) * 4 + p as u64)
                });
                crate::noi2014::games::play::play(wall, &mut bots)
            })
            .collect()
    }

    /// Two noisy bots on one stream stay in step: whenever the quieter
    /// one moves at random, the noisier one does too, with the same pick,
    /// also after the noisier one's own random moves.
    #[test]
    fn noisy_bots_on_one_stream_stay_in_step() {
        let (mut quiet, mut noisy) = (GreedyBot::noisy(0.05, 9), GreedyBot::noisy(0.1, 9));
        let (mut both, mut noisier_alone) = (0, 0);
        for _ in 0..2000 {
            match (quiet.random_move(), noisy.random_move()) {
                (Some(a), b) => {
                    assert_eq!(Some(a), b);
                    // Not degenerate: the streams were put to the test
                    // after the noisier bot moved alone.
                    if noisier_alone > 0 {
                        both += 1;
                    }
                }
                (None, Some(_)) => noisier_alone += 1,
                (None, None) => {}
            }
        }
        assert!(both > 20 && noisier_alone > 20, "{both} {noisier_alone}");
    }

    /// With no noise the noisy bot is the greedy bot, move for move.
    #[test]
    fn a_noisy_bot_without_noise_is_the_greedy_bot() {
        use crate::noi2014::games::families::{walls, Family};
        for (wall, noisy) in
            walls(Family::Kongs, 11, 20)
                .iter()
                .zip(noisy_games(0.0, 1, Family::Kongs, 20))
        {
            let greedy = crate::noi2014::games::play::play_greedy(wall);
            assert_eq!(greedy.requests(), noisy.requests());
            assert_eq!(greedy.events(), noisy.events());
        }
    }

    /// Its random moves are legal (nobody is ever put out, even with a
    /// random move at every decision), are every kind of move (discards,
    /// pungs, kongs), follow the seed, and cost points: at 30% noise the
    /// noisy bot scores less than the greedy bots it sits with.
    #[test]
    fn random_moves_are_legal_varied_seeded_and_weaker() {
        use crate::noi2014::games::families::Family;
        use crate::noi2014::rules::event::Event;
        use crate::noi2014::rules::result::PlayerEnd;
        let all_random = noisy_games(1.0, 1, Family::Kongs, 60);
        let (mut pungs, mut kongs) = (0, 0);
        for judge in &all_random {
            let result = judge.result().unwrap();
            assert!(result
                .players
                .iter()
                .all(|p| !matches!(p.end, PlayerEnd::Out { .. })));
            for e in judge.events() {
                match e {
                    Event::Peng { .. } => pungs += 1,
                    Event::GangConcealed { .. }
                    | Event::GangAdded { .. }
                    | Event::GangDiscard { .. } => {
                        kongs += 1;
                    }
                    _ => {}
                }
            }
        }
        assert!(pungs > 0 && kongs > 0, "{pungs} pungs, {kongs} kongs");
        let again = noisy_games(1.0, 1, Family::Kongs, 60);
        let other = noisy_games(1.0, 2, Family::Kongs, 60);
        let events = |games: &[crate::noi2014::rules::judge::Judge]| -> Vec<Vec<Event>> {
            games.iter().map(|j| j.events().to_vec()).collect()
        };
        assert_eq!(events(&all_random), events(&again));
        assert_ne!(events(&all_random), events(&other));
        // Seat 0 noisy, three greedy bots: its points against theirs.
        let (mut noisy, mut greedy) = (0u32, 0u32);
        for (i, wall) in crate::noi2014::games::families::walls(Family::Uniform, 5, 200)
            .iter()
            .enumerate()
        {
            let mut bots: [GreedyBot; 4] = Default::default();
            bots[i % 4] = GreedyBot::noisy(0.3, i as u64);
            let judge = crate::noi2014::games::play::play(wall, &mut bots);
            for (p, r) in judge.result().unwrap().players.iter().enumerate() {
                if p == i % 4 {
                    noisy += u32::from(r.half_points) * 3;
                } else {
                    greedy += u32::from(r.half_points);
                }
            }
        }
        assert!(noisy < greedy, "noisy {noisy} against greedy {greedy} (x3)");
    }
}
