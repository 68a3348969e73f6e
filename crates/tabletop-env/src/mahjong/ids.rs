//! The fixed action ids of the full game ([`KyokuAction`], `mahjong-core` spec section 4)
//! and of the classroom game ([`Action`], spec section 3): the tables of the crate README.
//!
//! A discard names a physical copy: the red fives `0m`, `0p`, `0s` have their own ids, and
//! a discard of the tile just drawn (tsumogiri) is another id than a discard of the same
//! kind from the hand. A chi names which of the three sequences holds the offered tile and
//! whether the caller gives its red five; a pon whether it gives its red five. Chi and pon
//! ids therefore decode against the tile offered ([`FullGameIds::decode`]).

use mahjong_core::classroom::Action;
use mahjong_core::score::TileCopy;
use mahjong_core::{KINDS, KyokuAction, Tile};

/// Copies with an id of their own: the 34 kinds (plain), then the red `0m`, `0p`, `0s`.
pub const COPIES: usize = KINDS + 3;

/// The first id of a discard from the hand (tedashi): `DISCARD + copy`, 37 ids.
pub const DISCARD: u16 = 0;
/// Discard the tile just drawn (tsumogiri).
pub const TSUMOGIRI: u16 = DISCARD + COPIES as u16;
/// The first id of a riichi with a discard from the hand: `RIICHI + copy`, 37 ids.
pub const RIICHI: u16 = TSUMOGIRI + 1;
/// Riichi discarding the tile just drawn.
pub const RIICHI_TSUMOGIRI: u16 = RIICHI + COPIES as u16;
/// The first id of a closed kan (ankan): `ANKAN + kind`, 34 ids.
pub const ANKAN: u16 = RIICHI_TSUMOGIRI + 1;
/// The first id of an added kan (kakan): `KAKAN + kind`, 34 ids.
pub const KAKAN: u16 = ANKAN + KINDS as u16;
/// Win on the tile just drawn.
pub const TSUMO: u16 = KAKAN + KINDS as u16;
/// Win on the offered discard or added kan.
pub const RON: u16 = TSUMO + 1;
/// The first id of a chi: `CHI + 2 * shape + red`, 6 ids. `shape` 0: the offered tile is
/// the lowest of the sequence; 1: the middle; 2: the highest. `red` 1: the caller gives
/// its red five.
pub const CHI: u16 = RON + 1;
/// A pon: `PON` with two plain copies, `PON + 1` with the caller's red five.
pub const PON: u16 = CHI + 6;
/// An open kan (daiminkan) on the offered discard.
pub const DAIMINKAN: u16 = PON + 2;
/// Kyuushu kyuuhai.
pub const KYUUSHU: u16 = DAIMINKAN + 1;
/// Let the offered tile go.
pub const PASS: u16 = KYUUSHU + 1;
/// The number of action ids of the four-player full game (157).
pub const FULL_GAME_ACTIONS: usize = PASS as usize + 1;
/// Kita: set a North aside (three-player riichi only). Appended after the four-player
/// table, so that the four-player ids stay as they were and a three-player table is the
/// four-player one plus this id.
pub const KITA: u16 = PASS + 1;
/// The number of action ids of the three-player full game (sanma, 158): the four-player
/// table and [`KITA`]. Its chi ids are never legal (sanma has no chi).
pub const SANMA_ACTIONS: usize = KITA as usize + 1;

/// The number of action ids of the full game at `seats` seats: [`SANMA_ACTIONS`] at three,
/// [`FULL_GAME_ACTIONS`] otherwise.
pub fn full_game_actions(seats: usize) -> usize {
    if seats == 3 {
        SANMA_ACTIONS
    } else {
        FULL_GAME_ACTIONS
    }
}

/// The id of a copy: its kind index, or 34, 35, 36 for the red five of man, pin, sou.
pub fn copy_index(copy: TileCopy) -> u16 {
    let kind = u16::from(copy.tile.index());
    if copy.red {
        KINDS as u16 + kind / 9
    } else {
        kind
    }
}

/// The copy of a copy index (`0..37`): `None` past the end.
pub fn copy_of(index: u16) -> Option<TileCopy> {
    let index = u8::try_from(index).ok()?;
    if usize::from(index) < KINDS {
        return Tile::from_index(index).map(TileCopy::plain);
    }
    let suit = index.checked_sub(KINDS as u8).filter(|&s| s < 3)?;
    Tile::from_index(suit * 9 + 4).map(|tile| TileCopy { tile, red: true })
}

/// The kind `delta` numbers from `tile` in its number suit, if there is one.
fn neighbour(tile: Tile, delta: i8) -> Option<Tile> {
    if tile.is_honor() {
        return None;
    }
    let number = tile.number() as i8 + delta;
    if !(1..=9).contains(&number) {
        return None;
    }
    Tile::from_index(tile.index().checked_add_signed(delta)?)
}

