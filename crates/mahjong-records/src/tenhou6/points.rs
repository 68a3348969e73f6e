//! The points string of a win: `"30符1飜1000点"` (a ron), `"30符2飜500-1000点"` (a
//! non-dealer's tsumo: each non-dealer's payment, then the dealer's), `"40符2飜1300点∀"`
//! (the dealer's tsumo: all pay the same), or a limit's name in place of the fu and han
//! (`満貫`, `跳満`, `倍満`, `三倍満`, `役満`; tensoul also `数え役満`, `切り上げ満貫` and their
//! English names). Payments leave out the honba and riichi sticks (tenhou.net/6's viewer
//! needs only the final `点`; tensoul `convert.js`, `parsehule`).

/// What a tsumo or ron is paid, without honba and sticks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Payment {
    /// The discarder pays it all.
    Ron(u32),
    /// A non-dealer's tsumo: each non-dealer pays `ko`, the dealer `oya`.
    Tsumo { ko: u32, oya: u32 },
    /// The dealer's tsumo: each other seat pays the same.
    DealerTsumo(u32),
}

impl Payment {
    /// The hand's value at a table of `seats` (mjai's `hora_points`; at most `u32::MAX`).
    pub(super) fn total(self, seats: u32) -> u32 {
        match self {
            Payment::Ron(points) => points,
            Payment::Tsumo { ko, oya } => ko
                .saturating_mul(seats.saturating_sub(2))
                .saturating_add(oya),
            Payment::DealerTsumo(each) => each.saturating_mul(seats.saturating_sub(1)),
        }
    }

    /// The payment of a win worth `total` (mjai's `hora_points`) at a table of `seats`:
    /// each payment is a multiple of 100 and a dealer's is twice the basic points rounded
    /// up, a non-dealer's once, so that `total` decides them.
    pub(super) fn of_total(total: u32, tsumo: bool, dealer: bool, seats: u32) -> Payment {
        let others = seats.saturating_sub(1).max(1);
        match (tsumo, dealer) {
            (false, _) => Payment::Ron(total),
            (true, true) => Payment::DealerTsumo(total / others),
            (true, false) => {
                // total = ko × (seats - 2) + oya, oya = 2 × ko or 2 × ko - 100: so
                // total is ko × seats or 100 less.
                let ko = total.div_ceil(100 * seats.clamp(1, 4)).saturating_mul(100);
                let oya = total.saturating_sub(ko.saturating_mul(seats.saturating_sub(2)));
                Payment::Tsumo { ko, oya }
            }
        }
    }
}

/// A points string read: the fu and han when written, whether a limit was named, and the
/// payment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Points {
    pub(super) fu: Option<u32>,
    pub(super) han: Option<u32>,
    pub(super) payment: Payment,
}

/// The limits' names, Tenhou's and tensoul's.
const LIMITS: [&str; 14] = [
    "数え役満",
    "三倍満",
    "切り上げ満貫",
    "満貫",
    "跳満",
    "倍満",
    "役満",
    "Kazoe Yakuman ",
    "Counted Yakuman ",
    "Sanbaiman ",
    "Kiriage Mangan ",
    "Rounded Mangan ",
    "Haneman ",
    "Baiman ",
];

/// Reads a points string; `None` when it is of no known form.
pub(super) fn parse(text: &str) -> Option<Points> {
    let (mut fu, mut han) = (None, None);
    let mut rest = text;
    if let Some((number, after)) = rest.split_once('符') {
        fu = Some(number.parse().ok()?);
        let (number, after) = after.split_once('飜')?;
        han = Some(number.parse().ok()?);
        rest = after;
    }
    for limit in LIMITS.iter().chain(["Mangan ", "Yakuman "].iter()) {
        if let Some(after) = rest.strip_prefix(limit) {
            rest = after;
            break;
        }
    }
    let (amount, mark) = rest.split_once('点')?;
    let payment = match (amount.split_once('-'), mark) {
        (Some((ko, oya)), "") => Payment::Tsumo {
            ko: ko.parse().ok()?,
            oya: oya.parse().ok()?,
        },
        (None, "∀") => Payment::DealerTsumo(amount.parse().ok()?),
        (None, "") => Payment::Ron(amount.parse().ok()?),
        _ => return None,
    };
    Some(Points { fu, han, payment })
}

