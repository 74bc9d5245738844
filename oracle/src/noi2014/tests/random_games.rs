//! Seeded pseudo-random games with random answers, legal and illegal,
//! checked for the invariants of an outcome and of who is asked what.

use super::rules_tests::Rng;
use super::*;
use std::time::Instant;

/// What a scripted random player believes its hand is, rebuilt from the
/// requests it sees (like a bot would). Only used to make answers likely
/// to be legal; nothing is checked against it.
pub(super) struct Mirror {
    hands: [[u8; KINDS]; 4],
    exposed: [Vec<Exposed>; 4],
    /// Claims answered in the current discard round, and a kong just
    /// declared on one's own draw: applied when the announcement shows they
    /// happened.
    pending: Vec<(u8, Pending)>,
    /// The request string of the discard round being answered, if any.
    round: Option<String>,
    rng: Rng,
    /// Illegal-answer rate of this game, per mille.
    chaos: u32,
}

#[derive(Clone, Copy)]
enum Pending {
    Peng { c: u8, discard: u8 },
    Gang { c: u8 },
}

const JUNK: &[&str] = &[
    "",
    "PASS PASS",
    "pass",
    "PLAY",
    "PLAY Z9",
    "PLAY W10",
    "GANG",
    "GANG T",
    "HU HU",
    "HU",
    "PENG",
    "PENG W1 W2",
    "HU SELF",
    "PLAY\nW1",
    "PASS\n",
    "{\"response\":\"PASS\"}",
    "PLAY W1",
    "PENG B5",
    "GANG T9",
    "PASS",
];

impl Mirror {
    pub(super) fn new(seed: u64, chaos: u32) -> Self {
        Mirror {
            hands: [[0; KINDS]; 4],
            exposed: Default::default(),
            pending: Vec::new(),
            round: None,
            rng: Rng(seed),
            chaos,
        }
    }

    fn name(&mut self, kind: u8) -> String {
        let name = tile_name(kind);
        if self.rng.chance(100) {
            name.to_lowercase()
        } else {
            name.to_string()
        }
    }

    fn spaced(&mut self, words: &[String]) -> String {
        if self.rng.chance(50) {
            format!(" {}\t", words.join(" \t "))
        } else {
            words.join(" ")
        }
    }

    fn random_concealed(&mut self, p: usize) -> Option<u8> {
        let tiles: Vec<u8> = (0..KINDS as u8)
            .flat_map(|k| std::iter::repeat_n(k, self.hands[p][k as usize] as usize))
            .collect();
        if tiles.is_empty() {
            None
        } else {
            Some(tiles[self.rng.below(tiles.len())])
        }
    }

    /// A tile with no neighbour of its suit within 2 and no copy, if any.
    fn isolated(&mut self, p: usize) -> Option<u8> {
        let h = &self.hands[p];
        let lonely: Vec<u8> = (0..KINDS)
            .filter(|&k| h[k] == 1)
            .filter(|&k| {
                let n = k % 9;
                (1..=2).all(|d| (n < d || h[k - d] == 0) && (n + d > 8 || h[k + d] == 0))
            })
            .map(|k| k as u8)
            .collect();
        if lonely.is_empty() {
            None
        } else {
            Some(lonely[self.rng.below(lonely.len())])
        }
    }

    fn apply(&mut self, q: u8, pending: Pending) {
        let (hand, exposed) = (&mut self.hands[q as usize], &mut self.exposed[q as usize]);
        match pending {
            Pending::Peng { c, discard } => {
                hand[c as usize] = hand[c as usize].saturating_sub(2);
                exposed.push(Exposed::Pung(c));
                hand[discard as usize] = hand[discard as usize].saturating_sub(1);
            }
            Pending::Gang { c } => {
                if let Some(set) = exposed.iter_mut().find(|s| **s == Exposed::Pung(c)) {
                    *set = Exposed::Kong(c);
                    hand[c as usize] = hand[c as usize].saturating_sub(1);
                } else {
                    let take = hand[c as usize].min(4);
                    hand[c as usize] -= take;
                    exposed.push(Exposed::Kong(c));
                }
            }
        }
    }

