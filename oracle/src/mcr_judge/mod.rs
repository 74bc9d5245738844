//! A naive second judge of Chinese Standard Mahjong as the Botzone / IJCAI
//! judge plays it, written from `shared/rules/MCR-NOTES.md` alone (cited as
//! "flow N" for its section 1 and "surprise N" for its section 3), to hold
//! the engine's judge (`src/mcr/judge/`) to it.
//!
//! [`play`] takes the initial data (the wall as tile names, the prevalent
//! wind) and a source of the four players' answers, asks every request in
//! order and returns them with what each step shows viewers (the judge's
//! `display`: [`View`]), the final scores and how the game ended
//! ([`Outcome`]). [`play_showing_can_hu`] also computes the calculator's
//! total for the hands the judge shows (`canHu`); [`play_with`] takes
//! [`Rules`], where the Python twin's readings of two surprises are
//! switches. It never panics on any answer, legal or not.
//!
//! # Why it can be trusted
//!
//! It is the notes' flow, one function per kind of step, written as plainly
//! as possible: tiles are their names (`"W1"`, `"H3"`), a hand is a list of
//! names searched by counting, every check is the sentence of the notes it
//! cites. Nothing is shared with the engine; the winning hands are scored by
//! this crate's brute-force calculator ([`crate::mcr`]) under the judge's
//! 2018 reading. It is checked against all 1,000 public games of the
//! official judge (`oracle/tests/mcr_judge_conformance.rs`): every
//! request, view, `canHu` value (276,480) and final score.
//!
//! # Readings where the notes are silent
//!
//! The notes (surprise 17) say no step of the recorded games has two
//! offenders, so where they do not give the order of checks this judge
//! picks one and says so (the public games cannot tell):
//! - at a draw, the seats are checked in seat order 0-3, the drawer's
//!   answer acted on in its turn;
//! - at a promoted kong's notice, the konger first, then the others
//!   counter-clockwise, each one's verdict, `HU` or `PASS` in one go;
//! - at a discard, the PENG/GANG pass goes through the seats in order and
//!   finds WA in every answer but `PASS`, a good `PENG x` or `GANG`, and
//!   answers of three words (a CHI, right or wrong, which the CHI pass
//!   judges). So garbage of a seat before a good PENG/GANG is punished,
//!   garbage after it is not, and a good CHI leaves that of the seats
//!   after it. (The notes do not say; a differential run against the
//!   engine found two offenders at one discard, and the official judge's
//!   code reads answers so: `checkInputPLAY2`.)

use crate::mcr::{fan_with, FanEntry, FanInput, FanOutput, PackIn, Reading};

#[cfg(test)]
mod tests;

/// One player's output to one request, as Botzone records it
/// (`{"verdict": "OK", "response": "PLAY W1"}`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    /// `OK`, or what went wrong (`TLE`, `RE`, `MLE`, `OLE`, ...); the empty
    /// string when the player gave no answer object at all (surprise 16).
    pub verdict: String,
    /// The response text; the empty string when absent (surprise 16).
    pub response: String,
}

impl Reply {
    /// An answer with verdict `OK`.
    pub fn ok(response: &str) -> Reply {
        Reply {
            verdict: "OK".to_string(),
            response: response.to_string(),
        }
    }

    /// A failed run (`TLE`, `RE`, ...), without a response.
    pub fn failed(verdict: &str) -> Reply {
        Reply {
            verdict: verdict.to_string(),
            response: String::new(),
        }
    }
}

/// How the game ended.
#[derive(Debug, Clone, PartialEq)]
pub enum End {
    /// The seat that had to draw found its own part empty (flow 5).
    Huang,
    /// A win of at least `8 + flowers` (flow 11).
    Hu {
        /// The winner.
        winner: usize,
        /// Who pays as the discarder (the discarder, or the promoter of a
        /// robbed kong); `None` when self-drawn.
        payer: Option<usize>,
        /// The calculator's total, flowers included (`fanCnt`).
        total: u32,
        /// The fans, in the calculator's table order (`fan`).
        fans: Vec<FanEntry>,
    },
    /// A penalty (flow 13): `-30` for the offender, `+10` for the others.
    Penalty {
        /// The offender.
        seat: usize,
        /// `WA` (illegal or malformed answer), `WH` (a `HU` that is no win
        /// or under the minimum), or the bad verdict itself (`TLE`, ...).
        action: String,
        /// For `WH`: the rejected hand's total, or the calculator's error
        /// code (-3 not a win, -2 a fifth copy, -1 wrong tile count).
        fan_cnt: Option<i64>,
        /// For `WH` of a winning shape: its fans.
        fans: Vec<FanEntry>,
    },
}

