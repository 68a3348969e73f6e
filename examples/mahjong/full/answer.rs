//! What the person may type on a turn or at a call, and how an answer becomes a
//! [`KyokuAction`]: the hint line, the short forms (Enter, positions, `chi 2`) and the
//! messages of answers that name no legal action.

use mahjong_core::score::TileCopy;
use mahjong_core::{KyokuAction, KyokuView, excerpt};

use crate::full::table::in_order;
use crate::names::{Names, parse_copy};

/// The choices of one kind of action among the legal ones: every chi, every pon.
fn choices(view: &KyokuView, kind: fn(&KyokuAction) -> bool) -> Vec<KyokuAction> {
    view.legal.iter().copied().filter(kind).collect()
}

fn is_chi(action: &KyokuAction) -> bool {
    matches!(action, KyokuAction::Chi(..))
}

fn is_pon(action: &KyokuAction) -> bool {
    matches!(action, KyokuAction::Pon(..))
}

fn is_kan(action: &KyokuAction) -> bool {
    matches!(
        action,
        KyokuAction::OpenKan | KyokuAction::ClosedKan(_) | KyokuAction::AddedKan(_)
    )
}

fn is_riichi(action: &KyokuAction) -> bool {
    matches!(
        action,
        KyokuAction::Riichi(_) | KyokuAction::RiichiTsumogiri
    )
}

/// Whether the view asks for an answer to a discard or kan (a call, ron or pass).
pub fn is_claim(view: &KyokuView) -> bool {
    view.legal.contains(&KyokuAction::Pass)
}

/// Whether the person has a real choice: more than passing a discard, or more than the
/// tsumogiri that riichi forces. Otherwise the program answers for them.
pub fn forced(view: &KyokuView) -> Option<KyokuAction> {
    match view.legal[..] {
        [only @ (KyokuAction::Pass | KyokuAction::Tsumogiri)] => Some(only),
        _ => None,
    }
}

/// An action in the person's notation: `chi 3M 4M`, `riichi 0P`.
fn written(action: KyokuAction, names: Names) -> String {
    names.text(&action.to_string())
}

/// A numbered list of `options`: `1 = chi 3M 4M, 2 = chi 4M 6M`.
fn numbered(options: &[KyokuAction], names: Names) -> String {
    let items: Vec<String> = options
        .iter()
        .enumerate()
        .map(|(i, &a)| format!("{} = {}", i + 1, written(a, names)))
        .collect();
    items.join(", ")
}

/// The hint line: what the person may type now.
pub fn hint(view: &KyokuView, names: Names) -> String {
    if is_claim(view) {
        claim_hint(view, names)
    } else {
        turn_hint(view, names)
    }
}

/// The calls the person may make on the offered tile, and how to pass.
fn claim_hint(view: &KyokuView, names: Names) -> String {
    let offered = view.offered.map(|c| names.copy(c)).unwrap_or_default();
    let mut parts = Vec::new();
    for (word, kind) in [("chi", is_chi as fn(&KyokuAction) -> bool), ("pon", is_pon)] {
        let options = choices(view, kind);
        match options[..] {
            [] => {}
            [one] => {
                let tiles = written(one, names);
                let tiles = tiles.trim_start_matches(word).trim();
                parts.push(format!("{word} (with {tiles})"));
            }
            _ => parts.push(format!("{word} N ({})", numbered(&options, names))),
        }
    }
    let ron = view.legal.contains(&KyokuAction::Ron);
    if view.legal.contains(&KyokuAction::OpenKan) {
        parts.push("kan".into());
    }
    if ron {
        parts.push("ron".into());
    }
    let wins = if ron {
        format!("{offered} completes your hand! ")
    } else {
        String::new()
    };
    format!(
        "{wins}{offered} is offered: type {}, or pass (Enter passes).",
        parts.join(", ")
    )
}