    pub(super) fn answer(&mut self, p: u8, request: &str) -> Reply {
        let parts: Vec<&str> = request.split(' ').collect();
        // Close the previous discard round / kong: apply what happened.
        if self.round.as_deref() != Some(request) {
            self.round = None;
            let pending = std::mem::take(&mut self.pending);
            for (q, claim) in pending {
                let happened = match claim {
                    Pending::Peng { c, .. } => request == format!("3 {q} PENG {}", tile_name(c)),
                    Pending::Gang { c } => {
                        request == format!("3 {q} GANG {}", tile_name(c))
                            || (q == p && parts[0] == "2")
                    }
                };
                if happened {
                    self.apply(q, claim);
                }
            }
        }
        if self.rng.chance(self.chaos) {
            if self.rng.chance(150) {
                return Reply::Failed("random failure".to_string());
            }
            let junk = JUNK[self.rng.below(JUNK.len())];
            return Reply::Text(junk.to_string());
        }
        let pi = p as usize;
        let text = match parts[0] {
            "0" => "PASS".to_string(),
            "1" => {
                self.hands[pi] = counts(&request[2..]);
                "PASS".to_string()
            }
            "2" => {
                let drawn = t(parts[1]);
                self.hands[pi][drawn as usize] += 1;
                self.on_draw(pi)
            }
            "3" if parts[2] == "PLAY" => {
                self.round = Some(request.to_string());
                self.on_discard(pi, t(parts[3]))
            }
            "3" => "PASS".to_string(),
            "4" => self.target(pi),
            _ => unreachable!("request {request:?}"),
        };
        Reply::Text(text)
    }

    fn on_draw(&mut self, p: usize) -> String {
        if is_winning(&self.hands[p], &self.exposed[p]) && self.rng.chance(970) {
            return if self.rng.chance(50) { " HU " } else { "HU" }.to_string();
        }
        let kongs: Vec<u8> = (0..KINDS as u8)
            .filter(|&k| {
                let n = self.hands[p][k as usize];
                n == 4 || (n >= 1 && self.exposed[p].contains(&Exposed::Pung(k)))
            })
            .collect();
        if !kongs.is_empty() && self.rng.chance(700) {
            let c = kongs[self.rng.below(kongs.len())];
            self.pending.push((p as u8, Pending::Gang { c }));
            let name = self.name(c);
            return self.spaced(&["GANG".to_string(), name]);
        }
        let discard = if self.rng.chance(500) {
            self.isolated(p)
        } else {
            None
        };
        let Some(discard) = discard.or_else(|| self.random_concealed(p)) else {
            return "PLAY W1".to_string();
        };
        self.hands[p][discard as usize] -= 1;
        let name = self.name(discard);
        self.spaced(&["PLAY".to_string(), name])
    }

    fn on_discard(&mut self, p: usize, c: u8) -> String {
        let mut with_c = self.hands[p];
        with_c[c as usize] += 1;
        if is_winning(&with_c, &self.exposed[p]) && self.rng.chance(950) {
            return "HU".to_string();
        }
        let held = self.hands[p][c as usize];
        if (held >= 3 || self.exposed[p].contains(&Exposed::Pung(c))) && self.rng.chance(500) {
            self.pending.push((p as u8, Pending::Gang { c }));
            return "GANG".to_string();
        }
        if held >= 2 && self.rng.chance(600) {
            let mut rest = self.hands[p];
            rest[c as usize] -= 2;
            let choices: Vec<u8> = (0..KINDS as u8).filter(|&k| rest[k as usize] > 0).collect();
            if let Some(&discard) = choices.get(self.rng.below(choices.len().max(1))) {
                self.pending.push((p as u8, Pending::Peng { c, discard }));
                let name = self.name(discard);
                return self.spaced(&["PENG".to_string(), name]);
            }
        }
        "PASS".to_string()
    }