/// A whole game.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    /// Every step's four request strings (seat order), step 0 (`0 seat
    /// quan`) first; the finish is not a step.
    pub requests: Vec<[String; 4]>,
    /// What the official judge shows viewers at each step (its
    /// `display`), one per entry of `requests`.
    pub views: Vec<View>,
    /// The final scores, in seat order.
    pub scores: [i32; 4],
    /// How the game ended.
    pub end: End,
}

/// A step's `display` fields (section 2 of the notes), but the wall
/// echo of step 0.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct View {
    /// `INIT`, `DEAL`, `DRAW`, `BUHUA`, `PLAY`, `PENG`, `CHI`, `GANG` or
    /// `BUGANG`.
    pub action: &'static str,
    /// The seat that acted (not on `INIT` and `DEAL`).
    pub player: Option<usize>,
    /// The tile drawn, discarded or konged (a concealed kong's too,
    /// surprise 12).
    pub tile: Option<String>,
    /// A chow's middle tile.
    pub tile_chi: Option<String>,
    /// Tiles left in each seat's part (not on `INIT`).
    pub tile_cnt: Option<[usize; 4]>,
    /// The calculator's total (flowers included) or error code per seat,
    /// -4 where not computed (surprise 11); `None` unless asked for
    /// ([`play_showing_can_hu`]).
    pub can_hu: Option<[i64; 4]>,
}

/// Initial data this judge cannot play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BadSetup {
    /// A word of the wall that is no tile name (`W1`-`J3`, `H1`-`H8`).
    Tile(String),
    /// A seat's part holds fewer than 13 tiles that are not flowers: the
    /// deal cannot finish.
    ShortPart(usize),
    /// `quan` is not 0-3 (the official judge would then draw one at
    /// random).
    Quan(u8),
}

/// The wall of `initdata.walltiles`: tile names separated by single spaces.
pub fn parse_wall(walltiles: &str) -> Vec<String> {
    walltiles.split(' ').map(str::to_string).collect()
}

/// Plays one game on `wall` (flow 2: cut into four parts of `len / 4`
/// tiles, a left-over tail unused) with prevalent wind `quan`, scoring with
/// the calculator under `reading` (the official judge's is
/// [`Reading::Judge2018`]). `answer(step, seat, request)` gives each
/// player's reply; every seat answers every step.
pub fn play(
    wall: &[String],
    quan: u8,
    reading: Reading,
    answer: impl FnMut(usize, usize, &str) -> Reply,
) -> Result<Outcome, BadSetup> {
    let rules = Rules {
        reading,
        ..Rules::default()
    };
    play_with(wall, quan, rules, answer)
}

/// [`play`], also computing each step's [`View::can_hu`] (slower: the
/// calculator on every draw and every discard).
pub fn play_showing_can_hu(
    wall: &[String],
    quan: u8,
    reading: Reading,
    answer: impl FnMut(usize, usize, &str) -> Reply,
) -> Result<Outcome, BadSetup> {
    let rules = Rules {
        reading,
        show_can_hu: true,
        ..Rules::default()
    };
    play_with(wall, quan, rules, answer)
}

/// How to judge: the official judge's way by default; the other readings
/// of its surprises (those of its Python twin, ailab-pku/botzone-local) as
/// switches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    /// The calculator's reading; the official judge's is
    /// [`Reading::Judge2018`].
    pub reading: Reading,
    /// The Python twin's surprise 3: a melded kong claimed by a seat whose
    /// own part is empty is WA (the official judge accepts it, and the
    /// replacement draw ends the game drawn).
    pub melded_kong_needs_own_part: bool,
    /// The Python twin's minimum: a total of 8, flowers included, wins
    /// (the official judge's is 8 + flowers: flowers never help).
    pub flowers_help_reach_eight: bool,
    /// Compute [`View::can_hu`] (slower).
    pub show_can_hu: bool,
}