/// The two hand kinds of a chi of shape `shape` (0 lowest, 1 middle, 2 highest) on `tile`.
fn chi_kinds(tile: Tile, shape: u16) -> Option<(Tile, Tile)> {
    let (da, db) = match shape {
        0 => (1, 2),
        1 => (-1, 1),
        2 => (-2, -1),
        _ => return None,
    };
    Some((neighbour(tile, da)?, neighbour(tile, db)?))
}

/// A copy of `tile`, the red five when `red` and `tile` is a five of a number suit.
fn copy_with(tile: Tile, red: bool) -> TileCopy {
    TileCopy {
        tile,
        red: red && !tile.is_honor() && tile.number() == 5,
    }
}

/// The id table of the full game: [`FULL_GAME_ACTIONS`] ids (see the module docs and the
/// crate README).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FullGameIds;

impl FullGameIds {
    /// The id of `action`; `offered` is the kind offered for a claim (needed for a chi).
    /// `None` for a chi without an offered tile or of a shape no chi has. A kita is
    /// [`KITA`], an id only the three-player table has ([`SANMA_ACTIONS`]).
    pub fn encode(action: KyokuAction, offered: Option<Tile>) -> Option<u16> {
        let id = match action {
            KyokuAction::Discard(copy) => DISCARD + copy_index(copy),
            KyokuAction::Tsumogiri => TSUMOGIRI,
            KyokuAction::Riichi(copy) => RIICHI + copy_index(copy),
            KyokuAction::RiichiTsumogiri => RIICHI_TSUMOGIRI,
            KyokuAction::ClosedKan(tile) => ANKAN + u16::from(tile.index()),
            KyokuAction::AddedKan(tile) => KAKAN + u16::from(tile.index()),
            KyokuAction::Tsumo => TSUMO,
            KyokuAction::Ron => RON,
            KyokuAction::Chi(a, b) => {
                let tile = offered?;
                let low = a.tile.min(b.tile);
                let shape = if tile < low {
                    0
                } else if tile < a.tile.max(b.tile) {
                    1
                } else {
                    2
                };
                CHI + 2 * shape + u16::from(a.red || b.red)
            }
            KyokuAction::Pon(a, b) => PON + u16::from(a.red || b.red),
            KyokuAction::OpenKan => DAIMINKAN,
            KyokuAction::KyuushuKyuuhai => KYUUSHU,
            KyokuAction::Pass => PASS,
            KyokuAction::Kita => KITA,
        };
        Some(id)
    }

    /// The action of `id`, `offered` being the kind offered for a claim (chi and pon ids
    /// need it). `None` for an id past [`SANMA_ACTIONS`], a chi or pon without an
    /// offered tile, a chi the offered tile has no such sequence for, or a red five where
    /// the tiles have none: ids that are never legal.
    pub fn decode(id: u16, offered: Option<Tile>) -> Option<KyokuAction> {
        let action = match id {
            _ if id < TSUMOGIRI => KyokuAction::Discard(copy_of(id - DISCARD)?),
            TSUMOGIRI => KyokuAction::Tsumogiri,
            _ if id < RIICHI_TSUMOGIRI => KyokuAction::Riichi(copy_of(id - RIICHI)?),
            RIICHI_TSUMOGIRI => KyokuAction::RiichiTsumogiri,
            _ if id < KAKAN => KyokuAction::ClosedKan(kind_of(id - ANKAN)?),
            _ if id < TSUMO => KyokuAction::AddedKan(kind_of(id - KAKAN)?),
            TSUMO => KyokuAction::Tsumo,
            RON => KyokuAction::Ron,
            _ if id < PON => {
                let (shape, red) = ((id - CHI) / 2, (id - CHI) % 2 == 1);
                let (ta, tb) = chi_kinds(offered?, shape)?;
                let (a, b) = (copy_with(ta, red), copy_with(tb, red));
                if red && !a.red && !b.red {
                    return None;
                }
                KyokuAction::Chi(a, b)
            }
            _ if id < DAIMINKAN => {
                let tile = offered?;
                let red = id == PON + 1;
                let a = copy_with(tile, red);
                if red && !a.red {
                    return None;
                }
                KyokuAction::Pon(a, TileCopy::plain(tile))
            }
            DAIMINKAN => KyokuAction::OpenKan,
            KYUUSHU => KyokuAction::KyuushuKyuuhai,
            PASS => KyokuAction::Pass,
            KITA => KyokuAction::Kita,
            _ => return None,
        };
        Some(action)
    }
}

/// The kind of index `index` (`0..34`).
fn kind_of(index: u16) -> Option<Tile> {
    Tile::from_index(u8::try_from(index).ok()?)
}

