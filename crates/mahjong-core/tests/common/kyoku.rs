//! Helpers shared by the scenario tests of the full game (a hand, a match): walls built from
//! the hands, draws and dead wall a scenario needs, and scripts of actions played on them.

use std::fmt::Display;

use mahjong_core::score::TileCopy;
use mahjong_core::{
    Kyoku, KyokuAction, KyokuError, KyokuStart, Match, Rules, Seat, Tile, TileWall,
};

/// Physical tiles in MPSZ, `0` for a red five: `123m0p77z`.
pub fn copies(text: &str) -> Vec<TileCopy> {
    let mut out = Vec::new();
    let mut digits = Vec::new();
    for c in text.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
        } else {
            out.extend(
                digits
                    .drain(..)
                    .map(|d| format!("{d}{c}").parse::<TileCopy>().unwrap()),
            );
        }
    }
    out
}

/// A wall dealing `hands[i]` (13 tiles, or `""` for filler) to the seat `i` places after
/// the dealer, then the live `draws` from wall index 52 on, with `dead` from index 122 on
/// (4 replacement tiles, then the dora indicators, then the ura indicators); every other
/// slot takes the copies left, in index order.
pub fn wall(hands: [&str; 4], draws: &str, dead: &str) -> TileWall {
    wall_with(true, hands, draws, dead)
}

/// The wall of [`wall`], with the three red fives only when `red_fives`.
pub fn wall_with(red_fives: bool, hands: [&str; 4], draws: &str, dead: &str) -> TileWall {
    wall_of(red_fives, &hands, draws, dead)
}

/// The three-player (sanma) wall of [`wall`]: 108 tiles without 2m-8m, three hands, the
/// live `draws` from wall index 39 on and `dead` from index 94 on.
pub fn sanma_wall(hands: [&str; 3], draws: &str, dead: &str) -> TileWall {
    wall_of(true, &hands, draws, dead)
}

/// The wall of [`wall_with`] for as many seats as `hands` (4, or 3 for sanma).
fn wall_of(red_fives: bool, hands: &[&str], draws: &str, dead: &str) -> TileWall {
    let seats = hands.len();
    let sanma = seats == 3;
    let kinds: Vec<Tile> = Tile::ALL
        .into_iter()
        .filter(|t| !sanma || !(1..8).contains(&t.index()))
        .collect();
    let len = kinds.len() * 4;
    let mut slots: Vec<Option<TileCopy>> = vec![None; len];
    for (offset, hand) in hands.iter().enumerate() {
        for (i, copy) in copies(hand).into_iter().enumerate() {
            let slot = if i < 12 {
                i / 4 * 4 * seats + offset * 4 + i % 4
            } else {
                12 * seats + offset
            };
            slots[slot] = Some(copy);
        }
    }
    for (i, copy) in copies(draws).into_iter().enumerate() {
        slots[13 * seats + i] = Some(copy);
    }
    for (i, copy) in copies(dead).into_iter().enumerate() {
        slots[len - 14 + i] = Some(copy);
    }
    let mut left: Vec<TileCopy> = kinds
        .iter()
        .flat_map(|&tile| {
            let red = red_fives && tile.number() == 5 && !tile.is_honor();
            [
                TileCopy { tile, red },
                TileCopy::plain(tile),
                TileCopy::plain(tile),
                TileCopy::plain(tile),
            ]
        })
        .collect();
    for copy in slots.iter().flatten() {
        let at = left
            .iter()
            .position(|c| c == copy)
            .expect("at most 4 copies");
        left.remove(at);
    }
    let mut left = left.into_iter();
    let tiles: Vec<TileCopy> = slots
        .into_iter()
        .map(|slot| slot.or_else(|| left.next()).unwrap())
        .collect();
    TileWall::from_tiles(&tiles, red_fives).unwrap()
}

/// A hand of `Rules::tenhou()` from `start` on the wall of [`wall`].
pub fn on_wall(hands: [&str; 4], draws: &str, dead: &str, start: KyokuStart) -> Kyoku {
    on_wall_with(Rules::tenhou(), hands, draws, dead, start)
}

/// A hand of `rules` from `start` on the wall of [`wall_with`] its red fives.
pub fn on_wall_with(
    rules: Rules,
    hands: [&str; 4],
    draws: &str,
    dead: &str,
    start: KyokuStart,
) -> Kyoku {
    let wall = wall_with(rules.red_fives, hands, draws, dead);
    Kyoku::from_wall(rules, start, wall).unwrap()
}

/// The table of a hand dealt by seat 0 in the East round with `honba` and `riichi_sticks`.
pub fn start(honba: u32, riichi_sticks: u32) -> KyokuStart {
    KyokuStart {
        honba,
        riichi_sticks,
        ..KyokuStart::default()
    }
}

