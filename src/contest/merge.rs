//! `noi2014 merge` (any ruleset's `merge`): shards of a duel ([`super::duel::merge`]) or of a
//! tournament ([`super::tournament::merge`]), told apart by the record
//! their logs folders hold (`duel.json` or `tournament.json`).

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

/// Merges the shards in `dirs`, all of one duel or all of one tournament,
/// into the report one machine gives (see the two merges for what is
/// refused).
pub fn merge<R: Ruleset>(dirs: &[PathBuf]) -> Result<Merged<R>, Error> {
    let Some(first) = dirs.first() else {
        return Err(Error::Usage("merge takes the shards' logs folders".into()));
    };
    let duel = is_duel(first)?;
    for d in &dirs[1..] {
        if is_duel(d)? != duel {
            let kind = |duel| if duel { "a duel's" } else { "a tournament's" };
            return Err(Error::Usage(format!(
                "{} is {} shard and {} {} one: merge them apart",
                first.display(),
                kind(duel),
                d.display(),
                kind(!duel)
            )));
        }
    }
    Ok(if duel {
        Merged::Duel(Box::new(duel::merge::merge::<R>(dirs)?))
    } else {
        Merged::Tournament(Box::new(tournament::merge::merge::<R>(dirs)?))
    })
}
