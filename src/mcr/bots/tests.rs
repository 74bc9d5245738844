//! The view and the legal answers checked against the judge: games between
//! four views with random legal answers, the judge driven directly, every
//! view compared with the judge's own state at every request.

use super::built_in::BuiltIn;
use super::legal::{legal, note, Action, KIND_NAMES};
use super::view::{Turn, View};
use crate::mcr::games::arena::{play, Seat};
use crate::mcr::games::walls::{full_set, random_init};
use crate::mcr::hand::MeldKind;
use crate::mcr::judge::{End, InitData, Judge, Options, Wall, WallTile, PLAYERS};
use crate::mcr::tile::Tile;
use crate::named::BuiltInBot;
use crate::rng::Rng;

/// `seat`'s view against the judge's state when `seat` is asked.
fn check_view(view: &View, judge: &Judge, seat: usize) {
    assert_eq!(usize::from(view.me()), seat);
    assert_eq!(view.quan(), judge.quan());
    let mut hand = *view.hand();
    if let Turn::MyDraw(t) = view.turn() {
        // The judge adds the drawn tile to the hand once it is played.
        hand[t.index()] -= 1;
    }
    assert_eq!(&hand, judge.hand(seat), "seat {seat}'s hand");
    for s in 0..PLAYERS {
        let theirs = judge.melds(s);
        let seen = view.seat(s);
        assert_eq!(seen.melds().len(), theirs.len(), "seat {s}'s melds");
        for (i, (v, j)) in seen.melds().iter().zip(&theirs).enumerate() {
            if seen.is_hidden(i) {
                assert!(s != seat && j.kind == MeldKind::Kong && j.offer == 0);
            } else {
                assert_eq!(v, j, "seat {s}'s meld {i} seen by {seat}");
            }
        }
        assert_eq!(seen.flowers(), judge.flowers(s), "seat {s}'s flowers");
        let (lo, hi) = view.tiles_left(s);
        let left = judge.tiles_left(s);
        assert!(usize::from(lo) <= left && left <= usize::from(hi));
        if view.wall_known() {
            assert_eq!(usize::from(lo), left);
        }
    }
    for t in Tile::all() {
        assert!(view.seen(t) <= 4, "{t} seen {} times", view.seen(t));
    }
}

/// Whether the judge would accept `HU` from `seat` now, when the view's
/// turn allows one.
fn judge_accepts_hu(view: &View, judge: &Judge, seat: usize) -> Option<bool> {
    let me = view.me();
    let may = match view.turn() {
        Turn::MyDraw(_) => true,
        Turn::Discard { seat: p, .. } | Turn::Promoted { seat: p, .. } => p != me,
        _ => false,
    };
    let minimum = 8 + i32::from(judge.flowers(seat));
    may.then(|| judge.can_hu(seat).is_some_and(|t| t >= minimum))
}