/// What the person may do on their turn: discard, riichi, tsumo, kans, kyuushu.
fn turn_hint(view: &KyokuView, names: Names) -> String {
    let (rest, drawn) = in_order(view);
    let count = rest.len() + usize::from(drawn.is_some());
    let enter = if drawn.is_some() {
        " (Enter: the drawn tile)"
    } else {
        ""
    };
    let only_tsumogiri = !view
        .legal
        .iter()
        .any(|a| matches!(a, KyokuAction::Discard(_)));
    let mut parts = vec![if only_tsumogiri && drawn.is_some() {
        "Enter to discard the drawn tile (in riichi, the only discard)".to_string()
    } else {
        format!("a tile or its position 1-{count} to discard{enter}")
    }];
    let riichi = choices(view, is_riichi);
    if !riichi.is_empty() {
        let tiles: Vec<String> = riichi
            .iter()
            .map(|&a| riichi_tile(a, view, names))
            .collect();
        parts.push(format!("riichi <tile> ({})", tiles.join(" ")));
    }
    let tsumo = view.legal.contains(&KyokuAction::Tsumo);
    if tsumo {
        parts.push("tsumo".into());
    }
    parts.extend(
        choices(view, is_kan)
            .into_iter()
            .map(|kan| written(kan, names)),
    );
    if view.legal.contains(&KyokuAction::Kita) {
        parts.push("kita (set a North aside: a dora, and a tile drawn in its place)".into());
    }
    if view.legal.contains(&KyokuAction::KyuushuKyuuhai) {
        parts.push("kyuushu (abort the hand)".into());
    }
    let wins = if tsumo { "Your hand is complete! " } else { "" };
    format!("{wins}Type {}.", parts.join("; "))
}

/// The tile a riichi action discards.
fn riichi_tile(action: KyokuAction, view: &KyokuView, names: Names) -> String {
    match (action, view.drawn) {
        (KyokuAction::Riichi(copy), _) | (KyokuAction::RiichiTsumogiri, Some(copy)) => {
            names.copy(copy)
        }
        _ => "?".into(),
    }
}

/// Reads the person's answer as one action. It is not checked against the rules here
/// (the hand refuses an illegal one, saying why); only the short forms that need the
/// legal actions (Enter, `chi 2`, `riichi` with one choice) read them.
pub fn parse(answer: &str, view: &KyokuView, names: Names) -> Result<KyokuAction, String> {
    let words: Vec<&str> = answer.split_whitespace().collect();
    let first = words.first().map(|w| w.to_lowercase());
    let claim = is_claim(view);
    match (first.as_deref(), &words[..]) {
        (None, _) if claim => Ok(KyokuAction::Pass),
        (None, _) if view.drawn.is_some() => Ok(KyokuAction::Tsumogiri),
        (None, _) => Err("type the tile to discard (or its position)".into()),
        (Some("p"), [_]) => Ok(KyokuAction::Pass),
        (Some(word @ ("chi" | "pon")), [_]) => only(view, word, names),
        (Some(word @ ("chi" | "pon")), [_, n]) if n.chars().all(|c| c.is_ascii_digit()) => {
            numbered_choice(view, word, n, names)
        }
        (Some("kan"), [_]) if !claim => only(view, "kan", names),
        (Some("kan"), [_, tile]) => kan_of(view, tile, names),
        (Some("riichi" | "r"), [_]) => only(view, "riichi", names),
        (Some("riichi" | "r"), [_, tile]) => {
            let target = tile_at(tile, view, names)?;
            discard(
                view,
                target,
                KyokuAction::RiichiTsumogiri,
                KyokuAction::Riichi,
                names,
            )
        }
        (Some("discard" | "d"), [_, tile]) | (_, [tile]) if !claim && is_tile(tile) => {
            let target = tile_at(tile, view, names)?;
            discard(
                view,
                target,
                KyokuAction::Tsumogiri,
                KyokuAction::Discard,
                names,
            )
        }
        _ => answer.parse::<KyokuAction>().map_err(|_| {
            format!(
                "`{}` is not something you can do now. {}",
                excerpt(answer),
                hint(view, names)
            )
        }),
    }
}

/// Whether `word` looks like a tile or a position rather than an action word.
fn is_tile(word: &str) -> bool {
    word.chars()
        .next()
        .is_some_and(|c| !c.is_ascii_alphabetic())
}