/// Applies `action`, which must be refused: returns the error after checking that the hand
/// is unchanged.
pub fn refused(kyoku: &mut Kyoku, action: &str) -> KyokuError {
    let before = kyoku.clone();
    let error = kyoku.apply(action.parse().unwrap()).unwrap_err();
    assert_eq!(*kyoku, before);
    error
}

/// Passes claims until `seat` is asked.
pub fn pass_to(kyoku: &mut Kyoku, seat: Seat) {
    while kyoku.to_move() != Some(seat) {
        kyoku.apply(KyokuAction::Pass).unwrap();
    }
}

/// The hands, draws and dead wall of a hand in which the dealer may declare a closed kan of
/// East on its first turn while seat 1 waits on East for kokushi.
pub const CLOSED_KAN_OF_EAST: ([&str; 4], &str, &str) = (
    ["111z234m567m23p88p", "119m19p19s234567z", "", ""],
    "1z",
    "6666p",
);

/// Seat 1 pons the dealer's 5z, seat 2's 6z and seat 3's 7z (the third dragon set: seat 3
/// is liable for pao), throwing 1s and 9s, on a wall whose draws start with `5z6z1z7z`.
pub const DRAGON_PONS: [&str; 9] = [
    "0: tsumogiri",
    "1: pon 55z",
    "1: discard 1s",
    "2: tsumogiri",
    "1: pon 66z",
    "1: discard 9s",
    "2: tsumogiri",
    "3: tsumogiri",
    "1: pon 77z",
];

/// The event lines of [`DRAGON_PONS`] once every claim is answered.
pub const DRAGON_PON_LINES: [&str; 12] = [
    "seat 0 discards 5z (tsumogiri)",
    "seat 1 calls pon 555z from seat 0",
    "seat 1 discards 1s",
    "seat 2 draws 6z",
    "seat 2 discards 6z (tsumogiri)",
    "seat 1 calls pon 666z from seat 2",
    "seat 1 discards 9s",
    "seat 2 draws 1z",
    "seat 2 discards 1z (tsumogiri)",
    "seat 3 draws 7z",
    "seat 3 discards 7z (tsumogiri)",
    "seat 1 calls pon 777z from seat 3",
];

/// Seat 1 pons East from the dealer, South and West from seat 2 and North from seat 3 (the
/// fourth wind set: seat 3 is liable for pao), throwing 1s, 9s, 1m and 9m, until the
/// dealer's discard before its draw of 9p, its single wait ([`four_wind_pons`]).
pub const FOUR_WIND_PONS: [&str; 16] = [
    "0: tsumogiri",
    "1: pon 11z",
    "1: discard 1s",
    "2: tsumogiri",
    "1: pon 22z",
    "1: discard 9s",
    "2: tsumogiri",
    "1: pon 33z",
    "1: discard 1m",
    "2: tsumogiri",
    "3: tsumogiri",
    "1: pon 44z",
    "1: discard 9m",
    "2: tsumogiri",
    "3: tsumogiri",
    "0: tsumogiri",
];

/// A hand of `rules` (1 honba, 1 stick on the table) where seat 1 plays
/// [`FOUR_WIND_PONS`]: the hand and the lines of the script.
pub fn four_wind_pons(rules: Rules) -> (Kyoku, Vec<String>) {
    let hands = ["", "11z22z33z44z1s9s1m9m9p", "", ""];
    let draws = "1z2z3z5p4z6p7p8p9p";
    let mut kyoku = on_wall_with(rules, hands, draws, "7777z", start(1, 1));
    let lines = play(&mut kyoku, &FOUR_WIND_PONS);
    (kyoku, lines)
}

/// A hand of `rules` (2 honba) where seat 1, holding 111z and waiting on 2z, plays
/// [`DRAGON_PONS`] (seat 3 feeds the third dragon) and throws 1m, then seat 2 throws 2z and
/// seat 1 rons it: daisangen and tsuuiisou. The hand and the lines from the 1m on.
pub fn dragon_pons_and_a_2z_ron(rules: Rules) -> (Kyoku, Vec<String>) {
    let hands = ["", "55z66z77z111z2z1s9s1m", "", ""];
    let mut kyoku = on_wall_with(rules, hands, "5z6z1z7z2z", "4444s", start(2, 0));
    assert_eq!(play_through(&mut kyoku, &DRAGON_PONS), DRAGON_PON_LINES);
    let lines = play_through(&mut kyoku, &["1: discard 1m", "2: tsumogiri", "1: ron"]);
    (kyoku, lines)
}

/// Seat 1 pons the dealer's red 5m and throws 6z, on a wall whose draws start with `0m`,
/// seat 1 holding `55m` and a `6z`.
pub const RED_FIVE_PON: [&str; 3] = ["0: tsumogiri", "1: pon 55m", "1: discard 6z"];