impl Default for Rules {
    /// The official judge's rules, without `canHu`.
    fn default() -> Rules {
        Rules {
            reading: Reading::Judge2018,
            melded_kong_needs_own_part: false,
            flowers_help_reach_eight: false,
            show_can_hu: false,
        }
    }
}

/// [`play`] under `rules`.
pub fn play_with(
    wall: &[String],
    quan: u8,
    rules: Rules,
    answer: impl FnMut(usize, usize, &str) -> Reply,
) -> Result<Outcome, BadSetup> {
    if quan > 3 {
        return Err(BadSetup::Quan(quan));
    }
    if let Some(t) = wall.iter().find(|t| !is_tile(t) && !is_flower(t)) {
        return Err(BadSetup::Tile(t.clone()));
    }
    let n = wall.len() / 4;
    let parts: [Vec<String>; 4] = std::array::from_fn(|i| wall[i * n..(i + 1) * n].to_vec());
    if let Some(i) = (0..4).find(|&i| parts[i].iter().filter(|t| !is_flower(t)).count() < 13) {
        return Err(BadSetup::ShortPart(i));
    }
    let mut game = Game {
        parts,
        quan,
        rules,
        hands: Default::default(),
        packs: Default::default(),
        flowers: Default::default(),
        shown: Vec::new(),
        kong_now: None,
        kong_prev: None,
        requests: Vec::new(),
        views: Vec::new(),
        answer,
    };
    let end = match game.run() {
        Ok(never) => match never {},
        Err(end) => end,
    };
    let scores = scores(&end);
    Ok(Outcome {
        requests: game.requests,
        views: game.views,
        scores,
        end,
    })
}

/// The final scores of an ending (flows 12 and 13).
fn scores(end: &End) -> [i32; 4] {
    match end {
        End::Huang => [0; 4],
        End::Hu {
            winner,
            payer: None,
            total,
            ..
        } => {
            let f = *total as i32;
            std::array::from_fn(|i| if i == *winner { 3 * (8 + f) } else { -(8 + f) })
        }
        End::Hu {
            winner,
            payer: Some(payer),
            total,
            ..
        } => {
            let f = *total as i32;
            std::array::from_fn(|i| match i {
                _ if i == *winner => 24 + f,
                _ if i == *payer => -(8 + f),
                _ => -8,
            })
        }
        End::Penalty { seat, .. } => std::array::from_fn(|i| if i == *seat { -30 } else { 10 }),
    }
}

/// A flower, set aside when drawn (flow 4, flow 5).
fn is_flower(t: &str) -> bool {
    matches!(t, "H1" | "H2" | "H3" | "H4" | "H5" | "H6" | "H7" | "H8")
}

/// One of the 34 kinds of playing tiles.
fn is_tile(t: &str) -> bool {
    crate::mcr::tiles::parse(t).is_some()
}

/// A meld (flow 8).
#[derive(Debug, Clone, PartialEq)]
enum Pack {
    /// A chow by its middle tile, and which of its tiles (1-3, lowest = 1)
    /// was claimed.
    Chow { middle: String, claimed: i64 },
    /// A pung claimed from seat `from`.
    Pung { tile: String, from: usize },
    /// A kong: claimed from `Some(seat)` (also a promoted pung's), or
    /// concealed (`None`).
    Kong { tile: String, from: Option<usize> },
}

/// What the judge asks next.
enum Next {
    /// This seat draws from its own part.
    Draw(usize),
    /// Seat `by` discarded `tile`; everyone gets `notice` (flow 7).
    Discard {
        by: usize,
        tile: String,
        notice: String,
    },
    /// Seat `by` declared a kong of `tile`; `robbable` when promoted
    /// (flow 9).
    Kong {
        by: usize,
        tile: String,
        robbable: bool,
    },
}

/// The game in progress.
struct Game<F> {
    /// Each seat's own part of the wall; draws take the last tile (flow 2).
    parts: [Vec<String>; 4],
    quan: u8,
    rules: Rules,
    /// Each seat's standing tiles, any order.
    hands: [Vec<String>; 4],
    /// Each seat's melds, in the order made.
    packs: [Vec<Pack>; 4],
    /// Each seat's flowers, in the order drawn.
    flowers: [Vec<String>; 4],
    /// The judge's own count of shown tiles per name (surprise 7): one
    /// entry per shown copy.
    shown: Vec<String>,
    /// The seat that declared a kong since the last answers to a draw, and
    /// the one before that generation (surprise 9).
    kong_now: Option<usize>,
    kong_prev: Option<usize>,
    requests: Vec<[String; 4]>,
    views: Vec<View>,
    answer: F,
}

