//! Engine-versus-oracle checks. Fuzz targets, corpus replay and quickcheck
//! properties all call these; each failure reads as a bug report.

use crate::engine::Engine;
use crate::input::{AnalyzeInput, HandInput, WallInput};
use crate::mcr_harness::McrInput;
use crate::mcr_judge_harness::{self, McrJudgeInput};
use crate::noi2014_harness::{self, Noi2014Input, Outcome};
use mahjong_sim::analysis::{self as engine_analysis, Decomposition};
use mahjong_sim::hand::Hand;
use mahjong_sim::mcr::shanten::ShantenForm;
use mahjong_sim::mcr::Reading;
use mahjong_sim::thupc2021::event::{Event, Player};
use mahjong_sim::thupc2021::wall::{Wall, DEAL};
use mahjong_sim::tile::Tile;
use std::collections::BTreeSet;
use std::fmt;

/// A disagreement or a broken invariant, with everything needed to reproduce.
#[derive(Clone, PartialEq, Eq)]
pub struct Failure(pub String);

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Debug for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Engine and oracle give the same distance (or both refuse the size): the
/// engine and the oracle's group split ([`crate::distance::distance`], what
/// the oracle simulator uses) each against the oracle's whole-hand search
/// ([`crate::distance::search`], the definition).
pub fn distance(engine: &dyn Engine, input: &HandInput) -> Result<(), Failure> {
    let hand = input.hand();
    let oracle = crate::distance::search(&hand, input.melds);
    let engine = engine.distance(&hand, input.melds).ok();
    let split = crate::distance::distance(&hand, input.melds);
    if engine == oracle && split == oracle {
        return Ok(());
    }
    let what = if engine != oracle {
        "distance mismatch"
    } else {
        "the oracle's group split differs from its whole-hand search"
    };
    Err(Failure(format!(
        "{what}\n  input:     {input:?}\n  reproduce: {}\n  engine:    {engine:?}\n  oracle:    {oracle:?}\n  split:     {split:?}",
        input.shell()
    )))
}

/// Engine and oracle games give the same events, and the log is well formed.
pub fn game(engine: &dyn Engine, input: &WallInput) -> Result<(), Failure> {
    let wall = input.wall();
    let engine = engine.play(&wall);
    let oracle = crate::thupc2021::game::play(&wall);
    if let Some(i) = (0..engine.len().max(oracle.len())).find(|&i| engine.get(i) != oracle.get(i)) {
        let show = |e: Option<&Event>| e.map_or("(end of log)".to_string(), |e| e.to_string());
        let context: Vec<String> = engine[i.saturating_sub(3)..i]
            .iter()
            .map(|e| format!("    {e}"))
            .collect();
        return Err(Failure(format!(
            "game logs differ at event {i} (line {})\n  input:  {input:?}\n{}  before it:\n{}\n  engine: {}\n  oracle: {}",
            i + 1,
            if wall.is_full() {
                "  reproduce: save the wall one name a line and run `mahjong-sim simulate FILE`\n"
            } else {
                ""
            },
            context.join("\n"),
            show(engine.get(i)),
            show(oracle.get(i)),
        )));
    }
    well_formed(&wall, &engine).map_err(|f| Failure(format!("{f}\n  input: {input:?}")))
}

/// Every verdict `explain` prints agrees with the event it explains: the
/// discard named is the one discarded; a RON, PONG or CHOW verdict is the
/// next event, by that player (with those tiles); a discard with no such
/// verdict is followed by no claim; DOUBLE's extra turn is its player's.
pub fn explain_verdicts(engine: &dyn Engine, input: &WallInput) -> Result<(), Failure> {
    use mahjong_sim::thupc2021::explain::render_steps;
    let wall = input.wall();
    let steps = engine.explain(&wall);
    let fail = |i: usize, what: String| {
        Failure(format!(
            "explain's verdict at line {} disagrees with the events: {what}\n  input: {input:?}\n{}",
            i + 1,
            render_steps(&steps[i.saturating_sub(1)..(i + 2).min(steps.len())])
        ))
    };
    for (i, step) in steps.iter().enumerate() {
        let next = steps.get(i + 1).map(|s| &s.event);
        let mut claimed = false;
        for note in &step.notes {
            if let Some(rest) = note
                .strip_prefix("least distance ")
                .filter(|_| !note.contains(" for "))
                .or_else(|| note.split_once(" goes: ").map(|(_, t)| t))
            {
                let named = rest.rsplit(' ').next().unwrap_or_default();
                let ok = matches!(step.event, Event::Discard { tile, .. } if tile.name() == named);
                if !ok {
                    return Err(fail(i, format!("`{note}` but the event is {}", step.event)));
                }
            }
            let who = |s: &str| s.split(' ').nth(1).and_then(|p| p.chars().next());
            if note.ends_with(": RON") {
                claimed = true;
                let ok = matches!(next, Some(Event::Ron { player, .. }) if Some(player.letter()) == who(note));
                if !ok {
                    return Err(fail(i, format!("`{note}` but the next event is {next:?}")));
                }
            }
            if note.ends_with("strictly lower: PONG") {
                claimed = true;
                let ok = matches!(next, Some(Event::Pong { player, .. }) if Some(player.letter()) == who(note));
                if !ok {
                    return Err(fail(i, format!("`{note}` but the next event is {next:?}")));
                }
            }
            if note.ends_with("strictly lower: CHOW") {
                claimed = true;
                let ok = matches!(next, Some(Event::Chow { player, tiles, .. })
                    if Some(player.letter()) == who(note)
                        && note.contains(&format!("could take {}:", mahjong_sim::tile::format_tiles(tiles))));
                if !ok {
                    return Err(fail(i, format!("`{note}` but the next event is {next:?}")));
                }
            }
            if note.ends_with("takes another full turn at once") {
                let ok = match (step.event.clone(), next) {
                    (Event::Discard { player, .. }, Some(Event::Draw { player: q, .. })) => {
                        player == *q
                    }
                    (_, Some(Event::ExhaustedWall)) => true,
                    _ => false,
                };
                if !ok {
                    return Err(fail(i, format!("`{note}` but the next event is {next:?}")));
                }
            }
        }
        let is_claim = matches!(
            next,
            Some(Event::Ron { .. } | Event::Pong { .. } | Event::Chow { .. })
        );
        if is_claim && !claimed {
            return Err(fail(
                i,
                format!("no claim verdict, but the next event is {next:?}"),
            ));
        }
    }
    Ok(())
}

/// Bytes into the parsers: never a panic, errors name a position or a
/// count, and a wall that parses prints back to the same tiles.
pub fn parse(engine: &dyn Engine, bytes: &[u8]) -> Result<(), Failure> {
    // The streaming reader (walls from files and standard input) finds the
    // same names at the same places, or the same first error, as the
    // parser of a whole input, whatever the sizes of the chunks it gets.
    let whole = engine.parse_positioned(bytes);
    for chunk in [1, 2, 3, 7, 64, 8192] {
        let read = engine.read_positioned(
            &mut std::io::BufReader::with_capacity(chunk, bytes),
            bytes.len(), // never reached: every name takes a byte or more
        );
        let same = match (&read, &whole) {
            (Ok(a), Ok(b)) => a == b,
            (Err(mahjong_sim::parse::ReadError::Parse(a)), Err(b)) => a == b,
            _ => false,
        };
        if !same {
            return Err(Failure(format!(
                "reading in chunks of {chunk} bytes differs from parsing\n  read: {read:?}\n  parsed: {whole:?}\n  input: {bytes:?}"
            )));
        }
    }
    // Every hand line that parses has a meld count its size fits.
    if let Ok(lines) = engine.parse_hand_lines(bytes) {
        for l in lines {
            let hand = Hand::from_tiles(&l.tiles);
            if let Err(e) = engine.distance(&hand, l.melds) {
                return Err(Failure(format!(
                    "hand line {} parsed with {} melds, but: {e}\n  input: {bytes:?}",
                    l.line, l.melds
                )));
            }
        }
    }
    match engine.parse_wall(bytes) {
        Err(e) => {
            let message = e.to_string();
            if message.is_empty() || e.pos.is_some_and(|p| p.line == 0 || p.column == 0) {
                return Err(Failure(format!("bad error {e:?} for input {bytes:?}")));
            }
            Ok(())
        }
        Ok(wall) => {
            let printed = wall.to_string();
            match engine.parse_wall(printed.as_bytes()) {
                Ok(again) if again == wall => Ok(()),
                other => Err(Failure(format!(
                    "wall does not survive printing\n  input: {bytes:?}\n  printed: {printed:?}\n  reparsed: {other:?}"
                ))),
            }
        }
    }
}