/// The event lines of [`RED_FIVE_PON`].
pub const RED_FIVE_PON_LINES: [&str; 3] = [
    "seat 0 discards 0m (tsumogiri)",
    "seat 1 calls pon 055m from seat 0",
    "seat 1 discards 6z",
];

/// After [`RED_FIVE_PON`], on draws `0m1z1z1z5m`: the others throw their 1z, seat 1 draws
/// the last 5m and adds it to the pon.
pub const ADDED_KAN_OF_FIVES: [&str; 4] = [
    "2: tsumogiri",
    "3: tsumogiri",
    "0: tsumogiri",
    "1: kakan 5m",
];

/// The event lines of [`ADDED_KAN_OF_FIVES`] once every claim is answered.
pub const ADDED_KAN_OF_FIVES_LINES: [&str; 8] = [
    "seat 2 draws 1z",
    "seat 2 discards 1z (tsumogiri)",
    "seat 3 draws 1z",
    "seat 3 discards 1z (tsumogiri)",
    "seat 0 draws 1z",
    "seat 0 discards 1z (tsumogiri)",
    "seat 1 draws 5m",
    "seat 1 adds kakan 0555m",
];

/// What a script plays on: a hand, or a match with a hand in play.
pub trait Scripted {
    /// The seat to act.
    fn to_move(&self) -> Option<Seat>;
    /// Its legal actions.
    fn legal_actions(&self) -> Vec<KyokuAction>;
    /// Plays `action`: the `Display` lines of its events, or the error's message.
    fn apply_lines(&mut self, action: KyokuAction) -> Result<Vec<String>, String>;
}

impl Scripted for Kyoku {
    fn to_move(&self) -> Option<Seat> {
        Kyoku::to_move(self)
    }

    fn legal_actions(&self) -> Vec<KyokuAction> {
        Kyoku::legal_actions(self)
    }

    fn apply_lines(&mut self, action: KyokuAction) -> Result<Vec<String>, String> {
        lines(self.apply(action))
    }
}

impl Scripted for Match {
    fn to_move(&self) -> Option<Seat> {
        Match::to_move(self)
    }

    fn legal_actions(&self) -> Vec<KyokuAction> {
        Match::legal_actions(self)
    }

    fn apply_lines(&mut self, action: KyokuAction) -> Result<Vec<String>, String> {
        lines(self.apply(action))
    }
}

/// The `Display` lines of the events of an action, or its error's message.
fn lines<E: Display, R: Display>(applied: Result<Vec<E>, R>) -> Result<Vec<String>, String> {
    let events = applied.map_err(|e| e.to_string())?;
    Ok(events.iter().map(ToString::to_string).collect())
}

/// Plays `script`, a list of `seat: action`: before each, every seat asked about a claim
/// passes until the scripted seat may take the scripted action. Returns the `Display` lines
/// of all events (the passes' included).
pub fn play<T: Scripted>(game: &mut T, script: &[&str]) -> Vec<String> {
    let mut lines = Vec::new();
    for step in script {
        let (seat, action) = step.split_once(':').unwrap();
        let seat: Seat = seat.parse().unwrap();
        let action: KyokuAction = action.parse().unwrap();
        let waiting = |g: &T| g.to_move() != Some(seat) || !g.legal_actions().contains(&action);
        while waiting(game) && game.legal_actions().contains(&KyokuAction::Pass) {
            lines.extend(game.apply_lines(KyokuAction::Pass).unwrap());
        }
        let events = game
            .apply_lines(action)
            .unwrap_or_else(|e| panic!("{step}: {e}"));
        lines.extend(events);
    }
    lines
}

/// Plays `script` as [`play`] does, then passes the claims left.
pub fn play_through<T: Scripted>(game: &mut T, script: &[&str]) -> Vec<String> {
    let mut lines = play(game, script);
    lines.extend(pass_claims(game));
    lines
}

/// Passes every claim until a seat must act on its own turn (or the hand ends).
pub fn pass_claims<T: Scripted>(game: &mut T) -> Vec<String> {
    let mut lines = Vec::new();
    while game.legal_actions().contains(&KyokuAction::Pass) {
        lines.extend(game.apply_lines(KyokuAction::Pass).unwrap());
    }
    lines
}

/// Discards each drawn tile and passes every claim until `done`; the events' lines.
pub fn tsumogiri_until<T: Scripted>(game: &mut T, mut done: impl FnMut(&T) -> bool) -> Vec<String> {
    let mut lines = Vec::new();
    while !done(game) {
        let legal = game.legal_actions();
        let action = if legal.contains(&KyokuAction::Tsumogiri) {
            KyokuAction::Tsumogiri
        } else {
            KyokuAction::Pass
        };
        lines.extend(game.apply_lines(action).unwrap());
    }
    lines
}
