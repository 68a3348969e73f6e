//! Reading an mjlog as a [`GameRecord`]: the tags in order, each checked against the table
//! it plays on (tiles in hands, the seat to act, the points before each result).

use mahjong_core::mjai::{MjaiEvent, MjaiTile, Scores};
use mahjong_core::score::TileCopy;
use mahjong_core::{Rules, Tile};

mod call;
mod result;

use crate::GameRecord;
use crate::mjlog::attrs::{bad, hundreds, list, not_in_hand, number, numbers, quoted, seat};
use crate::mjlog::error::MjlogError;
use crate::mjlog::names::decode_name;
use crate::mjlog::rules::rules_of;
use crate::mjlog::tile::{self, IDS};
use crate::mjlog::xml::{Tag, tags};

/// A record read, with the tag each event came from.
pub(crate) struct Traced {
    pub record: GameRecord,
    /// For each event, the index of its tag and the tag's text (shortened).
    pub origins: Vec<(usize, String)>,
}

/// Reads Tenhou's XML game record (mjlog) `text` as a [`GameRecord`]: the rules its `GO`
/// tag names and the full mjai log of the match.
///
/// The events are the lines mahjong-core's `MjaiWriter` writes for the same game (see
/// `mahjong_core::mjai`'s mapping): `start_game` with the players' names from the first
/// `UN` tag (URL-decoded; the reconnect `UN` and `BYE` tags are skipped), for each `INIT`
/// a `start_kyoku` (round wind and hand from the seed's first number, honba, riichi sticks,
/// first dora indicator, the points ×100, the dealt tiles; at three seats the fourth seat's
/// tiles `?`), then each draw (`tsumo`), discard (`dahai`, tsumogiri when its id is the id
/// the seat just drew), call (`chi`, `pon`, `daiminkan`, `kakan`, `ankan`, `nukidora`),
/// riichi (`reach`, and `reach_accepted` with its `deltas` and `scores` at step 2), kan dora
/// (`dora`) where the tags put them, the result (`hora` with the winning tile, ura dora
/// indicators, `yakus` by mjai names with their han, `fu`, `fan`, `hora_points`, `deltas` and
/// `scores`; `ryukyoku` with its reason, `tenpais` at an exhaustive draw, `deltas` and
/// `scores`) and `end_kyoku`, and `end_game` with the final points of `owari` (without
/// `owari`, a record of the first hands of a match, there is no `end_game`, and the record
/// is read as hands, not a whole match).
///
/// Checked as it reads: every tile id is a tile of the game and in play once, a discard or
/// call takes tiles its seat holds, a call takes the discard just made, a win is on the tile
/// just drawn, discarded or added to a kan (or a kita's North), its `hai` is the winner's
/// hand and its `doraHai` the indicators shown, and each result's points before (`sc`, and
/// `ten` of `INIT` and `REACH`) are the seats' points. Not read: `SHUFFLE` (the wall's
/// seed), `TAIKYOKU`, `UN`'s `dan`, `rate` and `sx`, an `AGARI`'s `m`, `paoWho` (the
/// `deltas` carry the payment), `ratio` and the chips of chip lobbies (`sc` and `owari`
/// beyond the points).
///
/// # Errors
/// - [`MjlogError::Syntax`]: not tags as Tenhou writes them.
/// - [`MjlogError::Truncated`]: no `mjloggm` root, no `</mjloggm>`, a hand without result.
/// - [`MjlogError::UnknownTag`]: a tag the format does not have.
/// - [`MjlogError::BadAttribute`]: an attribute missing or not what the format says.
/// - [`MjlogError::BadTile`]: a tile id above 135, a 2m-8m at three seats, a copy already in
///   play.
/// - [`MjlogError::NotInHand`]: a discard, call or shown hand of a tile the seat lacks.
/// - [`MjlogError::BadMeld`]: an `m` that is no meld, or a call of a tile not just
///   discarded.
/// - [`MjlogError::OutOfPlace`]: a tag where the game cannot have it (points before a
///   result that are not the seats' points included).
pub fn read(text: &str) -> Result<GameRecord, MjlogError> {
    read_traced(text).map(|traced| traced.record)
}

/// [`read`], keeping each event's tag.
pub(crate) fn read_traced(text: &str) -> Result<Traced, MjlogError> {
    let tags = tags(text)?;
    let mut reader = Reader::default();
    let Some(root) = tags.first() else {
        return Err(truncated("the root tag `mjloggm`"));
    };
    if root.name != "mjloggm" {
        return Err(reader.out_of_place(root, "the record's first tag is not `mjloggm`"));
    }
    for tag in &tags[1..] {
        if reader.closed {
            return Err(reader.out_of_place(tag, "a tag after `</mjloggm>`"));
        }
        reader.tag(tag)?;
    }
    if !reader.closed {
        return Err(truncated("`</mjloggm>`"));
    }
    reader.finish()
}