    /// A target: often the hand plus the one tile that would win it, else a
    /// random winning hand around the exposed sets, else nothing or junk.
    fn target(&mut self, p: usize) -> String {
        let roll = self.rng.below(10);
        let mut tiles: Vec<u8> = Vec::new();
        for set in &self.exposed[p] {
            for _ in 0..set.size() {
                tiles.push(set.kind());
            }
        }
        if roll == 0 {
            return String::new();
        }
        if roll == 1 {
            return "W1 W1 W1 T1 T1 T1 B1 B1 B1 B2 B2 B2 T9 T9".to_string();
        }
        if roll <= 5 {
            let waits: Vec<u8> = (0..KINDS as u8)
                .filter(|&k| {
                    let mut with = self.hands[p];
                    with[k as usize] += 1;
                    is_winning(&with, &self.exposed[p])
                })
                .collect();
            if let Some(&wait) = waits.get(self.rng.below(waits.len().max(1))) {
                for k in 0..KINDS as u8 {
                    for _ in 0..self.hands[p][k as usize] {
                        tiles.push(k);
                    }
                }
                tiles.push(wait);
                return names_of(&tiles).to_lowercase();
            }
        }
        // Random sets (chows and pungs) and a pair around the exposed sets.
        let mut have = count_tiles(&tiles);
        let mut sets = self.exposed[p].len();
        let mut guard = 0;
        while sets < 4 && guard < 200 {
            guard += 1;
            let k = self.rng.below(KINDS);
            if self.rng.chance(500) && have[k] <= 1 {
                have[k] += 3;
                tiles.extend([k as u8; 3]);
                sets += 1;
            } else if k % 9 <= 6 && have[k] < 4 && have[k + 1] < 4 && have[k + 2] < 4 {
                for d in 0..3 {
                    have[k + d] += 1;
                    tiles.push((k + d) as u8);
                }
                sets += 1;
            }
        }
        let k = self.rng.below(KINDS);
        if have[k] <= 2 {
            tiles.extend([k as u8; 2]);
        }
        names_of(&tiles)
    }
}

fn shuffled_wall(rng: &mut Rng) -> [u8; 108] {
    let mut wall = [0u8; 108];
    for (i, slot) in wall.iter_mut().enumerate() {
        *slot = (i / 4) as u8;
    }
    for i in (1..108).rev() {
        wall.swap(i, rng.below(i + 1));
    }
    wall
}

/// Sorted runs of four: deals full of kongs and pungs; a few swaps.
pub(super) fn clustered_wall(rng: &mut Rng) -> [u8; 108] {
    let mut kinds: Vec<u8> = (0..27).collect();
    for i in (1..27).rev() {
        kinds.swap(i, rng.below(i + 1));
    }
    let mut wall = [0u8; 108];
    for (i, slot) in wall.iter_mut().enumerate() {
        *slot = kinds[i / 4];
    }
    for _ in 0..rng.below(40) {
        let (a, b) = (rng.below(108), rng.below(108));
        wall.swap(a, b);
    }
    wall
}

/// Is `line` one of the canonical event forms?
fn event_form_ok(line: &str) -> bool {
    let w: Vec<&str> = line.split(' ').collect();
    let player = |s: &str| matches!(s, "0" | "1" | "2" | "3");
    let tile = |s: &str| NAMES.contains(&s);
    match w.as_slice() {
        ["draw" | "draw-back" | "play" | "peng" | "gang-discard" | "gang-concealed"
        | "gang-added" | "hu-self", p, c] => player(p) && tile(c),
        ["hu-discard", p, c, q] => player(p) && tile(c) && player(q) && p != q,
        ["out", p] => player(p),
        ["end", "empty-wall" | "one-left"] => true,
        _ => false,
    }
}

