//! The searching bot against an older build of the engine (a Gomocup program, such as the
//! `omok-engine` of an earlier commit), in duplicate games: each random three-stone opening
//! is played twice, colours reversed, both sides at the same node budget a move.
//!
//! The older build is not in the repository: the test runs only when `OMOK_BASELINE_ENGINE`
//! names its program, and otherwise says so and passes. `OMOK_BASELINE_GAMES` openings
//! (default 2, four games), `OMOK_BASELINE_NODES` nodes a move (default 20,000),
//! `OMOK_BASELINE_RULE` (`renju` by default, or `freestyle`). The claim checked: no illegal
//! move from either side, and the searching bot scores at least half of the games.
//!
//! ```sh
//! git worktree add /tmp/old <commit> && cargo build --release --bin omok-engine  # in /tmp/old
//! OMOK_BASELINE_ENGINE=/tmp/old/target/release/omok-engine OMOK_BASELINE_GAMES=50 \
//!     cargo test -p omok-core --release --test tests baseline:: -- --nocapture
//! ```

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use omok_core::bot::{Bot, SearchBot};
use omok_core::opening::random_opening;
use omok_core::search::Limits;
use omok_core::{Game, Point, Rule, Stone};
use rand::SeedableRng;
use rand::rngs::StdRng;

fn env<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// An engine program spoken to by the Gomocup protocol, one `BOARD` a move.
struct Program {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Program {
    fn start(path: &str, rule: Rule, nodes: u64) -> Program {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{path} does not start: {e}"));
        let input = child.stdin.take().expect("piped");
        let output = BufReader::new(child.stdout.take().expect("piped"));
        let mut program = Program {
            child,
            input,
            output,
        };
        let rule = if rule == Rule::Renju { 4 } else { 0 };
        program.send(&format!(
            "INFO rule {rule}\nINFO max_node {nodes}\nINFO timeout_turn 60000\nSTART 15"
        ));
        assert_eq!(program.answer(), "OK");
        program
    }

    fn send(&mut self, lines: &str) {
        writeln!(self.input, "{lines}").expect("the program reads");
        self.input.flush().expect("the program reads");
    }

    /// The next line that is not a `MESSAGE` or `DEBUG`.
    fn answer(&mut self) -> String {
        loop {
            let mut line = String::new();
            let read = self
                .output
                .read_line(&mut line)
                .expect("the program writes");
            assert!(read > 0, "the program ended");
            let line = line.trim();
            if !line.starts_with("MESSAGE") && !line.starts_with("DEBUG") {
                return line.to_string();
            }
        }
    }

    /// The program's move in `game`, where it plays `stone`.
    fn choose(&mut self, game: &Game, stone: Stone) -> Point {
        let mut lines = vec!["BOARD".to_string()];
        for p in game.board().points() {
            if let Some(s) = game.board().get(p) {
                lines.push(format!(
                    "{},{},{}",
                    p.x,
                    p.y,
                    if s == stone { 1 } else { 2 }
                ));
            }
        }
        lines.push("DONE".to_string());
        self.send(&lines.join("\n"));
        let answer = self.answer();
        let (x, y) = answer
            .split_once(',')
            .and_then(|(x, y)| Some((x.parse().ok()?, y.parse().ok()?)))
            .unwrap_or_else(|| panic!("not a move: {answer}"));
        Point::new(x, y)
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "END");
        let _ = self.child.wait();
    }
}

#[test]
fn the_search_holds_its_own_against_an_older_build() {
    let Ok(path) = std::env::var("OMOK_BASELINE_ENGINE") else {
        eprintln!("OMOK_BASELINE_ENGINE names no older build: nothing to play");
        return;
    };
    let openings: u64 = env("OMOK_BASELINE_GAMES", 2);
    let nodes: u64 = env("OMOK_BASELINE_NODES", 20_000);
    let rule: Rule = env("OMOK_BASELINE_RULE", Rule::Renju);
    let mut old = Program::start(&path, rule, nodes);
    let mut new = SearchBot::new(Limits::nodes(nodes));
    let mut points = 0.0;
    for seed in 0..openings {
        for new_colour in [Stone::Black, Stone::White] {
            let mut rng = StdRng::seed_from_u64(seed);
            let mut game = random_opening(rule, 15, &mut rng).expect("15x15");
            while let Some(stone) = game.to_move() {
                let p = if stone == new_colour {
                    new.choose(&game).expect("a move while the game goes on")
                } else {
                    old.choose(&game, stone)
                };
                game.play(p)
                    .unwrap_or_else(|e| panic!("{stone:?} played {p}: {e}\n{game}"));
            }
            points += match game.outcome().and_then(|o| o.winner()) {
                Some(winner) if winner == new_colour => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
        }
    }
    let games = (2 * openings) as f64;
    let score = points / games;
    let half = 1.96 * (score * (1.0 - score) / games).sqrt();
    eprintln!(
        "{points} of {games} games: {:.1}% +- {:.1}% (95%)",
        100.0 * score,
        100.0 * half
    );
    assert!(score >= 0.5, "{points} of {games}");
}
