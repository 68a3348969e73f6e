//! Writing a [`GameRecord`] as a tenhou.net/6 log.

use std::collections::HashMap;

use mahjong_core::mjai::{
    FANPAI, MjaiEvent, MjaiTile, NAGASHIMANGAN, Scores, abort_reason, reason_word,
};
use mahjong_core::score::TileCopy;
use mahjong_core::{AbortiveDraw, Rules};
use serde_json::{Value, json};

use super::error::TenhouError;
use super::points::{self, Payment};
use super::rule::rule_object;
use super::tile::number;
use super::yaku::{Winner, tenhou_strings};
use crate::GameRecord;
use crate::ranking::ranking_points;

/// Tsumogiri in the discards: the tile just drawn.
const TSUMOGIRI: u32 = 60;

/// Writes a record as a tenhou.net/6 JSON log (one line): `title` (two empty lines), `name`
/// (the `start_game` names, else four empty names), `rule` (the lobby and red-five flags of
/// the record's rules, see the module docs), `log` (a hand array per `start_kyoku` ..
/// `end_kyoku`, every stream and the result: `和了` with each win's point changes, its
/// winner, discarder, liable seat (pao: the one other seat that pays, else the winner),
/// points string and Tenhou's yaku strings; `流局` (or `全員聴牌` / `全員不聴`), `流し満貫` and the
/// abortive draws' names), and for a whole match `sc`: the `end_game` points, each followed
/// by its ranking points as Tenhou counts them (in thousands with one decimal: (points −
/// 30,000) / 1,000 plus the uma +10, −10, −20 for second to fourth, first place the rest;
/// at three seats (points − 40,000) / 1,000 and uma 0, −20). [`read`](super::read) reads
/// the text back as the same record, except what the format does not hold: a limit hand's
/// fu, the points after each line (`scores`), a riichi stick's `deltas`.
///
/// # Errors
/// [`TenhouError::Unwritable`], naming the hand: rules the `rule` object cannot name; a
/// hidden tile (`?`) outside the empty fourth seat of a three-player game; a line outside
/// a hand other than `start_game` and `end_game`, or out of place in one (a call of no
/// discard, a `kakan` of no pon); a win or draw without its point changes; a chombo
/// (`ryukyoku` `error`), which the format has no result for; yaku that do not match the
/// winning hand (`sangenpai` of dragons not held).
pub fn write(record: &GameRecord) -> Result<String, TenhouError> {
    let rule = rule_object(&record.rules)?;
    let seats = record.rules.seats;
    let mut names = None;
    let mut final_points = None;
    let mut hands = Vec::new();
    let mut open: Option<HandWriter> = None;
    for event in &record.events {
        let number = hands.len() + 1;
        match (&mut open, event) {
            (None, MjaiEvent::StartGame { names: given, .. }) => names = given.clone(),
            (None, MjaiEvent::EndGame { scores }) => final_points = *scores,
            (None, MjaiEvent::StartKyoku { .. }) => {
                open = Some(HandWriter::start(number, seats, event)?);
            }
            (Some(hand), MjaiEvent::EndKyoku) => {
                hands.push(hand.finish()?);
                open = None;
            }
            (Some(hand), event) => hand.event(event)?,
            (None, event) => {
                return Err(unwritable(
                    Some(number),
                    format!("a `{}` line outside a hand", event.kind()),
                ));
            }
        }
    }
    if open.is_some() {
        return Err(unwritable(
            Some(hands.len() + 1),
            "the hand has no end_kyoku".to_string(),
        ));
    }
    let mut log = json!({
        "title": ["", ""],
        "name": names.unwrap_or_default(),
        "rule": rule,
        "log": hands,
    });
    if let Some(points) = final_points {
        log["sc"] = json!(sc(&points, &record.rules));
    }
    Ok(log.to_string())
}

/// `sc`: each seat's final points and ranking points.
fn sc(points: &Scores, rules: &Rules) -> Vec<Value> {
    let ranks = ranking_points(points, rules.seats);
    (0..4)
        .flat_map(|s| [json!(points[s]), decimal(ranks[s])])
        .collect()
}

/// A number of tenths as JSON: whole when it is, else with its decimal.
fn decimal(tenths: i64) -> Value {
    if tenths % 10 == 0 {
        json!(tenths / 10)
    } else {
        json!(tenths as f64 / 10.0)
    }
}