fn truncated(expected: &str) -> MjlogError {
    MjlogError::Truncated {
        expected: expected.to_string(),
    }
}

/// The hand being read.
struct Hand {
    /// Each seat's concealed ids.
    concealed: [Vec<u32>; 4],
    /// Each seat's pons (an added kan names its pon's ids).
    pons: [Vec<Vec<u32>>; 4],
    /// The ids in play.
    used: [bool; IDS as usize],
    /// The id each seat drew and still holds as its drawn tile.
    drawn: [Option<u32>; 4],
    /// The last discard (seat, id) that may still be called or won on.
    discard: Option<(u8, u32)>,
    /// The tile an added kan just added, which may be robbed (chankan), or a kita's North.
    added: Option<u32>,
    /// The tile won on by ron, when the result is a ron (a second `AGARI` may win on it).
    won_on: Option<u32>,
    /// The ura dora indicators shown by a win of the hand.
    ura: Vec<u32>,
    /// The dora indicators shown (the `INIT`'s and each `DORA`'s).
    dora: Vec<u32>,
    /// The seat that drew last.
    drawer: Option<u8>,
    /// Whether the hand's result has been read.
    over: bool,
}

#[derive(Default)]
pub(super) struct Reader {
    rules: Option<Rules>,
    names: Option<[String; 4]>,
    events: Vec<MjaiEvent>,
    origins: Vec<(usize, String)>,
    points: Scores,
    hand: Option<Hand>,
    final_points: Option<Scores>,
    closed: bool,
}

impl Reader {
    fn push(&mut self, tag: &Tag<'_>, event: MjaiEvent) {
        self.events.push(event);
        self.origins.push((tag.index, quoted(tag)));
    }

    fn out_of_place(&self, tag: &Tag<'_>, reason: &str) -> MjlogError {
        MjlogError::OutOfPlace {
            index: tag.index,
            tag: quoted(tag),
            reason: reason.to_string(),
        }
    }

    fn seats(&self) -> u8 {
        self.rules.map_or(4, |r| r.seats as u8)
    }

    fn red_fives(&self) -> bool {
        self.rules.is_none_or(|r| r.red_fives)
    }

    fn tag(&mut self, tag: &Tag<'_>) -> Result<(), MjlogError> {
        if self.final_points.is_some() && tag.name != "/mjloggm" {
            return Err(self.out_of_place(tag, "a tag after the match ended (`owari`)"));
        }
        match tag.name {
            "SHUFFLE" | "TAIKYOKU" => Ok(()),
            // A disconnection: its seat is checked, and the game goes on.
            "BYE" => seat(tag, "who", self.seats()).map(|_| ()),
            "GO" => self.go(tag),
            "UN" => self.un(tag),
            "INIT" => self.init(tag),
            "N" => self.call(tag),
            "REACH" => self.reach(tag),
            "DORA" => self.dora(tag),
            "AGARI" => self.agari(tag),
            "RYUUKYOKU" => self.ryuukyoku(tag),
            "/mjloggm" => {
                self.closed = true;
                Ok(())
            }
            name => match draw_or_discard(name) {
                Some((seat, true, id)) => self.draw(tag, seat, id),
                Some((seat, false, id)) => self.discard(tag, seat, id),
                None => Err(MjlogError::UnknownTag {
                    index: tag.index,
                    tag: quoted(tag),
                }),
            },
        }
    }

    fn go(&mut self, tag: &Tag<'_>) -> Result<(), MjlogError> {
        if self.rules.is_some() {
            return Err(self.out_of_place(tag, "a second `GO`"));
        }
        let flags = number(tag, "type")?;
        self.rules = Some(rules_of(flags));
        Ok(())
    }

    fn un(&mut self, tag: &Tag<'_>) -> Result<(), MjlogError> {
        let names: Vec<String> = (0..4)
            .map(|s| decode_name(tag.get(&format!("n{s}")).unwrap_or_default()))
            .collect::<Option<_>>()
            .ok_or_else(|| bad(tag, "n0", "not URL-encoded UTF-8"))?;
        if self.names.is_none() && self.events.is_empty() {
            self.names = <[String; 4]>::try_from(names).ok();
        }
        Ok(())
    }

    /// The hand in play, refusing a tag outside one (before any `INIT`, after a result).
    fn playing(&mut self, tag: &Tag<'_>) -> Result<&mut Hand, MjlogError> {
        let error = self.out_of_place(tag, "no hand is being played");
        self.hand.as_mut().filter(|h| !h.over).ok_or(error)
    }