/// The log is a legal game on `wall`: the deal first, draws in wall order,
/// every discard and claim from the right hand, hand sizes `13 - 3n` between
/// turns and `14 - 3n` within them, every tile accounted for, and one ending
/// (a win or an exhausted wall) as the last event.
pub fn well_formed(wall: &Wall, events: &[Event]) -> Result<(), Failure> {
    let fail = |i: usize, why: String| {
        Err(Failure(format!(
            "malformed log at event {i} ({}): {why}",
            events.get(i).map_or("end".to_string(), |e| e.to_string())
        )))
    };
    let mut table = Table::new(wall.tiles());
    for (i, e) in events.iter().enumerate() {
        if table.ended && !matches!(e, Event::Win { .. }) {
            return fail(i, "event after the end".into());
        }
        if i < DEAL && !matches!(e, Event::Draw { player, .. } if player.index() == i % 4) {
            return fail(i, "the deal is 13 rounds of A, B, C, D drawing".into());
        }
        if let Err(why) = table.apply(events, i) {
            return fail(i, why);
        }
        if !table.all_accounted_for() {
            return fail(i, "tiles are not all accounted for".into());
        }
    }
    let last_is_end = matches!(
        events.last(),
        Some(Event::Win { .. } | Event::ExhaustedWall)
    );
    if !last_is_end || !table.ended {
        return fail(events.len(), "a log ends in WIN or DRAW".into());
    }
    Ok(())
}

/// The table as a log has left it so far, for [`well_formed`]: each event
/// is checked against it and then applied to it.
struct Table<'w> {
    /// The wall, first drawn first.
    tiles: &'w [Tile],
    hands: [Hand; 4],
    /// Melds made by each player.
    melds: [usize; 4],
    /// Tiles drawn from the wall.
    drawn: usize,
    /// Discards not claimed.
    pile: usize,
    /// The last ordinary discard, open to a claim by the next event only.
    last_discard: Option<(Player, Tile)>,
    /// A RON, SELFDRAWN or DRAW has been seen.
    ended: bool,
}

impl<'w> Table<'w> {
    fn new(tiles: &'w [Tile]) -> Table<'w> {
        Table {
            tiles,
            hands: [Hand::new(); 4],
            melds: [0; 4],
            drawn: 0,
            pile: 0,
            last_discard: None,
            ended: false,
        }
    }

    /// Tiles `player` holds within a turn: 14 less 3 for each meld.
    fn full(&self, player: Player) -> usize {
        14 - 3 * self.melds[player.index()]
    }

    /// Checks `events[i]` and applies it, or says why it cannot happen.
    fn apply(&mut self, events: &[Event], i: usize) -> Result<(), String> {
        // Only the event right after a discard may claim it.
        let discard = std::mem::take(&mut self.last_discard);
        let previous = events.get(i.wrapping_sub(1));
        match events[i] {
            Event::Draw { player, tile } => self.draw(i, player, tile),
            Event::Discard { player, tile } => self.discard(player, tile),
            Event::Pass { player, target, .. } if target == player => Err("PASS on oneself".into()),
            Event::Pass { player, .. } => self.discard(player, Tile::PASS),
            Event::Pong { player, tile } => self.pong(player, tile, discard),
            Event::Chow {
                player,
                tiles,
                claimed,
            } => self.chow(player, tiles, claimed, discard),
            Event::Ron { player, from, tile } => self.ron(player, from, tile, discard),
            Event::SelfDrawn { player } => {
                if !matches!(previous, Some(Event::Draw { player: p, .. }) if *p == player) {
                    return Err("self-drawn right after one's own draw".into());
                }
                self.ended = true;
                Ok(())
            }
            Event::Win { player } => {
                let ok = matches!(previous, Some(Event::Ron { player: p, .. } | Event::SelfDrawn { player: p }) if *p == player);
                if !ok || i + 1 != events.len() {
                    return Err("WIN follows the winner's RON or SELFDRAWN and ends the log".into());
                }
                Ok(())
            }
            Event::ExhaustedWall => {
                if self.drawn != self.tiles.len() || i + 1 != events.len() {
                    return Err("DRAW only when the wall is empty, and last".into());
                }
                self.ended = true;
                Ok(())
            }
        }
    }

    /// The next wall tile into `player`'s hand; after the deal the hand is
    /// then full.
    fn draw(&mut self, i: usize, player: Player, tile: Tile) -> Result<(), String> {
        if self.tiles.get(self.drawn) != Some(&tile) {
            return Err(format!(
                "wall tile {} is {:?}",
                self.drawn,
                self.tiles.get(self.drawn)
            ));
        }
        self.drawn += 1;
        let full = self.full(player);
        let hand = &mut self.hands[player.index()];
        hand.add(tile);
        if i >= DEAL && hand.len() != full {
            return Err(format!("{player} holds {} tiles after drawing", hand.len()));
        }
        Ok(())
    }

    /// `tile` (PASS for a pass) from `player`'s full hand to the pile.
    fn discard(&mut self, player: Player, tile: Tile) -> Result<(), String> {
        let full = self.full(player);
        let hand = &mut self.hands[player.index()];
        if hand.len() != full || !hand.remove(tile) {
            return Err(format!("{player} cannot discard {tile} from {hand}"));
        }
        self.pile += 1;
        if !tile.is_special() {
            self.last_discard = Some((player, tile));
        }
        Ok(())
    }

    /// The last discard and two of it from `player`'s hand into a meld.
    fn pong(
        &mut self,
        player: Player,
        tile: Tile,
        discard: Option<(Player, Tile)>,
    ) -> Result<(), String> {
        let hand = &mut self.hands[player.index()];
        let ok =
            discard.is_some_and(|(from, t)| from != player && t == tile) && hand.count(tile) >= 2;
        if !ok {
            return Err("a pong needs the last discard, by another player, and two in hand".into());
        }
        hand.remove(tile);
        hand.remove(tile);
        self.melds[player.index()] += 1;
        self.pile -= 1;
        Ok(())
    }

    /// The last discard and the rest of the run from `player`'s hand into a
    /// meld.
    fn chow(
        &mut self,
        player: Player,
        meld: [Tile; 3],
        claimed: Tile,
        discard: Option<(Player, Tile)>,
    ) -> Result<(), String> {
        let run = meld[0].is_suited()
            && meld[1] == meld[0].offset(1).unwrap_or(meld[0])
            && meld[2] == meld[0].offset(2).unwrap_or(meld[0]);
        let ok = run
            && discard.is_some_and(|(from, t)| from != player && t == claimed)
            && meld.contains(&claimed);
        if !ok {
            return Err("a chow is a run in one suit around the last discard".into());
        }
        let mut skipped = false;
        for t in meld {
            if t == claimed && !skipped {
                skipped = true;
            } else if !self.hands[player.index()].remove(t) {
                return Err(format!("{player} lacks {t} for the chow"));
            }
        }
        self.melds[player.index()] += 1;
        self.pile -= 1;
        Ok(())
    }

    /// `player` wins on the last discard, by another player, which fills
    /// their hand without special tiles.
    fn ron(
        &mut self,
        player: Player,
        from: Player,
        tile: Tile,
        discard: Option<(Player, Tile)>,
    ) -> Result<(), String> {
        if discard != Some((from, tile)) || from == player {
            return Err("a ron takes the last ordinary discard of another player".into());
        }
        let mut with = self.hands[player.index()];
        with.add(tile);
        if with.len() != self.full(player) || with.specials() > 0 {
            return Err("a ron needs a full hand without special tiles".into());
        }
        self.ended = true;
        Ok(())
    }

    /// Tiles in hands, in melds (two from the hand, one claimed from the
    /// pile), in the pile and in the wall make up the wall.
    fn all_accounted_for(&self) -> bool {
        let held: usize =
            self.hands.iter().map(Hand::len).sum::<usize>() + 3 * self.melds.iter().sum::<usize>();
        held + self.pile + (self.tiles.len() - self.drawn) == self.tiles.len()
    }
}

/// Sizes: (sets to make, complete-size?, ready-size?) of an input's `13 - 3n` to `18 - 4n` tiles.
fn analysis_sizes(input: &AnalyzeInput) -> (usize, bool, bool) {
    let n = input.melds as usize;
    let sets = 4 - n;
    let size = input.tiles.len();
    let complete = size >= 14 - 3 * n; // each kong held adds a tile, up to 18 - 4n
    let ready = size <= 17 - 4 * n; // a tile short of a complete size, from 13 - 3n
    (sets, complete, ready)
}

fn analysis_failure(input: &AnalyzeInput, what: String) -> Failure {
    Failure(format!("{what}\n  input: {input:?}"))
}

/// Every decomposition the engine lists uses exactly the hand's tiles, has
/// the right number of valid sets and a pair; and so do those of every wait.
pub fn decompositions_valid(engine: &dyn Engine, input: &AnalyzeInput) -> Result<(), Failure> {
    let (sets, complete, ready) = analysis_sizes(input);
    let hand = input.hand();
    let valid = |d: &Decomposition, h: &Hand| {
        let mut used = Hand::new();
        used.add(d.pair);
        used.add(d.pair);
        for s in &d.sets {
            if mahjong_sim::meld::Meld::from_tiles(&s.tiles()) != Some(*s) {
                return false;
            }
            for t in s.tiles() {
                used.add(t);
            }
        }
        d.sets.len() == sets && used == *h && d.sets.windows(2).all(|w| w[0] <= w[1])
    };
    if complete {
        for d in engine.decompositions(&hand.ordinary_counts(), sets) {
            if !valid(&d, &hand) {
                return Err(analysis_failure(
                    input,
                    format!("invalid decomposition {d}"),
                ));
            }
        }
    }
    if ready {
        for w in engine.waits(&hand, sets) {
            let mut with = hand;
            with.add(w.tile);
            for c in &w.completes {
                if !valid(&c.decomposition, &with) {
                    return Err(analysis_failure(
                        input,
                        format!(
                            "invalid decomposition {} for wait {}",
                            c.decomposition, w.tile
                        ),
                    ));
                }
            }
        }
    }
    Ok(())
}

/// The oracle's decompositions of an analyze input's hand, worked out once
/// for the checks that compare against them.
pub struct OracleLists {
    /// Of the hand, when it has a complete size.
    decompositions: Option<BTreeSet<Decomposition>>,
    /// When it has a ready size: each tile that completes it (possible:
    /// fewer than four held), with the decompositions it makes.
    waits: Option<Vec<(Tile, bool, BTreeSet<Decomposition>)>>,
}

impl OracleLists {
    /// The oracle's lists for `input`.
    pub fn of(input: &AnalyzeInput) -> OracleLists {
        let (sets, complete, ready) = analysis_sizes(input);
        let hand = input.hand();
        let decompositions =
            complete.then(|| crate::analysis::decompositions(&hand.ordinary_counts(), sets));
        let waits = ready.then(|| {
            Tile::ordinary()
                .filter_map(|x| {
                    let mut with = hand;
                    with.add(x);
                    let ds = crate::analysis::decompositions(&with.ordinary_counts(), sets);
                    (!ds.is_empty()).then_some((x, hand.count(x) < 4, ds))
                })
                .collect()
        });
        OracleLists {
            decompositions,
            waits,
        }
    }

