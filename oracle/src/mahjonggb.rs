//! MahjongGB 1.4.0, the MCR reference calculator (`pymahjonggb`, MIT), run
//! in-process beside the engine: the tests, the study
//! (`examples/mcr_study.rs`) and the benchmark (`benches/mcr.rs`) call it
//! through [`load`].
//!
//! Its sources are not in this repository: [`load`] compiles our glue
//! (`oracle/mahjonggb/glue.cpp`, what the Python binding does, minus
//! Python) with the reference's own `fan_calculator.cpp` and `shanten.cpp`
//! from `../shared/anchors/mcr/MahjongGB` (or `$MAHJONGGB_DIR`) with `g++
//! -O2 -DNDEBUG` into a shared library under `target/mahjonggb/` (once per
//! version of the sources, about 2 s) and loads it. Without the sources
//! or `g++` it says why, and the callers skip.

use crate::mcr_harness::McrInput;
use mahjong_sim::mcr::fan::TABLE_SIZE;
use mahjong_sim::mcr::shanten::{Shanten, ShantenForm, FORMS};
use mahjong_sim::mcr::{
    calculate, Fan, FanError, FanTable, Hand, MeldKind, Reading, Tile, WinContext,
};
use std::ffi::{c_int, c_void, CString};
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// Our glue, compiled with the reference's files.
const GLUE: &str = include_str!("../mahjonggb/glue.cpp");
/// The reference's files the library is built from (the headers too: a
/// change to any rebuilds it).
const SOURCES: [&str; 6] = [
    "fan_calculator.cpp",
    "shanten.cpp",
    "fan_calculator.h",
    "shanten.h",
    "standard_tiles.h",
    "tile.h",
];
/// How it is compiled (pymahjonggb's build is optimized, without asserts).
const FLAGS: [&str; 5] = ["-std=c++17", "-O2", "-DNDEBUG", "-shared", "-fPIC"];

/// One input as the glue's `mgb_input` lays it out.
#[repr(C)]
#[derive(Clone, Copy, Default)]
struct CInput {
    packs: [[u8; 3]; 5],
    pack_count: u8,
    standing: [u8; 13],
    standing_count: u8,
    win: u8,
    flowers: u8,
    flags: u8,
    seat_wind: u8,
    prevalent_wind: u8,
}

type FanFn = unsafe extern "C" fn(*const CInput, *mut u16) -> c_int;
type ShantenFn = unsafe extern "C" fn(c_int, *const u8, c_int, *mut u8) -> c_int;
type BestFn = unsafe extern "C" fn(*const u8, c_int) -> c_int;
type SizeFn = unsafe extern "C" fn() -> c_int;

/// The loaded reference. Its functions keep no state, so any thread may
/// call them; the library stays loaded for the life of the process.
pub struct MahjongGb {
    fan: FanFn,
    shanten: ShantenFn,
    best: BestFn,
    /// Where the library came from, for messages.
    pub library: PathBuf,
}

/// The reference's answer to a hand: its fan table and total, or its
/// error.
pub type Answer = Result<(FanTable, i32), FanError>;

impl MahjongGb {
    /// `calculate_fan` on `hand` and `ctx`: the fan table and the total it
    /// returns (flowers included), or its error.
    pub fn fan(&self, hand: &Hand, ctx: &WinContext) -> Answer {
        // The library answers ERROR_WRONG_TILES_COUNT for these before it
        // reads a tile; the binding's arrays hold no more than 5 packs and
        // 13 tiles.
        if hand.melds.len() > 4 || hand.standing.len() > 13 {
            return Err(FanError::WrongTilesCount);
        }
        let mut c = CInput {
            pack_count: hand.melds.len() as u8,
            standing_count: hand.standing.len() as u8,
            win: ctx.win_tile.index() as u8,
            flowers: ctx.flowers,
            flags: u8::from(ctx.self_drawn)
                | u8::from(ctx.last_copy) << 1
                | u8::from(ctx.about_kong) << 2
                | u8::from(ctx.wall_last) << 3,
            seat_wind: ctx.seat_wind,
            prevalent_wind: ctx.prevalent_wind,
            ..CInput::default()
        };
        for (p, m) in c.packs.iter_mut().zip(&hand.melds) {
            let kind = match m.kind {
                MeldKind::Chow => 1,
                MeldKind::Pung => 2,
                MeldKind::Kong => 3,
            };
            *p = [kind, m.tile.index() as u8, m.offer];
        }
        for (s, t) in c.standing.iter_mut().zip(&hand.standing) {
            *s = t.index() as u8;
        }
        let mut table = [0u16; TABLE_SIZE];
        // SAFETY: `c` and `table` are what the glue reads and writes (its
        // table size was checked at load).
        let total = unsafe { (self.fan)(&c, table.as_mut_ptr()) };
        match total {
            -1 => Err(FanError::WrongTilesCount),
            -2 => Err(FanError::TileCountGreaterThan4),
            -3 => Err(FanError::NotWin),
            t if t >= 0 => Ok((FanTable(table), t)),
            t => panic!("MahjongGB returned {t}"),
        }
    }