/// The game goes on (`Ok`) or ended (`Err`, so that `?` ends it from any
/// depth).
type Go<T> = Result<T, End>;

/// The words of a response: split on single spaces, so doubled or trailing
/// spaces leave empty words and the response is WA (section 2).
fn words(s: &str) -> Vec<&str> {
    s.split(' ').collect()
}

fn wa(seat: usize) -> End {
    End::Penalty {
        seat,
        action: "WA".to_string(),
        fan_cnt: None,
        fans: Vec::new(),
    }
}

/// Copies of `t` in `tiles`.
fn count(tiles: &[String], t: &str) -> usize {
    tiles.iter().filter(|x| *x == t).count()
}

/// Takes one copy of `t` out of `tiles`; false when there is none.
fn take(tiles: &mut Vec<String>, t: &str) -> bool {
    match tiles.iter().position(|x| x == t) {
        Some(i) => {
            tiles.remove(i);
            true
        }
        None => false,
    }
}

impl<F: FnMut(usize, usize, &str) -> Reply> Game<F> {
    /// The whole game; returns only by ending it.
    fn run(&mut self) -> Go<std::convert::Infallible> {
        // Flow 3: step 0.
        let quan = self.quan;
        let mut view = self.view("INIT", None, None, None);
        view.tile_cnt = None;
        let r = self.ask(std::array::from_fn(|i| format!("0 {i} {quan}")), view);
        self.all_pass(&r, 0)?;
        self.deal()?;
        let mut next = Next::Draw(0);
        loop {
            next = match next {
                Next::Draw(p) => self.draw(p)?,
                Next::Discard { by, tile, notice } => self.discard(by, &tile, notice)?,
                Next::Kong { by, tile, robbable } => self.kong(by, &tile, robbable)?,
            };
        }
    }

    /// Sends one step's requests (shown as `view`) and collects the four
    /// replies.
    fn ask(&mut self, requests: [String; 4], view: View) -> [Reply; 4] {
        let step = self.requests.len();
        let replies = std::array::from_fn(|i| (self.answer)(step, i, &requests[i]));
        self.requests.push(requests);
        self.views.push(view);
        replies
    }

    /// A step's view, with the parts' sizes now.
    fn view(
        &self,
        action: &'static str,
        player: Option<usize>,
        tile: Option<&str>,
        tile_chi: Option<&str>,
    ) -> View {
        View {
            action,
            player,
            tile: tile.map(str::to_string),
            tile_chi: tile_chi.map(str::to_string),
            tile_cnt: Some(std::array::from_fn(|i| self.parts[i].len())),
            can_hu: None,
        }
    }

    /// Flow 11: seat `p` wins on its own draw `t` (in its hand), after a
    /// kong of its own when `kong` is `Some(p)`.
    fn self_drawn_context(&self, p: usize, t: &str, kong: Option<usize>) -> WinContext {
        let mut standing = self.hands[p].clone();
        take(&mut standing, t);
        WinContext {
            standing,
            win: t.to_string(),
            self_drawn: true,
            about_kong: kong == Some(p),
            wall_last: self.parts[(p + 1) % 4].is_empty(),
        }
    }

    /// Flow 11: seat `i` wins on seat `p`'s discard of `t`.
    fn discard_context(&self, i: usize, p: usize, t: &str) -> WinContext {
        WinContext {
            standing: self.hands[i].clone(),
            win: t.to_string(),
            self_drawn: false,
            about_kong: false,
            wall_last: self.parts[(p + 1) % 4].is_empty(),
        }
    }

    /// Flow 11: seat `i` robs seat `by`'s promoted kong of `t`.
    fn rob_context(&self, i: usize, by: usize, t: &str) -> WinContext {
        WinContext {
            standing: self.hands[i].clone(),
            win: t.to_string(),
            self_drawn: false,
            about_kong: true,
            wall_last: self.parts[(by + 1) % 4].is_empty(),
        }
    }