    fn wins(&self) -> bool {
        self.decompositions.as_ref().is_some_and(|d| !d.is_empty())
    }

    fn waits(&self) -> bool {
        self.waits.as_ref().is_some_and(|w| !w.is_empty())
    }
}

/// Engine and oracle list the same decompositions, the same waits (with the
/// same possible flags and shapes).
pub fn decompositions_match(engine: &dyn Engine, input: &AnalyzeInput) -> Result<(), Failure> {
    lists_match(engine, input, &OracleLists::of(input))
}

fn lists_match(
    engine: &dyn Engine,
    input: &AnalyzeInput,
    lists: &OracleLists,
) -> Result<(), Failure> {
    let (sets, _, _) = analysis_sizes(input);
    let hand = input.hand();
    if let Some(oracle) = &lists.decompositions {
        let engine: BTreeSet<Decomposition> = engine
            .decompositions(&hand.ordinary_counts(), sets)
            .into_iter()
            .collect();
        if engine != *oracle {
            let show = |s: &BTreeSet<Decomposition>| {
                s.iter()
                    .map(|d| format!("    {d}"))
                    .collect::<Vec<_>>()
                    .join("\n")
            };
            return Err(analysis_failure(
                input,
                format!(
                    "decompositions differ\n  engine:\n{}\n  oracle:\n{}",
                    show(&engine),
                    show(oracle)
                ),
            ));
        }
    }
    if let Some(oracle_waits) = &lists.waits {
        let engine = engine.waits(&hand, sets);
        let engine_tiles: Vec<(Tile, bool)> = engine.iter().map(|w| (w.tile, w.possible)).collect();
        let oracle_tiles: Vec<(Tile, bool)> = oracle_waits.iter().map(|w| (w.0, w.1)).collect();
        if engine_tiles != oracle_tiles {
            return Err(analysis_failure(
                input,
                format!("waits differ\n  engine: {engine_tiles:?}\n  oracle: {oracle_tiles:?}"),
            ));
        }
        for (w, (x, _, ds)) in engine.iter().zip(oracle_waits) {
            let got: BTreeSet<&Decomposition> =
                w.completes.iter().map(|c| &c.decomposition).collect();
            if got != ds.iter().collect() {
                return Err(analysis_failure(
                    input,
                    format!("decompositions of wait {x} differ"),
                ));
            }
            for c in &w.completes {
                let oracle_shapes = crate::analysis::shapes(&c.decomposition, *x);
                if c.shapes.iter().copied().collect::<BTreeSet<_>>() != oracle_shapes {
                    return Err(analysis_failure(
                        input,
                        format!(
                            "shapes of {x} in {} differ: engine {:?}, oracle {:?}",
                            c.decomposition, c.shapes, oracle_shapes
                        ),
                    ));
                }
            }
        }
    }
    Ok(())
}

/// A `13 - 3n` hand has a possible wait exactly when its distance is 1.
pub fn wait_iff_distance_one(engine: &dyn Engine, input: &AnalyzeInput) -> Result<(), Failure> {
    let n = input.melds;
    if input.tiles.len() != 13 - 3 * n as usize {
        return Ok(());
    }
    let hand = input.hand();
    let possible = engine
        .waits(&hand, 4 - n as usize)
        .iter()
        .any(|w| w.possible);
    let d = engine.distance(&hand, n).expect("13 - 3n tiles");
    if possible != (d == 1) {
        return Err(analysis_failure(
            input,
            format!("possible wait: {possible}, but distance {d}"),
        ));
    }
    Ok(())
}

/// A `14 - 3n` hand wins exactly when its distance is 0.
pub fn win_iff_distance_zero(engine: &dyn Engine, input: &AnalyzeInput) -> Result<(), Failure> {
    let n = input.melds;
    if input.tiles.len() != 14 - 3 * n as usize {
        return Ok(());
    }
    let hand = input.hand();
    let wins = !engine
        .decompositions(&hand.ordinary_counts(), 4 - n as usize)
        .is_empty();
    let d = engine.distance(&hand, n).expect("14 - 3n tiles");
    if wins != (d == 0) {
        return Err(analysis_failure(
            input,
            format!("wins: {wins}, but distance {d}"),
        ));
    }
    Ok(())
}

/// The distance of a hand holding `kongs` kongs among its tiles, from the
/// definition: the least, over every choice of `kongs` of its
/// four-of-a-kinds set aside as melds, of the oracle's distance of the rest
/// with those melds exposed too. `None` when it holds too few.
fn kong_distance(hand: &Hand, melds: u8, kongs: usize) -> Option<u8> {
    let quads: Vec<Tile> = Tile::ordinary().filter(|&t| hand.count(t) == 4).collect();
    // Every subset of the quads, by bit mask; those of the right size count.
    (0u32..1 << quads.len())
        .filter(|mask| mask.count_ones() as usize == kongs)
        .filter_map(|mask| {
            let mut rest = *hand;
            for (i, &q) in quads.iter().enumerate() {
                if mask & (1 << i) != 0 {
                    for _ in 0..4 {
                        rest.remove(q);
                    }
                }
            }
            crate::distance::distance(&rest, melds + kongs as u8)
        })
        .min()
}

/// The whole analysis (`analyze`, as the `analyze` command prints it) is
/// what the definitions give, exposed melds included (pungs of kinds the
/// hand holds at most once, so no kind goes over four): a winning verdict
/// for a complete-size hand with a decomposition, else a ready one for a
/// ready-size hand with a wait, else the distance with kongs set aside
/// (refused when the hand holds too few four-of-a-kinds), the discards
/// that leave the least of it (complete size) or the draws that lower it
/// (ready size).
pub fn verdict_matches(engine: &dyn Engine, input: &AnalyzeInput) -> Result<(), Failure> {
    verdict_matches_lists(engine, input, &OracleLists::of(input))
}

fn verdict_matches_lists(
    engine: &dyn Engine,
    input: &AnalyzeInput,
    lists: &OracleLists,
) -> Result<(), Failure> {
    use engine_analysis::Verdict;
    let (_, complete, _) = analysis_sizes(input);
    let hand = input.hand();
    let n = input.melds;
    let exposed: Vec<mahjong_sim::meld::Meld> = Tile::ordinary()
        .filter(|&t| hand.count(t) <= 1)
        .take(n as usize)
        .map(mahjong_sim::meld::Meld::Pung)
        .collect();
    let engine = match engine.analyze(&input.tiles, &exposed) {
        Ok(a) => Some(a.verdict),
        // Refused for want of four-of-a-kinds: the oracle must find none.
        Err(engine_analysis::AnalysisError::Kongs { .. }) => None,
        Err(e) => return Err(analysis_failure(input, format!("analyze failed: {e}"))),
    };
    let differs = |oracle: String| {
        Err(analysis_failure(
            input,
            format!("analysis differs\n  engine: {engine:?}\n  oracle: {oracle}"),
        ))
    };
    let (wins, waits) = (lists.wins(), lists.waits());
    if wins || waits {
        // The kind of verdict; the lists themselves are `lists_match`'s.
        return match &engine {
            Some(Verdict::Wins { .. }) if wins => Ok(()),
            Some(Verdict::Ready { .. }) if !wins => Ok(()),
            _ => differs(format!("wins: {wins}, ready: {waits}")),
        };
    }
    // The kongs the size implies, as a complete hand when it can be one.
    let base = 14 - 3 * n as usize;
    let size = input.tiles.len();
    let (kongs, as_complete) = if complete {
        (size - base, true)
    } else {
        (size + 1 - base, false)
    };
    let oracle = kong_distance(&hand, n, kongs).map(|distance| {
        let mut best_discards = Vec::new();
        let mut useful_draws = Vec::new();
        if as_complete {
            let scored: Vec<(Tile, u8)> = hand
                .kinds()
                .filter_map(|t| {
                    let mut rest = hand;
                    rest.remove(t);
                    kong_distance(&rest, n, kongs).map(|d| (t, d))
                })
                .collect();
            let low = scored.iter().map(|s| s.1).min();
            best_discards = scored
                .iter()
                .filter(|s| Some(s.1) == low)
                .map(|s| s.0)
                .collect();
        } else {
            useful_draws = Tile::ordinary()
                .filter(|&x| {
                    let mut with = hand;
                    with.add(x);
                    with.count(x) <= 4
                        && kong_distance(&with, n, kongs).is_some_and(|d| d < distance)
                })
                .collect();
        }
        Verdict::Other {
            distance,
            best_discards,
            useful_draws,
        }
    });
    if engine == oracle {
        Ok(())
    } else {
        differs(format!("{oracle:?}"))
    }
}

/// All analysis checks.
pub fn analysis(engine: &dyn Engine, input: &AnalyzeInput) -> Result<(), Failure> {
    let lists = OracleLists::of(input);
    decompositions_valid(engine, input)?;
    lists_match(engine, input, &lists)?;
    wait_iff_distance_one(engine, input)?;
    win_iff_distance_zero(engine, input)?;
    verdict_matches_lists(engine, input, &lists)
}

/// The first index where two lists differ, with what each has there.
fn first_difference<T: PartialEq + fmt::Debug>(
    a: &[T],
    b: &[T],
) -> Option<(usize, String, String)> {
    let i = (0..a.len().max(b.len())).find(|&i| a.get(i) != b.get(i))?;
    let show = |x: Option<&T>| x.map_or("(nothing)".to_string(), |x| format!("{x:?}"));
    Some((i, show(a.get(i)), show(b.get(i))))
}

/// The MCR judges side by side ([`crate::mcr_judge_harness`] drives
/// them) under each reading both have (2018, 1.4.0, the Python twin's):
/// both accept or both refuse the wall, and they agree on every request,
/// the end (who won or was penalised, why, the fans) and the scores.
pub fn mcr_judge(engine: &dyn Engine, input: &McrJudgeInput) -> Result<(), Failure> {
    for (i, name) in mcr_judge_harness::READINGS.iter().enumerate() {
        let run = |what: &str, f: &dyn Fn() -> Option<mcr_judge_harness::Run>| {
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).map_err(|_| {
                Failure(format!(
                    "the {what} judge panicked ({name})\n  input: {input:?}"
                ))
            })
        };
        let e = run("engine", &|| {
            engine.mcr_judge(input, mcr_judge_harness::engine_options(i))
        })?;
        let o = run("oracle", &|| {
            mcr_judge_harness::oracle(input, mcr_judge_harness::oracle_rules(i))
        })?;
        let fail = |what: String| {
            Failure(format!(
                "MCR judges differ ({name}): {what}\n  input: {input:?}"
            ))
        };
        let (e, o) = match (e, o) {
            (None, None) => continue,
            (Some(e), Some(o)) => (e, o),
            (e, o) => {
                return Err(fail(format!(
                    "wall accepted by engine: {}, by oracle: {}",
                    e.is_some(),
                    o.is_some()
                )))
            }
        };
        if let Some((i, a, b)) = first_difference(&e.requests, &o.requests) {
            let before: Vec<String> = e.requests[i.saturating_sub(3)..i]
                .iter()
                .map(|r| format!("    {r:?}"))
                .collect();
            return Err(fail(format!(
                "step {i}\n  before it:\n{}\n  engine: {a}\n  oracle: {b}",
                before.join("\n")
            )));
        }
        if e.end != o.end || e.scores != o.scores {
            return Err(fail(format!(
                "the end\n  engine: {} {:?}\n  oracle: {} {:?}",
                e.end, e.scores, o.end, o.scores
            )));
        }
    }
    Ok(())
}