fn unwritable(hand: Option<usize>, message: String) -> TenhouError {
    TenhouError::Unwritable { hand, message }
}

/// One hand being written.
struct HandWriter {
    number: usize,
    seats: usize,
    table: Value,
    scores: Scores,
    dealer: usize,
    round_wind: usize,
    dora: Vec<u32>,
    ura: Vec<u32>,
    haipai: [Vec<u32>; 4],
    draws: [Vec<Value>; 4],
    discards: [Vec<Value>; 4],
    /// Each seat's tiles (hand and melds), by kind, to name a win's dragons.
    held: [[u8; 34]; 4],
    /// A riichi declared, its discard not yet written.
    reach: [bool; 4],
    /// Each seat's pons by kind: the pon's string, for the added kan.
    pons: HashMap<(u8, u8), String>,
    /// The last tile another seat could win on.
    offered: Option<TileCopy>,
    /// The last line was a draw: a bare `ryukyoku` then is kyuushu kyuuhai (Mortal's
    /// libriichi writes it without a `reason`).
    after_draw: bool,
    result: Vec<Value>,
}

impl HandWriter {
    fn start(hand: usize, seats: usize, event: &MjaiEvent) -> Result<HandWriter, TenhouError> {
        let MjaiEvent::StartKyoku {
            bakaze,
            kyoku,
            honba,
            kyotaku,
            oya,
            dora_marker,
            scores,
            tehais,
        } = event
        else {
            return Err(unwritable(Some(hand), "no start_kyoku".to_string()));
        };
        let bad = |message: &str| unwritable(Some(hand), message.to_string());
        let round_wind = bakaze
            .copy()
            .and_then(|t| t.tile.index().checked_sub(27))
            .filter(|&w| w < 4)
            .ok_or_else(|| bad("the round wind is no wind"))?;
        if *kyoku == 0 || *kyoku > 4 || usize::from(*oya) >= seats || *oya + 1 != *kyoku {
            return Err(bad("the dealer is not the hand's seat"));
        }
        let mut writer = HandWriter {
            number: hand,
            seats,
            table: json!([u32::from(round_wind) * 4 + u32::from(*oya), honba, kyotaku]),
            scores: *scores,
            dealer: usize::from(*oya),
            round_wind: usize::from(round_wind),
            dora: Vec::new(),
            ura: Vec::new(),
            haipai: Default::default(),
            draws: Default::default(),
            discards: Default::default(),
            held: [[0; 34]; 4],
            reach: [false; 4],
            pons: HashMap::new(),
            offered: None,
            after_draw: false,
            result: Vec::new(),
        };
        writer
            .dora
            .push(number_of(*dora_marker).ok_or_else(|| bad("a hidden dora indicator"))?);
        for (seat, tiles) in tehais.iter().enumerate() {
            if seat >= seats {
                if tiles.iter().any(|t| t.copy().is_some()) {
                    return Err(bad("an empty seat is dealt tiles"));
                }
                continue;
            }
            let mut copies: Vec<TileCopy> = tiles
                .iter()
                .map(|t| t.copy().ok_or_else(|| bad("a hidden tile in a haipai")))
                .collect::<Result<_, _>>()?;
            // Sorted as Tenhou sorts a haipai: by kind, a red five after the plain ones.
            copies.sort_by_key(|copy| (copy.tile.index(), copy.red));
            for copy in copies {
                writer.haipai[seat].push(number(copy));
                writer.hold(seat, copy);
            }
        }
        Ok(writer)
    }

    fn bad(&self, message: String) -> TenhouError {
        unwritable(Some(self.number), message)
    }

    fn copy(&self, tile: MjaiTile) -> Result<TileCopy, TenhouError> {
        tile.copy()
            .ok_or_else(|| self.bad("a hidden tile (`?`)".to_string()))
    }

    fn seat(&self, actor: u8) -> Result<usize, TenhouError> {
        let seat = usize::from(actor);
        if seat < self.seats {
            Ok(seat)
        } else {
            Err(self.bad(format!("seat {actor} at a table of {}", self.seats)))
        }
    }

