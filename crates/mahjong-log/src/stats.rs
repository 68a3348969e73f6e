//! `mahjong-log stats`: hands, wins, draws, yaku and points counted over replayed records.

use std::collections::BTreeMap;

use mahjong_core::mjai::MjaiEvent;
use mahjong_records::Platform;

use crate::files::Input;
use crate::inputs::{for_each, read_record};
use crate::output::say;

/// What the records hold, summed.
#[derive(Default)]
struct Stats {
    records: usize,
    matches: usize,
    hands: usize,
    tsumo: usize,
    ron: usize,
    /// The sum of the wins' points, without honba and riichi sticks.
    points: u64,
    /// Draws by their mjai reason (`fanpai` for an exhaustive draw).
    draws: BTreeMap<String, usize>,
    /// Wins by the yaku (and dora) they count.
    yaku: BTreeMap<String, usize>,
}

impl Stats {
    /// The counts of one replayed record, a whole match or not.
    fn of(events: &[MjaiEvent], whole: bool) -> Stats {
        let mut stats = Stats {
            records: 1,
            matches: usize::from(whole),
            ..Stats::default()
        };
        for event in events {
            match event {
                MjaiEvent::StartKyoku { .. } => stats.hands += 1,
                MjaiEvent::Hora {
                    actor,
                    target,
                    yakus,
                    hora_points,
                    ..
                } => {
                    *(if actor == target {
                        &mut stats.tsumo
                    } else {
                        &mut stats.ron
                    }) += 1;
                    stats.points += u64::from(hora_points.unwrap_or(0));
                    for (name, _) in yakus.iter().flatten() {
                        *stats.yaku.entry(name.clone()).or_default() += 1;
                    }
                }
                MjaiEvent::Ryukyoku { reason, .. } => {
                    let reason = reason.clone().unwrap_or_else(|| "draw".to_string());
                    *stats.draws.entry(reason).or_default() += 1;
                }
                _ => {}
            }
        }
        stats
    }

    fn add(mut self, other: Stats) -> Stats {
        self.records += other.records;
        self.matches += other.matches;
        self.hands += other.hands;
        self.tsumo += other.tsumo;
        self.ron += other.ron;
        self.points += other.points;
        for (reason, n) in other.draws {
            *self.draws.entry(reason).or_default() += n;
        }
        for (name, n) in other.yaku {
            *self.yaku.entry(name).or_default() += n;
        }
        self
    }

    fn print(&self) {
        let wins = self.tsumo + self.ron;
        let draws: usize = self.draws.values().sum();
        say(&format!(
            "records  {} ({} whole matches)",
            self.records, self.matches
        ));
        say(&format!("hands    {}", self.hands));
        let average = if wins == 0 {
            0
        } else {
            self.points / wins as u64
        };
        say(&format!(
            "wins     {wins} (tsumo {}, ron {}), {average} points on average (without honba and sticks)",
            self.tsumo, self.ron
        ));
        let reasons: Vec<String> = self.draws.iter().map(|(r, n)| format!("{r} {n}")).collect();
        say(&format!("draws    {draws} ({})", reasons.join(", ")));
        let mut yaku: Vec<(&String, &usize)> = self.yaku.iter().collect();
        yaku.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        say("yaku     (wins counting it, share of wins)");
        for (name, n) in yaku {
            say(&format!(
                "  {name:<20} {n:>8} {:>6.1}%",
                100.0 * *n as f64 / wins.max(1) as f64
            ));
        }
    }
}

/// Prints the counts over every record that replays, after a line per file that does not
/// (`PATH: reason`); `true` when every file replayed.
pub fn run(files: &[Input], platform: Platform) -> bool {
    let results = for_each(files, |file| {
        let record = read_record(&file.path, platform).map_err(|e| e.to_string())?;
        let events = record.replayed().map_err(|e| e.to_string())?;
        Ok::<Stats, String>(Stats::of(&events, record.is_match()))
    });
    let mut total = Stats::default();
    let mut left_out = 0;
    for (file, result) in files.iter().zip(results) {
        match result {
            Ok(stats) => total = total.add(stats),
            Err(error) => {
                left_out += 1;
                say(&format!("{}: {error} (left out)", file.path.display()));
            }
        }
    }
    total.print();
    left_out == 0
}