/// Is `request` one of point 21's forms?
fn request_form_ok(request: &str) -> bool {
    let w: Vec<&str> = request.split(' ').collect();
    let player = |s: &str| matches!(s, "0" | "1" | "2" | "3");
    let tile = |s: &str| NAMES.contains(&s);
    match w.as_slice() {
        ["0", p] => player(p),
        ["1", rest @ ..] => rest.len() == 13 && rest.iter().all(|c| tile(c)),
        ["2", c] => tile(c),
        ["3", p, "PLAY" | "PENG" | "GANG", c] => player(p) && tile(c),
        ["3", p, "HU", c] => player(p) && (tile(c) || *c == "SELF"),
        ["4"] => true,
        _ => false,
    }
}

/// Checks every invariant of one outcome; panics with a message if one fails.
fn check_invariants(wall: &[u8; 108], o: &Outcome) {
    check_forms(o);
    check_points(&o.results);
    let hu_events = hu_events(&o.events);
    check_winners(o, &hu_events);
    check_outs(o);
    let left_at = left_at(o, &hu_events);
    // Every request goes to a player still in the game.
    for (i, (p, _)) in o.requests.iter().enumerate() {
        assert!(in_game(&left_at, *p, i), "request {i} to a player who left");
    }
    let n_open = check_opening(wall, o);
    let draws = check_draws(wall, o);
    check_claim_groups(o, n_open, &left_at);
    check_end(o, draws, &left_at);
    check_targets_and_ranks(&o.results);
}

/// Every event and request has one of its rule's forms, and one end line
/// comes last.
fn check_forms(o: &Outcome) {
    let ev = &o.events;
    let rq = &o.requests;
    assert!(ev.iter().all(|e| event_form_ok(e)), "event form: {ev:?}");
    assert!(
        rq.iter().all(|(p, q)| *p < 4 && request_form_ok(q)),
        "request form"
    );
    // Exactly one end line, last.
    assert_eq!(ev.iter().filter(|e| e.starts_with("end ")).count(), 1);
    let end = ev.last().expect("events").as_str();
    assert!(end.starts_with("end "));
}

/// Half points sum to 20; a better place has more points, the same place
/// the same points.
fn check_points(r: &[PlayerResult; 4]) {
    let total: u32 = r.iter().map(|x| u32::from(x.half_points)).sum();
    assert_eq!(total, 20);
    for i in 0..4 {
        assert!((1..=4).contains(&r[i].place));
        for j in 0..4 {
            assert_eq!(
                r[i].place < r[j].place,
                r[i].half_points > r[j].half_points,
                "places vs points"
            );
            assert_eq!(
                r[i].place == r[j].place,
                r[i].half_points == r[j].half_points
            );
        }
    }
}

/// The winning events in order: who, whether self-drawn, and the tile.
fn hu_events(ev: &[String]) -> Vec<(u8, bool, &str)> {
    ev.iter()
        .filter_map(|e| {
            let w: Vec<&str> = e.split(' ').collect();
            match w[0] {
                "hu-self" => Some((w[1].parse().unwrap(), true, w[2])),
                "hu-discard" => Some((w[1].parse().unwrap(), false, w[2])),
                _ => None,
            }
        })
        .collect()
}

/// Winners: orders 1..=k, matching the hu events in order.
fn check_winners(o: &Outcome, hu_events: &[(u8, bool, &str)]) {
    let r = &o.results;
    for (k, &(p, self_drawn, _)) in hu_events.iter().enumerate() {
        assert_eq!(
            r[p as usize].end,
            End::Won {
                order: k as u8 + 1,
                self_drawn
            }
        );
        assert_eq!(r[p as usize].place, k as u8 + 1, "winners rank by order");
    }
    let winners = r
        .iter()
        .filter(|x| matches!(x.end, End::Won { .. }))
        .count();
    assert_eq!(winners, hu_events.len());
}