    /// Adds one line of the hand.
    fn event(&mut self, event: &MjaiEvent) -> Result<(), TenhouError> {
        let after_draw = std::mem::replace(
            &mut self.after_draw,
            matches!(event, MjaiEvent::Tsumo { .. }),
        );
        match event {
            MjaiEvent::Tsumo { actor, pai } => {
                let (seat, copy) = (self.seat(*actor)?, self.copy(*pai)?);
                self.draws[seat].push(json!(number(copy)));
                self.hold(seat, copy);
            }
            MjaiEvent::Reach { actor } => self.reach[self.seat(*actor)?] = true,
            MjaiEvent::Dahai {
                actor,
                pai,
                tsumogiri,
            } => {
                let (seat, copy) = (self.seat(*actor)?, self.copy(*pai)?);
                let n = if *tsumogiri { TSUMOGIRI } else { number(copy) };
                let item = match std::mem::take(&mut self.reach[seat]) {
                    true => json!(format!("r{n}")),
                    false => json!(n),
                };
                self.discards[seat].push(item);
                self.take_from(seat, copy)?;
                self.offered = Some(copy);
            }
            MjaiEvent::Chi {
                actor,
                target,
                pai,
                consumed,
            } => self.call('c', *actor, *target, *pai, consumed)?,
            MjaiEvent::Pon {
                actor,
                target,
                pai,
                consumed,
            } => self.call('p', *actor, *target, *pai, consumed)?,
            MjaiEvent::Daiminkan {
                actor,
                target,
                pai,
                consumed,
            } => {
                self.call('m', *actor, *target, *pai, consumed)?;
                self.discards[usize::from(*actor)].push(json!(0));
            }
            MjaiEvent::Kakan {
                actor,
                pai,
                consumed: _,
            } => {
                let (seat, copy) = (self.seat(*actor)?, self.copy(*pai)?);
                let pon = self
                    .pons
                    .get(&(*actor, copy.tile.index()))
                    .ok_or_else(|| self.bad(format!("seat {seat}'s added kan of no pon")))?;
                let kan = pon.replacen('p', &format!("k{}", number(copy)), 1);
                self.discards[seat].push(json!(kan));
                self.offered = Some(copy);
            }
            MjaiEvent::Ankan { actor, consumed } => {
                let seat = self.seat(*actor)?;
                let numbers: Vec<u32> = consumed
                    .iter()
                    .map(|&t| self.copy(t).map(number))
                    .collect::<Result<_, _>>()?;
                let [a, b, c, d] = numbers[..] else {
                    return Err(self.bad("a closed kan not of four tiles".to_string()));
                };
                self.discards[seat].push(json!(format!("{a}{b}{c}a{d}")));
            }
            MjaiEvent::Nukidora { actor, pai } => {
                let (seat, copy) = (self.seat(*actor)?, self.copy(*pai)?);
                self.discards[seat].push(json!("f44"));
                self.take_from(seat, copy)?;
                self.offered = Some(copy);
            }
            MjaiEvent::Dora { dora_marker } => {
                let n = number(self.copy(*dora_marker)?);
                self.dora.push(n);
            }
            MjaiEvent::ReachAccepted { .. } => {}
            MjaiEvent::Hora { .. } => self.win(event)?,
            MjaiEvent::Ryukyoku {
                reason,
                tenpais,
                deltas,
                ..
            } => self.draw(reason.as_deref(), *tenpais, *deltas, after_draw)?,
            other => return Err(self.bad(format!("a `{}` line inside a hand", other.kind()))),
        }
        Ok(())
    }

    /// `seat` takes `copy` (a dealt or drawn tile, a called one).
    fn hold(&mut self, seat: usize, copy: TileCopy) {
        let count = &mut self.held[seat][usize::from(copy.tile.index())];
        *count = count.saturating_add(1);
    }

    /// `seat` gives up `copy` (a discard, a kita).
    fn take_from(&mut self, seat: usize, copy: TileCopy) -> Result<(), TenhouError> {
        let count = &mut self.held[seat][usize::from(copy.tile.index())];
        *count = count
            .checked_sub(1)
            .ok_or_else(|| TenhouError::Unwritable {
                hand: Some(self.number),
                message: format!("seat {seat} gives up a tile it does not hold"),
            })?;
        Ok(())
    }

