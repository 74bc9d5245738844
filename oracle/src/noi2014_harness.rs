//! The NOI2014 judges side by side: one input (a wall and who answers at each
//! seat), and both judges driven by identical answer sources to an
//! [`Outcome`] each; [`crate::compare::noi2014`] reports the first
//! difference in requests, events or results.
//!
//! Answers come from the engine's in-process bots, optionally perturbed by
//! script bytes: a scripted seat asks its greedy bot for an answer (so the
//! bot's own view stays up to date) and, when the next script byte says so,
//! replaces it with another answer, legal or not: PASS, PLAY of any tile,
//! PENG with any tile, GANG with or without a tile, HU, malformed strings,
//! or no answer at all. Each judge gets a fresh answer source, so while the
//! judges ask the same requests they get the same answers, and the first
//! request they differ on is reported.

use crate::noi2014 as oracle;
use mahjong_sim::noi2014::bots::bot::Bot;
use mahjong_sim::noi2014::bots::greedy::GreedyBot;
use mahjong_sim::noi2014::bots::sample::SampleBot;
use mahjong_sim::noi2014::rules::judge::Judge;
use mahjong_sim::noi2014::rules::request::Reply;
use mahjong_sim::noi2014::rules::request::Request;
use mahjong_sim::noi2014::rules::tiles::{lower_name, name, tile};
use mahjong_sim::noi2014::rules::wall::Wall;
use std::fmt;

/// Tiles in a NOI2014 wall.
pub const WALL: usize = 108;

/// Who answers at one seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seat {
    /// The built-in greedy bot.
    Greedy,
    /// The built-in sample bot (the 2014 bot's ways) with this seed.
    Sample(u64),
    /// The greedy bot, its answers replaced as the script says.
    Scripted,
}

/// One NOI2014 game for the harness.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Noi2014Input {
    /// The wall as kind indices `0..27` (`W1..W9`, `B1..B9`, `T1..T9`), four
    /// of each, first drawn first.
    pub wall: Vec<u8>,
    /// Who answers at seats 0..3.
    pub seats: [Seat; 4],
    /// The bytes scripted seats read in order, one to three per answer;
    /// once they run out the greedy bot's answers stand.
    pub script: Vec<u8>,
}

impl Noi2014Input {
    /// An input from wall names (`W1 B2 ...`). Panics on a bad wall.
    pub fn new(wall: &str, seats: [Seat; 4], script: Vec<u8>) -> Noi2014Input {
        let wall = Wall::parse(wall.as_bytes()).expect("a NOI2014 wall");
        Noi2014Input {
            wall: wall.kinds().to_vec(),
            seats,
            script,
        }
    }

    /// The engine's wall.
    pub fn engine_wall(&self) -> Wall {
        Wall::from_kinds(&self.kinds()).expect("a Noi2014Input holds a wall")
    }

    /// The wall as the oracle takes it.
    pub fn kinds(&self) -> [u8; WALL] {
        self.wall
            .as_slice()
            .try_into()
            .expect("a Noi2014Input holds 108 tiles")
    }
}

impl fmt::Debug for Noi2014Input {
    /// A paste-ready Rust expression.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self.wall.iter().map(|&k| name(tile(k as usize))).collect();
        let seats: Vec<String> = self.seats.iter().map(|s| format!("Seat::{s:?}")).collect();
        write!(
            f,
            "Noi2014Input::new({:?}, [{}], vec!{:?})",
            names.join(" "),
            seats.join(", "),
            self.script
        )
    }
}

/// A seat's player.
enum Player {
    Bot(Box<dyn Bot>),
    Scripted(GreedyBot),
}

/// The answer source both judges get a fresh copy of.
pub struct Answers<'a> {
    players: [Player; 4],
    script: &'a [u8],
}