/// Out players: one `out` line each; ranked after everyone else, tied.
fn check_outs(o: &Outcome) {
    let (ev, rq, r) = (&o.events, &o.requests, &o.results);
    for p in 0..4u8 {
        let outs = ev.iter().filter(|e| **e == format!("out {p}")).count();
        match r[p as usize].end {
            End::Out { request } => {
                assert_eq!(outs, 1);
                assert_eq!(rq[request].0, p);
                assert!(
                    rq[request + 1..].iter().all(|(q, _)| *q != p),
                    "asked after out"
                );
                for q in 0..4 {
                    match r[q].end {
                        End::Out { .. } => assert_eq!(r[q].place, r[p as usize].place),
                        _ => assert!(r[q].place < r[p as usize].place),
                    }
                }
            }
            _ => assert_eq!(outs, 0),
        }
    }
}

/// The moment each player left (index of its last request), if it did; a
/// winner's last request is the tile it won on.
fn left_at(o: &Outcome, hu_events: &[(u8, bool, &str)]) -> Vec<Option<usize>> {
    let (rq, r) = (&o.requests, &o.results);
    (0..4u8)
        .map(|p| match r[p as usize].end {
            End::Out { request } => Some(request),
            End::Won { self_drawn, .. } => {
                let last = rq
                    .iter()
                    .rposition(|(q, _)| *q == p)
                    .expect("a winner was asked");
                let (_, _, tile) = hu_events.iter().find(|h| h.0 == p).copied().unwrap();
                if self_drawn {
                    assert_eq!(rq[last].1, format!("2 {tile}"));
                } else {
                    assert!(
                        rq[last].1.starts_with("3 ")
                            && rq[last].1.ends_with(&format!(" PLAY {tile}"))
                    );
                }
                Some(last)
            }
            End::Playing => None,
        })
        .collect()
}

/// Player `p` has not left the game by request `at`.
fn in_game(left_at: &[Option<usize>], p: u8, at: usize) -> bool {
    left_at[p as usize].is_none_or(|left| at <= left)
}

/// Opening: `0 p` to every player, then `1 ...` to those still in, cut
/// short only by the end. The number of opening requests.
fn check_opening(wall: &[u8; 108], o: &Outcome) -> usize {
    let (rq, r) = (&o.requests, &o.results);
    let end = o.events.last().expect("events").as_str();
    let n_open = rq
        .iter()
        .take_while(|(_, q)| q.starts_with("0 ") || q.starts_with("1 "))
        .count();
    let mut expected = Vec::new();
    for p in 0..4u8 {
        expected.push((p, format!("0 {p}")));
    }
    let zero_outs: Vec<u8> = (0..4u8)
        .filter(|&p| matches!(r[p as usize].end, End::Out { request } if request < 4))
        .collect();
    for p in 0..4u8 {
        if !zero_outs.contains(&p) {
            let mut tiles = Vec::new();
            for round in 0..3 {
                let at = 16 * round + 4 * p as usize;
                tiles.extend_from_slice(&wall[at..at + 4]);
            }
            tiles.push(wall[48 + p as usize]);
            expected.push((p, format!("1 {}", names_of(&tiles))));
        }
    }
    if end == "end one-left" && n_open < expected.len() {
        assert_eq!(rq.len(), n_open, "the opening was cut only by the end");
        assert_eq!(rq[..], expected[..n_open]);
    } else {
        assert_eq!(rq[..n_open], expected[..], "opening requests");
    }
    n_open
}

/// `2 c` requests match the draw events one for one; front draws take the
/// wall in order, back draws from its end. The number of draws.
fn check_draws(wall: &[u8; 108], o: &Outcome) -> usize {
    let (ev, rq) = (&o.events, &o.requests);
    let draws: Vec<(u8, &str)> = ev
        .iter()
        .filter(|e| e.starts_with("draw"))
        .map(|e| {
            let w: Vec<&str> = e.split(' ').collect();
            (w[1].parse().unwrap(), w[2])
        })
        .collect();
    let twos: Vec<(u8, &str)> = rq
        .iter()
        .filter(|(_, q)| q.starts_with("2 "))
        .map(|(p, q)| (*p, &q[2..]))
        .collect();
    assert_eq!(draws, twos);
    assert!(draws.len() <= 56);
    // Front draws take the wall in order.
    let fronts: Vec<&str> = ev
        .iter()
        .filter_map(|e| e.strip_prefix("draw "))
        .map(|s| &s[2..])
        .collect();
    for (i, name) in fronts.iter().enumerate() {
        assert_eq!(*name, tile_name(wall[52 + i]));
    }
    let backs: Vec<&str> = ev
        .iter()
        .filter_map(|e| e.strip_prefix("draw-back "))
        .map(|s| &s[2..])
        .collect();
    for (i, name) in backs.iter().enumerate() {
        assert_eq!(*name, tile_name(wall[107 - i]));
    }
    draws.len()
}