    /// A chi (`c`), pon (`p`) or open kan (`m`): its string in the caller's draws, the
    /// called tile placed by where it came from (first: the previous seat; middle: the
    /// seat opposite; last: the next seat, of a four-seat table).
    fn call(
        &mut self,
        marker: char,
        actor: u8,
        target: u8,
        pai: MjaiTile,
        consumed: &[MjaiTile],
    ) -> Result<(), TenhouError> {
        let (seat, called) = (self.seat(actor)?, self.copy(pai)?);
        self.seat(target)?;
        let needed = if marker == 'm' { 3 } else { 2 };
        if consumed.len() != needed {
            return Err(self.bad(format!(
                "seat {seat}'s call takes {} tiles from its hand, not {needed}",
                consumed.len()
            )));
        }
        let mut parts: Vec<String> = consumed
            .iter()
            .map(|&t| self.copy(t).map(|c| number(c).to_string()))
            .collect::<Result<_, _>>()?;
        let place = match (usize::from(target) + 4 - usize::from(actor)) % 4 {
            3 => 0,
            2 => 1,
            _ => parts.len(),
        };
        if marker == 'c' && place != 0 {
            return Err(self.bad(format!(
                "seat {seat}'s chi of a tile not the previous seat's"
            )));
        }
        parts.insert(place, format!("{marker}{}", number(called)));
        let text = parts.concat();
        if marker == 'p' {
            self.pons.insert((actor, called.tile.index()), text.clone());
        }
        self.draws[seat].push(json!(text));
        self.hold(seat, called);
        Ok(())
    }

    /// A `hora`: its point changes and winner array in the `和了` result.
    fn win(&mut self, event: &MjaiEvent) -> Result<(), TenhouError> {
        let MjaiEvent::Hora {
            actor,
            target,
            pai,
            uradora_markers,
            yakus,
            fu,
            fan,
            hora_points,
            deltas,
            ..
        } = event
        else {
            return Ok(());
        };
        let (seat, tsumo) = (self.seat(*actor)?, actor == target);
        self.seat(*target)?;
        let deltas =
            deltas.ok_or_else(|| self.bad("a win without its point changes".to_string()))?;
        if self.result.is_empty() {
            self.result.push(json!("和了"));
        }
        if let Some(markers) = uradora_markers
            .as_ref()
            .filter(|m| m.len() > self.ura.len())
        {
            self.ura = markers
                .iter()
                .map(|&t| self.copy(t).map(number))
                .collect::<Result<_, _>>()?;
        }
        let mut info = vec![
            json!(actor),
            json!(target),
            json!(self.pao(seat, *target, &deltas)),
        ];
        if let (Some(fan), Some(total)) = (fan, hora_points) {
            let payment = Payment::of_total(*total, tsumo, seat == self.dealer, self.seats as u32);
            info.push(json!(points::string(*fu, *fan, *fan >= 13, payment)));
            if let Some(yakus) = yakus {
                let winner = self.winner(seat, tsumo, *pai)?;
                let strings = tenhou_strings(yakus, &winner).ok_or_else(|| {
                    self.bad(format!("seat {seat}'s yaku do not fit its hand: {yakus:?}"))
                })?;
                info.extend(strings.into_iter().map(Value::from));
            }
        }
        self.result.push(json!(deltas));
        self.result.push(Value::Array(info));
        Ok(())
    }

    /// The seat liable for a win (pao): on a ron, a seat other than the discarder that
    /// pays; on a tsumo, the only seat that pays when more than one would; else the winner
    /// (Tenhou's way of saying no one).
    fn pao(&self, seat: usize, target: u8, deltas: &Scores) -> usize {
        let payers: Vec<usize> = (0..self.seats)
            .filter(|&s| s != seat && deltas[s] < 0)
            .collect();
        let target = usize::from(target);
        let liable = if seat == target {
            match payers[..] {
                [only] if self.seats > 2 => Some(only),
                _ => None,
            }
        } else {
            payers.into_iter().find(|&s| s != target)
        };
        liable.unwrap_or(seat)
    }

    /// What naming the winner's yaku needs: its winds and its dragon sets.
    fn winner(
        &self,
        seat: usize,
        tsumo: bool,
        pai: Option<MjaiTile>,
    ) -> Result<Winner, TenhouError> {
        let mut held = self.held[seat];
        if !tsumo {
            let won = match pai {
                Some(tile) => Some(self.copy(tile)?),
                None => self.offered,
            };
            if let Some(won) = won {
                let count = &mut held[usize::from(won.tile.index())];
                *count = count.saturating_add(1);
            }
        }
        Ok(Winner {
            seat_wind: (seat + self.seats - self.dealer) % self.seats,
            round_wind: self.round_wind,
            dragon_sets: [31, 32, 33].map(|kind| held[kind] >= 3),
        })
    }