/// The one legal action of a kind named by `word` alone; when there are several, the
/// message lists them.
fn only(view: &KyokuView, word: &str, names: Names) -> Result<KyokuAction, String> {
    let kind: fn(&KyokuAction) -> bool = match word {
        "chi" => is_chi,
        "pon" => is_pon,
        "riichi" => is_riichi,
        _ => is_kan,
    };
    let options = choices(view, kind);
    match options[..] {
        [] => Err(format!("you cannot {word} now. {}", hint(view, names))),
        [one] => Ok(one),
        _ if word == "riichi" => Err(format!("riichi with which discard? {}", hint(view, names))),
        _ if word == "kan" => {
            let kans: Vec<String> = options.iter().map(|&a| written(a, names)).collect();
            Err(format!("which kan? type {}", kans.join(" or ")))
        }
        _ => Err(format!(
            "which {word}? type {word} N: {}",
            numbered(&options, names)
        )),
    }
}

/// `chi 2`: the second chi listed.
fn numbered_choice(
    view: &KyokuView,
    word: &str,
    n: &str,
    names: Names,
) -> Result<KyokuAction, String> {
    let kind = if word == "chi" { is_chi } else { is_pon };
    let options = choices(view, kind);
    n.parse::<usize>()
        .ok()
        .and_then(|n| n.checked_sub(1))
        .and_then(|i| options.get(i).copied())
        .ok_or_else(|| match options.len() {
            0 => format!("you cannot {word} now. {}", hint(view, names)),
            len => format!(
                "{word} {}: choose 1 to {len} ({})",
                excerpt(n),
                numbered(&options, names)
            ),
        })
}

/// `kan 5m`: the closed or added kan of that kind.
fn kan_of(view: &KyokuView, tile: &str, names: Names) -> Result<KyokuAction, String> {
    let tile = parse_copy(tile, names)?.tile;
    let options = choices(view, is_kan);
    options
        .into_iter()
        .find(|a| matches!(a, KyokuAction::ClosedKan(t) | KyokuAction::AddedKan(t) if *t == tile))
        .ok_or_else(|| format!("you have no kan of {} now", names.tile(tile)))
}

/// The tile a word names: a tile in any notation, or a position in the hand as shown (1
/// = leftmost, the drawn tile last).
enum Target {
    /// A tile by its name.
    Named(TileCopy),
    /// A tile by its position: `drawn` when it is the drawn tile's.
    At { copy: TileCopy, drawn: bool },
}

/// The tile `word` names.
fn tile_at(word: &str, view: &KyokuView, names: Names) -> Result<Target, String> {
    if !word.chars().all(|c| c.is_ascii_digit()) {
        return parse_copy(word, names).map(Target::Named);
    }
    let (rest, drawn) = in_order(view);
    let held = rest.len();
    let tiles: Vec<TileCopy> = rest.into_iter().chain(drawn).collect();
    let index = word.parse::<usize>().ok().and_then(|p| p.checked_sub(1));
    match index.and_then(|i| Some((i, *tiles.get(i)?))) {
        Some((i, copy)) => Ok(Target::At {
            copy,
            drawn: i == held,
        }),
        None => Err(format!(
            "position {}: your hand has 1 to {}",
            excerpt(word),
            tiles.len()
        )),
    }
}

