use super::*;
use crate::mcr::bots::greedy::GreedyBot;
use crate::mcr::games::walls::random_init;
use crate::mcr::judge::{End, Event, KongKind};
use crate::mcr::learn::action::action_of;
use crate::named::BuiltInBot;
use crate::rng::Rng;

fn penalty(judge: &Judge) -> Option<String> {
    match judge.result().map(|r| &r.end) {
        Some(End::Penalty { seat, offence, .. }) => Some(format!("seat {seat}: {offence:?}")),
        _ => None,
    }
}

/// Every legal answer of the bots' rules is one action of the mask and
/// back; every action of a mask, answered with the other seats' choices,
/// is accepted by the judge without a penalty. Games of random legal
/// actions, and of the greedy bot's answers (each of which must be in its
/// mask), so that wins and kongs come up too.
#[test]
fn every_masked_action_is_a_legal_answer_the_judge_accepts() {
    let mut rng = Rng::new(48);
    let mut seen = [0usize; 8];
    let (mut decisions, mut checked) = (0, 0);
    for g in 0..160 {
        let init = random_init(&mut rng);
        let mut judge = Judge::new(&init);
        let mut views: [View; PLAYERS] = Default::default();
        let mut greedy: [GreedyBot; PLAYERS] = std::array::from_fn(|_| GreedyBot::new());
        let mut moves = Vec::new();
        while let Some(&requests) = judge.step_requests() {
            let mut masks = [Mask::default(); PLAYERS];
            let mut texts: [Cow<'static, str>; PLAYERS] = Default::default();
            for p in 0..PLAYERS {
                views[p].observe(&requests[p]);
                let mask = legal_mask(&views[p], &mut moves);
                // What the environments ask, straight on the bits.
                assert_eq!(legal_actions(&views[p]), mask, "{}", requests[p]);
                let c = claimed(views[p].turn());
                assert_eq!(
                    mask.len(),
                    moves.len(),
                    "{}: two moves, one action",
                    requests[p]
                );
                for a in mask.iter() {
                    assert!(moves.contains(&a.to_move(c).unwrap()), "{a:?}");
                    assert_eq!(action_of(c, &a.text(c)), Some(a));
                }
                let action = if g % 2 == 1 {
                    let answer = greedy[p].respond(&requests[p]);
                    let a = action_of(c, &answer).expect("the greedy bot's answer is an action");
                    assert!(mask.contains(a), "greedy {answer} to {}", requests[p]);
                    a
                } else {
                    mask.nth(rng.below(mask.len())).unwrap()
                };
                if mask.len() > 1 {
                    decisions += 1;
                    for a in mask.iter() {
                        seen[a.to_move(c).unwrap().kind()] += 1;
                    }
                }
                note(&mut views[p], action.to_move(c).unwrap());
                texts[p] = action.text(c);
                masks[p] = mask;
            }
            for p in 0..PLAYERS {
                if masks[p].len() < 2 {
                    continue;
                }
                let c = claimed(views[p].turn());
                for a in masks[p].iter() {
                    let mut j = judge.clone();
                    for (q, text) in texts.iter().enumerate() {
                        let text = if q == p { a.text(c) } else { text.clone() };
                        j.answer_text(&text).unwrap();
                    }
                    assert_eq!(penalty(&j), None, "{a:?} to {}", requests[p]);
                    checked += 1;
                }
            }
            for text in &texts {
                judge.answer_text(text).unwrap();
            }
        }
        assert_eq!(penalty(&judge), None);
    }
    assert!(decisions > 3000, "{decisions} decisions");
    assert!(checked > 5 * decisions, "{checked} actions checked");
    // PASS, HU, PLAY, GANG T, BUGANG, PENG, CHI, GANG all offered.
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}

/// Seat `p`'s discards nobody claimed, counts by kind, from the events.
fn river(judge: &Judge, p: usize) -> [u8; KINDS] {
    let mut r = [0i32; KINDS];
    for e in judge.events() {
        match *e {
            Event::Play { seat, tile }
            | Event::Peng {
                seat,
                discard: tile,
                ..
            }
            | Event::Chi {
                seat,
                discard: tile,
                ..
            } if usize::from(seat) == p => r[tile.index()] += 1,
            _ => {}
        }
        let claimed = match *e {
            Event::Peng { from, tile, .. } => Some((from, tile)),
            Event::Chi { seat, tile, .. } => Some(((seat + 3) % 4, tile)),
            Event::Kong {
                tile,
                kind: KongKind::Melded { from },
                ..
            } => Some((from, tile)),
            _ => None,
        };
        if let Some((from, tile)) = claimed.filter(|&(f, _)| usize::from(f) == p) {
            let _ = from;
            r[tile.index()] -= 1;
        }
    }
    r.map(|n| u8::try_from(n).unwrap())
}

/// The observation agrees with the judge: the hand, every seat's shown
/// melds, hidden kongs, discards, flowers and wall left, the request's
/// tile and who made it, the winds.
#[test]
fn observations_agree_with_the_judge() {
    let mut rng = Rng::new(7);
    let (mut checked, mut hidden) = (0, 0);
    for _ in 0..60 {
        let mut env = Env::new(
            &random_init(&mut rng),
            Options::default(),
            Default::default(),
            false,
        );
        let mut obs = [0u8; OBS_SIZE];
        while let Some((p, &request, mask)) = env.decision() {
            let j = env.judge();
            for q in 0..PLAYERS {
                env.observe(q, &mut obs);
                let row = |r: usize| &obs[r * KINDS..(r + 1) * KINDS];
                let info = row(10);
                // The judge adds a drawn tile to the hand once answered.
                let mut hand = *j.hand(q);
                if let Request::Draw(t) = j.step_requests().unwrap()[q] {
                    hand[t.index()] += 1;
                }
                assert_eq!(row(0), hand);
                for rel in 0..PLAYERS {
                    let s = (q + rel) % PLAYERS;
                    let mut melds = [0u8; KINDS];
                    let mut concealed = 0;
                    for m in j.melds(s) {
                        let t = m.tile.index();
                        match m.kind {
                            MeldKind::Kong if m.offer == 0 && s != q => concealed += 1,
                            MeldKind::Chow => (t - 1..=t + 1).for_each(|k| melds[k] += 1),
                            MeldKind::Pung => melds[t] += 3,
                            MeldKind::Kong => melds[t] += 4,
                        }
                    }
                    assert_eq!(row(1 + rel), melds, "seat {s} seen by {q}");
                    assert_eq!(info[23 + rel], concealed);
                    hidden += usize::from(concealed);
                    assert_eq!(row(5 + rel), river(j, s), "seat {s}'s river");
                    assert_eq!(info[7 + rel], j.flowers(s));
                    assert_eq!(usize::from(info[11 + rel]), j.tiles_left(s));
                }
                assert_eq!(info[15 + q], 1);
                assert_eq!(info[19 + usize::from(j.quan())], 1);
                assert_eq!(info[15..23].iter().sum::<u8>(), 2);
            }
            env.observe(p, &mut obs);
            let info = &obs[10 * KINDS..];
            let (tile, kind, by) = match request {
                Request::Draw(t) => (t, 0, p),
                Request::Play { seat, tile }
                | Request::Peng { seat, tile }
                | Request::Chi { seat, tile, .. } => (tile, 1, usize::from(seat)),
                Request::BuGang { seat, tile } => (tile, 2, usize::from(seat)),
                _ => unreachable!("{request} has one answer"),
            };
            let mut one_hot = [0u8; KINDS];
            one_hot[tile.index()] = 1;
            assert_eq!(&obs[9 * KINDS..10 * KINDS], one_hot);
            assert_eq!(info[..3].iter().sum::<u8>(), 1);
            assert_eq!(info[kind], 1);
            assert_eq!(info[3 + (by + PLAYERS - p) % PLAYERS], 1);
            checked += 1;
            let a = mask.nth(rng.below(mask.len())).unwrap();
            env.step(a).unwrap();
        }
        assert_eq!(penalty(env.judge()), None);
        assert_eq!(env.step(Action::Pass), Err(Over));
    }
    assert!(checked > 1000, "{checked}");
    assert!(hidden > 0, "no concealed kong seen");
}

/// A deterministic policy: a legal action picked from the observation.
fn pick(obs: &[u8; OBS_SIZE], mask: Mask) -> Action {
    let h = obs
        .iter()
        .fold(0u64, |h, &b| h.wrapping_mul(31).wrapping_add(u64::from(b)));
    mask.nth((h % mask.len() as u64) as usize).unwrap()
}

/// Stepping seat by seat, stepping every decision of a step at once, and
/// the same policy as a bot ([`PolicyBot`]) at a seat play the same game;
/// the caller is asked exactly where a seat has more than one legal action.
#[test]
fn one_by_one_all_at_once_and_as_a_bot_are_the_same_game() {
    let mut rng = Rng::new(11);
    let mut together = 0;
    for g in 0..40 {
        let init = random_init(&mut rng);
        let mut a = Env::new(&init, Options::default(), Default::default(), true);
        let mut obs = [0u8; OBS_SIZE];
        let mut asked = 0;
        while let Some((p, _, mask)) = a.decision() {
            a.observe(p, &mut obs);
            a.step(pick(&obs, mask)).unwrap();
            asked += 1;
        }
        let mut b = Env::new(&init, Options::default(), Default::default(), true);
        while !b.judge().is_over() {
            let ds = b.decisions();
            together += usize::from(ds.iter().flatten().count() > 1);
            let actions = std::array::from_fn(|p| {
                ds[p].map(|m| {
                    b.observe(p, &mut obs);
                    pick(&obs, m)
                })
            });
            assert_eq!(
                b.step_all(&[None; PLAYERS]).is_err(),
                ds.iter().any(Option::is_some)
            );
            b.step_all(&actions).unwrap();
        }
        assert_eq!(b.step_all(&[None; PLAYERS]), Err(StepAllError::Over));
        let bot = g % PLAYERS;
        let mut bots: [Option<Box<dyn Bot + Send>>; PLAYERS] = Default::default();
        bots[bot] = Some(Box::new(PolicyBot::new(pick)));
        let mut c = Env::new(&init, Options::default(), bots, true);
        while let Some((p, _, mask)) = c.decision() {
            assert_ne!(p, bot);
            c.observe(p, &mut obs);
            c.step(pick(&obs, mask)).unwrap();
        }
        assert_eq!(a.judge().steps(), b.judge().steps());
        assert_eq!(a.replies(), b.replies());
        assert_eq!(a.judge().steps(), c.judge().steps());
        assert_eq!(a.replies(), c.replies());
        assert_eq!(a.scores(), c.scores());
        // The caller was asked where a seat had more than one legal action.
        let replies = a.replies().unwrap();
        let mut views: [View; PLAYERS] = Default::default();
        let mut moves = Vec::new();
        let mut wanted = 0;
        for (requests, answers) in a.judge().steps().iter().zip(replies) {
            for p in 0..PLAYERS {
                views[p].observe(&requests[p]);
                wanted += usize::from(legal_mask(&views[p], &mut moves).len() > 1);
                let c = claimed(views[p].turn());
                if let Some(m) = action_of(c, &answers[p]).and_then(|x| x.to_move(c)) {
                    note(&mut views[p], m);
                }
            }
        }
        assert_eq!(asked, wanted);
        assert_eq!(penalty(a.judge()), None);
    }
    assert!(together > 5, "{together} steps with two decisions");
}

/// An action outside the mask is answered: the judge penalises the seat.
#[test]
fn an_illegal_action_is_penalised() {
    let mut env = Env::new(
        &random_init(&mut Rng::new(3)),
        Options::default(),
        Default::default(),
        false,
    );
    let (p, _, mask) = env.decision().unwrap();
    let bad = (0..ACTIONS_FOR_TESTS)
        .filter_map(Action::from_index)
        .find(|a| !mask.contains(*a) && !matches!(a, Action::Pass))
        .unwrap();
    env.step(bad).unwrap();
    // The step's other seats may still decide; then the penalty comes.
    while let Some((_, _, m)) = env.decision() {
        env.step(m.nth(0).unwrap()).unwrap();
    }
    let scores = env.scores().unwrap();
    assert_eq!(scores[p], -30, "{:?}", env.judge().result());
}

const ACTIONS_FOR_TESTS: usize = crate::mcr::learn::action::ACTIONS;

/// A recorded game is the arena's record of the same game: with the same
/// bots at every seat, the arena and the environment write the same log.
#[test]
fn a_recorded_game_is_the_arenas_game() {
    // Any seed a seat: the env and the arena are given the same.
    let bot_seed = |run: u64, seat: &[u64]| run * 16 + seat[0];
    use crate::mcr::bots::built_in::BuiltIn;
    use crate::mcr::games::arena::{self, Seat};
    use crate::mcr::games::log::{self, SeatRecord, Setting};
    use crate::mcr::games::walls::Family;
    use crate::named::WallFamily;
    let greedy = BuiltIn::parse("greedy").unwrap().unwrap();
    let setting = Setting {
        wall: "test".into(),
        seats: std::array::from_fn(|_| SeatRecord {
            name: "greedy".into(),
            command: "greedy".into(),
        }),
        context: None,
    };
    let mut won = 0;
    for seed in 1..6 {
        let init = Family::Uniform.seeded_wall(seed);
        let bots = std::array::from_fn(|p| Some(greedy.bot(bot_seed(seed, &[p as u64]))));
        let env = Env::new(&init, Options::default(), bots, true);
        let mut seats =
            std::array::from_fn(|p| Seat::InProcess(greedy.bot(bot_seed(seed, &[p as u64]))));
        let game = arena::play(&init, Options::default(), &mut seats, &mut |_| {});
        let recorded = env.game().expect("a finished, recorded game");
        assert_eq!(log::lines(&setting, &recorded), log::lines(&setting, &game));
        won += usize::from(matches!(game.result.end, End::Win(_)));
    }
    assert!(won > 0, "no game of the five was won");
    // Not before the end, nor without `record`.
    let init = Family::Uniform.seeded_wall(1);
    let env = Env::new(&init, Options::default(), Default::default(), true);
    assert!(env.decision().is_some() && env.game().is_none());
    let bots = std::array::from_fn(|p| Some(greedy.bot(bot_seed(1, &[p as u64]))));
    let env = Env::new(&init, Options::default(), bots, false);
    assert!(env.judge().is_over() && env.game().is_none());
}
