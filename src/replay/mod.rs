//! Replays: one self-contained HTML page per game (inline CSS and script, no
//! network, opens from disk), stepping through the game event by event.
//!
//! The page shows what the engine recorded, nothing it works out itself: a
//! ruleset's module ([`thupc2021`], [`noi2014`], [`mcr`]) turns the engine's events,
//! table snapshots, decision records (THUPC's `explain`) or requests,
//! answers and result (NOI2014's judge) into a [`Replay`], and [`render`]
//! embeds it as JSON in the one template, `page.html`. The script there only
//! draws the step it is asked for.

use serde::Serialize;

pub mod mcr;
pub mod noi2014;
pub mod thupc2021;

/// The page template: CSS and script inline, the data spliced in at
/// [`DATA_MARK`].
const TEMPLATE: &str = include_str!("page.html");

/// Where the data goes in the template.
const DATA_MARK: &str = "/*REPLAY-DATA*/";

/// The id of the `<script type="application/json">` element holding the
/// data (tests read it back).
pub const DATA_ID: &str = "replay-data";

/// How one tile is drawn: the big mark, the small one under it, a class
/// for its colour and its full name for the tooltip.
#[derive(Clone, Debug, Serialize)]
pub struct Face {
    /// The big mark (`5`, `E`, `PASS`).
    pub big: String,
    /// The small mark under it (the suit letter, `wind`, `dragon`).
    pub small: String,
    /// CSS class: `man`, `pin`, `sou`, `wind`, `white`, `green`, `red`,
    /// `special`.
    pub class: &'static str,
    /// The tile's name in words.
    pub title: String,
}

/// An exposed set on the table.
#[derive(Clone, Debug, Serialize)]
pub struct MeldView {
    /// `chow`, `pung` or `kong`.
    pub kind: &'static str,
    /// Its tiles, by the ruleset's names.
    pub tiles: Vec<String>,
    /// A kong of four concealed tiles (drawn with two tiles face down).
    pub concealed: bool,
}

/// One seat at one step.
#[derive(Clone, Debug, Serialize)]
pub struct SeatView {
    /// Concealed tiles, sorted.
    pub hand: Vec<String>,
    /// Exposed sets, in the order they were made.
    pub melds: Vec<MeldView>,
    /// A short word on the seat (`skips its next turn`, `won 1st`, `out`);
    /// empty for none.
    pub status: String,
    /// The seat's winning distance, where the ruleset's table keeps one.
    pub distance: Option<u8>,
}

/// One request to one player and its answer (NOI2014).
#[derive(Clone, Debug, Serialize)]
pub struct Ask {
    /// The request's number in the judge's list, from 0.
    pub index: usize,
    /// The player asked.
    pub player: usize,
    /// The request as the judge writes it.
    pub request: String,
    /// The answer as the bot printed it, or how it failed.
    pub answer: String,
    /// The bot gave no usable answer.
    pub failed: bool,
    /// Anything else the driver noted (a program's standard error).
    pub note: String,
}

/// A line where a solution disagrees with the engine (`check`).
#[derive(Clone, Debug, Serialize)]
pub struct Mismatch {
    /// The engine's line, if its log has one there.
    pub expected: Option<String>,
    /// The solution's line, if it printed one there.
    pub actual: Option<String>,
    /// What went wrong, in words.
    pub what: String,
}

/// The table after one event (or, at step 0, before the first).
#[derive(Clone, Debug, Serialize)]
pub struct Step {
    /// The event's line as the engine prints it (`A IN 1M`, `play 0 W5`);
    /// step 0 says what the table is.
    pub text: String,
    /// The player the event is about, if any.
    pub actor: Option<usize>,
    /// The tile this step gave the actor (a draw), to be marked.
    pub drawn: Option<String>,
    /// The four seats.
    pub seats: Vec<SeatView>,
    /// Tiles left in the wall.
    pub wall: usize,
    /// The order of turns, in words (`A B C D`).
    pub order: String,
    /// The reasons behind the event, from the engine's records.
    pub notes: Vec<String>,
    /// The rule that decides it, in a sentence, where there is one.
    pub rule: Option<String>,
    /// The requests whose answers led to this event, with the answers.
    pub asks: Vec<Ask>,
    /// The solution's line here, where it differs.
    pub mismatch: Option<Mismatch>,
    /// An earlier step whose notes also explain this one (THUPC: the
    /// claims on a discard are weighed, and noted, at the discard).
    pub see_also: Option<usize>,
}

