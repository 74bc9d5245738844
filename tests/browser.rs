//! Replay pages in a real browser (headless Chromium): they load with no
//! console errors, the buttons, arrow keys and slider step through the
//! game, the last step shows the result, a link to a step opens it, and a
//! screenshot of a mid-game step of each ruleset is taken and checked:
//! in the test's scratch folder, or in `docs/replays/` (the guide shows
//! them) with `UPDATE_SCREENSHOTS=1`, so that a plain test run leaves the
//! tree as it was. Skipped, saying so, when no Chromium is installed
//! (`.ci/run` installs Debian's `chromium`).

use crate::common;

use mahjong_sim::replay::embedded;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The browser: `$CHROMIUM`, or the first of the usual names on the PATH.
fn chromium() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("CHROMIUM") {
        return Some(PathBuf::from(p));
    }
    let path = std::env::var_os("PATH")?;
    [
        "chromium",
        "chromium-browser",
        "google-chrome",
        "google-chrome-stable",
    ]
    .iter()
    .flat_map(|name| std::env::split_paths(&path).map(move |d| d.join(name)))
    .find(|p| p.is_file())
}

/// Quotes a word for `sh`.
fn q(s: &str) -> String {
    format!("'{}'", s.replace('\'', "'\\''"))
}

/// What one browser run printed: the standard output (`--dump-dom`) and
/// its whole log (standard error).
struct Shown {
    stdout: String,
    log: String,
}

/// Runs the browser headless on `url` with `args`, a fresh profile each
/// time, and nothing fetched from the network; its whole process group is
/// killed after two minutes.
fn browse(bin: &Path, work: &Path, args: &[&str], url: &str) -> Shown {
    let profile = work.join(format!("profile-{}", rand_suffix()));
    let log = work.join(format!("log-{}", rand_suffix()));
    let flags = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--enable-logging=stderr",
        "--v=0",
        "--virtual-time-budget=3000",
        // Screenshots wait for every painted tile (under load a part of
        // the page was once left grey).
        "--run-all-compositor-stages-before-draw",
    ];
    let mut cmd = q(&bin.display().to_string());
    for f in flags.iter().chain(args) {
        cmd.push(' ');
        cmd.push_str(&q(f));
    }
    cmd.push_str(&format!(
        " --user-data-dir={} {} 2>{}",
        q(&profile.display().to_string()),
        q(url),
        q(&log.display().to_string())
    ));
    let run = mahjong_sim::process::run(&cmd, b"", Duration::from_secs(120), 64 << 20)
        .expect("the browser runs");
    assert!(!run.timed_out, "the browser took over two minutes: {cmd}");
    let log_text = std::fs::read_to_string(&log).unwrap_or_default();
    assert_eq!(run.code, Some(0), "{cmd}\n{log_text}");
    let _ = std::fs::remove_dir_all(&profile);
    Shown {
        stdout: String::from_utf8_lossy(&run.stdout).into_owned(),
        log: log_text,
    }
}

fn rand_suffix() -> String {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static N: AtomicUsize = AtomicUsize::new(0);
    format!(
        "{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    )
}

/// The page's console messages in the browser's log (Chromium logs every
/// console message, errors and uncaught exceptions included, as
/// `CONSOLE`).
fn console_lines(log: &str) -> Vec<&str> {
    log.lines().filter(|l| l.contains("CONSOLE")).collect()
}

fn file_url(p: &Path) -> String {
    format!("file://{}", p.display())
}

/// A step's count from the dumped DOM: `<body data-step="N"`.
fn body_attr(dom: &str, attr: &str) -> Option<String> {
    let body = &dom[dom.find("<body")?..];
    let body = &body[..body.find('>')?];
    let at = body.find(&format!("{attr}=\""))? + attr.len() + 2;
    Some(body[at..at + body[at..].find('"')?].to_string())
}

/// Width and height of a PNG file.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "a PNG");
    let be = |b: &[u8]| u32::from_be_bytes([b[0], b[1], b[2], b[3]]);
    (be(&bytes[16..20]), be(&bytes[20..24]))
}