/// `3 p ...` groups: every other player still in, in play order from p;
/// cut short only by the end of the game.
fn check_claim_groups(o: &Outcome, n_open: usize, left_at: &[Option<usize>]) {
    let rq = &o.requests;
    let end = o.events.last().expect("events").as_str();
    let mut i = n_open;
    while i < rq.len() {
        let q = &rq[i].1;
        if !q.starts_with("3 ") {
            i += 1;
            continue;
        }
        let actor: usize = q[2..3].parse().unwrap();
        let order = |x: usize| (x + 4 - actor) % 4;
        let mut j = i + 1;
        while j < rq.len() && rq[j].1 == *q && order(rq[j].0 as usize) > order(rq[j - 1].0 as usize)
        {
            j += 1;
        }
        let got: Vec<u8> = rq[i..j].iter().map(|(p, _)| *p).collect();
        let mut want: Vec<u8> = (1..4)
            .map(|d| ((actor + d) % 4) as u8)
            .filter(|&p| in_game(left_at, p, i))
            .collect();
        if got.len() < want.len() {
            assert_eq!(j, rq.len(), "short group not at the end: {q}");
            assert_eq!(end, "end one-left");
            want.truncate(got.len());
        }
        assert_eq!(got, want, "group {q} at request {i}");
        i = j;
    }
}

/// The end: after an empty wall `4` goes last to every player still in, in
/// seat order; after one left nobody is asked it.
fn check_end(o: &Outcome, draws: usize, left_at: &[Option<usize>]) {
    let (rq, r) = (&o.requests, &o.results);
    let end = o.events.last().expect("events").as_str();
    let asked_4: Vec<usize> = rq
        .iter()
        .enumerate()
        .filter(|(_, (_, q))| q == "4")
        .map(|(i, _)| i)
        .collect();
    match end {
        "end empty-wall" => {
            assert_eq!(draws, 56, "empty wall means 56 draws");
            let first = asked_4.first().copied().unwrap_or(rq.len());
            assert_eq!(asked_4, (first..rq.len()).collect::<Vec<_>>(), "`4` last");
            let players: Vec<u8> = asked_4.iter().map(|&i| rq[i].0).collect();
            let want: Vec<u8> = (0..4u8).filter(|&p| in_game(left_at, p, first)).collect();
            assert_eq!(players, want, "`4` to every player still in, in seat order");
            assert!(want.len() >= 2);
            for (p, x) in r.iter().enumerate() {
                let asked = players.contains(&(p as u8));
                match &x.end {
                    End::Playing => assert!(asked && x.target.is_some()),
                    End::Out { request } if asked => {
                        assert_eq!(rq[*request].1, "4");
                        assert!(x.target.is_none());
                    }
                    _ => assert!(!asked && x.target.is_none()),
                }
            }
        }
        "end one-left" => {
            assert!(asked_4.is_empty());
            let playing = r.iter().filter(|x| x.end == End::Playing).count();
            assert!(playing <= 1);
            assert!(r.iter().all(|x| x.target.is_none()));
        }
        _ => unreachable!(),
    }
}