    /// A new id `id` into play.
    fn fresh(&mut self, tag: &Tag<'_>, id: u32) -> Result<TileCopy, MjlogError> {
        let red = self.red_fives();
        let sanma = self.seats() == 3;
        let bad_tile = |reason: &str| MjlogError::BadTile {
            index: tag.index,
            tag: quoted(tag),
            id,
            reason: reason.to_string(),
        };
        let copy = tile::copy(id, red).ok_or_else(|| bad_tile("not a tile id (0-135)"))?;
        if sanma && !tile::in_sanma_wall(id) {
            return Err(bad_tile("a 2m-8m, not in the three-player wall"));
        }
        let hand = self
            .hand
            .as_mut()
            .ok_or_else(|| bad_tile("no hand is being played"))?;
        if std::mem::replace(&mut hand.used[id as usize], true) {
            return Err(bad_tile("this copy is already in play"));
        }
        Ok(copy)
    }

    fn copy(&self, id: u32) -> MjaiTile {
        tile::copy(id, self.red_fives()).map_or(MjaiTile::Hidden, MjaiTile::Known)
    }

    fn init(&mut self, tag: &Tag<'_>) -> Result<(), MjlogError> {
        let Some(rules) = self.rules else {
            return Err(self.out_of_place(tag, "an `INIT` before the `GO` tag naming the rules"));
        };
        if let Some(hand) = &self.hand {
            if !hand.over {
                return Err(self.out_of_place(tag, "the hand before has no result"));
            }
            self.push(tag, MjaiEvent::EndKyoku);
        } else {
            self.push(
                tag,
                MjaiEvent::StartGame {
                    id: None,
                    names: self.names.clone(),
                },
            );
        }
        let seed = numbers(tag, "seed", 6)?;
        let points = hundreds(tag, "ten")?;
        let dealer = number(tag, "oya")?;
        let seats = rules.seats as u32;
        if dealer >= seats {
            return Err(bad(tag, "oya", "not a seat"));
        }
        let round = seed[0];
        if round / 4 >= 4 || round % 4 != dealer {
            return Err(bad(tag, "seed", "the hand's number is not the dealer's"));
        }
        if self.hand.is_some() && points != self.points {
            return Err(self.out_of_place(
                tag,
                "the points are not the seats' points after the last hand",
            ));
        }
        // The match's first hand (East 1, no honba), as tenhou.net/6's reader takes it.
        if self.hand.is_none() && round == 0 && seed[1] == 0 {
            self.start_points(&points, seats as usize);
        }
        self.points = points;
        self.hand = Some(Hand {
            concealed: Default::default(),
            pons: Default::default(),
            used: [false; IDS as usize],
            drawn: [None; 4],
            discard: None,
            added: None,
            won_on: None,
            ura: Vec::new(),
            dora: vec![seed[5]],
            drawer: None,
            over: false,
        });
        let mut tehais: [Vec<MjaiTile>; 4] = Default::default();
        for (seat, tehai) in tehais.iter_mut().enumerate() {
            let attribute = format!("hai{seat}");
            let ids = list(tag, &attribute)?;
            let expected = if seat < seats as usize { 13 } else { 0 };
            if ids.len() != expected {
                return Err(bad(tag, &attribute, &format!("not {expected} tiles")));
            }
            for &id in &ids {
                tehai.push(self.fresh(tag, id)?.into());
            }
            if seat >= seats as usize {
                *tehai = vec![MjaiTile::Hidden; 13];
            }
            if let Some(hand) = &mut self.hand {
                hand.concealed[seat] = ids;
            }
        }
        let dora_marker = self.fresh(tag, seed[5])?.into();
        let wind = Tile::from_index(27 + (round / 4) as u8).map(TileCopy::plain);
        let bakaze = wind.map_or(MjaiTile::Hidden, MjaiTile::Known);
        self.push(
            tag,
            MjaiEvent::StartKyoku {
                bakaze,
                kyoku: dealer as u8 + 1,
                honba: seed[1],
                kyotaku: seed[2],
                oya: dealer as u8,
                dora_marker,
                scores: points,
                tehais,
            },
        );
        Ok(())
    }

    /// The match's start points from the first hand's, when every seat has the same and
    /// the lobby starts elsewhere than its preset (private lobbies: 30,000, 1,000...).
    fn start_points(&mut self, points: &Scores, seats: usize) {
        let first = points[0];
        if let Some(rules) = &mut self.rules
            && points[..seats].iter().all(|&p| p == first)
        {
            rules.match_rules.start_points = first;
        }
    }

    fn draw(&mut self, tag: &Tag<'_>, seat: u8, id: u32) -> Result<(), MjlogError> {
        if seat >= self.seats() {
            return Err(self.out_of_place(tag, "a draw of a seat not at the table"));
        }
        self.playing(tag)?;
        let copy = self.fresh(tag, id)?;
        let hand = self.playing(tag)?;
        hand.concealed[usize::from(seat)].push(id);
        hand.drawn[usize::from(seat)] = Some(id);
        hand.drawer = Some(seat);
        hand.discard = None;
        hand.added = None;
        self.push(
            tag,
            MjaiEvent::Tsumo {
                actor: seat,
                pai: copy.into(),
            },
        );
        Ok(())
    }

