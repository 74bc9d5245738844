//! The judge: one whole game, asked one request at a time, written as a
//! direct transcription of the rules page (points 3-14, 21-23, 27-35).

use super::rules::{self, Exposed, Standing};
use super::tiles::{count_tiles, names_of, parse_tile, tile_name, words, KINDS};

/// What one player answered to one request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    /// The response string exactly as the bot printed it.
    Text(String),
    /// The bot gave no usable answer (crash, time-out, too much output,
    /// output that is not the protocol's); the string says how, for logs only.
    Failed(String),
}

/// How a player's game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum End {
    /// Won; `order` is 1 for the first winner of the game.
    Won {
        /// 1 for the first winner, 2 for the second, ...
        order: u8,
        /// Won on its own draw (`HU` to request `2`), not on a discard.
        self_drawn: bool,
    },
    /// Still in the game when it ended.
    Playing,
    /// Put out; `request` indexes [`Outcome::requests`]: the request whose
    /// answer put it out.
    Out {
        /// Index into [`Outcome::requests`].
        request: usize,
    },
}

/// One player's result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerResult {
    /// How its game ended.
    pub end: End,
    /// The raw answer to request `4`, when it was asked `4` and answered
    /// [`Reply::Text`].
    pub target: Option<String>,
    /// The target is valid (point 16); false when there is none.
    pub valid: bool,
    /// Hamming distance of a valid target (point 17).
    pub hamming: Option<u32>,
    /// Chance value of a valid target (points 18 and 35).
    pub chance: Option<u32>,
    /// 1..=4; a tied group takes the first place it spans (point 35).
    pub place: u8,
    /// Twice the points of point 19; the four add up to 20.
    pub half_points: u8,
}

/// Everything the comparison interface compares.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// `(player, request)` in the order asked.
    pub requests: Vec<(u8, String)>,
    /// Canonical event lines in the order they happened; one `end ...` line,
    /// last.
    pub events: Vec<String>,
    /// Per player 0..3.
    pub results: [PlayerResult; 4],
}

/// Why the game stopped (point 13).
enum GameOver {
    /// The next player to draw found the wall empty.
    EmptyWall,
    /// At most one player is still playing (point 33: checked after every
    /// step, ends the game at once).
    OneLeft,
}

/// What happens next in the main loop.
enum Step {
    /// This player draws from the front (or the game ends if the wall is empty).
    Draw(u8),
    /// This player has just drawn `drawn` (front or back) and must answer `2 drawn`.
    Act { player: u8, drawn: u8 },
    /// This player has just discarded `tile`; the others answer it.
    Discard { player: u8, tile: u8 },
}

/// The valid answers to a discard, for the judge to resolve.
#[derive(Default)]
struct Claims {
    /// The first valid HU in play order after the discarder (point 10).
    hu_by: Option<u8>,
    /// The valid PENG (with its discard) or GANG (None); at most one can be
    /// valid (point 10: four copies), the first is kept regardless.
    claim: Option<(u8, Option<u8>)>,
}

struct Player {
    /// The 13 dealt tiles in the order dealt (point 27).
    dealt: Vec<u8>,
    /// Concealed tiles (any order).
    concealed: Vec<u8>,
    /// Shown pungs and kongs, concealed kongs included (point 34).
    exposed: Vec<Exposed>,
    end: End,
    /// Raw answer to request `4`, if asked and answered with text.
    target: Option<String>,
}

struct Game<'a> {
    /// The wall; the tiles still in it are `wall[front..back]` (point 3).
    wall: Vec<u8>,
    front: usize,
    back: usize,
    players: Vec<Player>,
    /// The discards nobody claimed, in order (point 18's positions 1..L).
    table: Vec<u8>,
    /// How many players have won so far.
    wins: u8,
    requests: Vec<(u8, String)>,
    events: Vec<String>,
    answer: &'a mut dyn FnMut(u8, &str) -> Reply,
}