/// A target is valid exactly when it has a Hamming distance and a chance;
/// players still in rank after winners and before players put out, and a
/// valid target before an invalid one.
fn check_targets_and_ranks(r: &[PlayerResult; 4]) {
    for x in r {
        assert_eq!(x.valid, x.hamming.is_some());
        assert_eq!(x.valid, x.chance.is_some());
        if x.valid {
            assert!(x.target.is_some());
        }
    }
    // Players still in rank after winners and before players put out; a
    // valid target ranks before an invalid one.
    for p in 0..4 {
        for q in 0..4 {
            if r[p].end == End::Playing && r[q].end == End::Playing && r[p].valid && !r[q].valid {
                assert!(r[p].place < r[q].place);
            }
            if matches!(r[p].end, End::Won { .. }) && !matches!(r[q].end, End::Won { .. }) {
                assert!(r[p].place < r[q].place);
            }
        }
    }
}

/// One seeded game: the wall, the illegal-answer rate, the replies given
/// (one per request) and the outcome.
fn run_game(seed: u64) -> ([u8; 108], u32, Vec<Reply>, Outcome) {
    let mut rng = Rng(seed);
    let wall = if seed.is_multiple_of(3) {
        clustered_wall(&mut rng)
    } else {
        shuffled_wall(&mut rng)
    };
    let chaos = [0, 1, 3, 10, 40][(seed % 5) as usize];
    let mut mirror = Mirror::new(seed ^ 0x5EED, chaos);
    let mut replies = Vec::new();
    let outcome = play(&wall, &mut |p, request| {
        let reply = mirror.answer(p, request);
        replies.push(reply.clone());
        reply
    });
    (wall, chaos, replies, outcome)
}

/// Players that answer only what they believe legal, from their own
/// reading of the requests, are put out for nothing but a kong declared
/// when the wall is empty (which they do not track).
fn check_legal_players_stay_in(replies: &[Reply], o: &Outcome) {
    for p in 0..4u8 {
        if let End::Out { request } = o.results[p as usize].end {
            let out_event = o
                .events
                .iter()
                .position(|e| *e == format!("out {p}"))
                .expect("out event");
            let drawn = o.events[..out_event]
                .iter()
                .filter(|e| e.starts_with("draw"))
                .count();
            let kong =
                matches!(&replies[request], Reply::Text(t) if words(t).first() == Some(&"GANG"));
            assert!(
                kong && drawn == 56,
                "legal player {p} put out by {:?} to {:?}",
                replies[request],
                o.requests[request]
            );
        }
    }
}

#[test]
fn random_games_keep_the_invariants() {
    let started = Instant::now();
    let games = 600u64;
    let (mut wins, mut outs, mut one_left, mut kongs, mut pungs, mut valid) = (0, 0, 0, 0, 0, 0);
    for seed in 0..games {
        let (wall, chaos, replies, outcome) = run_game(seed);
        assert_eq!(replies.len(), outcome.requests.len());
        check_invariants(&wall, &outcome);
        if chaos == 0 {
            check_legal_players_stay_in(&replies, &outcome);
        }
        if seed % 10 == 0 {
            assert_eq!(run_game(seed).3, outcome, "deterministic");
        }
        wins += outcome
            .results
            .iter()
            .filter(|r| matches!(r.end, End::Won { .. }))
            .count();
        outs += outcome
            .results
            .iter()
            .filter(|r| matches!(r.end, End::Out { .. }))
            .count();
        valid += outcome.results.iter().filter(|r| r.valid).count();
        one_left += usize::from(outcome.events.last().unwrap() == "end one-left");
        kongs += outcome
            .events
            .iter()
            .filter(|e| e.starts_with("gang"))
            .count();
        pungs += outcome
            .events
            .iter()
            .filter(|e| e.starts_with("peng"))
            .count();
    }
    println!(
        "{games} games in {:?}: {wins} wins, {outs} outs, {valid} valid targets, \
         {one_left} ended one-left, {pungs} pungs, {kongs} kongs",
        started.elapsed()
    );
    // The answers reached every part of the rules.
    assert!(wins > 100 && outs > 100 && valid > 100 && one_left > 10);
    assert!(kongs > 100 && pungs > 100);
}