/// The NOI2014 judges side by side ([`crate::noi2014_harness`] drives
/// them): engine and oracle agree on every request, event and result, and
/// the results are a ranking: points sum to 10, places agree with points.
pub fn noi2014(engine: &dyn Engine, input: &Noi2014Input) -> Result<(), Failure> {
    // A panic in a judge or a bot is a finding too, reported with its input
    // (a panicking quickcheck property cannot print it).
    let run = |what: &str, f: &dyn Fn() -> Outcome| {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(f))
            .map_err(|_| Failure(format!("the {what} panicked\n  input: {input:?}")))
    };
    let e = run("engine", &|| engine.noi2014(input))?;
    let o = run("oracle", &|| noi2014_harness::oracle(input))?;
    let fail = |what: String| Failure(format!("NOI2014 judges differ: {what}\n  input: {input:?}"));
    if let Some((i, a, b)) = first_difference(&e.requests, &o.requests) {
        let before: Vec<String> = e.requests[i.saturating_sub(3)..i]
            .iter()
            .map(|r| format!("    {r:?}"))
            .collect();
        return Err(fail(format!(
            "request {i}\n  before it:\n{}\n  engine: {a}\n  oracle: {b}",
            before.join("\n")
        )));
    }
    if let Some((i, a, b)) = first_difference(&e.events, &o.events) {
        let before = e.events[i.saturating_sub(3)..i].join(" | ");
        return Err(fail(format!(
            "event {i} (after: {before})\n  engine: {a}\n  oracle: {b}"
        )));
    }
    if let Some((p, a, b)) = first_difference(&e.results, &o.results) {
        return Err(fail(format!(
            "result of player {p}\n  engine: {a}\n  oracle: {b}"
        )));
    }
    noi2014_harness::ranking(&e).map_err(|what| fail(format!("not a ranking: {what}")))
}