/// Tenhou's points string of a win of `han` (13 or more with a yakuman: `役満`) and `fu`
/// (`None` when unknown, which only a limit hand may be).
pub(super) fn string(fu: Option<u32>, han: u32, yakuman: bool, payment: Payment) -> String {
    let basic = fu.map(|fu| u64::from(fu) << (han.min(10) + 2));
    let limit = match han {
        _ if yakuman || han >= 13 => Some("役満"),
        11..=12 => Some("三倍満"),
        8..=10 => Some("倍満"),
        6..=7 => Some("跳満"),
        5 => Some("満貫"),
        3..=4 if basic.is_none_or(|b| b >= 2000) => Some("満貫"),
        _ => None,
    };
    let head = match (limit, fu) {
        (Some(limit), _) => limit.to_string(),
        (None, Some(fu)) => format!("{fu}符{han}飜"),
        (None, None) => format!("{han}飜"),
    };
    let amount = match payment {
        Payment::Ron(points) => format!("{points}点"),
        Payment::Tsumo { ko, oya } => format!("{ko}-{oya}点"),
        Payment::DealerTsumo(each) => format!("{each}点∀"),
    };
    head + &amount
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_strings_read() {
        let p = |fu, han, payment| Some(Points { fu, han, payment });
        assert_eq!(
            parse("30符1飜1000点"),
            p(Some(30), Some(1), Payment::Ron(1000))
        );
        assert_eq!(
            parse("20符3飜700-1300点"),
            p(Some(20), Some(3), Payment::Tsumo { ko: 700, oya: 1300 })
        );
        assert_eq!(
            parse("40符2飜1300点∀"),
            p(Some(40), Some(2), Payment::DealerTsumo(1300))
        );
        assert_eq!(
            parse("満貫2000-4000点"),
            p(
                None,
                None,
                Payment::Tsumo {
                    ko: 2000,
                    oya: 4000
                }
            )
        );
        assert_eq!(
            parse("役満16000-32000点"),
            p(
                None,
                None,
                Payment::Tsumo {
                    ko: 16000,
                    oya: 32000
                }
            )
        );
        assert_eq!(parse("Mangan 8000点"), p(None, None, Payment::Ron(8000)));
        assert_eq!(parse("1000"), None);
        assert_eq!(parse("30符1000点"), None);
    }

    #[test]
    fn totals_give_back_the_payments() {
        for (payment, seats) in [
            (Payment::Tsumo { ko: 300, oya: 500 }, 4),
            (Payment::Tsumo { ko: 700, oya: 1300 }, 4),
            (
                Payment::Tsumo {
                    ko: 2000,
                    oya: 4000,
                },
                4,
            ),
            (Payment::Tsumo { ko: 400, oya: 700 }, 3),
            (
                Payment::Tsumo {
                    ko: 1000,
                    oya: 2000,
                },
                3,
            ),
            (Payment::DealerTsumo(2600), 4),
            (Payment::Ron(7700), 4),
        ] {
            let dealer = matches!(payment, Payment::DealerTsumo(_));
            let tsumo = !matches!(payment, Payment::Ron(_));
            assert_eq!(
                Payment::of_total(payment.total(seats), tsumo, dealer, seats),
                payment
            );
        }
        assert_eq!(
            string(Some(30), 1, false, Payment::Ron(1000)),
            "30符1飜1000点"
        );
        assert_eq!(string(None, 4, false, Payment::Ron(8000)), "満貫8000点");
        assert_eq!(
            string(Some(30), 4, false, Payment::DealerTsumo(3900)),
            "30符4飜3900点∀"
        );
        assert_eq!(string(Some(40), 4, false, Payment::Ron(8000)), "満貫8000点");
        assert_eq!(
            string(Some(0), 26, true, Payment::Ron(64000)),
            "役満64000点"
        );
    }
}