    /// Surprise 11: the calculator's total for a would-be win, or its
    /// error code.
    fn can_hu(&self, w: usize, ctx: WinContext) -> i64 {
        match self.calculate(w, ctx) {
            FanOutput::Win { total, .. } => i64::from(total),
            FanOutput::Error(e) => error_code(&e),
        }
    }

    /// Flow 13: a verdict other than `OK` is itself the penalty's action.
    fn verdict(&self, r: &[Reply; 4], seat: usize) -> Go<()> {
        if r[seat].verdict == "OK" {
            Ok(())
        } else {
            Err(End::Penalty {
                seat,
                action: r[seat].verdict.clone(),
                fan_cnt: None,
                fans: Vec::new(),
            })
        }
    }

    /// The seat's verdict is OK and it answered exactly `PASS`.
    fn pass(&self, r: &[Reply; 4], seat: usize) -> Go<()> {
        self.verdict(r, seat)?;
        if r[seat].response == "PASS" {
            Ok(())
        } else {
            Err(wa(seat))
        }
    }

    /// Every seat answered `PASS`, checked round from seat `first` (0:
    /// seat order).
    fn all_pass(&self, r: &[Reply; 4], first: usize) -> Go<()> {
        (0..4).try_for_each(|k| self.pass(r, (first + k) % 4))
    }

    /// Flow 4: each seat takes tiles from the end of its part until it holds
    /// 13 that are not flowers (`play` checked that it can).
    fn deal(&mut self) -> Go<()> {
        for i in 0..4 {
            while self.hands[i].len() < 13 {
                let t = self.parts[i].pop().unwrap_or_default();
                if is_flower(&t) {
                    self.flowers[i].push(t);
                } else {
                    self.hands[i].push(t);
                }
            }
        }
        let counts: Vec<String> = (0..4).map(|i| self.flowers[i].len().to_string()).collect();
        let all_flowers: Vec<String> = self.flowers.concat();
        let requests = std::array::from_fn(|i| {
            let mut w = vec!["1".to_string()];
            w.extend(counts.iter().cloned());
            w.extend(self.hands[i].iter().cloned());
            w.extend(all_flowers.iter().cloned());
            w.join(" ")
        });
        let view = self.view("DEAL", None, None, None);
        let r = self.ask(requests, view);
        self.all_pass(&r, 0)
    }

    /// Surprise 9: the kong flags move one generation after every answer
    /// to a draw step (a tile or a flower).
    fn age_kong_flags(&mut self) {
        self.kong_prev = self.kong_now.take();
    }

    /// Flows 5 and 6: seat `p` draws and answers.
    fn draw(&mut self, p: usize) -> Go<Next> {
        let Some(t) = self.parts[p].pop() else {
            return Err(End::Huang);
        };
        if is_flower(&t) {
            let view = self.view("BUHUA", Some(p), Some(&t), None);
            let r = self.ask(std::array::from_fn(|_| format!("3 {p} BUHUA {t}")), view);
            self.flowers[p].push(t);
            self.age_kong_flags();
            self.all_pass(&r, 0)?;
            return Ok(Next::Draw(p));
        }
        self.hands[p].push(t.clone());
        let mut view = self.view("DRAW", Some(p), Some(&t), None);
        if self.rules.show_can_hu {
            // The kong flag has not aged yet: a kong of the last step is
            // still `kong_now`.
            let mut can_hu = [-4; 4];
            can_hu[p] = self.can_hu(p, self.self_drawn_context(p, &t, self.kong_now));
            view.can_hu = Some(can_hu);
        }
        let r = self.ask(
            std::array::from_fn(|i| {
                if i == p {
                    format!("2 {t}")
                } else {
                    format!("3 {p} DRAW")
                }
            }),
            view,
        );
        self.age_kong_flags();
        // Seat order, the drawer's answer acted on in its turn (a reading:
        // see the module docs).
        (0..p).try_for_each(|i| self.pass(&r, i))?;
        self.verdict(&r, p)?;
        let next = self.own_draw_answer(p, &t, &r[p].response)?;
        (p + 1..4).try_for_each(|i| self.pass(&r, i))?;
        Ok(next)
    }