/// Discarding `target`: the drawn tile (`drawn_action`) when named by its position, or
/// when named by its kind and the hand holds no other copy of it; else the copy from the
/// hand. A tile the seat does not hold (a red five when it holds only plain ones included)
/// is refused here, saying so.
fn discard(
    view: &KyokuView,
    target: Target,
    drawn_action: KyokuAction,
    from_hand: fn(TileCopy) -> KyokuAction,
    names: Names,
) -> Result<KyokuAction, String> {
    let (rest, drawn) = in_order(view);
    let copy = match target {
        Target::At { drawn: true, .. } => return Ok(drawn_action),
        Target::At { copy, .. } => return Ok(from_hand(copy)),
        Target::Named(copy) => copy,
    };
    // A plain five typed for a hand that holds only the red one means the red one.
    let red = TileCopy { red: true, ..copy };
    let drawn_kind = drawn.is_some_and(|d| d == copy || (!copy.red && d.tile == copy.tile));
    if rest.contains(&copy) {
        Ok(from_hand(copy))
    } else if drawn_kind {
        Ok(drawn_action)
    } else if !copy.red && rest.contains(&red) {
        Ok(from_hand(red))
    } else {
        Err(format!("{} is not in your hand", names.copy(copy)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mahjong_core::score::Wind;
    use mahjong_core::{Rules, Seat};

    fn copy(text: &str) -> TileCopy {
        text.parse().unwrap()
    }

    fn copies(text: &str) -> Vec<TileCopy> {
        text.split(' ').map(copy).collect()
    }

    /// Seat 0's view with `concealed` tiles (index order), `drawn` among them, and `legal`.
    fn view(concealed: &str, drawn: Option<&str>, legal: &[&str]) -> KyokuView {
        KyokuView {
            rules: Rules::tenhou(),
            seat: Seat::ALL[0],
            dealer: Seat::ALL[0],
            round_wind: Wind::East,
            concealed: copies(concealed),
            drawn: drawn.map(copy),
            offered: None,
            melds: Default::default(),
            discards: Default::default(),
            riichi: [false; 4],
            kita: [0; 4],
            dora_indicators: copies("1m"),
            points: [25_000; 4],
            honba: 0,
            riichi_sticks: 0,
            live_tiles: 60,
            legal: legal.iter().map(|a| a.parse().unwrap()).collect(),
            outcome: None,
        }
    }

    fn action(text: &str) -> KyokuAction {
        text.parse().unwrap()
    }

    const HAND: &str = "1m 2m 3m 0p 5p 6p 7p 8p 9p 1s 1s 7z 7z 5p";

    fn turn() -> KyokuView {
        let legal = [
            "tsumogiri",
            "discard 1m",
            "discard 0p",
            "discard 5p",
            "discard 7z",
            "riichi 7z",
            "riichi tsumogiri",
            "tsumo",
        ];
        view(HAND, Some("5p"), &legal)
    }

    #[test]
    fn a_turn_reads_enter_tiles_positions_and_riichi() {
        let view = turn();
        let read = |text: &str| parse(text, &view, Names::Codes);
        assert_eq!(read(""), Ok(action("tsumogiri")));
        assert_eq!(read("1M"), Ok(action("discard 1m")));
        assert_eq!(read("d 7z"), Ok(action("discard 7z")));
        assert_eq!(read("discard 중"), Ok(action("discard 7z")));
        // The red five by name; a plain five is the plain copy of the hand.
        assert_eq!(read("0P"), Ok(action("discard 0p")));
        assert_eq!(read("5p"), Ok(action("discard 5p")));
        // Position 1 is the first tile, 14 the drawn one.
        assert_eq!(read("1"), Ok(action("discard 1m")));
        assert_eq!(read("14"), Ok(action("tsumogiri")));
        assert_eq!(read("tsumo"), Ok(action("tsumo")));
        // Riichi alone is ambiguous here; with a tile it is not.
        assert!(
            read("riichi")
                .unwrap_err()
                .starts_with("riichi with which discard?")
        );
        assert_eq!(read("r 7Z"), Ok(action("riichi 7z")));
        assert_eq!(read("riichi 14"), Ok(action("riichi tsumogiri")));
        let hint = hint(&view, Names::Codes);
        assert_eq!(
            hint,
            "Your hand is complete! Type a tile or its position 1-14 to discard (Enter: the \
             drawn tile); riichi <tile> (7Z 5P); tsumo."
        );
    }

    #[test]
    fn bad_answers_say_what_is_wrong() {
        let view = turn();
        let read = |text: &str| parse(text, &view, Names::Codes);
        assert_eq!(read("15"), Err("position 15: your hand has 1 to 14".into()));
        assert_eq!(
            read("8z"),
            Err(
                "`8z` is not a tile: write a tile like 5P or 7Z, or its position in your hand"
                    .into()
            )
        );
        assert!(
            read("hello")
                .unwrap_err()
                .starts_with("`hello` is not something you can do")
        );
        assert!(
            read("chi")
                .unwrap_err()
                .starts_with("you cannot chi now. Your hand is complete! Type a tile")
        );
        assert_eq!(read("kan 5m"), Err("you have no kan of 5M now".into()));
        assert_eq!(read("9s"), Err("9S is not in your hand".into()));
        assert_eq!(read("r 9s"), Err("9S is not in your hand".into()));
    }

    #[test]
    fn a_red_five_is_not_discarded_for_a_plain_one() {
        let legal = ["tsumogiri", "discard 5p"];
        let plain = view(
            "1m 2m 3m 5p 5p 6p 7p 8p 9p 1s 1s 7z 7z 7z",
            Some("5p"),
            &legal,
        );
        let read = |text: &str| parse(text, &plain, Names::Codes);
        assert_eq!(read("5p"), Ok(action("discard 5p")));
        assert_eq!(read("0p"), Err("0P is not in your hand".into()));
        // The drawn red five by name, when the hand holds only plain ones besides.
        let red = view(
            "1m 2m 3m 5p 0p 6p 7p 8p 9p 1s 1s 7z 7z 7z",
            Some("0p"),
            &legal,
        );
        assert_eq!(parse("0p", &red, Names::Codes), Ok(action("tsumogiri")));
    }

    #[test]
    fn a_call_reads_enter_as_pass_and_numbers_the_choices() {
        let mut view = view(
            "3m 4m 0m 6m 6m 1p 2p 3p 1s 2s 3s 9s 9s",
            None,
            &["ron", "chi 34m", "chi 46m", "chi 06m", "pon 66m", "pass"],
        );
        view.offered = Some(copy("5m"));
        assert!(is_claim(&view) && forced(&view).is_none());
        let read = |text: &str| parse(text, &view, Names::Codes);
        assert_eq!(read(""), Ok(action("pass")));
        assert_eq!(read("p"), Ok(action("pass")));
        assert_eq!(read("ron"), Ok(action("ron")));
        assert_eq!(read("chi 2"), Ok(action("chi 46m")));
        assert_eq!(read("chi 4m 6m"), Ok(action("chi 46m")));
        assert_eq!(read("pon"), Ok(action("pon 66m")));
        assert_eq!(
            read("chi 4"),
            Err("chi 4: choose 1 to 3 (1 = chi 3M 4M, 2 = chi 4M 6M, 3 = chi 0M 6M)".into())
        );
        assert_eq!(
            read("chi 99999999999999999999999"),
            Err(
                "chi 99999999999999999999…: choose 1 to 3 (1 = chi 3M 4M, 2 = chi 4M 6M, 3 = chi \
                 0M 6M)"
                    .into()
            )
        );
        assert_eq!(
            read("chi"),
            Err("which chi? type chi N: 1 = chi 3M 4M, 2 = chi 4M 6M, 3 = chi 0M 6M".into())
        );
        assert_eq!(
            hint(&view, Names::Codes),
            "5M completes your hand! 5M is offered: type chi N (1 = chi 3M 4M, 2 = chi 4M 6M, \
             3 = chi 0M 6M), pon (with 6M 6M), ron, or pass (Enter passes)."
        );
    }

    #[test]
    fn no_choice_is_answered_for_the_person() {
        let pass = view("1m 2m", None, &["pass"]);
        assert_eq!(forced(&pass), Some(KyokuAction::Pass));
        let riichi = view("1m 2m 3m", Some("3m"), &["tsumogiri"]);
        assert_eq!(forced(&riichi), Some(KyokuAction::Tsumogiri));
        assert_eq!(forced(&turn()), None);
    }

    #[test]
    fn in_riichi_the_hint_offers_only_the_drawn_tile() {
        let view = view(
            "1m 2m 3m 0p 5p 6p 7p 8p 9p 1s 1s 7z 7z 7z",
            Some("7z"),
            &["tsumogiri", "tsumo", "ankan 7z"],
        );
        assert_eq!(
            hint(&view, Names::Codes),
            "Your hand is complete! Type Enter to discard the drawn tile (in riichi, the only \
             discard); tsumo; ankan 7Z."
        );
        assert_eq!(parse("", &view, Names::Codes), Ok(action("tsumogiri")));
    }

    #[test]
    fn kans_are_named_by_their_tile() {
        let view = view(
            "1m 1m 1m 1m 2p 2p 2p 2p 5s 6s 7s 9s 9s 9s",
            Some("9s"),
            &["ankan 1m", "ankan 2p", "tsumogiri", "discard 1m"],
        );
        let read = |text: &str| parse(text, &view, Names::Codes);
        assert_eq!(read("kan 2P"), Ok(action("ankan 2p")));
        assert_eq!(read("ankan 1m"), Ok(action("ankan 1m")));
        assert_eq!(
            read("kan"),
            Err("which kan? type ankan 1M or ankan 2P".into())
        );
    }
}