/// The order of turns where it never changes (NOI2014, MCR).
pub const SEAT_ORDER: &str = "0 1 2 3";

impl Step {
    /// The step whose event is `text`, the seats and the wall after it,
    /// turns in `order`; no actor, drawn tile, notes, rule, asks, mismatch
    /// or earlier step: a ruleset's page sets those it has.
    pub fn new(text: String, order: impl Into<String>, seats: Vec<SeatView>, wall: usize) -> Step {
        Step {
            text,
            actor: None,
            drawn: None,
            seats,
            wall,
            order: order.into(),
            notes: Vec::new(),
            rule: None,
            asks: Vec::new(),
            mismatch: None,
            see_also: None,
        }
    }
}

/// A discard in a player's pond.
#[derive(Clone, Debug, Serialize)]
pub struct Discard {
    /// The tile.
    pub tile: String,
    /// The step that discarded it.
    pub step: usize,
    /// The step that claimed it (pong, chow, kong, win), if any.
    pub taken: Option<usize>,
}

/// A seat's name and who sat there.
#[derive(Clone, Debug, Serialize)]
pub struct SeatInfo {
    /// The seat's name (`A`, `0`).
    pub name: String,
    /// Who played it (a bot's name or command), may be empty.
    pub label: String,
}

/// A table of the end: header and rows of cells.
#[derive(Clone, Debug, Default, Serialize)]
pub struct ResultTable {
    /// One line on how the game ended.
    pub summary: String,
    /// Column headings (none for no table).
    pub columns: Vec<String>,
    /// Rows of cells.
    pub rows: Vec<Vec<String>>,
}

/// Everything a page shows.
#[derive(Clone, Debug, Serialize)]
pub struct Replay {
    /// `THUPC 2021` or `NOI2014`.
    pub ruleset: &'static str,
    /// A line on which game this is.
    pub title: String,
    /// The seats.
    pub seats: Vec<SeatInfo>,
    /// How each tile name of the ruleset is drawn.
    pub faces: std::collections::BTreeMap<String, Face>,
    /// Step 0 (the start) and one step per event, in order.
    pub steps: Vec<Step>,
    /// Each seat's discards in order.
    pub ponds: Vec<Vec<Discard>>,
    /// The step the page opens at when its address names none.
    pub start: usize,
    /// The end of the game, shown at the last step.
    pub result: ResultTable,
}

/// The page of a replay: the template with the data embedded as JSON.
pub fn render(replay: &Replay) -> String {
    let json = serde_json::to_string(replay).expect("a replay serializes");
    // `<` only occurs inside JSON strings, where `\u003c` reads the same:
    // no `</script>` can end the element early.
    let json = json
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026");
    let title = html_escape(&format!("{} replay: {}", replay.ruleset, replay.title));
    TEMPLATE
        .replacen("<!--TITLE-->", &title, 1)
        .replacen(DATA_MARK, &json, 1)
}

/// The data embedded in a page [`render`] made, read back.
pub fn embedded(page: &str) -> Option<serde_json::Value> {
    let open = format!("<script type=\"application/json\" id=\"{DATA_ID}\">");
    let start = page.find(&open)? + open.len();
    let len = page[start..].find("</script>")?;
    serde_json::from_str(&page[start..start + len]).ok()
}

/// `s` with `&`, `<`, `>` and `"` escaped, for HTML text and attributes.
pub fn html_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Places in words: `1st`, `2nd`, ...
pub fn ordinal(n: u8) -> String {
    match n {
        1 => "1st".into(),
        2 => "2nd".into(),
        3 => "3rd".into(),
        n => format!("{n}th"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_data_cannot_end_its_script_element_and_reads_back() {
        let replay = Replay {
            ruleset: "NOI2014",
            title: "a </script><b>bold</b> & co".into(),
            seats: vec![],
            faces: Default::default(),
            steps: vec![],
            ponds: vec![],
            start: 0,
            result: ResultTable::default(),
        };
        let page = render(&replay);
        assert_eq!(page.matches("</script>").count(), 2, "data and script only");
        let data = embedded(&page).expect("embedded");
        assert_eq!(data["title"], "a </script><b>bold</b> & co");
        assert!(page.contains("<title>NOI2014 replay: a &lt;/script&gt;"));
    }

    #[test]
    fn places_read_as_ordinals() {
        let words: Vec<String> = (1..=5).map(ordinal).collect();
        assert_eq!(words, ["1st", "2nd", "3rd", "4th", "5th"]);
    }
}