    /// Flow 6: the drawer's answer to `2 t`.
    fn own_draw_answer(&mut self, p: usize, t: &str, response: &str) -> Go<Next> {
        // Flow 10: no concealed or promoted kong when the konger or the
        // next seat could not draw after it.
        let wall_ok = !self.parts[p].is_empty() && !self.parts[(p + 1) % 4].is_empty();
        match words(response)[..] {
            ["HU"] => {
                let ctx = self.self_drawn_context(p, t, self.kong_prev);
                Err(self.hu(p, None, ctx))
            }
            ["PLAY", x] if take(&mut self.hands[p], x) => Ok(Next::Discard {
                by: p,
                tile: x.to_string(),
                notice: format!("3 {p} PLAY {x}"),
            }),
            ["GANG", x] if count(&self.hands[p], x) == 4 && wall_ok => {
                self.hands[p].retain(|y| y != x);
                self.packs[p].push(Pack::Kong {
                    tile: x.to_string(),
                    from: None,
                });
                self.kong_now = Some(p);
                Ok(Next::Kong {
                    by: p,
                    tile: x.to_string(),
                    robbable: false,
                })
            }
            ["BUGANG", x] if count(&self.hands[p], x) >= 1 && wall_ok => {
                let pung = self.packs[p]
                    .iter()
                    .position(|k| matches!(k, Pack::Pung { tile, .. } if tile == x));
                let Some(k) = pung else {
                    return Err(wa(p));
                };
                let Pack::Pung { from, .. } = self.packs[p][k] else {
                    return Err(wa(p));
                };
                take(&mut self.hands[p], x);
                self.packs[p][k] = Pack::Kong {
                    tile: x.to_string(),
                    from: Some(from),
                };
                // Surprise 7: a promoted kong sets the count to 4 before
                // robbing is checked.
                self.set_shown(x, 4);
                self.kong_now = Some(p);
                Ok(Next::Kong {
                    by: p,
                    tile: x.to_string(),
                    robbable: true,
                })
            }
            _ => Err(wa(p)),
        }
    }

    /// Flow 9: everyone hears of seat `by`'s kong; after a promoted kong
    /// the others may rob it. Then the konger's replacement draw.
    fn kong(&mut self, by: usize, t: &str, robbable: bool) -> Go<Next> {
        if !robbable {
            let view = self.view("GANG", Some(by), Some(t), None);
            let r = self.ask(std::array::from_fn(|_| format!("3 {by} GANG")), view);
            // From the konger round, as after a promoted kong: with two
            // wrong answers the konger's, or the nearer seat's, counts.
            self.all_pass(&r, by)?;
            return Ok(Next::Draw(by));
        }
        let mut view = self.view("BUGANG", Some(by), Some(t), None);
        if self.rules.show_can_hu {
            view.can_hu = Some(std::array::from_fn(|i| {
                if i == by {
                    return -4;
                }
                self.can_hu(i, self.rob_context(i, by, t))
            }));
        }
        let r = self.ask(std::array::from_fn(|_| format!("3 {by} BUGANG {t}")), view);
        self.pass(&r, by)?;
        for k in 1..4 {
            let i = (by + k) % 4;
            self.verdict(&r, i)?;
            if r[i].response == "HU" {
                let ctx = self.rob_context(i, by, t);
                return Err(self.hu(i, Some(by), ctx));
            }
            self.pass(&r, i)?;
        }
        Ok(Next::Draw(by))
    }

    /// Flows 7, 8 and 10: everyone answers seat `p`'s discard of `tile`.
    fn discard(&mut self, p: usize, tile: &str, notice: String) -> Go<Next> {
        let w = words(&notice);
        let action = match w.get(2) {
            Some(&"PENG") => "PENG",
            Some(&"CHI") => "CHI",
            _ => "PLAY",
        };
        let tile_chi = (action == "CHI").then(|| w[3]);
        let mut view = self.view(action, Some(p), Some(tile), tile_chi);
        if self.rules.show_can_hu {
            view.can_hu = Some(std::array::from_fn(|i| {
                self.can_hu(i, self.discard_context(i, p, tile))
            }));
        }
        let r = self.ask(std::array::from_fn(|_| notice.clone()), view);
        // The discarder first, then the HU pass counter-clockwise: each
        // seat's verdict and its HU together (surprise 6).
        self.pass(&r, p)?;
        for k in 1..4 {
            let i = (p + k) % 4;
            self.verdict(&r, i)?;
            if r[i].response == "HU" {
                let ctx = self.discard_context(i, p, tile);
                return Err(self.hu(i, Some(p), ctx));
            }
        }
        if let Some(next) = self.pung_or_kong(p, tile, &r)? {
            return Ok(next);
        }
        if let Some(next) = self.chow(p, tile, &r)? {
            return Ok(next);
        }
        // Nobody claimed: the discard is shown, the next seat draws.
        self.add_shown(tile, 1);
        Ok(Next::Draw((p + 1) % 4))
    }