/// One calculator's answer, compared exactly: the total and every fan as
/// (points, count, Chinese, English) in table order, or the error.
type McrAnswer = Result<(i64, Vec<(u32, u32, String, String)>), String>;

/// One form's shanten: the number and the useful kinds, or no answer.
type McrShanten = Option<(i32, Vec<usize>)>;

/// The shanten forms, with their names in reports.
const MCR_FORMS: [(ShantenForm, &str); 5] = [
    (ShantenForm::Regular, "regular"),
    (ShantenForm::SevenPairs, "seven pairs"),
    (ShantenForm::ThirteenOrphans, "thirteen orphans"),
    (
        ShantenForm::HonorsAndKnittedTiles,
        "honors and knitted tiles",
    ),
    (ShantenForm::KnittedStraight, "knitted straight"),
];

fn mcr_engine_answer(engine: &dyn Engine, input: &McrInput, reading: Reading) -> McrAnswer {
    match engine.mcr_calculate(&input.hand, &input.ctx, reading) {
        Ok(r) => Ok((
            i64::from(r.total),
            r.table
                .entries()
                .map(|(f, n)| {
                    let name = (f.chinese(reading).to_string(), f.english().to_string());
                    (u32::from(f.points()), u32::from(n), name.0, name.1)
                })
                .collect(),
        )),
        Err(e) => Err(e.to_string()),
    }
}

fn mcr_oracle_answer(input: &McrInput, reading: Reading) -> McrAnswer {
    let reading = match reading {
        Reading::V1_4_0 => crate::mcr::Reading::V140,
        Reading::Judge2018 => crate::mcr::Reading::Judge2018,
    };
    match crate::mcr::fan_with(&input.oracle_input(), reading) {
        crate::mcr::FanOutput::Win { total, fans } => Ok((
            i64::from(total),
            fans.into_iter()
                .map(|f| (f.points, f.count, f.zh.to_string(), f.en.to_string()))
                .collect(),
        )),
        crate::mcr::FanOutput::Error(e) => Err(e),
    }
}

/// Shanten of the standing tiles, every form and the best over them:
/// engine against the oracle's search. `None` when they agree.
fn mcr_shanten_difference(engine: &dyn Engine, input: &McrInput) -> Option<String> {
    let standing = &input.hand.standing;
    let kinds: Vec<usize> = standing.iter().map(|t| t.index()).collect();
    let oracle = crate::mcr::shanten(input.hand.melds.len(), &kinds);
    let answers = [
        &oracle.regular,
        &oracle.seven_pairs,
        &oracle.thirteen_orphans,
        &oracle.honors_and_knitted,
        &oracle.knitted_straight,
    ];
    for ((form, name), o) in MCR_FORMS.iter().zip(answers) {
        let e: McrShanten = engine.mcr_shanten(*form, standing).map(|s| {
            let useful = s.useful_tiles().iter().map(|t| t.index()).collect();
            (s.shanten, useful)
        });
        let o: McrShanten = o.clone().ok();
        if e != o {
            return Some(format!(
                "{name} shanten of the standing tiles\n  engine: {e:?}\n  oracle: {o:?}"
            ));
        }
    }
    let e = engine.mcr_best_shanten(standing);
    let o = (oracle.overall != i32::MAX).then_some(oracle.overall);
    (e != o)
        .then(|| format!("best shanten of the standing tiles\n  engine: {e:?}\n  oracle: {o:?}"))
}