/// Plays one whole game on `wall` (108 kinds, 4 of each, front first),
/// asking `answer(player, request)` for every request of point 21 in the
/// order of points 22 and 29, and returns the comparable outcome.
///
/// Panics if `wall` does not hold exactly 4 tiles of each of the 27 kinds
/// (point 3).
pub fn play(wall: &[u8; 108], answer: &mut dyn FnMut(u8, &str) -> Reply) -> Outcome {
    let counts = count_tiles(wall);
    assert!(
        counts.iter().all(|&n| n == 4),
        "a wall holds exactly 4 tiles of each of the 27 kinds (point 3)"
    );
    let mut game = Game {
        wall: wall.to_vec(),
        front: 0,
        back: 108,
        players: (0..4)
            .map(|_| Player {
                dealt: Vec::new(),
                concealed: Vec::new(),
                exposed: Vec::new(),
                end: End::Playing,
                target: None,
            })
            .collect(),
        table: Vec::new(),
        wins: 0,
        requests: Vec::new(),
        events: Vec::new(),
        answer,
    };
    let over = match game.run() {
        Ok(never) => match never {},
        Err(over) => over,
    };
    match over {
        GameOver::EmptyWall => {
            game.ask_targets();
            game.event("end empty-wall".to_string());
        }
        GameOver::OneLeft => game.event("end one-left".to_string()),
    }
    game.outcome()
}

/// True when the reply is exactly the one word `PASS` (point 27).
fn is_pass(reply: &Reply) -> bool {
    match reply {
        Reply::Text(text) => words(text) == ["PASS"],
        Reply::Failed(_) => false,
    }
}

