//! The data for fitting the evaluation's weights (`bench/tune.py`): the features of
//! positions from played games, the terms [`Search::evaluate`] weighs, one line each.
//!
//! Run by `bench/tune.py` as an ignored test, with `OMOK_TUNE_POSITIONS` naming the games
//! (one a line: the rule's name, black's result 1, 0.5 or 0, and the moves as `x,y` from the
//! top left, separated by `;`) and `OMOK_TUNE_FEATURES` the CSV to write.

use std::io::{BufWriter, Write};
use std::sync::Arc;

use super::pattern::{self, LineClass, THREATS, Threat};
use super::{Limits, Search, TranspositionTable};
use crate::game::Game;
use crate::point::Point;
use crate::rule::Rule;
use crate::stone::Stone;

/// The line classes, then the points of each of [`pattern::BONUSES`], each counted for the
/// player to move less for the opponent; then the best threat of each (one-hot, [`THREATS`]
/// each).
const BONUS: usize = LineClass::Overline as usize + 1;
const FEATURES: usize = BONUS + pattern::BONUSES.len() + 2 * THREATS;

/// The features of the position for `me`, to move, or `None` when the search does not
/// evaluate it (a five for either, or a win `Search::sure_win` sees).
fn features(search: &Search, me: Stone) -> Option<[i32; FEATURES]> {
    let them = me.opponent();
    let (mine, theirs) = (search.best_threat(me), search.best_threat(them));
    let sure =
        mine >= Threat::OpenFour || (mine >= Threat::FourThree && !search.rule.has_fouls(me));
    if theirs >= Threat::Five || sure {
        return None;
    }
    let mut f = [0; FEATURES];
    for &i in search
        .points
        .iter()
        .filter(|&&i| search.board.is_empty_cell(i))
    {
        for (stone, sign) in [(me, 1), (them, -1)] {
            let threat = search.combined[i][stone as usize].threat;
            if threat == Threat::Forbidden {
                continue;
            }
            for class in search.classes[i][stone as usize] {
                f[class as usize] += sign;
            }
            if let Some(b) = pattern::bonus(threat, search.rule.has_fouls(stone)) {
                f[BONUS + b] += sign;
            }
        }
    }
    let threats = BONUS + pattern::BONUSES.len();
    f[threats + mine as usize] = 1;
    f[threats + THREATS + theirs as usize] = 1;
    Some(f)
}

/// One game of the positions file: its rule, black's result and its moves.
fn parse(line: &str) -> (Rule, f64, Vec<Point>) {
    let mut parts = line.split(';');
    let mut next = || parts.next().expect("rule;result;moves");
    let rule = next().parse().expect("a rule's name");
    let black = next().parse().expect("black's result");
    let moves = next()
        .split_whitespace()
        .map(|m| {
            let (x, y) = m.split_once(',').expect("x,y");
            Point::new(x.parse().expect("x"), y.parse().expect("y"))
        })
        .collect();
    (rule, black, moves)
}

/// Writes `game number (from 0), result for the player to move, features` for every position
/// after the fourth move that the search would evaluate.
#[test]
#[ignore = "run by bench/tune.py"]
fn write_features() {
    let path = |var| std::env::var(var).unwrap_or_else(|_| panic!("{var} is not set"));
    let games = std::fs::read_to_string(path("OMOK_TUNE_POSITIONS")).expect("the positions");
    let file = std::fs::File::create(path("OMOK_TUNE_FEATURES")).expect("the features file");
    let mut out = BufWriter::new(file);
    let table = Arc::new(TranspositionTable::new(1));
    for (number, (rule, black, moves)) in games.lines().map(parse).enumerate() {
        let mut game = Game::new(rule);
        for (k, &p) in moves.iter().enumerate() {
            let Some(me) = game.play(p).ok().and(game.to_move()) else {
                break;
            };
            let search = Search::new(&game, Limits::nodes(1), Arc::clone(&table));
            let Some(f) = features(&search, me).filter(|_| k >= 4) else {
                continue;
            };
            let result = if me == Stone::Black {
                black
            } else {
                1.0 - black
            };
            let f: Vec<String> = f.iter().map(i32::to_string).collect();
            writeln!(out, "{number},{result},{}", f.join(",")).expect("written");
        }
    }
}