    /// Flows 8 and 10: the PENG and GANG claims on seat `p`'s discard.
    fn pung_or_kong(&mut self, p: usize, tile: &str, r: &[Reply; 4]) -> Go<Option<Next>> {
        // Flow 10: a claim is WA when the seat after the discarder cannot
        // draw; found only after the claim was applied (surprise 4), so a
        // malformed claim is WA first either way.
        let next_can_draw = !self.parts[(p + 1) % 4].is_empty();
        // PENG and GANG claims in seat order 0-3 (surprise 5): the first
        // good one is taken and nobody after it is looked at.
        for i in (0..4).filter(|&i| i != p) {
            match words(&r[i].response)[..] {
                ["PENG", x] if count(&self.hands[i], tile) >= 2 => {
                    let mut hand = self.hands[i].clone();
                    take(&mut hand, tile);
                    take(&mut hand, tile);
                    if !take(&mut hand, x) {
                        return Err(wa(i));
                    }
                    self.hands[i] = hand;
                    self.packs[i].push(Pack::Pung {
                        tile: tile.to_string(),
                        from: p,
                    });
                    self.add_shown(tile, 3);
                    if !next_can_draw {
                        return Err(wa(i));
                    }
                    return Ok(Some(Next::Discard {
                        by: i,
                        tile: x.to_string(),
                        notice: format!("3 {i} PENG {x}"),
                    }));
                }
                ["GANG"] if count(&self.hands[i], tile) >= 3 => {
                    self.hands[i].retain(|y| y != tile);
                    self.packs[i].push(Pack::Kong {
                        tile: tile.to_string(),
                        from: Some(p),
                    });
                    self.set_shown(tile, 4);
                    self.kong_now = Some(i);
                    // Surprise 3: the claimer's own part is not checked
                    // (but by the Python twin).
                    let own_part_ok =
                        !self.rules.melded_kong_needs_own_part || !self.parts[i].is_empty();
                    if !next_can_draw || !own_part_ok {
                        return Err(wa(i));
                    }
                    return Ok(Some(Next::Kong {
                        by: i,
                        tile: tile.to_string(),
                        robbable: false,
                    }));
                }
                // Three words are left to the CHI pass; any other answer
                // but PASS (a bad PENG or GANG, a CHI of two words,
                // garbage) is WA here, in seat order: the official judge's
                // PENG/GANG check reads every seat's answer so.
                ["PASS"] | [_, _, _] => {}
                _ => return Err(wa(i)),
            }
        }
        Ok(None)
    }

    /// Flows 8 and 10: the CHI claims on seat `p`'s discard, and every
    /// other answer but PASS.
    fn chow(&mut self, p: usize, tile: &str, r: &[Reply; 4]) -> Go<Option<Next>> {
        let next_can_draw = !self.parts[(p + 1) % 4].is_empty();
        // In seat order; only the next seat may chow (surprise 5).
        for i in (0..4).filter(|&i| i != p) {
            let response = &r[i].response;
            if response == "PASS" {
                continue;
            }
            let ["CHI", middle, x] = words(response)[..] else {
                return Err(wa(i));
            };
            if i != (p + 1) % 4 {
                return Err(wa(i));
            }
            let Some(chow) = chow_tiles(middle, tile) else {
                return Err(wa(i));
            };
            let mut hand = self.hands[i].clone();
            let mut needed = chow.clone();
            take(&mut needed, tile);
            if !needed.iter().all(|t| take(&mut hand, t)) || !take(&mut hand, x) {
                return Err(wa(i));
            }
            self.hands[i] = hand;
            let claimed = chow.iter().position(|t| t == tile).unwrap_or(0) as i64 + 1;
            self.packs[i].push(Pack::Chow {
                middle: middle.to_string(),
                claimed,
            });
            chow.iter().for_each(|t| self.add_shown(t, 1));
            if !next_can_draw {
                return Err(wa(i));
            }
            return Ok(Some(Next::Discard {
                by: i,
                tile: x.to_string(),
                notice: format!("3 {i} CHI {middle} {x}"),
            }));
        }
        Ok(None)
    }