impl Game<'_> {
    // ----- small helpers -------------------------------------------------

    fn playing(&self, p: u8) -> bool {
        self.players[p as usize].end == End::Playing
    }

    fn playing_count(&self) -> usize {
        (0..4).filter(|&p| self.playing(p)).count()
    }

    /// The first player still playing among `p, p+1, p+2, p+3` (mod 4).
    /// Only called while at least two players are playing.
    fn playing_from(&self, p: u8) -> u8 {
        (0..4)
            .map(|offset| (p + offset) % 4)
            .find(|&q| self.playing(q))
            .expect("at least two players are still playing")
    }

    /// Point 4: the player after `p` in play order, skipping players who
    /// have left.
    fn next_after(&self, p: u8) -> u8 {
        self.playing_from(p + 1) // (which takes seats modulo 4)
    }

    fn count(&self, p: u8, kind: u8) -> usize {
        let hand = &self.players[p as usize].concealed;
        hand.iter().filter(|&&tile| tile == kind).count()
    }

    fn concealed_counts(&self, p: u8) -> [u8; KINDS] {
        count_tiles(&self.players[p as usize].concealed)
    }

    fn has_exposed_pung(&self, p: u8, kind: u8) -> bool {
        self.players[p as usize]
            .exposed
            .contains(&Exposed::Pung(kind))
    }

    /// Takes `n` concealed tiles of `kind` out of `p`'s hand (the caller has
    /// checked they are there).
    fn remove(&mut self, p: u8, kind: u8, n: usize) {
        for _ in 0..n {
            let hand = &mut self.players[p as usize].concealed;
            let at = hand
                .iter()
                .position(|&tile| tile == kind)
                .expect("checked before");
            hand.remove(at);
        }
    }

    fn wall_empty(&self) -> bool {
        self.front == self.back
    }

    fn event(&mut self, line: String) {
        self.events.push(line);
    }

    /// Asks `p` one request; returns its index in `requests` and the reply.
    fn ask(&mut self, p: u8, request: String) -> (usize, Reply) {
        let reply = (self.answer)(p, &request);
        self.requests.push((p, request));
        (self.requests.len() - 1, reply)
    }

    /// Point 14: `p` is put out at once; its tiles stay where they are.
    fn mark_out(&mut self, p: u8, request: usize) {
        self.players[p as usize].end = End::Out { request };
        self.event(format!("out {p}"));
    }

    /// Point 33: after every step, at most one player still playing ends
    /// the game at once.
    fn check_one_left(&self) -> Result<(), GameOver> {
        if self.playing_count() <= 1 {
            Err(GameOver::OneLeft)
        } else {
            Ok(())
        }
    }

    /// [`Self::mark_out`], then the check of point 33.
    fn put_out(&mut self, p: u8, request: usize) -> Result<(), GameOver> {
        self.mark_out(p, request);
        self.check_one_left()
    }

    /// Point 3/7: a normal draw takes the front tile.
    fn draw_front(&mut self, p: u8) -> u8 {
        let tile = self.wall[self.front];
        self.front += 1;
        self.players[p as usize].concealed.push(tile);
        self.event(format!("draw {p} {}", tile_name(tile)));
        tile
    }

    /// Point 3/8: a kong's replacement draw takes the back tile.
    fn draw_back(&mut self, p: u8) -> u8 {
        self.back -= 1;
        let tile = self.wall[self.back];
        self.players[p as usize].concealed.push(tile);
        self.event(format!("draw-back {p} {}", tile_name(tile)));
        tile
    }

    /// Points 22, 23, 29: an announcement goes to every other player still
    /// in the game, in play order from the actor; the only allowed answer is
    /// `PASS` (point 21).
    fn announce(&mut self, actor: u8, request: &str) -> Result<(), GameOver> {
        for offset in 1..4 {
            let q = (actor + offset) % 4;
            if !self.playing(q) {
                continue;
            }
            let (index, reply) = self.ask(q, request.to_string());
            if !is_pass(&reply) {
                self.put_out(q, index)?;
            }
        }
        Ok(())
    }

    /// Point 12: `p` wins and leaves the game; `from` is the discarder, or
    /// `None` for a self-drawn win. The winning tile is already in `p`'s
    /// concealed hand. Then point 33's check, then the announcement
    /// (`3 p HU SELF` or `3 p HU c`, point 21).
    fn win(&mut self, p: u8, tile: u8, from: Option<u8>) -> Result<(), GameOver> {
        self.wins += 1;
        self.players[p as usize].end = End::Won {
            order: self.wins,
            self_drawn: from.is_none(),
        };
        let name = tile_name(tile);
        let announcement = match from {
            None => {
                self.event(format!("hu-self {p} {name}"));
                format!("3 {p} HU SELF")
            }
            Some(q) => {
                self.event(format!("hu-discard {p} {name} {q}"));
                format!("3 {p} HU {name}")
            }
        };
        self.check_one_left()?;
        self.announce(p, &announcement)
    }

    // ----- the game ----------------------------------------------------

    /// Points 5, 21, 29, then the turns. Only ever stops by a [`GameOver`].
    fn run(&mut self) -> Result<std::convert::Infallible, GameOver> {
        // Point 5: three rounds of 4 tiles to players 0..3, then 1 tile each.
        for size in [4, 4, 4, 1] {
            for p in 0..4 {
                for _ in 0..size {
                    let tile = self.wall[self.front];
                    self.front += 1;
                    self.players[p].dealt.push(tile);
                    self.players[p].concealed.push(tile);
                }
            }
        }
        // Points 21, 29: `0 id` to players 0..3 in seat order, then `1 ...`
        // (the dealt tiles in dealt order, point 27); the answer is PASS.
        // A player put out by its `0` answer is no longer in the game and
        // gets no `1`.
        for p in 0..4u8 {
            if self.playing(p) {
                let (index, reply) = self.ask(p, format!("0 {p}"));
                if !is_pass(&reply) {
                    self.put_out(p, index)?;
                }
            }
        }
        for p in 0..4u8 {
            if self.playing(p) {
                let hand = names_of(&self.players[p as usize].dealt);
                let (index, reply) = self.ask(p, format!("1 {hand}"));
                if !is_pass(&reply) {
                    self.put_out(p, index)?;
                }
            }
        }
        // Point 4: player 0 plays first (or the first player after it still
        // in the game).
        let mut step = Step::Draw(self.playing_from(0));
        loop {
            step = match step {
                Step::Draw(p) => {
                    // Point 13: the next player to draw finds the wall empty.
                    if self.wall_empty() {
                        return Err(GameOver::EmptyWall);
                    }
                    let drawn = self.draw_front(p);
                    Step::Act { player: p, drawn }
                }
                Step::Act { player, drawn } => self.act(player, drawn)?,
                Step::Discard { player, tile } => self.discard(player, tile)?,
            };
        }
    }

    /// Points 7, 8, 14: `p` has just drawn `drawn` and answers `2 drawn`
    /// with `PLAY c`, `GANG c` or `HU`. Anything else puts it out, and its
    /// next player draws (point 32).
    fn act(&mut self, p: u8, drawn: u8) -> Result<Step, GameOver> {
        let (index, reply) = self.ask(p, format!("2 {}", tile_name(drawn)));
        let text = match reply {
            Reply::Text(text) => text,
            Reply::Failed(_) => String::new(), // no word matches below
        };
        match words(&text).as_slice() {
            ["PLAY", word] => {
                if let Some(c) = parse_tile(word) {
                    if self.count(p, c) >= 1 {
                        self.remove(p, c, 1);
                        return Ok(Step::Discard { player: p, tile: c });
                    }
                }
            }
            ["GANG", word] => {
                // Point 8: a kong needs a tile left for the replacement.
                if let Some(c) = parse_tile(word).filter(|_| !self.wall_empty()) {
                    let line = if self.count(p, c) == 4 {
                        // Point 7: four concealed c, shown (point 34).
                        self.remove(p, c, 4);
                        self.players[p as usize].exposed.push(Exposed::Kong(c));
                        Some(format!("gang-concealed {p} {}", tile_name(c)))
                    } else if self.count(p, c) >= 1 && self.has_exposed_pung(p, c) {
                        // Point 7: one concealed c beside an exposed pung of c.
                        self.remove(p, c, 1);
                        for set in self.players[p as usize].exposed.iter_mut() {
                            if *set == Exposed::Pung(c) {
                                *set = Exposed::Kong(c);
                            }
                        }
                        Some(format!("gang-added {p} {}", tile_name(c)))
                    } else {
                        None
                    };
                    if let Some(line) = line {
                        self.event(line);
                        // Points 23, 29: announced before the replacement draw.
                        self.announce(p, &format!("3 {p} GANG {}", tile_name(c)))?;
                        let replacement = self.draw_back(p);
                        return Ok(Step::Act {
                            player: p,
                            drawn: replacement,
                        });
                    }
                }
            }
            // Point 14: a HU to one's own draw ends that bot's game either
            // way; a winning hand wins (a losing one falls to `put_out`).
            ["HU"]
                if rules::is_winning(
                    &self.concealed_counts(p),
                    &self.players[p as usize].exposed,
                ) =>
            {
                self.win(p, drawn, None)?;
                return Ok(Step::Draw(self.next_after(p)));
            }
            _ => {}
        }
        // Point 14: not allowed here; point 32: its next player follows.
        self.put_out(p, index)?;
        Ok(Step::Draw(self.next_after(p)))
    }

    /// Points 9, 10, 11, 30, 31: `p` has discarded `c`. Every other player
    /// still in the game answers, in play order after `p`; each answer is
    /// judged as it comes; then the claims are resolved.
    fn discard(&mut self, p: u8, c: u8) -> Result<Step, GameOver> {
        self.event(format!("play {p} {}", tile_name(c)));
        let claims = self.claims_on_discard(p, c)?;
        // Point 10: HU beats PENG and GANG; the first HU after p wins.
        if let Some(q) = claims.hu_by {
            self.players[q as usize].concealed.push(c);
            self.win(q, c, Some(p))?;
            // Point 12: play continues from the winner's next player.
            return Ok(Step::Draw(self.next_after(q)));
        }
        match claims.claim {
            Some((q, Some(c2))) => self.pung_discard(q, c, c2),
            Some((q, None)) => self.kong_discard(q, c),
            None => {
                // Point 11: unclaimed, it stays on the table; p's next draws.
                self.table.push(c);
                Ok(Step::Draw(self.next_after(p)))
            }
        }
    }

    /// Asks every other player still in the game about `p`'s discard `c`,
    /// in play order after `p`, and judges each answer as it comes: an
    /// illegal one puts its player out.
    fn claims_on_discard(&mut self, p: u8, c: u8) -> Result<Claims, GameOver> {
        let name = tile_name(c);
        let mut claims = Claims::default();
        for offset in 1..4 {
            let q = (p + offset) % 4;
            if !self.playing(q) {
                continue;
            }
            let (index, reply) = self.ask(q, format!("3 {p} PLAY {name}"));
            let text = match reply {
                Reply::Text(text) => text,
                Reply::Failed(_) => String::new(), // no word matches below
            };
            let legal = match words(&text).as_slice() {
                ["PASS"] => true,
                ["PENG", word] => match parse_tile(word) {
                    // Point 9: two concealed c; point 31: the discard c2 is
                    // any concealed tile left after those two (c itself too).
                    Some(c2) if self.count(q, c) >= 2 => {
                        let mut rest = self.concealed_counts(q);
                        rest[c as usize] -= 2;
                        if rest[c2 as usize] >= 1 {
                            claims.claim.get_or_insert((q, Some(c2)));
                            true
                        } else {
                            false
                        }
                    }
                    _ => false,
                },
                // Point 9: three concealed c, or an exposed pung of c; point 8:
                // a tile must be left for the replacement.
                ["GANG"]
                    if !self.wall_empty()
                        && (self.count(q, c) >= 3 || self.has_exposed_pung(q, c)) =>
                {
                    claims.claim.get_or_insert((q, None));
                    true
                }
                ["HU"] => {
                    let mut with_c = self.concealed_counts(q);
                    with_c[c as usize] += 1;
                    if rules::is_winning(&with_c, &self.players[q as usize].exposed) {
                        claims.hu_by.get_or_insert(q);
                        true
                    } else {
                        false
                    }
                }
                _ => false,
            };
            if !legal {
                // Point 30: an illegal answer puts its player out even when
                // another player's HU takes the tile.
                self.put_out(q, index)?;
            }
        }
        Ok(claims)
    }

    /// Point 11: `q` pungs the discard `c`, announces it, then discards
    /// `c2` at once.
    fn pung_discard(&mut self, q: u8, c: u8, c2: u8) -> Result<Step, GameOver> {
        let name = tile_name(c);
        self.remove(q, c, 2);
        self.players[q as usize].exposed.push(Exposed::Pung(c));
        self.event(format!("peng {q} {name}"));
        self.announce(q, &format!("3 {q} PENG {name}"))?;
        self.remove(q, c2, 1);
        Ok(Step::Discard {
            player: q,
            tile: c2,
        })
    }

    /// `q` makes a kong with the discard `c`, announces it and draws the
    /// replacement.
    fn kong_discard(&mut self, q: u8, c: u8) -> Result<Step, GameOver> {
        let name = tile_name(c);
        // Point 9: an exposed pung of c becomes a kong; otherwise
        // three concealed c and the discard make a new shown kong.
        if self.has_exposed_pung(q, c) {
            for set in self.players[q as usize].exposed.iter_mut() {
                if *set == Exposed::Pung(c) {
                    *set = Exposed::Kong(c);
                }
            }
        } else {
            self.remove(q, c, 3);
            self.players[q as usize].exposed.push(Exposed::Kong(c));
        }
        self.event(format!("gang-discard {q} {name}"));
        // Points 11, 29: announce, then the replacement draw (point 8).
        self.announce(q, &format!("3 {q} GANG {name}"))?;
        let replacement = self.draw_back(q);
        Ok(Step::Act {
            player: q,
            drawn: replacement,
        })
    }

    /// Points 13, 22, 29, 35: after an empty-wall end, request `4` goes to
    /// every player still in the game, in seat order. Any text is an answer
    /// (point 27); a `Failed` reply puts the player out (point 35). The game
    /// has already ended, so point 33's check does not apply here.
    fn ask_targets(&mut self) {
        for p in 0..4u8 {
            if self.playing(p) {
                let (index, reply) = self.ask(p, "4".to_string());
                match reply {
                    Reply::Text(text) => self.players[p as usize].target = Some(text),
                    Reply::Failed(_) => self.mark_out(p, index),
                }
            }
        }
    }

    /// Point 15-19, 35: targets, scores, places, points.
    fn outcome(self) -> Outcome {
        // Each player's tiles at the end: concealed plus exposed.
        let held: Vec<[u8; KINDS]> = self
            .players
            .iter()
            .map(|player| {
                let mut counts = count_tiles(&player.concealed);
                for set in &player.exposed {
                    counts[set.kind() as usize] += set.size();
                }
                counts
            })
            .collect();
        let mut all_hands = [0u8; KINDS];
        for counts in &held {
            for k in 0..KINDS {
                all_hands[k] += counts[k];
            }
        }
        let mut scores: Vec<Option<(u32, u32)>> = Vec::new();
        let mut valids: Vec<bool> = Vec::new();
        for (p, player) in self.players.iter().enumerate() {
            let parsed = player.target.as_deref().and_then(rules::parse_target);
            let valid = match &parsed {
                Some(target) => rules::target_valid(target, &player.exposed),
                None => false,
            };
            let score = if valid {
                let target = count_tiles(parsed.as_deref().unwrap_or(&[]));
                Some((
                    rules::hamming(&target, &held[p]),
                    rules::chance_value(&target, &held[p], &self.table, &all_hands),
                ))
            } else {
                None
            };
            valids.push(valid);
            scores.push(score);
        }
        let standings: [Standing; 4] = std::array::from_fn(|p| match self.players[p].end {
            End::Won { order, .. } => Standing::Won { order },
            End::Playing => Standing::Playing { score: scores[p] },
            End::Out { .. } => Standing::Out,
        });
        let ranks = rules::rank(&standings);
        let results: [PlayerResult; 4] = std::array::from_fn(|p| PlayerResult {
            end: self.players[p].end.clone(),
            target: self.players[p].target.clone(),
            valid: valids[p],
            hamming: scores[p].map(|(hamming, _)| hamming),
            chance: scores[p].map(|(_, chance)| chance),
            place: ranks[p].0,
            half_points: ranks[p].1,
        });
        Outcome {
            requests: self.requests,
            events: self.events,
            results,
        }
    }
}