/// Plays `games` games with four views answering at random among the
/// legal answers (`HU` whenever it is one, a claim or kong half the time
/// it is one), checking views and `HU` against the judge; the count of
/// answers chosen by kind, and of wins.
fn play_random(seed: u64, games: usize, flowers: bool) -> ([usize; 8], usize) {
    let mut rng = Rng::new(seed);
    let mut counts = [0; 8];
    let mut wins = 0;
    let mut moves = Vec::new();
    for _ in 0..games {
        let init = if flowers {
            random_init(&mut rng)
        } else {
            without_flowers(&mut rng)
        };
        let mut judge = Judge::new(&init);
        let mut views: [View; PLAYERS] = Default::default();
        while let Some((seat, &request)) = judge.pending() {
            let view = &mut views[seat];
            view.observe(&request);
            check_view(view, &judge, seat);
            legal(view, &mut moves);
            assert!(!moves.is_empty());
            let hu = moves.contains(&Action::Hu);
            if let Some(accepts) = judge_accepts_hu(view, &judge, seat) {
                if view.wall_known() {
                    assert_eq!(hu, accepts, "HU for seat {seat} at {request}");
                } else {
                    assert!(!hu || accepts, "HU for seat {seat} at {request}");
                }
            } else {
                assert!(!hu);
            }
            let special: Vec<Action> = moves
                .iter()
                .copied()
                .filter(|a| !matches!(a, Action::Pass | Action::Play(_)))
                .collect();
            let pick = if hu {
                Action::Hu
            } else if !special.is_empty() && rng.below(2) == 0 {
                special[rng.below(special.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            counts[pick.kind()] += 1;
            note(view, pick);
            judge.answer_text(&pick.text()).unwrap();
        }
        let result = judge.result().unwrap();
        match &result.end {
            End::Penalty { .. } => panic!("penalised: {result:?}"),
            End::Win(_) => wins += 1,
            End::Exhausted { .. } => {}
        }
    }
    (counts, wins)
}

#[test]
fn views_follow_the_judge_and_legal_answers_are_never_penalised() {
    let (counts, wins) = play_random(1, 300, true);
    eprintln!(
        "answers chosen: {:?}, wins {wins}",
        KIND_NAMES.iter().zip(counts).collect::<Vec<_>>()
    );
    for (name, n) in KIND_NAMES.iter().zip(counts) {
        assert!(n > 0, "no {name} chosen: {counts:?}");
    }
    assert!(wins > 0);
}

/// A 136-tile wall (no flowers, 34 tiles a part), as the official judge
/// shuffles one without `walltiles`.
fn without_flowers(rng: &mut Rng) -> InitData {
    let mut tiles: Vec<WallTile> = full_set()
        .into_iter()
        .filter(|t| matches!(t, WallTile::Kind(_)))
        .collect();
    rng.shuffle(&mut tiles);
    InitData::new(Wall::new(tiles).unwrap(), rng.below(PLAYERS) as i64).unwrap()
}

#[test]
fn views_are_safe_when_the_wall_s_length_is_not_told() {
    // No flower ever shows: the view cannot tell 34-tile parts from 36.
    let (counts, _) = play_random(2, 200, false);
    assert!(counts[0] > 0 && counts[2] > 0, "{counts:?}");
}

/// Duplicate games: each of `walls` walls played with each of `bots` at
/// each seat, the three other seats held by `field`; the mean score per
/// game of each bot, with the spread of the per-wall means' mean (its
/// standard error) and the wins of each.
fn duel(bots: &[BuiltIn], field: BuiltIn, walls: usize, seed: u64) -> Vec<(f64, f64, usize)> {
    let mut rng = Rng::new(seed);
    let inits: Vec<_> = (0..walls).map(|_| random_init(&mut rng)).collect();
    bots.iter()
        .map(|&b| {
            let mut per_wall = Vec::with_capacity(walls);
            let mut wins = 0;
            for (w, init) in inits.iter().enumerate() {
                let mut sum = 0;
                for seat in 0..PLAYERS {
                    let mut seats: [Seat; PLAYERS] = std::array::from_fn(|s| {
                        let seed = (w * PLAYERS + s) as u64;
                        let who = if s == seat { b } else { field };
                        Seat::InProcess(who.bot(seed))
                    });
                    let game = play(init, Options::default(), &mut seats, &mut |_| {});
                    if let End::Penalty { .. } = game.result.end {
                        panic!("{} penalised: {:?}", b.name(), game.result);
                    }
                    if let End::Win(win) = &game.result.end {
                        wins += usize::from(usize::from(win.seat) == seat);
                    }
                    sum += game.result.scores[seat];
                }
                per_wall.push(f64::from(sum) / PLAYERS as f64);
            }
            let n = per_wall.len() as f64;
            let mean = per_wall.iter().sum::<f64>() / n;
            let var = per_wall.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
            (mean, (var / n).sqrt(), wins)
        })
        .collect()
}

/// Runs the duel and checks planner > greedy > random by `margin`
/// standard errors of the difference.
fn check_order(walls: usize, seed: u64, margin: f64) {
    let bots = [BuiltIn::Random, BuiltIn::Greedy, BuiltIn::Planner];
    let r = duel(&bots, BuiltIn::Greedy, walls, seed);
    for (b, (mean, se, wins)) in bots.iter().zip(&r) {
        eprintln!(
            "{:>8}: {mean:+.2} ± {se:.2} a game, {wins} wins in {} games",
            b.name(),
            walls * PLAYERS
        );
    }
    for k in 1..bots.len() {
        let (hi, lo) = (r[k], r[k - 1]);
        let se = (hi.1 * hi.1 + lo.1 * lo.1).sqrt();
        assert!(
            hi.0 - lo.0 > margin * se,
            "{} {:+.2} is not above {} {:+.2} by {margin} standard errors ({se:.2})",
            bots[k].name(),
            hi.0,
            bots[k - 1].name(),
            lo.0
        );
    }
}

#[test]
fn planner_beats_greedy_beats_random() {
    check_order(100, 11, 3.0);
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn planner_beats_greedy_beats_random_by_far() {
    check_order(1000, 12, 4.0);
}