/// Drives the page as a person would (buttons, arrow keys, the slider),
/// then writes what it saw into the DOM for `--dump-dom`.
const PROBE: &str = r#"<script>
(function () {
  var seen = [];
  function step() { return parseInt(document.body.dataset.step, 10); }
  function key(k) { document.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true })); }
  document.getElementById("first").click(); seen.push(step());
  key("ArrowRight"); key("ArrowRight"); key("ArrowRight"); seen.push(step());
  document.getElementById("prev").click(); seen.push(step());
  document.getElementById("next").click(); seen.push(step());
  key("ArrowLeft"); seen.push(step());
  var s = document.getElementById("slider"); s.value = "7"; s.dispatchEvent(new Event("input")); seen.push(step());
  document.getElementById("last").click(); seen.push(step());
  var res = document.getElementById("result");
  var out = document.createElement("pre");
  out.id = "probe";
  out.textContent = JSON.stringify({ seen: seen, resultShown: !res.hidden, result: res.textContent,
    hash: location.hash, errors: document.getElementById("errors").textContent,
    overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    width: document.documentElement.clientWidth });
  document.body.appendChild(out);
  // In a frame: tell the page around it.
  if (window.parent !== window) window.parent.postMessage(out.textContent, "*");
})();
</script>
</body>"#;

/// Reads the probe's JSON back from a dumped DOM.
fn probe(dom: &str) -> Value {
    let start = dom.find("<pre id=\"probe\">").expect("the probe ran") + "<pre id=\"probe\">".len();
    let end = start + dom[start..].find("</pre>").unwrap();
    let text = dom[start..end]
        .replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&");
    serde_json::from_str(&text).expect("the probe's JSON")
}

/// Checks what the probe saw: first, three steps on, one back, one on,
/// one back, the slider at 7, last; the result shown, no error, the
/// address naming the last step.
fn check_probe(p: &Value, last: usize, summary: &str) {
    let seen: Vec<usize> = p["seen"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap() as usize)
        .collect();
    assert_eq!(seen, [0, 3, 2, 3, 2, 7, last], "{p}");
    assert_eq!(p["resultShown"], true);
    assert!(p["result"].as_str().unwrap().contains(summary));
    assert_eq!(p["errors"], "");
}

/// A page showing `html` in a frame of `width` by `height` pixels, which
/// writes the findings the probe posts it into its own DOM (a file's frame
/// is of another origin: its DOM cannot be read).
fn in_frame(html: &str, width: u32, height: u32) -> String {
    let escaped = html.replace('&', "&amp;").replace('"', "&quot;");
    format!(
        r#"<!DOCTYPE html><body style="margin:0"><iframe id="f" width="{width}" height="{height}" style="border:0" srcdoc="{escaped}"></iframe>
<script>
window.addEventListener("message", function (e) {{
  var out = document.createElement("pre");
  out.id = "probe";
  out.textContent = e.data;
  document.body.appendChild(out);
}});
</script></body>"#
    )
}