/// MCR scoring: the engine's fans (with counts, names and the total, or
/// its error) equal the oracle's under both readings, and the shanten of
/// the standing tiles (every form, the useful tiles, the best) too. A
/// panic on either side is a finding, reported with its input.
pub fn mcr_fans(engine: &dyn Engine, input: &McrInput) -> Result<(), Failure> {
    let fail = |what: String, reading: &str| {
        Failure(format!(
            "MCR engine and oracle differ: {what}\n  input:     {input:?}\n  reproduce: mahjong-sim mcr fan {}{reading}",
            input.args()
        ))
    };
    let caught = |what: &str, f: &dyn Fn() -> Option<String>| {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(f))
            .map_err(|_| fail(format!("the {what} panicked"), ""))
    };
    for (reading, flag) in [
        (Reading::V1_4_0, ""),
        (Reading::Judge2018, " --reading judge2018"),
    ] {
        let e = caught("engine", &|| {
            Some(format!("{:?}", mcr_engine_answer(engine, input, reading)))
        })?;
        let o = caught("oracle", &|| {
            Some(format!("{:?}", mcr_oracle_answer(input, reading)))
        })?;
        if e != o {
            return Err(fail(
                format!(
                    "fans ({reading:?})\n  engine: {}\n  oracle: {}",
                    e.unwrap_or_default(),
                    o.unwrap_or_default()
                ),
                flag,
            ));
        }
    }
    // Shanten only of standing tiles a real hand can hold: with a fifth
    // copy MahjongGB's search (which the engine follows) takes a second
    // pung of a kind as a partial set but not as a set, which no
    // definition of distance reproduces.
    let counts = mahjong_sim::mcr::tile::counts_of(&input.hand.standing);
    if counts.iter().any(|&n| n > 4) {
        return Ok(());
    }
    match caught("shanten", &|| mcr_shanten_difference(engine, input))? {
        Some(what) => Err(fail(what, "")),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    //! Each check passes mahjong-sim and fails an engine with a bug planted
    //! where the check looks (`crate::planted`): a check that could not
    //! fail would pass anything.
    use super::*;
    use crate::engine::Production;
    use crate::planted::*;
    use mahjong_sim::rng::Rng;
    use mahjong_sim::thupc2021::families::uniform_wall;

    /// `check` passes mahjong-sim on `input` and fails `planted`.
    fn catches<I: ?Sized + fmt::Debug>(
        check: impl Fn(&dyn Engine, &I) -> Result<(), Failure>,
        planted: &dyn Engine,
        input: &I,
    ) -> Failure {
        check(&Production, input).unwrap();
        check(planted, input).expect_err(&format!("let the bug through on {input:?}"))
    }

    /// The first of 200 random walls on which `planted` differs; mahjong-sim
    /// passes every wall before it.
    fn caught_on_some_wall(
        check: impl Fn(&dyn Engine, &WallInput) -> Result<(), Failure>,
        planted: &dyn Engine,
    ) {
        let found = (0..200).any(|seed| {
            let input = WallInput {
                tiles: uniform_wall(&mut Rng::new(seed)).tiles().to_vec(),
            };
            check(&Production, &input).unwrap();
            check(planted, &input).is_err()
        });
        assert!(found, "none of 200 walls shows the bug");
    }

    #[test]
    fn distance_catches_a_wrong_distance() {
        let hand = HandInput::new("1M 2M 3M 4P 5P 6P 7S 8S 9S 1M 2M E E", 0);
        let e = catches(distance, &HonorPairIgnored, &hand);
        assert!(e.0.starts_with("distance mismatch"), "{e}");
    }

    #[test]
    fn game_catches_wrong_events() {
        caught_on_some_wall(game, &RonToDiscarder);
        caught_on_some_wall(game, &ChowDescending);
    }

    #[test]
    fn explain_verdicts_catches_wrong_verdicts() {
        caught_on_some_wall(explain_verdicts, &ClaimVerdictsLost);
        caught_on_some_wall(explain_verdicts, &DiscardNoteNamesAnother);
        caught_on_some_wall(explain_verdicts, &RonVerdictNamesNext);
    }

    /// DOUBLE's extra turn cut short by the empty wall (`DRAW` follows the
    /// discard) agrees with its verdict: found by cutting walls right after
    /// a DOUBLE.
    #[test]
    fn explain_verdicts_accepts_double_before_the_empty_wall() {
        let cut = (0..100).find_map(|seed| {
            let tiles = uniform_wall(&mut Rng::new(seed)).tiles().to_vec();
            (DEAL..tiles.len())
                .filter(|&i| tiles[i] == Tile::DOUBLE)
                .map(|i| WallInput {
                    tiles: tiles[..=i].to_vec(),
                })
                .find(|input| {
                    let events = Production.play(&input.wall());
                    matches!(
                        events[events.len() - 2..],
                        [
                            Event::Discard {
                                tile: Tile::DOUBLE,
                                ..
                            },
                            Event::ExhaustedWall
                        ]
                    )
                })
        });
        let cut = cut.expect("some wall ends with DOUBLE and the empty wall");
        explain_verdicts(&Production, &cut).unwrap();
    }

    #[test]
    fn parse_catches_each_planted_parser_bug() {
        catches(parse, &ReaderLosesLastName, b"1M 2M".as_slice());
        catches(parse, &ColumnsFromZero, b"X 1M".as_slice());
        let line = b"1M 2M 3M 4P 5P 6P 7S 8S 9S 1M 2M E E\n";
        catches(parse, &HandLineMeldMore, line.as_slice());
        let wall = uniform_wall(&mut Rng::new(1)).to_string();
        let e = catches(parse, &WallFirstTwoSwapped, wall.as_bytes());
        assert!(e.0.contains("wall does not survive printing"), "{e}");
    }

    #[test]
    fn decompositions_valid_catches_tiles_the_hand_lacks() {
        let hand = AnalyzeInput::new("1M 1M 1M 2M 3M 4M 5P 5P 5P 7S 8S 9S E E", 0);
        catches(decompositions_valid, &WrongPair, &hand);
    }

    #[test]
    fn decompositions_match_catches_lost_decompositions_and_shapes() {
        let several = AnalyzeInput::new("1M 1M 1M 2M 2M 2M 3M 3M 3M 5P 5P 5P E E", 0);
        catches(decompositions_match, &LastDecompositionLost, &several);
        let ready = AnalyzeInput::new("1M 2M 3M 4M 5M 6M 7M 8M 9M 5P 5P E E", 0);
        catches(decompositions_match, &ShapesLost, &ready);
    }

    #[test]
    fn wait_iff_distance_one_catches_a_wrong_distance() {
        let ready = AnalyzeInput::new("1M 2M 3M 4M 5M 6M 7M 8M 9M 5P 5P E E", 0);
        catches(wait_iff_distance_one, &ReadyIsTwo, &ready);
        let melded = AnalyzeInput::new("1M 2M 3M 4M 5M 6M 7M 8M 9M E", 1);
        catches(wait_iff_distance_one, &ReadyIsTwo, &melded);
    }

    #[test]
    fn win_iff_distance_zero_catches_a_wrong_distance() {
        let wins = AnalyzeInput::new("1M 1M 1M 2M 3M 4M 5P 5P 5P 7S 8S 9S E E", 0);
        catches(win_iff_distance_zero, &WinningIsOne, &wins);
        let melded = AnalyzeInput::new("1M 2M 3M 4M 5M 6M 7M 8M 9M E E", 1);
        catches(win_iff_distance_zero, &WinningIsOne, &melded);
    }

    #[test]
    fn verdict_matches_catches_a_wrong_distance() {
        let far = AnalyzeInput::new("1M 4M 7M 1P 4P 7P 1S 4S 7S E S W N", 0);
        catches(verdict_matches, &OtherVerdictFurther, &far);
        let wins = AnalyzeInput::new("1M 1M 1M 2M 3M 4M 5P 5P 5P 7S 8S 9S E E", 0);
        catches(verdict_matches, &WinsCalledReady, &wins);
        let ready = AnalyzeInput::new("1M 2M 3M 4M 5M 6M 7M 8M 9M 5P 5P E E", 0);
        catches(verdict_matches, &ReadyCalledWinning, &ready);
    }

    /// The first log, of walls of every family, with an event `has` likes.
    fn log_with(has: impl Fn(&Event) -> bool) -> (Wall, Vec<Event>) {
        use mahjong_sim::thupc2021::families::{walls, Family};
        Family::ALL
            .into_iter()
            .flat_map(|family| walls(family, 11, 100))
            .map(|wall| {
                let events = Production.play(&wall);
                (wall, events)
            })
            .find(|(_, events)| events.iter().any(&has))
            .expect("some log has such an event")
    }

    /// `well_formed` passes the real log and refuses it changed by
    /// `change` (at the first event `at` likes), saying `why`.
    fn refused(
        (wall, log): &(Wall, Vec<Event>),
        at: impl Fn(&Event) -> bool,
        change: impl Fn(&mut Vec<Event>, usize),
        why: &str,
    ) {
        well_formed(wall, log).unwrap();
        let mut changed = log.clone();
        let i = log.iter().position(at).expect("such an event");
        change(&mut changed, i);
        let e = well_formed(wall, &changed).expect_err(why);
        assert!(e.0.contains(why), "want `{why}`, got: {e}");
    }

    /// The four hands after `events` (a log's start), by plain bookkeeping.
    fn hands_before(events: &[Event]) -> [Hand; 4] {
        let mut hands = [Hand::new(); 4];
        for e in events {
            match *e {
                Event::Draw { player, tile } => hands[player.index()].add(tile),
                Event::Discard { player, tile } => {
                    hands[player.index()].remove(tile);
                }
                Event::Pass { player, .. } => {
                    hands[player.index()].remove(Tile::PASS);
                }
                Event::Pong { player, tile } => {
                    hands[player.index()].remove(tile);
                    hands[player.index()].remove(tile);
                }
                Event::Chow {
                    player,
                    tiles,
                    claimed,
                } => {
                    for t in tiles.into_iter().filter(|&t| t != claimed) {
                        hands[player.index()].remove(t);
                    }
                }
                _ => {}
            }
        }
        hands
    }

    /// The deal, the end and the wall's order, each broken once in a real log.
    #[test]
    fn well_formed_refuses_a_wrong_deal_draw_or_end() {
        let any = |_: &Event| true;
        let ron = log_with(|e| matches!(e, Event::Ron { .. }));
        let last = |l: &mut Vec<Event>, _| {
            l.pop();
        };
        let is_ron = |e: &Event| matches!(e, Event::Ron { .. });
        let after = |l: &mut Vec<Event>, i: usize| l.insert(i + 1, Event::ExhaustedWall);
        refused(&ron, is_ron, after, "event after the end");
        refused(&ron, any, |l, _| l.swap(0, 1), "the deal is 13 rounds");
        refused(&ron, any, last, "a log ends in WIN or DRAW");
        let after_deal = |l: &mut Vec<Event>, _| l.insert(DEAL + 1, Event::ExhaustedWall);
        refused(&ron, any, after_deal, "DRAW only when the wall is empty");
        // DRAW last but with tiles left; DRAW on the empty wall but twice.
        let cut = |l: &mut Vec<Event>, _| {
            l.truncate(DEAL + 2);
            l.push(Event::ExhaustedWall);
        };
        refused(&ron, any, cut, "DRAW only when the wall is empty");
        let exhausted = log_with(|e| *e == Event::ExhaustedWall);
        let is_draw = |e: &Event| *e == Event::ExhaustedWall;
        let twice = |l: &mut Vec<Event>, i: usize| l.insert(i, Event::ExhaustedWall);
        refused(
            &exhausted,
            is_draw,
            twice,
            "DRAW only when the wall is empty",
        );
        let drawn = |l: &mut Vec<Event>, i: usize| {
            if let Event::Draw { tile, .. } = &mut l[i] {
                *tile = if *tile == Tile::PASS {
                    Tile::DOUBLE
                } else {
                    Tile::PASS
                };
            }
        };
        let first_draw = |l: &[Event]| {
            DEAL + l[DEAL..]
                .iter()
                .position(|e| matches!(e, Event::Draw { .. }))
                .unwrap()
        };
        refused(&ron, any, |l, _| drawn(l, first_draw(l)), "wall tile");
        let win_by_next = |l: &mut Vec<Event>, i: usize| {
            if let Event::Win { player } = &mut l[i] {
                *player = Player::ALL[(player.index() + 1) % 4];
            }
        };
        let is_win = |e: &Event| matches!(e, Event::Win { .. });
        refused(&ron, is_win, win_by_next, "WIN follows");
        let twice = |l: &mut Vec<Event>, i: usize| l.insert(i, l[i].clone());
        refused(&ron, is_win, twice, "WIN follows");
    }

    /// A ron from the winner's own or a third player's discard, or with a
    /// special tile still held.
    #[test]
    fn well_formed_refuses_a_wrong_ron() {
        let ron = log_with(|e| matches!(e, Event::Ron { .. }));
        let is_ron = |e: &Event| matches!(e, Event::Ron { .. });
        let from_self = |l: &mut Vec<Event>, i: usize| {
            if let Event::Ron { player, from, .. } = &mut l[i] {
                *from = *player;
            }
        };
        refused(&ron, is_ron, from_self, "a ron takes the last");
        // A ron from a third player's discard; a ron by a third player
        // still holding a special tile (dealt, before its first turn).
        let i = ron.1.iter().position(is_ron).expect("a ron");
        let Event::Ron {
            player: winner,
            from,
            tile,
        } = ron.1[i].clone()
        else {
            unreachable!()
        };
        let third = Player::ALL
            .into_iter()
            .find(|&p| p != winner && p != from)
            .expect("four players");
        let wrong_from = |l: &mut Vec<Event>, i: usize| {
            l[i] = Event::Ron {
                player: winner,
                from: third,
                tile,
            }
        };
        refused(&ron, is_ron, wrong_from, "a ron takes the last");
        let special_holder = |(_, events): &(Wall, Vec<Event>)| {
            let i = events.iter().position(is_ron)?;
            let Event::Ron { from, .. } = events[i] else {
                unreachable!()
            };
            let hands = hands_before(&events[..i]);
            Player::ALL
                .into_iter()
                .find(|&p| p != from && hands[p.index()].specials() > 0)
        };
        use mahjong_sim::thupc2021::families::{walls, Family};
        let early = walls(Family::SpecialsEarly, 3, 300)
            .into_iter()
            .map(|w| {
                let events = Production.play(&w);
                (w, events)
            })
            .find(|log| special_holder(log).is_some())
            .expect("an early ron with specials still held");
        let holder = special_holder(&early).expect("found");
        let by_holder = |l: &mut Vec<Event>, i: usize| {
            if let Event::Ron { player, .. } = &mut l[i] {
                *player = holder;
            }
        };
        refused(&early, is_ron, by_holder, "a ron needs a full hand");
    }

    /// A pass on oneself, or a discard of a tile not held.
    #[test]
    fn well_formed_refuses_a_wrong_pass_or_discard() {
        let ron = log_with(|e| matches!(e, Event::Ron { .. }));
        let pass = log_with(|e| matches!(e, Event::Pass { .. }));
        let on_self = |l: &mut Vec<Event>, i: usize| {
            if let Event::Pass { player, target } = &mut l[i] {
                *target = *player;
            }
        };
        refused(
            &pass,
            |e| matches!(e, Event::Pass { .. }),
            on_self,
            "PASS on oneself",
        );

        // The first discard after the deal, of a tile its player does not
        // hold: one the wall never gave it.
        let unheld = |l: &mut Vec<Event>, i: usize| {
            if let Event::Discard { player, tile } = &mut l[i] {
                let given: Vec<Tile> = ron.0.tiles()[..=DEAL]
                    .iter()
                    .enumerate()
                    .filter(|(k, _)| *k == DEAL || k % 4 == player.index())
                    .map(|(_, t)| *t)
                    .collect();
                *tile = Tile::ordinary().find(|t| !given.contains(t)).unwrap();
            }
        };
        let at = |e: &Event| matches!(e, Event::Discard { .. });
        refused(&ron, at, unheld, "cannot discard");
    }

    /// A pong by the discarder, by a player lacking the pair, or of a tile
    /// nobody discarded.
    #[test]
    fn well_formed_refuses_a_wrong_pong() {
        let pong = log_with(|e| matches!(e, Event::Pong { .. }));
        let by_discarder = |l: &mut Vec<Event>, i: usize| {
            let Event::Discard { player: from, .. } = l[i - 1] else {
                panic!("a pong follows a discard")
            };
            if let Event::Pong { player, .. } = &mut l[i] {
                *player = from;
            }
        };
        refused(
            &pong,
            |e| matches!(e, Event::Pong { .. }),
            by_discarder,
            "a pong needs",
        );

        // A pong by a third player lacking the pair; a pong of a pair the
        // ponger holds but nobody discarded.
        let is_pong = |e: &Event| matches!(e, Event::Pong { .. });
        let i = pong.1.iter().position(is_pong).expect("a pong");
        let (Event::Discard { player: from, .. }, Event::Pong { player: by, tile }) =
            (pong.1[i - 1].clone(), pong.1[i].clone())
        else {
            panic!("a pong follows a discard")
        };
        let hands = hands_before(&pong.1[..i]);
        let lacks = Player::ALL
            .into_iter()
            .find(|&p| p != from && p != by && hands[p.index()].count(tile) < 2)
            .expect("two others, at most one holding the pair");
        let lacking = |l: &mut Vec<Event>, i: usize| {
            l[i] = Event::Pong {
                player: lacks,
                tile,
            }
        };
        refused(&pong, is_pong, lacking, "a pong needs");
        let other = Tile::ordinary()
            .find(|&t| t != tile && hands[by.index()].count(t) >= 2)
            .expect("the ponger holds another pair");
        let undiscarded = |l: &mut Vec<Event>, i: usize| {
            l[i] = Event::Pong {
                player: by,
                tile: other,
            }
        };
        refused(&pong, is_pong, undiscarded, "a pong needs");
    }

    /// A chow claiming another tile than the discard, or not a run.
    #[test]
    fn well_formed_refuses_a_wrong_chow() {
        // A chow claiming another tile of its run than the one discarded.
        let chow = log_with(|e| matches!(e, Event::Chow { .. }));
        let other_claimed = |l: &mut Vec<Event>, i: usize| {
            if let Event::Chow { tiles, claimed, .. } = &mut l[i] {
                let was = *claimed;
                *claimed = *tiles.iter().find(|&&t| t != was).expect("three kinds");
            }
        };
        let is_chow = |e: &Event| matches!(e, Event::Chow { .. });
        refused(&chow, is_chow, other_claimed, "a chow is a run");
        let no_run = |l: &mut Vec<Event>, i: usize| {
            if let Event::Chow { tiles, .. } = &mut l[i] {
                tiles[2] = tiles[0];
            }
        };
        refused(
            &chow,
            |e| matches!(e, Event::Chow { .. }),
            no_run,
            "a chow is a run",
        );
    }

    /// A self-drawn win by another player than the one who drew.
    #[test]
    fn well_formed_refuses_a_wrong_self_drawn() {
        let self_drawn = log_with(|e| matches!(e, Event::SelfDrawn { .. }));
        let by_next = |l: &mut Vec<Event>, i: usize| {
            if let Event::SelfDrawn { player } = &mut l[i] {
                *player = Player::ALL[(player.index() + 1) % 4];
            }
        };
        let at = |e: &Event| matches!(e, Event::SelfDrawn { .. });
        refused(&self_drawn, at, by_next, "self-drawn right after");
    }

    /// The whole analysis check holds each of its parts.
    #[test]
    fn analysis_runs_every_part() {
        let wins = AnalyzeInput::new("1M 1M 1M 2M 3M 4M 5P 5P 5P 7S 8S 9S E E", 0);
        catches(analysis, &WrongPair, &wins);
        catches(analysis, &WinningIsOne, &wins);
        let ready = AnalyzeInput::new("1M 2M 3M 4M 5M 6M 7M 8M 9M 5P 5P E E", 0);
        catches(analysis, &ShapesLost, &ready);
        catches(analysis, &ReadyIsTwo, &ready);
        let far = AnalyzeInput::new("1M 4M 7M 1P 4P 7P 1S 4S 7S E S W N", 0);
        catches(analysis, &OtherVerdictFurther, &far);
    }

    /// A failure prints as its report, with `{}` (the fuzz targets' panic
    /// message) and `{:?}` (a failed `unwrap` in a test) alike.
    #[test]
    fn failures_print_their_report() {
        let f = Failure("engine: 2\n  oracle: 1".to_string());
        assert_eq!(format!("{f}"), f.0);
        assert_eq!(format!("{f:?}"), f.0);
    }
}