    /// The shanten of `standing` in `form` with the useful kinds; `None`
    /// when the form does not take that many tiles.
    pub fn shanten(&self, form: ShantenForm, standing: &[Tile]) -> Option<Shanten> {
        let tiles = kinds(standing)?;
        let mut useful = [0u8; 34];
        // SAFETY: at most 14 tiles; `useful` holds the 34 kinds written.
        let s = unsafe {
            (self.shanten)(
                form_code(form),
                tiles.as_ptr(),
                standing.len() as c_int,
                useful.as_mut_ptr(),
            )
        };
        (s != c_int::MAX).then(|| Shanten {
            shanten: s,
            useful: useful
                .iter()
                .enumerate()
                .filter(|(_, &u)| u != 0)
                .fold(0, |set, (k, _)| set | 1 << k),
        })
    }

    /// The shanten number alone (the library skips the useful tiles).
    pub fn shanten_number(&self, form: ShantenForm, standing: &[Tile]) -> Option<i32> {
        let tiles = kinds(standing)?;
        // SAFETY: at most 14 tiles; a null table is the library's "none".
        let s = unsafe {
            (self.shanten)(
                form_code(form),
                tiles.as_ptr(),
                standing.len() as c_int,
                std::ptr::null_mut(),
            )
        };
        (s != c_int::MAX).then_some(s)
    }

    /// `MahjongShanten`: the least number over the five forms.
    pub fn best_shanten(&self, standing: &[Tile]) -> Option<i32> {
        let tiles = kinds(standing)?;
        // SAFETY: at most 14 tiles.
        let s = unsafe { (self.best)(tiles.as_ptr(), standing.len() as c_int) };
        (s != c_int::MAX).then_some(s)
    }
}

/// Kind indices of at most 14 tiles (more is no hand of any form).
fn kinds(standing: &[Tile]) -> Option<[u8; 14]> {
    let mut out = [0u8; 14];
    if standing.len() > 14 {
        return None;
    }
    for (o, t) in out.iter_mut().zip(standing) {
        *o = t.index() as u8;
    }
    Some(out)
}

fn form_code(form: ShantenForm) -> c_int {
    match form {
        ShantenForm::Regular => 0,
        ShantenForm::SevenPairs => 1,
        ShantenForm::ThirteenOrphans => 2,
        ShantenForm::HonorsAndKnittedTiles => 3,
        ShantenForm::KnittedStraight => 4,
    }
}

/// The reference's folder: `$MAHJONGGB_DIR`, else
/// `../shared/anchors/mcr/MahjongGB` beside the repository.
pub fn source_dir() -> PathBuf {
    std::env::var_os("MAHJONGGB_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo_root().join("../shared/anchors/mcr/MahjongGB"))
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the oracle is a folder of the repository")
        .to_path_buf()
}

/// The reference, compiled and loaded on first use. `Err` says why it is
/// unavailable (no sources, no `g++`): the caller skips with that message.
/// Panics when the sources and `g++` are there but the build or the load
/// fails: that is a bug to see, not a reason to skip.
pub fn load() -> Result<&'static MahjongGb, String> {
    static LIB: OnceLock<Result<MahjongGb, String>> = OnceLock::new();
    LIB.get_or_init(build_and_open)
        .as_ref()
        .map_err(Clone::clone)
}

fn build_and_open() -> Result<MahjongGb, String> {
    let dir = source_dir();
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    GLUE.hash(&mut hasher);
    FLAGS.hash(&mut hasher);
    for f in SOURCES {
        match std::fs::read(dir.join(f)) {
            Ok(bytes) => bytes.hash(&mut hasher),
            Err(e) => {
                return Err(format!(
                    "MahjongGB not found ({}: {e}); set MAHJONGGB_DIR to its folder",
                    dir.join(f).display()
                ))
            }
        }
    }
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo_root().join("target"))
        .join("mahjonggb");
    let lib = target.join(format!("libmahjonggb-{:016x}.so", hasher.finish()));
    if !lib.exists() {
        compile(&dir, &target, &lib)?;
    }
    open(&lib)
}

/// Compiles the glue and the reference's sources into `lib` (through a
/// temporary name, so that processes building at once never load half a
/// file).
fn compile(dir: &Path, target: &Path, lib: &Path) -> Result<(), String> {
    std::fs::create_dir_all(target).expect("target/mahjonggb");
    let glue = target.join("glue.cpp");
    let tmp = target.join(format!("tmp-{}", std::process::id()));
    std::fs::write(&glue, GLUE).expect("the glue's copy");
    let out = Command::new("g++")
        .args(FLAGS)
        .arg(format!("-I{}", dir.display()))
        .arg(&glue)
        .arg(dir.join("fan_calculator.cpp"))
        .arg(dir.join("shanten.cpp"))
        .arg("-o")
        .arg(&tmp)
        .output();
    match out {
        Err(e) => Err(format!("cannot run g++ ({e}): MahjongGB not compiled")),
        Ok(o) if !o.status.success() => panic!(
            "g++ failed to compile MahjongGB from {}:\n{}",
            dir.display(),
            String::from_utf8_lossy(&o.stderr)
        ),
        Ok(_) => {
            std::fs::rename(&tmp, lib).expect("the compiled library in place");
            Ok(())
        }
    }
}