    /// `n` more copies of `t` shown.
    fn add_shown(&mut self, t: &str, n: usize) {
        self.shown.extend(std::iter::repeat_n(t.to_string(), n));
    }

    /// Exactly `n` copies of `t` shown (a melded or promoted kong).
    fn set_shown(&mut self, t: &str, n: usize) {
        self.shown.retain(|x| x != t);
        self.add_shown(t, n);
    }

    /// Flows 11 and 12: seat `w` declared HU; `payer` is the discarder or
    /// the promoter of the robbed kong, `None` when self-drawn. Returns the
    /// win, or the `WH` penalty.
    fn hu(&self, w: usize, payer: Option<usize>, ctx: WinContext) -> End {
        let flowers = self.flowers[w].len() as u32;
        let minimum = if self.rules.flowers_help_reach_eight {
            8
        } else {
            8 + flowers
        };
        let (fan_cnt, fans) = match self.calculate(w, ctx) {
            FanOutput::Win { total, fans } if total >= minimum => {
                return End::Hu {
                    winner: w,
                    payer,
                    total,
                    fans,
                };
            }
            FanOutput::Win { total, fans } => (i64::from(total), fans),
            FanOutput::Error(e) => (error_code(&e), Vec::new()),
        };
        End::Penalty {
            seat: w,
            action: "WH".to_string(),
            fan_cnt: Some(fan_cnt),
            fans,
        }
    }

    /// Flow 11: the judge's calculator on seat `w`'s melds and `ctx`.
    fn calculate(&self, w: usize, ctx: WinContext) -> FanOutput {
        let pack = self.packs[w]
            .iter()
            .map(|k| match k {
                Pack::Chow { middle, claimed } => PackIn {
                    kind: "CHI".to_string(),
                    tile: middle.clone(),
                    offer: *claimed,
                },
                Pack::Pung { tile, from } => PackIn {
                    kind: "PENG".to_string(),
                    tile: tile.clone(),
                    offer: ((from + 4 - w) % 4) as i64,
                },
                Pack::Kong { tile, from } => PackIn {
                    kind: "GANG".to_string(),
                    tile: tile.clone(),
                    offer: from.map_or(0, |f| ((f + 4 - w) % 4) as i64),
                },
            })
            .collect();
        let flowers = self.flowers[w].len() as u32;
        let input = FanInput {
            pack,
            hand: ctx.standing,
            // Surprise 7: three copies shown by the judge's own count.
            is_4th_tile: count(&self.shown, &ctx.win) == 3,
            win_tile: ctx.win,
            flower_count: flowers,
            is_self_drawn: ctx.self_drawn,
            is_about_kong: ctx.about_kong,
            is_wall_last: ctx.wall_last,
            seat_wind: w as u8,
            prevalent_wind: self.quan,
        };
        fan_with(&input, self.rules.reading)
    }
}

/// The bundled calculator's error codes (surprise 11).
fn error_code(e: &str) -> i64 {
    match e {
        "ERROR_WRONG_TILES_COUNT" => -1,
        "ERROR_TILE_COUNT_GREATER_THAN_4" => -2,
        _ => -3,
    }
}

/// What the calculator needs besides the melds (flow 11).
struct WinContext {
    /// The standing tiles without the winning tile.
    standing: Vec<String>,
    win: String,
    self_drawn: bool,
    about_kong: bool,
    wall_last: bool,
}

/// Flow 8: the three tiles of the chow whose middle tile is `middle`, when
/// it is suited, 2-8, of the discard's suit and within one of it.
fn chow_tiles(middle: &str, discard: &str) -> Option<Vec<String>> {
    use crate::mcr::tiles::{is_suited, name, parse, rank, suit};
    let (m, d) = (parse(middle)?, parse(discard)?);
    let ok = is_suited(m)
        && is_suited(d)
        && suit(m) == suit(d)
        && (2..=8).contains(&rank(m))
        && rank(m).abs_diff(rank(d)) <= 1;
    ok.then(|| vec![name(m - 1), name(m), name(m + 1)])
}