#[cfg(test)]
mod noi2014_tests {
    //! The NOI2014 check passes mahjong-sim and fails each NOI2014 bug
    //! planted in `crate::planted`.
    use super::*;
    use crate::engine::Production;
    use crate::noi2014_harness::Seat;
    use crate::planted::{ChanceOneMore, Noi2014EndLost, OutOneLater, PanicsOnSelfDrawn};
    use mahjong_sim::noi2014::rules::wall::Wall as Noi2014Wall;

    /// The first index where two lists differ, with both sides there (and
    /// "(nothing)" past the end of the shorter).
    #[test]
    fn first_difference_finds_the_first() {
        assert_eq!(first_difference(&[1, 2, 3], &[1, 2, 3]), None);
        assert_eq!(
            first_difference(&[1, 2, 3], &[1, 5, 6]),
            Some((1, "2".into(), "5".into()))
        );
        assert_eq!(
            first_difference(&[1, 2], &[1, 2, 3]),
            Some((2, "(nothing)".into(), "3".into()))
        );
    }

    /// The first of 100 random games (greedy and sample bots, and a
    /// scripted seat) on which `planted` fails the check, with its report;
    /// mahjong-sim passes every game before it.
    fn report(planted: &dyn Engine) -> String {
        for seed in 0..100 {
            let input = Noi2014Input {
                wall: Noi2014Wall::shuffled(&mut mahjong_sim::rng::Rng::new(seed))
                    .kinds()
                    .to_vec(),
                seats: [
                    Seat::Scripted,
                    Seat::Greedy,
                    Seat::Sample(seed),
                    Seat::Greedy,
                ],
                script: (0..200).map(|i| (seed as u8).wrapping_mul(i) ^ i).collect(),
            };
            noi2014(&Production, &input).unwrap();
            if let Err(f) = noi2014(planted, &input) {
                return f.0;
            }
        }
        panic!("none of 100 games shows the bug");
    }

