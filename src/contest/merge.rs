//! `noi2014 merge` (any ruleset's `merge`): shards of a duel
//! ([`super::duel::merge`]) or of a tournament
//! ([`super::tournament::merge`]), told apart by the record their logs
//! folders hold (`duel.json` or `tournament.json`). [`Merger`] is the one
//! merger every front end uses: folders or records, as they come.

use super::duel::{self, walls};
use super::ruleset::Ruleset;
use super::tournament::{self, record};
use super::Error;
use std::path::{Path, PathBuf};

/// A merge's outcome: a duel's or a tournament's.
#[derive(Clone, Debug)]
pub enum Merged<R: Ruleset> {
    /// The shards were a duel's.
    Duel(Box<duel::merge::Merged<R>>),
    /// The shards were a tournament's.
    Tournament(Box<tournament::merge::Merged<R>>),
}

impl<R: Ruleset> Merged<R> {
    /// The report as one line of JSON, as `--json` prints it.
    pub fn json_line(&self) -> String {
        match self {
            Merged::Duel(m) => m.report.json_line(),
            Merged::Tournament(m) => m.report.json_line(),
        }
    }

    /// The report for people.
    pub fn text(&self) -> String {
        match self {
            Merged::Duel(m) => m.report.text(),
            Merged::Tournament(m) => m.report.text(),
        }
    }
}

/// Whether `dir` is a duel's shard (`true`) or a tournament's (`false`).
fn is_duel(dir: &Path) -> Result<bool, Error> {
    match (
        dir.join(walls::FILE).is_file(),
        dir.join(record::FILE).is_file(),
    ) {
        (true, false) => Ok(true),
        (false, true) => Ok(false),
        (true, true) => Err(Error::Usage(format!(
            "{} holds both {} and {}: a logs folder is one duel's or one tournament's",
            dir.display(),
            walls::FILE,
            record::FILE
        ))),
        (false, false) => Err(Error::Usage(format!(
            "{} holds neither {} nor {}: merge takes the logs folders of a duel's or a tournament's shards, once they have ended",
            dir.display(),
            walls::FILE,
            record::FILE
        ))),
    }
}

/// Shards of one duel or one tournament, added one at a time (folders, or
/// a driver's records as they come back), counted on demand: the kind of
/// the first shard decides, and a shard of the other kind is refused.
#[derive(Default)]
pub enum Merger<R: Ruleset> {
    /// No shard yet.
    #[default]
    Empty,
    /// A duel's shards.
    Duel(Box<duel::merge::Merger<R>>, PathBuf),
    /// A tournament's shards.
    Tournament(Box<tournament::merge::Merger<R>>, PathBuf),
}

/// A shard's kind in words, for errors.
fn kind(duel: bool) -> &'static str {
    if duel {
        "a duel's"
    } else {
        "a tournament's"
    }
}

impl<R: Ruleset> Merger<R> {
    /// A merger with no shard yet.
    pub fn new() -> Merger<R> {
        Merger::Empty
    }

    /// The merger of the kind `duel` (made so by the first shard, `from`),
    /// or an error naming `origin` when it holds the other kind.
    fn of_kind(&mut self, duel: bool, origin: &Path) -> Result<&mut Merger<R>, Error> {
        let held = matches!(self, Merger::Duel(..));
        match self {
            Merger::Empty if duel => *self = Merger::Duel(Default::default(), origin.into()),
            Merger::Empty => *self = Merger::Tournament(Default::default(), origin.into()),
            Merger::Duel(_, first) | Merger::Tournament(_, first) if held != duel => {
                return Err(Error::Usage(format!(
                    "{} is {} shard and {} {} one: merge them apart",
                    first.display(),
                    kind(held),
                    origin.display(),
                    kind(duel)
                )))
            }
            _ => {}
        }
        Ok(self)
    }

    /// Adds the shard whose logs folder is `dir`.
    pub fn add_dir(&mut self, dir: &Path) -> Result<(), Error> {
        match self.of_kind(is_duel(dir)?, dir)? {
            Merger::Duel(m, _) => m.add_dir(dir),
            Merger::Tournament(m, _) => m.add_dir(dir),
            Merger::Empty => unreachable!("of_kind chose a kind"),
        }
    }

    /// Adds a shard's record (a `duel.json`'s or `tournament.json`'s
    /// bytes, told apart by their format); `origin` names it in errors and
    /// is where its logs are, if anywhere.
    pub fn add_record(&mut self, origin: &Path, bytes: &[u8]) -> Result<(), Error> {
        #[derive(serde::Deserialize)]
        struct Format {
            format: String,
        }
        let format = serde_json::from_slice::<Format>(bytes)
            .map(|f| f.format)
            .unwrap_or_default();
        let duel = format.ends_with("-duel-walls");
        if !duel && !format.ends_with("-tournament-games") {
            return Err(Error::Usage(format!(
                "{}: not the record of a duel's or a tournament's shard (format `{format}`)",
                origin.display()
            )));
        }
        match self.of_kind(duel, origin)? {
            Merger::Duel(m, _) => m.add_record(origin, bytes),
            Merger::Tournament(m, _) => m.add_record(origin, bytes),
            Merger::Empty => unreachable!("of_kind chose a kind"),
        }
    }

    /// Where a duel's merge stands (no game log read); a tournament's is
    /// known only once its rounds are whole, by [`Merger::report`].
    pub fn standing(&mut self) -> Result<duel::merge::Standing, Error> {
        match self {
            Merger::Duel(m, _) => m.standing(),
            Merger::Tournament(..) => Err(Error::Usage(
                "a tournament's merge has no standing before its report".into(),
            )),
            Merger::Empty => Err(Error::Usage("merge takes the shards' logs folders".into())),
        }
    }

    /// The report one machine prints for the same walls or rounds, each
    /// checked against its game logs when `check_logs`; `partial`: a duel
    /// missing a wall before its decision counts up to it (see
    /// [`duel::merge::Merger::report`]).
    pub fn report(&self, check_logs: bool, partial: bool) -> Result<Merged<R>, Error> {
        Ok(match self {
            Merger::Duel(m, _) => Merged::Duel(Box::new(m.report(check_logs, partial)?)),
            Merger::Tournament(m, _) => Merged::Tournament(Box::new(m.report(check_logs)?)),
            Merger::Empty => {
                return Err(Error::Usage("merge takes the shards' logs folders".into()))
            }
        })
    }
}

/// Merges the shards in `dirs`, all of one duel or all of one tournament,
/// into the report one machine gives (see the two merges for what is
/// refused).
pub fn merge<R: Ruleset>(dirs: &[PathBuf]) -> Result<Merged<R>, Error> {
    let mut merger = Merger::new();
    for d in dirs {
        merger.add_dir(d)?;
    }
    merger.report(true, false)
}