    fn discard(&mut self, tag: &Tag<'_>, seat: u8, id: u32) -> Result<(), MjlogError> {
        if seat >= self.seats() {
            return Err(self.out_of_place(tag, "a discard of a seat not at the table"));
        }
        let hand = self.playing(tag)?;
        take(&mut hand.concealed[usize::from(seat)], id).map_err(|_| not_in_hand(tag, seat, id))?;
        let tsumogiri = hand.drawn[usize::from(seat)].take() == Some(id);
        hand.discard = Some((seat, id));
        let pai = self.copy(id);
        self.push(
            tag,
            MjaiEvent::Dahai {
                actor: seat,
                pai,
                tsumogiri,
            },
        );
        Ok(())
    }

    fn reach(&mut self, tag: &Tag<'_>) -> Result<(), MjlogError> {
        let who = seat(tag, "who", self.seats())?;
        self.playing(tag)?;
        let event = match number(tag, "step")? {
            1 => MjaiEvent::Reach { actor: who },
            2 => {
                let mut deltas = [0; 4];
                deltas[usize::from(who)] = -1000;
                self.points[usize::from(who)] = self.points[usize::from(who)].saturating_sub(1000);
                if tag.get("ten").is_some() && hundreds(tag, "ten")? != self.points {
                    return Err(self.out_of_place(
                        tag,
                        "the points after the riichi stick are not the seats' points",
                    ));
                }
                MjaiEvent::ReachAccepted {
                    actor: who,
                    deltas: Some(deltas),
                    scores: Some(self.points),
                }
            }
            _ => return Err(bad(tag, "step", "not 1 or 2")),
        };
        self.push(tag, event);
        Ok(())
    }

    fn dora(&mut self, tag: &Tag<'_>) -> Result<(), MjlogError> {
        let id = number(tag, "hai")?;
        self.playing(tag)?;
        let dora_marker = self.fresh(tag, id)?.into();
        if let Some(hand) = &mut self.hand {
            hand.dora.push(id);
        }
        self.push(tag, MjaiEvent::Dora { dora_marker });
        Ok(())
    }

    fn finish(mut self) -> Result<Traced, MjlogError> {
        let Some(rules) = self.rules else {
            return Err(truncated("the `GO` tag naming the rules"));
        };
        if self.final_points.is_none() {
            match &self.hand {
                Some(hand) if !hand.over => {
                    return Err(truncated(
                        "the result (`AGARI` or `RYUUKYOKU`) of the last hand",
                    ));
                }
                // The first hands of a match, without its end (no `owari`): no
                // `end_game`, so that the record is read as hands, not a whole match.
                Some(_) => {
                    self.events.push(MjaiEvent::EndKyoku);
                    let last = self.origins.last().cloned().unwrap_or_default();
                    self.origins.push(last);
                }
                None => return Err(truncated("an `INIT` tag (the record has no hand)")),
            }
        }
        Ok(Traced {
            record: GameRecord {
                rules,
                events: self.events,
            },
            origins: self.origins,
        })
    }
}

/// A draw (`true`) or discard tag's seat and id: `T`/`U`/`V`/`W` draw for seats 0-3,
/// `D`/`E`/`F`/`G` discard.
fn draw_or_discard(name: &str) -> Option<(u8, bool, u32)> {
    let letter = name.chars().next()?;
    let digits = &name[1..];
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 4 {
        return None;
    }
    let id = digits.parse().ok()?;
    let (seat, draw) = match letter {
        'T' => (0, true),
        'U' => (1, true),
        'V' => (2, true),
        'W' => (3, true),
        'D' => (0, false),
        'E' => (1, false),
        'F' => (2, false),
        'G' => (3, false),
        _ => return None,
    };
    Some((seat, draw, id))
}

/// Removes one `id` from `ids`.
pub(super) fn take(ids: &mut Vec<u32>, id: u32) -> Result<(), u32> {
    let at = ids.iter().position(|&i| i == id).ok_or(id)?;
    ids.remove(at);
    Ok(())
}

pub(super) fn take_all(ids: &mut Vec<u32>, taken: &[u32]) -> Result<(), u32> {
    let mut rest = ids.clone();
    for &id in taken {
        take(&mut rest, id)?;
    }
    *ids = rest;
    Ok(())
}

pub(super) fn without(ids: &[u32], id: u32) -> Vec<u32> {
    ids.iter().copied().filter(|&i| i != id).collect()
}