    /// A `ryukyoku`: an abortive draw's name; an exhaustive draw with every seat tenpai
    /// `全員聴牌`, with none `全員不聴` (no point changes: Tenhou's names, as mjai-reviewer's
    /// convlog reads them), else `流局` with the point changes; `流し満貫` with its payments.
    fn draw(
        &mut self,
        reason: Option<&str>,
        tenpais: Option<[bool; 4]>,
        deltas: Option<Scores>,
        after_draw: bool,
    ) -> Result<(), TenhouError> {
        let aborts = [
            (AbortiveDraw::KyuushuKyuuhai, "九種九牌"),
            (AbortiveDraw::SuufonRenda, "四風連打"),
            (AbortiveDraw::SuuchaRiichi, "四家立直"),
            (AbortiveDraw::Suukaikan, "四槓散了"),
            (AbortiveDraw::Sanchahou, "三家和了"),
        ];
        // Other engines' words (riichienv's) for the same draws; a bare draw right after a
        // seat's draw is its kyuushu kyuuhai, as mjai's replay reads it.
        let reason = match reason.map(reason_word) {
            None if after_draw => Some(abort_reason(AbortiveDraw::KyuushuKyuuhai)),
            reason => reason,
        };
        if let Some((_, name)) = aborts
            .iter()
            .find(|(draw, _)| Some(abort_reason(*draw)) == reason)
        {
            self.result = vec![json!(name)];
            return Ok(());
        }
        let name = match reason {
            None | Some(FANPAI) => "流局",
            Some(NAGASHIMANGAN) => "流し満貫",
            Some(other) => {
                return Err(self.bad(format!(
                    "a draw of reason `{other}`, which the format has no result for"
                )));
            }
        };
        let deltas =
            deltas.ok_or_else(|| self.bad("a draw without its point changes".to_string()))?;
        if let Some(tenpais) = tenpais.filter(|_| name == "流局" && deltas == [0; 4]) {
            let seated = &tenpais[..self.seats];
            let all = seated.iter().all(|&t| t);
            if all || seated.iter().all(|&t| !t) {
                self.result = vec![json!(if all { "全員聴牌" } else { "全員不聴" })];
                return Ok(());
            }
        }
        self.result = vec![json!(name), json!(deltas)];
        Ok(())
    }

    /// The hand's array.
    fn finish(&mut self) -> Result<Value, TenhouError> {
        if self.result.is_empty() {
            return Err(self.bad("the hand ends without a result".to_string()));
        }
        let mut hand = vec![
            self.table.clone(),
            json!(self.scores),
            json!(self.dora),
            json!(self.ura),
        ];
        for s in 0..4 {
            hand.push(json!(self.haipai[s]));
            hand.push(Value::Array(std::mem::take(&mut self.draws[s])));
            hand.push(Value::Array(std::mem::take(&mut self.discards[s])));
        }
        hand.push(Value::Array(std::mem::take(&mut self.result)));
        Ok(Value::Array(hand))
    }
}

/// Tenhou's number of an mjai tile, `None` for `?`.
fn number_of(tile: MjaiTile) -> Option<u32> {
    tile.copy().map(number)
}

#[cfg(test)]
mod tests {
    use super::super::tile::tile;
    use super::*;

    /// Tenhou's own `sc` of real logs: 2023053016gm-0029-0000-e54b3b98 as written,
    /// 2019103023gm-00a9-0000-f90e0fe9 before its rounding (96, -9, -105, 18).
    #[test]
    fn ranking_points_are_tenhous() {
        let ranks = ranking_points(&[53800, 16100, 29300, 800], 4);
        assert_eq!(ranks, [638, -239, 93, -492]);
        assert_eq!(
            ranks.map(decimal),
            [json!(63.8), json!(-23.9), json!(9.3), json!(-49.2)]
        );
        assert_eq!(
            ranking_points(&[85300, 31400, -55100, 38400], 4),
            [953, -86, -1051, 184]
        );
        assert_eq!(decimal(-1050), json!(-105));
        // Three seats: Tenhou's own `sc` of the 三鳳南喰赤 game 2024010120gm-00b9-0000-e324b88a
        // (SoliDeoGloria000/sanma-engine, data/raw_logs, read, not copied: no licence).
        let ranks = ranking_points(&[75700, 6800, 22500, 0], 3);
        assert_eq!(
            ranks.map(decimal),
            [json!(70.7), json!(-53.2), json!(-17.5), json!(0)]
        );
        assert!(tile(TSUMOGIRI).is_none());
    }
}