/// The first id of a classroom discard: `CLASSROOM_DISCARD + kind`, 34 ids.
pub const CLASSROOM_DISCARD: u16 = 0;
/// The first id of a classroom riichi with a discard: `CLASSROOM_RIICHI + kind`, 34 ids.
pub const CLASSROOM_RIICHI: u16 = KINDS as u16;
/// Classroom tsumo.
pub const CLASSROOM_TSUMO: u16 = 2 * KINDS as u16;
/// Classroom ron.
pub const CLASSROOM_RON: u16 = CLASSROOM_TSUMO + 1;
/// Classroom pass.
pub const CLASSROOM_PASS: u16 = CLASSROOM_RON + 1;
/// The number of action ids of the classroom game (71).
pub const CLASSROOM_ACTIONS: usize = CLASSROOM_PASS as usize + 1;

/// The id of a classroom action.
pub fn classroom_id(action: Action) -> u16 {
    match action {
        Action::Discard(tile) => CLASSROOM_DISCARD + u16::from(tile.index()),
        Action::Riichi(tile) => CLASSROOM_RIICHI + u16::from(tile.index()),
        Action::Tsumo => CLASSROOM_TSUMO,
        Action::Ron => CLASSROOM_RON,
        Action::Pass => CLASSROOM_PASS,
    }
}

/// The classroom action of `id`; `None` past [`CLASSROOM_ACTIONS`].
pub fn classroom_action(id: u16) -> Option<Action> {
    let action = match id {
        _ if id < CLASSROOM_RIICHI => Action::Discard(kind_of(id)?),
        _ if id < CLASSROOM_TSUMO => Action::Riichi(kind_of(id - CLASSROOM_RIICHI)?),
        CLASSROOM_TSUMO => Action::Tsumo,
        CLASSROOM_RON => Action::Ron,
        CLASSROOM_PASS => Action::Pass,
        _ => return None,
    };
    Some(action)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn copy(text: &str) -> TileCopy {
        text.parse().unwrap()
    }

    #[test]
    fn the_table_has_157_ids_in_its_documented_places() {
        assert_eq!(
            [
                TSUMOGIRI,
                RIICHI,
                RIICHI_TSUMOGIRI,
                ANKAN,
                KAKAN,
                TSUMO,
                RON
            ],
            [37, 38, 75, 76, 110, 144, 145]
        );
        assert_eq!(
            [CHI, PON, DAIMINKAN, KYUUSHU, PASS],
            [146, 152, 154, 155, 156]
        );
        assert_eq!(FULL_GAME_ACTIONS, 157);
        assert_eq!((KITA, SANMA_ACTIONS), (157, 158));
        assert_eq!(FullGameIds::decode(KITA, None), Some(KyokuAction::Kita));
        assert_eq!(full_game_actions(3), 158);
        assert_eq!(full_game_actions(4), 157);
        assert_eq!(CLASSROOM_ACTIONS, 71);
    }

    #[test]
    fn every_id_that_decodes_encodes_back_to_itself() {
        for offered in Tile::ALL.into_iter().map(Some).chain([None]) {
            for id in 0..SANMA_ACTIONS as u16 + 3 {
                if let Some(action) = FullGameIds::decode(id, offered) {
                    assert_eq!(FullGameIds::encode(action, offered), Some(id), "{action}");
                }
            }
        }
        for id in 0..CLASSROOM_ACTIONS as u16 + 3 {
            if let Some(action) = classroom_action(id) {
                assert_eq!(classroom_id(action), id);
            }
        }
        assert_eq!(classroom_action(CLASSROOM_ACTIONS as u16), None);
    }

    #[test]
    fn red_fives_and_chi_shapes_have_their_own_ids() {
        let four = Some(copy("4p").tile);
        let chi = |id| FullGameIds::decode(id, four);
        assert_eq!(chi(CHI), Some(KyokuAction::Chi(copy("5p"), copy("6p"))));
        assert_eq!(chi(CHI + 1), Some(KyokuAction::Chi(copy("0p"), copy("6p"))));
        assert_eq!(chi(CHI + 2), Some(KyokuAction::Chi(copy("3p"), copy("5p"))));
        assert_eq!(chi(CHI + 3), Some(KyokuAction::Chi(copy("3p"), copy("0p"))));
        assert_eq!(chi(CHI + 4), Some(KyokuAction::Chi(copy("2p"), copy("3p"))));
        assert_eq!(chi(CHI + 5), None, "no red five in 234p");
        let one = Some(copy("1s").tile);
        assert_eq!(
            FullGameIds::decode(CHI + 2, one),
            None,
            "no 0s in a chi of 1s"
        );
        assert_eq!(FullGameIds::decode(CHI, Some(copy("8m").tile)), None);
        let five = Some(copy("5m").tile);
        let red_pon = KyokuAction::Pon(copy("0m"), copy("5m"));
        assert_eq!(FullGameIds::decode(PON + 1, five), Some(red_pon));
        assert_eq!(FullGameIds::decode(PON + 1, one), None);
        assert_eq!(FullGameIds::decode(PON, None), None);
        assert_eq!(
            FullGameIds::encode(KyokuAction::Discard(copy("0s")), None),
            Some(36)
        );
        assert_eq!(
            FullGameIds::encode(KyokuAction::Discard(copy("5s")), None),
            Some(22)
        );
    }
}