    /// Each part of the outcome is compared, and a panic is reported.
    #[test]
    fn check_catches_each_planted_bug() {
        assert!(report(&Noi2014EndLost).contains("event "));
        assert!(report(&ChanceOneMore).contains("result of player"));
        assert!(report(&OutOneLater).contains("result of player"));
        assert!(report(&PanicsOnSelfDrawn).contains("the engine panicked"));
    }

    /// The MCR check: each planted bug fails it on one of the first 2,000
    /// generated hands, with a report that reproduces the hand.
    #[cfg(feature = "arbitrary")]
    mod mcr {
        use super::*;
        use crate::mcr_harness::{coverage_bytes, McrInput};
        use crate::planted::{McrFlowersLost, McrSeatWindLost, McrSevenPairsUsefulLost};

        fn report(planted: &dyn Engine) -> String {
            for i in 0..2_000 {
                let bytes = coverage_bytes(3, i, 64);
                let input: McrInput =
                    crate::mcr_harness::generate(&mut arbitrary::Unstructured::new(&bytes))
                        .unwrap();
                mcr_fans(&Production, &input).unwrap();
                if let Err(f) = mcr_fans(planted, &input) {
                    assert!(f.0.contains("reproduce: mahjong-sim mcr fan "), "{f}");
                    return f.0;
                }
            }
            panic!("none of 2,000 hands shows the bug");
        }

        #[test]
        fn check_catches_each_planted_bug() {
            assert!(report(&McrFlowersLost).contains("fans (V1_4_0)"));
            assert!(report(&McrSeatWindLost).contains("fans (V1_4_0)"));
            assert!(report(&McrSevenPairsUsefulLost).contains("seven pairs shanten"));
        }
    }
}
