//! The `m` attribute of an `N` tag: one meld in 16 bits, as NegativeMjark/tenhou-log's
//! `tenhouLog.py` (`Meld.decode`), mjx's `mjlog` decoder (`Open`) and
//! dnovikoff/tenhou's `tbase/meld.go` read it.
//!
//! Bits 0-1 are the seat the tile came from, counted after the caller (1 the next seat,
//! 2 the seat opposite, 3 the previous seat; 0 for the caller's own tiles). Then:
//! - bit 2 set, a chi: bits 3-4, 5-6, 7-8 the copies (id % 4) of the three tiles, bits 10-15
//!   `base * 3 + r`, `base` the lowest tile's place among the 21 sequences (7 per suit) and
//!   `r` the called tile's place among the three;
//! - bit 3 set, a pon, or bit 4 set, an added kan: bits 5-6 the copy left out of the pon (the
//!   one added by an added kan), bits 9-15 `kind * 3 + r`, `r` the called tile's place
//!   among the pon's three;
//! - bit 5 set, a kita (North set aside in sanma): bits 8-15 the North's id;
//! - none of these, a kan: bits 8-15 the id of the called tile (an open kan) or of one of
//!   the four (a closed kan, from seat 0).

/// A meld read from `m`: its ids and which came from whom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct MeldIds {
    /// What the meld is.
    pub kind: MeldKind,
    /// The seat the called tile came from, counted after the caller (0: none).
    pub from: u8,
    /// The meld's ids (for an added kan, the pon's three; for a kita, the North).
    pub ids: Vec<u32>,
    /// The id called from another seat (chi, pon, open kan; the pon's for an added kan).
    pub called: Option<u32>,
    /// The id an added kan adds.
    pub added: Option<u32>,
}

/// The kinds of meld an `N` tag holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MeldKind {
    Chi,
    Pon,
    AddedKan,
    OpenKan,
    ClosedKan,
    Kita,
}

/// The meld `m` holds, or why it holds none.
pub(crate) fn decode(m: u32) -> Result<MeldIds, &'static str> {
    if m > 0xFFFF {
        return Err("more than 16 bits");
    }
    let from = (m & 3) as u8;
    if m & 0x4 != 0 {
        let code = m >> 10;
        let (base, r) = (code / 3, code % 3);
        if base >= 21 {
            return Err("a chi's sequence past 7-8-9s");
        }
        let kind = base / 7 * 9 + base % 7;
        let ids: Vec<u32> = (0..3)
            .map(|i| (kind + i) * 4 + ((m >> (3 + 2 * i)) & 3))
            .collect();
        if from != 3 {
            return Err("a chi not from the previous seat");
        }
        let called = Some(ids[r as usize]);
        return Ok(MeldIds {
            kind: MeldKind::Chi,
            from,
            ids,
            called,
            added: None,
        });
    }
    if m & 0x18 != 0 {
        if m & 0x18 == 0x18 {
            return Err("both the pon and the added kan bit");
        }
        let left_out = (m >> 5) & 3;
        let code = m >> 9;
        let (kind, r) = (code / 3, code % 3);
        if kind >= 34 {
            return Err("a pon of no tile kind");
        }
        if from == 0 {
            return Err("a pon from no other seat");
        }
        let ids: Vec<u32> = (0..4)
            .filter(|&i| i != left_out)
            .map(|i| kind * 4 + i)
            .collect();
        let called = Some(ids[r as usize]);
        let added = m & 0x10 != 0;
        return Ok(MeldIds {
            kind: if added {
                MeldKind::AddedKan
            } else {
                MeldKind::Pon
            },
            from,
            ids,
            called,
            added: added.then_some(kind * 4 + left_out),
        });
    }
    let id = m >> 8;
    if id >= 136 {
        return Err("a tile id above 135");
    }
    if m & 0x20 != 0 {
        if id / 4 != 30 {
            return Err("a kita of a tile other than North");
        }
        return Ok(MeldIds {
            kind: MeldKind::Kita,
            from: 0,
            ids: vec![id],
            called: None,
            added: None,
        });
    }
    let base = id / 4 * 4;
    Ok(MeldIds {
        kind: if from == 0 {
            MeldKind::ClosedKan
        } else {
            MeldKind::OpenKan
        },
        from,
        ids: (base..base + 4).collect(),
        called: (from != 0).then_some(id),
        added: None,
    })
}