fn open(lib: &Path) -> Result<MahjongGb, String> {
    let path = CString::new(lib.as_os_str().as_encoded_bytes()).expect("a path without NUL");
    // SAFETY: a library we just built; its initializers only set tables.
    let handle = unsafe { libc::dlopen(path.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL) };
    assert!(
        !handle.is_null(),
        "cannot load {}: {}",
        lib.display(),
        dl_error()
    );
    let symbol = |name: &str| -> *mut c_void {
        let c = CString::new(name).unwrap();
        // SAFETY: a live handle and a NUL-terminated name.
        let s = unsafe { libc::dlsym(handle, c.as_ptr()) };
        assert!(!s.is_null(), "{} has no {name}", lib.display());
        s
    };
    // SAFETY: the glue defines these symbols with these signatures.
    let (fan, shanten, best, size) = unsafe {
        (
            std::mem::transmute::<*mut c_void, FanFn>(symbol("mgb_fan")),
            std::mem::transmute::<*mut c_void, ShantenFn>(symbol("mgb_shanten")),
            std::mem::transmute::<*mut c_void, BestFn>(symbol("mgb_best_shanten")),
            std::mem::transmute::<*mut c_void, SizeFn>(symbol("mgb_fan_table_size")),
        )
    };
    // SAFETY: takes nothing, returns a constant.
    let n = unsafe { size() };
    assert_eq!(
        n as usize, TABLE_SIZE,
        "MahjongGB's fan table has {n} entries, ours {TABLE_SIZE}"
    );
    Ok(MahjongGb {
        fan,
        shanten,
        best,
        library: lib.to_path_buf(),
    })
}

fn dl_error() -> String {
    // SAFETY: dlerror returns null or a NUL-terminated message.
    let e = unsafe { libc::dlerror() };
    if e.is_null() {
        String::new()
    } else {
        // SAFETY: checked not null just above.
        unsafe { std::ffi::CStr::from_ptr(e) }
            .to_string_lossy()
            .into_owned()
    }
}

/// How the engine's answer to one hand differs from the reference's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Disagreement {
    /// One answers an error (or another error) where the other does not.
    Outcome {
        /// The engine's answer: the total or the error.
        engine: Result<i32, FanError>,
        /// The reference's.
        reference: Result<i32, FanError>,
    },
    /// Both score the hand, differently: each fan whose count differs
    /// (engine, reference), or the totals alone when every count agrees.
    Fans {
        /// (fan, engine's count, reference's count).
        fans: Vec<(Fan, u16, u16)>,
        /// (engine's total, reference's total).
        totals: (i32, i32),
    },
}

/// The engine's 1.4.0 answer to `input` against the reference's; `None`
/// when they agree (the same fans, counts and total, or the same error).
/// Also returns the reference's answer, for coverage counts.
pub fn compare_fans(mgb: &MahjongGb, input: &McrInput) -> (Option<Disagreement>, Answer) {
    let reference = mgb.fan(&input.hand, &input.ctx);
    let engine = calculate(&input.hand, &input.ctx, Reading::V1_4_0).map(|r| (r.table, r.total));
    (disagreement(&engine, &reference), reference)
}

/// How `engine` differs from `reference`, fan by fan; `None` when equal.
pub fn disagreement(engine: &Answer, reference: &Answer) -> Option<Disagreement> {
    match (engine, reference) {
        (Ok((e, et)), Ok((r, rt))) => {
            let fans: Vec<(Fan, u16, u16)> = (1..TABLE_SIZE)
                .filter(|&i| e.0[i] != r.0[i])
                .map(|i| (Fan::from_index(i).expect("a fan"), e.0[i], r.0[i]))
                .collect();
            (!fans.is_empty() || et != rt).then_some(Disagreement::Fans {
                fans,
                totals: (*et, *rt),
            })
        }
        (Err(a), Err(b)) if a == b => None,
        _ => Some(Disagreement::Outcome {
            engine: engine.as_ref().map(|a| a.1).map_err(|e| *e),
            reference: reference.as_ref().map(|a| a.1).map_err(|e| *e),
        }),
    }
}

/// The engine's shanten of `standing` against the reference's: every
/// form's number and useful kinds, and the best number. `None` when all
/// agree, else what differs.
pub fn compare_shanten(mgb: &MahjongGb, standing: &[Tile]) -> Option<String> {
    use mahjong_sim::mcr::shanten::{best_number, shanten};
    for form in FORMS {
        let (e, r) = (shanten(form, standing), mgb.shanten(form, standing));
        if e != r {
            return Some(format!("{form:?}: engine {e:?}, MahjongGB {r:?}"));
        }
    }
    let (e, r) = (best_number(standing), mgb.best_shanten(standing));
    (e != r).then(|| format!("best: engine {e:?}, MahjongGB {r:?}"))
}