/// Checks one page in the browser and takes its screenshots.
fn check_page(bin: &Path, work: &Path, page: &Path, mid: usize, shot: &str) {
    let html = std::fs::read_to_string(page).unwrap();
    let data = embedded(&html).expect("embedded data");
    let last = data["steps"].as_array().unwrap().len() - 1;
    let summary = data["result"]["summary"].as_str().unwrap().to_string();
    let start = data["start"].as_u64().unwrap() as usize;

    // Opened as it is: no console message, no error, at its start.
    let plain = browse(bin, work, &["--dump-dom"], &file_url(page));
    assert!(console_lines(&plain.log).is_empty(), "{}", plain.log);
    assert!(
        plain.stdout.contains("<pre id=\"errors\"></pre>"),
        "{}",
        plain.stdout
    );
    assert_eq!(
        body_attr(&plain.stdout, "data-step"),
        Some(start.to_string())
    );
    assert_eq!(
        body_attr(&plain.stdout, "data-steps"),
        Some(last.to_string())
    );

    // A link to the last step opens it, with the result shown.
    let end = browse(
        bin,
        work,
        &["--dump-dom"],
        &format!("{}#{last}", file_url(page)),
    );
    assert!(console_lines(&end.log).is_empty(), "{}", end.log);
    assert_eq!(body_attr(&end.stdout, "data-step"), Some(last.to_string()));
    assert!(
        end.stdout.contains("<div id=\"result\" class=\"panel\">"),
        "result hidden"
    );
    assert!(
        end.stdout.contains(&summary.replace('&', "&amp;")),
        "{summary}"
    );

    // Stepping with the buttons, keys and slider, at a laptop's width and
    // a phone's: nothing wider than the window at either (the result table
    // at the end included).
    let driven_html = html.replacen("</body>", PROBE, 1);
    let driven = work.join("driven.html");
    std::fs::write(&driven, &driven_html).unwrap();
    let run = browse(
        bin,
        work,
        &["--dump-dom", "--window-size=1280,900"],
        &file_url(&driven),
    );
    assert!(console_lines(&run.log).is_empty(), "{}", run.log);
    let p = probe(&run.stdout);
    // (The width is the window's less a scroll bar.)
    assert!((1200..=1280).contains(&p["width"].as_u64().unwrap()), "{p}");
    assert_eq!(p["overflow"], 0, "the page is wider than a laptop's window");
    check_probe(&p, last, &summary);
    assert_eq!(p["hash"], format!("#{last}"));
    // Headless windows are at least 500 pixels wide: a phone's width is
    // had in a frame.
    let framed = work.join("phone.html");
    std::fs::write(&framed, in_frame(&driven_html, 360, 740)).unwrap();
    let run = browse(bin, work, &["--dump-dom"], &file_url(&framed));
    assert!(console_lines(&run.log).is_empty(), "{}", run.log);
    let p = probe(&run.stdout);
    assert!((300..=360).contains(&p["width"].as_u64().unwrap()), "{p}");
    assert_eq!(p["overflow"], 0, "the page is wider than a phone's window");
    check_probe(&p, last, &summary);

    // Screenshots of a mid-game step: a laptop's window and a phone's.
    let docs = if std::env::var_os("UPDATE_SCREENSHOTS").is_some() {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/replays")
    } else {
        work.join("screenshots")
    };
    std::fs::create_dir_all(&docs).unwrap();
    for (suffix, size) in [("", (1280, 900)), ("-phone", (390, 1200))] {
        let png = docs.join(format!("{shot}{suffix}.png"));
        let window = format!("--window-size={},{}", size.0, size.1);
        let target = format!("--screenshot={}", png.display());
        let _ = std::fs::remove_file(&png);
        let r = browse(
            bin,
            work,
            &[&target, &window, "--hide-scrollbars"],
            &format!("{}#{mid}", file_url(page)),
        );
        assert!(console_lines(&r.log).is_empty(), "{}", r.log);
        let bytes = std::fs::read(&png).expect("a screenshot");
        assert_eq!(png_size(&bytes), size);
    }
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn replays_work_in_a_real_browser() {
    let Some(bin) = chromium() else {
        common::skip("no Chromium found (chromium, chromium-browser, google-chrome or $CHROMIUM); replay pages not checked in a browser");
        return;
    };
    let tmp = common::scratch("mahjong-browser");
    let work = tmp.path().to_path_buf();
    check_console_errors_are_seen(&bin, &work);
    let (claim, expected) = check_sample_wall_page(&bin, &work);
    check_check_page(&bin, &work, claim, &expected);
    check_noi2014_page(&bin, &work);
}

/// The console check itself: a page that throws is seen to.
fn check_console_errors_are_seen(bin: &Path, work: &Path) {
    let broken = work.join("broken.html");
    std::fs::write(
        &broken,
        "<!DOCTYPE html><script>undefinedFunction();</script>",
    )
    .unwrap();
    let r = browse(bin, work, &["--dump-dom"], &file_url(&broken));
    assert!(
        console_lines(&r.log)
            .iter()
            .any(|l| l.contains("undefinedFunction")),
        "the browser's log shows no console errors, so their absence proves nothing:\n{}",
        r.log
    );
}

/// THUPC: the bundled sample wall, shown at its first claim. Returns that
/// step and its text.
fn check_sample_wall_page(bin: &Path, work: &Path) -> (usize, String) {
    let thupc = work.join("thupc.html");
    // (Tests run in the package's folder; the page names the wall as given.)
    let out = common::run(
        &[
            "explain",
            "--html",
            thupc.to_str().unwrap(),
            "corpus/walls/sample.in",
        ],
        b"",
    );
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let data = embedded(&std::fs::read_to_string(&thupc).unwrap()).unwrap();
    let claim = data["steps"]
        .as_array()
        .unwrap()
        .iter()
        .position(|s| s["text"].as_str().unwrap().contains(" CHOW "))
        .expect("a chow in the sample game");
    check_page(bin, work, &thupc, claim, "thupc2021");
    let expected = data["steps"][claim]["text"].as_str().unwrap().to_string();
    (claim, expected)
}

/// A page `check` saves opens at the differing line (step `claim`, whose
/// event is `expected`), the solution's line beside the expected one in the
/// log and in the reasons.
fn check_check_page(bin: &Path, work: &Path, claim: usize, expected: &str) {
    let wall = mahjong_sim::thupc2021::wall::parse_wall(&common::sample_wall()).unwrap();
    let mismatch = mahjong_sim::replay::Mismatch {
        expected: Some(expected.to_string()),
        actual: Some("C CHI 6S 7S 8S".into()),
        what: "printed different output".into(),
    };
    let checked = work.join("check.html");
    let page = mahjong_sim::replay::thupc2021::check_page(&wall, "sample", claim, mismatch);
    std::fs::write(&checked, page).unwrap();
    let r = browse(bin, work, &["--dump-dom"], &file_url(&checked));
    assert!(console_lines(&r.log).is_empty(), "{}", r.log);
    assert_eq!(body_attr(&r.stdout, "data-step"), Some(claim.to_string()));
    assert!(
        r.stdout.contains(&format!(
            "{expected}<b class=\"got\"> \u{2260} C CHI 6S 7S 8S</b>"
        )),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains("<code>C CHI 6S 7S 8S</code>"),
        "{}",
        r.stdout
    );
}

/// NOI2014: a game with kongs, two winners and a bot put out (a program
/// that does not speak the protocol), shown halfway.
fn check_noi2014_page(bin: &Path, work: &Path) {
    let noi = work.join("noi.html");
    let out = common::run(
        &[
            "noi2014",
            "play",
            "--seed",
            "3",
            "--family",
            "kongs",
            "--bot",
            "greedy",
            "--bot",
            "greedy",
            "--bot",
            "greedy",
            "--bot",
            "echo nonsense",
            "--html",
            noi.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let data = embedded(&std::fs::read_to_string(&noi).unwrap()).unwrap();
    let steps = data["steps"].as_array().unwrap();
    let kongs: Vec<usize> = (0..steps.len())
        .filter(|&i| steps[i]["text"].as_str().unwrap().starts_with("gang"))
        .collect();
    assert!(kongs.len() >= 2, "kongs in the game");
    assert!(steps.iter().any(|s| s["text"] == "out 3"));
    check_page(bin, work, &noi, steps.len() / 2, "noi2014");
}