/// The `m` of `meld` (the inverse of [`decode`]); `None` when its ids are no such meld.
pub(crate) fn encode(meld: &MeldIds) -> Option<u32> {
    let mut ids = meld.ids.clone();
    ids.sort_unstable();
    let from = u32::from(meld.from);
    let place = |id: Option<u32>| ids.iter().position(|&i| Some(i) == id).map(|p| p as u32);
    match meld.kind {
        MeldKind::Chi => {
            let kind = *ids.first()? / 4;
            let fits = ids.len() == 3
                && kind < 27
                && kind % 9 <= 6
                && ids
                    .iter()
                    .enumerate()
                    .all(|(i, &id)| id / 4 == kind + i as u32);
            if !fits {
                return None;
            }
            let base = kind / 9 * 7 + kind % 9;
            let copies = ids
                .iter()
                .enumerate()
                .fold(0, |bits, (i, &id)| bits | ((id % 4) << (3 + 2 * i)));
            Some(((base * 3 + place(meld.called)?) << 10) | copies | 0x4 | 3)
        }
        MeldKind::Pon | MeldKind::AddedKan => {
            let kind = *ids.first()? / 4;
            if ids.len() != 3 || ids.iter().any(|&id| id / 4 != kind) {
                return None;
            }
            let left_out = (0..4).find(|&i| !ids.contains(&(kind * 4 + i)))?;
            if meld.kind == MeldKind::AddedKan && meld.added != Some(kind * 4 + left_out) {
                return None;
            }
            let bit = if meld.kind == MeldKind::Pon {
                0x8
            } else {
                0x10
            };
            Some(((kind * 3 + place(meld.called)?) << 9) | (left_out << 5) | bit | (from & 3))
        }
        MeldKind::OpenKan | MeldKind::ClosedKan => {
            let kind = *ids.first()? / 4;
            if ids != (kind * 4..kind * 4 + 4).collect::<Vec<_>>() {
                return None;
            }
            match meld.kind {
                MeldKind::OpenKan => Some((meld.called? << 8) | (from & 3)),
                _ => Some((kind * 4) << 8),
            }
        }
        MeldKind::Kita => Some((*ids.first()? << 8) | 0x20),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_the_melds_of_real_records() {
        // 2019021004gm-00a9-0000-e2f6516d: `<N who="3" m="15360" />` a closed kan of 7p,
        // then the kan dora.
        let kan = decode(15360).unwrap();
        assert_eq!(kan.kind, MeldKind::ClosedKan);
        assert_eq!(kan.ids, vec![60, 61, 62, 63]);
        // A chi: m = 54647.
        let chi = decode(54647).unwrap();
        assert_eq!(chi.kind, MeldKind::Chi);
        assert_eq!(chi.from, 3);
        // 54647 >> 10 = 53: base 17, the 4th sequence of sou (4s-5s-6s, kinds 21-23), r 2.
        assert_eq!(
            chi.ids.iter().map(|id| id / 4).collect::<Vec<_>>(),
            [21, 22, 23]
        );
        assert_eq!(chi.called, Some(chi.ids[2]));
        // sanma2.xml: kita m = 31008 (0x7920): North id 121.
        let kita = decode(31008).unwrap();
        assert_eq!((kita.kind, kita.ids.clone()), (MeldKind::Kita, vec![121]));
    }

    #[test]
    fn every_meld_round_trips_through_its_bits() {
        for m in 0..=0xFFFFu32 {
            if let Ok(meld) = decode(m) {
                let again = encode(&meld).and_then(|m2| decode(m2).ok());
                assert_eq!(again.as_ref(), Some(&meld), "m={m}");
            }
        }
    }

    #[test]
    fn refuses_bad_bits() {
        assert!(decode(0x1_0000).is_err());
        assert!(decode(0x18 | 1).is_err());
        assert!(decode((63 << 10) | 0x4 | 3).is_err());
        assert!(decode((136 << 8) | 1).is_err());
        assert!(decode((100 << 8) | 0x20).is_err());
    }

    #[test]
    fn melds_of_the_wrong_tiles_have_no_bits() {
        let kan = |ids: Vec<u32>| MeldIds {
            kind: MeldKind::OpenKan,
            from: 1,
            called: ids.first().copied(),
            ids,
            added: None,
        };
        assert!(encode(&kan(vec![8, 9, 10, 11])).is_some());
        assert_eq!(encode(&kan(vec![8, 9, 10])), None);
        assert_eq!(encode(&kan(vec![8, 9, 10, 12])), None);
        let chi = MeldIds {
            kind: MeldKind::Chi,
            from: 3,
            ids: vec![28, 32, 36],
            called: Some(28),
            added: None,
        };
        // 8m-9m-1p is no sequence.
        assert_eq!(encode(&chi), None);
    }
}