impl<'a> Answers<'a> {
    /// The players of `input`, before their first request.
    pub fn new(input: &'a Noi2014Input) -> Answers<'a> {
        Answers {
            players: input.seats.map(|s| match s {
                Seat::Greedy => Player::Bot(Box::new(GreedyBot::new())),
                Seat::Sample(seed) => Player::Bot(Box::new(SampleBot::new(seed))),
                Seat::Scripted => Player::Scripted(GreedyBot::new()),
            }),
            script: &input.script,
        }
    }

    fn byte(&mut self) -> Option<u8> {
        let (&b, rest) = self.script.split_first()?;
        self.script = rest;
        Some(b)
    }

    /// Player `p`'s answer to `request`.
    pub fn answer(&mut self, p: usize, request: &Request) -> Reply {
        match &mut self.players[p] {
            Player::Bot(bot) => Reply::Text(bot.respond(request).into_owned()),
            Player::Scripted(bot) => {
                let own = bot.respond(request).into_owned();
                let held: Vec<u8> = (0..27u8)
                    .filter(|&k| bot.view().hand().count(tile(k as usize)) > 0)
                    .collect();
                match self.byte() {
                    // Most answers stand, so games go deep.
                    Some(b) if b >= 192 => self.perturb(b - 192, &held, request),
                    _ => Reply::Text(own),
                }
            }
        }
    }

    /// Another answer: kind `k` (0..64) chooses what, the next byte which tile.
    fn perturb(&mut self, k: u8, held: &[u8], request: &Request) -> Reply {
        let pick = self.byte().unwrap_or(0);
        // Half the time a tile the player holds, else any kind.
        let kind = if pick.is_multiple_of(2) && !held.is_empty() {
            held[(pick as usize / 2) % held.len()]
        } else {
            (pick / 2) % 27
        };
        let t = name(tile(kind as usize));
        let text = match k % 20 {
            0 => return Reply::Failed(None, "the script made it crash".into()),
            1 => String::new(),
            2 => "HU".into(),
            3 => "PASS".into(),
            4 => "GANG".into(),
            5 => format!("GANG {t}"),
            6 => format!("PENG {t}"),
            7 | 8 => format!("PLAY {t}"),
            9 => format!("PLAY {}", lower_name(tile(kind as usize))),
            10 => format!("PLAY \t {t} "),
            11 => "pass".into(),
            12 => format!("PLAY {t} {t}"),
            13 => "\tPASS".into(),
            14 => "PENG".into(),
            15 => t.to_string(),
            16 => "PASS\n".into(),
            17 => match request {
                // A target of the held tiles and this one.
                Request::Target => held
                    .iter()
                    .map(|&k| name(tile(k as usize)))
                    .chain([t])
                    .collect::<Vec<_>>()
                    .join(" "),
                _ => format!("PENG {t} {t}"),
            },
            18 => format!("HU {t}"),
            _ => {
                let junk: String = (0..pick % 7)
                    .map(|i| b"PLAYENGHUS W1 "[(i as usize * 5 + kind as usize) % 14] as char)
                    .collect();
                junk
            }
        };
        Reply::Text(text)
    }
}

/// What both judges must agree on: the oracle's outcome type, which the
/// engine's result is mapped into.
pub type Outcome = oracle::Outcome;

/// The engine judge on `input`, with the finished judge.
pub fn engine(input: &Noi2014Input) -> (Judge, Outcome) {
    use mahjong_sim::noi2014::rules::result::PlayerEnd;
    let mut answers = Answers::new(input);
    let mut judge = Judge::new(&input.engine_wall());
    while let Some((p, request)) = judge.pending() {
        let reply = answers.answer(p, request);
        judge.answer(reply).expect("a request is pending");
    }
    let result = judge.result().expect("the game is over");
    let outcome = Outcome {
        requests: judge
            .requests()
            .iter()
            .map(|(p, r)| (*p, r.to_string()))
            .collect(),
        events: judge.events().iter().map(|e| e.to_string()).collect(),
        results: result.players.clone().map(|r| oracle::PlayerResult {
            end: match r.end {
                PlayerEnd::Won { order, self_drawn } => oracle::End::Won { order, self_drawn },
                PlayerEnd::Playing => oracle::End::Playing,
                PlayerEnd::Out { request, .. } => oracle::End::Out { request },
            },
            target: r.target,
            valid: r.valid,
            hamming: r.hamming,
            chance: r.chance,
            place: r.place,
            half_points: r.half_points,
        }),
    };
    (judge, outcome)
}

/// The oracle judge on `input`.
pub fn oracle(input: &Noi2014Input) -> Outcome {
    let mut answers = Answers::new(input);
    oracle::play(&input.kinds(), &mut |p, request| {
        let parsed: Request = request
            .parse()
            .unwrap_or_else(|e| panic!("the oracle asked `{request}`, not a request: {e:?}"));
        match answers.answer(p as usize, &parsed) {
            Reply::Text(t) => oracle::Reply::Text(t),
            Reply::Failed(_, why) => oracle::Reply::Failed(why),
        }
    })
}

/// Points 15 and 19: the half points sum to 20 (points to 10); winners
/// rank above the players still in, who rank above players put out; a
/// better place has more points, the same place the same points; places
/// run from 1.
pub fn ranking(o: &Outcome) -> Result<(), String> {
    let half_points = o.results.each_ref().map(|r| r.half_points);
    let places = o.results.each_ref().map(|r| r.place);
    let sum: u32 = half_points.iter().map(|&h| h as u32).sum();
    if sum != 20 {
        return Err(format!("half points {half_points:?} sum to {sum}, not 20"));
    }
    if !places.contains(&1) {
        return Err(format!("places {places:?} have no first"));
    }
    // Point 15: winners rank above everyone else, players put out below.
    let group = |p: usize| match o.results[p].end {
        oracle::End::Won { .. } => 0,
        oracle::End::Playing => 1,
        oracle::End::Out { .. } => 2,
    };
    for i in 0..4 {
        for j in 0..4 {
            if group(i) < group(j) && places[i] >= places[j] {
                return Err(format!(
                    "player {i} ({:?}) is not above player {j} ({:?})",
                    o.results[i], o.results[j]
                ));
            }
            let (pi, pj) = (places[i], places[j]);
            let (hi, hj) = (half_points[i], half_points[j]);
            if (pi < pj && hi <= hj) || (pi == pj && hi != hj) {
                return Err(format!(
                    "places {places:?} and half points {half_points:?} disagree"
                ));
            }
        }
    }
    Ok(())
}

#[cfg(any(feature = "arbitrary", feature = "quickcheck"))]
/// A wall from choices: `mode` 0 a full shuffle by `pick(i)` (the swap
/// partner in `i..108` for each position); otherwise the kinds in blocks of
/// four copies, the blocks shuffled, so deals hold many four-of-a-kinds.
pub fn wall_from(mode: u8, mut pick: impl FnMut(usize) -> usize) -> Vec<u8> {
    let deck: Vec<u8> = (0..27u8).flat_map(|k| [k; 4]).collect();
    if mode == 0 {
        let mut deck = deck;
        // The last place swaps with itself; going through it keeps one
        // bound for both loops.
        for i in 0..WALL {
            let j = pick(i).clamp(i, WALL - 1);
            deck.swap(i, j);
        }
        return deck;
    }
    let mut blocks: Vec<u8> = (0..27).collect();
    for i in 0..26 {
        let j = pick(i).clamp(i, 26);
        blocks.swap(i, j);
    }
    // Some blocks broken up: a quad dealt, or a pung dealt and the fourth
    // drawn later.
    let mut deck: Vec<u8> = blocks.iter().flat_map(|&k| [k; 4]).collect();
    for i in 0..(mode as usize % 8) * 4 {
        let a = pick(100 + i) % WALL;
        let b = pick(200 + i) % WALL;
        deck.swap(a, b);
    }
    deck
}

#[cfg(any(feature = "arbitrary", feature = "quickcheck"))]
fn seat_from(b: u8, seed: u64) -> Seat {
    match b % 3 {
        0 => Seat::Greedy,
        1 => Seat::Sample(seed),
        _ => Seat::Scripted,
    }
}

#[cfg(feature = "arbitrary")]
impl<'a> arbitrary::Arbitrary<'a> for Noi2014Input {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Noi2014Input> {
        let mode = u.int_in_range(0..=15u8)? % 2 * u.int_in_range(1..=8u8)?;
        let mut picks = Vec::with_capacity(400);
        for i in 0..400 {
            picks.push(u.int_in_range(i % WALL..=WALL - 1)?);
        }
        let wall = wall_from(mode, |i| picks[i]);
        let mut seats = [Seat::Greedy; 4];
        for s in &mut seats {
            *s = seat_from(u.arbitrary()?, u.arbitrary::<u8>()? as u64);
        }
        let script = u.arbitrary::<Vec<u8>>()?;
        Ok(Noi2014Input {
            wall,
            seats,
            script,
        })
    }
}

/// For properties: random bytes decoded as the fuzzer's are, so that one
/// generator (pinned by `fuzzer_bytes_decode_as_pinned`) serves both.
#[cfg(feature = "quickcheck")]
impl quickcheck::Arbitrary for Noi2014Input {
    fn arbitrary(g: &mut quickcheck::Gen) -> Noi2014Input {
        // 410 bytes make the wall and seats; the rest, the script.
        let bytes: Vec<u8> = (0..1_000).map(|_| u8::arbitrary(g)).collect();
        arbitrary::Arbitrary::arbitrary(&mut arbitrary::Unstructured::new(&bytes))
            .expect("decoding never runs out: missing bytes read as zeros")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(script: Vec<u8>) -> Noi2014Input {
        Noi2014Input {
            wall: Wall::sorted().kinds().to_vec(),
            seats: [Seat::Scripted, Seat::Greedy, Seat::Sample(3), Seat::Greedy],
            script,
        }
    }

    /// A failing input prints as the Rust expression that rebuilds it.
    #[test]
    fn debug_is_a_paste_ready_expression() {
        let text = format!("{:?}", input(vec![7, 200]));
        assert!(
            text.starts_with("Noi2014Input::new(\"W1 W1 W1 W1 W2"),
            "{text}"
        );
        assert!(
            text.ends_with(
                "[Seat::Scripted, Seat::Greedy, Seat::Sample(3), Seat::Greedy], vec![7, 200])"
            ),
            "{text}"
        );
    }

    /// A scripted seat answers as its greedy bot unless a script byte of
    /// 192 or more replaces the answer (192: a crash).
    #[test]
    fn script_bytes_replace_answers() {
        let greedy = input(vec![]);
        let reply = Answers::new(&greedy).answer(0, &Request::Target);
        assert!(matches!(reply, Reply::Text(_)), "{reply:?}");
        for stands in [vec![0], vec![1], vec![191]] {
            let i = input(stands);
            assert_eq!(Answers::new(&i).answer(0, &Request::Target), reply);
        }
        let crash = input(vec![192]);
        let replaced = Answers::new(&crash).answer(0, &Request::Target);
        assert!(matches!(replaced, Reply::Failed(..)), "{replaced:?}");
    }

    /// A replaced answer names a tile by its pick byte: an even one `2j`
    /// the `j`-th kind the player holds (the id and the deal answered as the
    /// bot does, so that it holds its dealt hand), an odd one `2k + 1` kind
    /// `k` of all 27.
    #[test]
    fn replaced_answers_name_held_tiles() {
        let mut not_first_kind = 0;
        for seed in 0..20 {
            let wall = Wall::shuffled(&mut mahjong_sim::rng::Rng::new(seed));
            let mut held: Vec<usize> = wall.dealt(0).iter().map(|&t| t.index()).collect();
            held.sort_unstable();
            held.dedup();
            not_first_kind += usize::from(held[0] != 0);
            // 192 + 6: PENG of the tile the pick byte names.
            for (pick, kind) in [(0, held[0]), (2, held[1]), (11, 5)] {
                let i = Noi2014Input {
                    wall: wall.kinds().to_vec(),
                    seats: [Seat::Scripted, Seat::Greedy, Seat::Greedy, Seat::Greedy],
                    script: vec![0, 0, 198, pick],
                };
                let mut answers = Answers::new(&i);
                answers.answer(0, &Request::Id(0));
                answers.answer(0, &Request::Deal(wall.dealt(0)));
                assert_eq!(
                    answers.answer(0, &Request::Target),
                    Reply::Text(format!("PENG {}", name(tile(kind)))),
                    "pick {pick}"
                );
            }
        }
        assert!(not_first_kind > 0);
    }

    /// What each replacement byte `192 + k` answers (the corpus's scripts
    /// mean these): with pick byte 2, `t` is the second kind held.
    #[test]
    fn each_replacement_answers_as_documented() {
        let wall = Wall::shuffled(&mut mahjong_sim::rng::Rng::new(5));
        let mut held: Vec<usize> = wall.dealt(0).iter().map(|&t| t.index()).collect();
        held.sort_unstable();
        held.dedup();
        let t = name(tile(held[1]));
        let lower = lower_name(tile(held[1]));
        let names: Vec<&str> = held.iter().map(|&k| name(tile(k))).collect();
        let target = format!("{} {t}", names.join(" "));
        let expected: [&str; 18] = [
            "",
            "HU",
            "PASS",
            "GANG",
            &format!("GANG {t}"),
            &format!("PENG {t}"),
            &format!("PLAY {t}"),
            &format!("PLAY {t}"),
            &format!("PLAY {lower}"),
            &format!("PLAY \t {t} "),
            "pass",
            &format!("PLAY {t} {t}"),
            "\tPASS",
            "PENG",
            t,
            "PASS\n",
            &target,
            &format!("HU {t}"),
        ];
        let answer = |k: u8| {
            let i = Noi2014Input {
                wall: wall.kinds().to_vec(),
                seats: [Seat::Scripted, Seat::Greedy, Seat::Greedy, Seat::Greedy],
                script: vec![0, 0, 192 + k, 2],
            };
            let mut answers = Answers::new(&i);
            answers.answer(0, &Request::Id(0));
            answers.answer(0, &Request::Deal(wall.dealt(0)));
            answers.answer(0, &Request::Target)
        };
        assert!(matches!(answer(0), Reply::Failed(..)));
        for (k, want) in (1..19).zip(&expected) {
            assert_eq!(answer(k), Reply::Text(want.to_string()), "k = {k}");
        }
        // 19: two characters of junk (pick 2 % 7), like no other answer.
        let Reply::Text(junk) = answer(19) else {
            panic!("junk is text")
        };
        assert_eq!(junk.len(), 2);
        assert!(!expected.contains(&junk.as_str()), "{junk:?}");
    }

    /// Junk (`192 + 19`) is `pick % 7` characters of "PLAYENGHUS W1 ",
    /// the `i`-th at `5i + kind` (mod 14); an odd pick names kind
    /// `pick / 2`, whatever the hand.
    #[test]
    fn junk_is_pinned() {
        let wall = Wall::shuffled(&mut mahjong_sim::rng::Rng::new(5));
        let junk = |pick: u8| {
            let i = Noi2014Input {
                wall: wall.kinds().to_vec(),
                seats: [Seat::Scripted, Seat::Greedy, Seat::Greedy, Seat::Greedy],
                script: vec![0, 0, 192 + 19, pick],
            };
            let mut answers = Answers::new(&i);
            answers.answer(0, &Request::Id(0));
            answers.answer(0, &Request::Deal(wall.dealt(0)));
            answers.answer(0, &Request::Target)
        };
        // Pick 13: kind 6, six characters at 6, 11, 2, 7, 12, 3.
        assert_eq!(junk(13), Reply::Text("GWAH1Y".into()));
        // Pick 9: kind 4, two characters at 4 and 9.
        assert_eq!(junk(9), Reply::Text("ES".into()));
    }

    fn result(end: oracle::End, place: u8, half_points: u8) -> oracle::PlayerResult {
        oracle::PlayerResult {
            end,
            target: None,
            valid: false,
            hamming: None,
            chance: None,
            place,
            half_points,
        }
    }

    /// `ranking` accepts a ranking and refuses each way of not being one.
    #[test]
    fn ranking_refuses_what_is_not_a_ranking() {
        use oracle::End::{Out, Playing, Won};
        let won = Won {
            order: 1,
            self_drawn: true,
        };
        let rank = |results: [oracle::PlayerResult; 4]| {
            ranking(&Outcome {
                requests: vec![],
                events: vec![],
                results,
            })
        };
        let good = [
            result(won.clone(), 1, 8),
            result(Playing, 2, 5),
            result(Playing, 2, 5),
            result(Out { request: 0 }, 4, 2),
        ];
        assert_eq!(rank(good.clone()), Ok(()));
        let mut bad = good.clone();
        bad[3].half_points = 3; // sums to 21
        assert!(rank(bad).unwrap_err().contains("sum to 21"));
        let no_first = [
            result(Playing, 2, 5),
            result(Playing, 2, 5),
            result(Playing, 2, 5),
            result(Playing, 2, 5),
        ];
        assert!(rank(no_first).unwrap_err().contains("no first"));
        // A player still in above the winner.
        let mut bad = good.clone();
        bad[0].end = Playing;
        bad[1].end = won;
        assert!(rank(bad).unwrap_err().contains("is not above"));
        // A better place with no more points.
        let mut bad = good.clone();
        bad[3].place = 3;
        bad[3].half_points = 5;
        bad[0].half_points = 5;
        assert!(rank(bad).unwrap_err().contains("disagree"));
        // The same place with different points.
        let mut bad = good;
        bad[1].half_points = 6;
        bad[2].half_points = 4;
        assert!(rank(bad).unwrap_err().contains("disagree"));
    }

    /// `seat_from` and `wall_from` give the corpus's bytes their meaning:
    /// pinned.
    #[cfg(any(feature = "arbitrary", feature = "quickcheck"))]
    #[test]
    fn seats_and_walls_from_choices_are_pinned() {
        assert_eq!(seat_from(0, 7), Seat::Greedy);
        assert_eq!(seat_from(4, 7), Seat::Sample(7));
        assert_eq!(seat_from(2, 7), Seat::Scripted);
        let sorted: Vec<u8> = (0..27u8).flat_map(|k| [k; 4]).collect();
        // Mode 0, every partner past the end (clamped to the last place):
        // each swap moves the last tile one place on, a rotation by one.
        let w = wall_from(0, |_| usize::MAX);
        assert_eq!(w[0], 26);
        assert_eq!(w[1..], sorted[..WALL - 1]);
        // Blocks in order, then `mode % 8 * 4` swaps of places
        // `pick(100 + i) % 108` and `pick(200 + i) % 108`.
        let pick = |i: usize| match i {
            0..=25 => i,
            100..=199 => (i - 100) * 4 + WALL,
            200..=299 => WALL - 1 - (i - 200),
            _ => 50,
        };
        let mut want = sorted.clone();
        for (a, b) in [(0, 107), (4, 106), (8, 105), (12, 104)] {
            want.swap(a, b);
        }
        assert_eq!(wall_from(9, pick), want);
        assert_eq!(wall_from(8, pick), sorted);
    }

    /// Fuzzer bytes decode to the same input as when the corpus was made
    /// (`corpus/noi2014/` holds such bytes): pinned by the input's first
    /// tiles, its seats and script, and a fingerprint of its whole `Debug`.
    #[cfg(feature = "arbitrary")]
    #[test]
    fn fuzzer_bytes_decode_as_pinned() {
        use arbitrary::Arbitrary;
        let fnv = crate::input::tests::fingerprint;
        let mut seen = Vec::new();
        // First bytes choosing a shuffle (even) and blocks (odd).
        for (seed, first) in [(1u8, 0u8), (2, 3), (7, 5), (9, 14)] {
            let mut bytes: Vec<u8> = (0..1500u32)
                .map(|i| (i.wrapping_mul(u32::from(seed) * 37 + 11) >> 3) as u8)
                .collect();
            bytes[0] = first;
            let input = Noi2014Input::arbitrary(&mut arbitrary::Unstructured::new(&bytes))
                .expect("enough bytes");
            let text = format!("{input:?}");
            seen.push((
                text[..40].to_string(),
                input.seats,
                input.script.len(),
                fnv(&text),
            ));
        }
        let want = [
            (
                "W4 W5 W7 W9 B2 B3 B5 ",
                [Seat::Greedy; 4],
                0,
                349_598_502_965_940_364,
            ),
            (
                "T4 T4 T4 T4 T9 T9 T9 ",
                [Seat::Scripted, Seat::Scripted, Seat::Scripted, Seat::Greedy],
                0,
                11_023_095_406_156_795_122,
            ),
            (
                "T9 T9 T9 T9 W1 W1 W1 ",
                [
                    Seat::Sample(188),
                    Seat::Scripted,
                    Seat::Greedy,
                    Seat::Sample(134),
                ],
                0,
                9_204_112_688_128_304_365,
            ),
            (
                "T4 W6 B9 W3 W2 B4 T6 ",
                [
                    Seat::Scripted,
                    Seat::Sample(134),
                    Seat::Greedy,
                    Seat::Sample(50),
                ],
                547,
                17_647_505_911_738_925_815,
            ),
        ];
        assert_eq!(seen.len(), want.len());
        for ((text, seats, len, print), (tiles, want_seats, want_len, want_print)) in
            seen.iter().zip(want)
        {
            assert_eq!(text, &format!("Noi2014Input::new(\"{tiles}"));
            assert_eq!(*seats, want_seats);
            // The script's length is read from the last bytes.
            assert_eq!(*len, want_len);
            assert_eq!(*print, want_print, "{text}");
        }
    }
}
