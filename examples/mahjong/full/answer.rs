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
    let mut parts = Vec::new();
    if is_claim(view) {
        let offered = view.offered.map(|c| names.copy(c)).unwrap_or_default();
        for (word, kind) in [("chi", is_chi as fn(&KyokuAction) -> bool), ("pon", is_pon)] {
            let options = choices(view, kind);
            match options.len() {
                0 => {}
                1 => {
                    let tiles = written(options[0], names);
                    let tiles = tiles.trim_start_matches(word).trim();
                    parts.push(format!("{word} (with {tiles})"));
                }
                _ => parts.push(format!("{word} N ({})", numbered(&options, names))),
            }
        }
        if view.legal.contains(&KyokuAction::OpenKan) {
            parts.push("kan".into());
        }
        if view.legal.contains(&KyokuAction::Ron) {
            parts.push("ron".into());
        }
        return format!(
            "{offered} is offered: type {}, or pass (Enter passes).",
            parts.join(", ")
        );
    }
    let (rest, drawn) = in_order(view);
    let count = rest.len() + usize::from(drawn.is_some());
    let enter = if drawn.is_some() {
        " (Enter: the drawn tile)"
    } else {
        ""
    };
    parts.push(format!(
        "a tile or its position 1-{count} to discard{enter}"
    ));
    let riichi = choices(view, is_riichi);
    if !riichi.is_empty() {
        let tiles: Vec<String> = riichi
            .iter()
            .map(|&a| riichi_tile(a, view, names))
            .collect();
        parts.push(format!("riichi <tile> ({})", tiles.join(" ")));
    }
    if view.legal.contains(&KyokuAction::Tsumo) {
        parts.push("tsumo".into());
    }
    for kan in choices(view, is_kan) {
        parts.push(written(kan, names));
    }
    if view.legal.contains(&KyokuAction::KyuushuKyuuhai) {
        parts.push("kyuushu (abort the hand)".into());
    }
    format!("Type {}.", parts.join("; "))
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
        (Some(word @ ("chi" | "pon")), [_, n]) if n.parse::<usize>().is_ok() => {
            numbered_choice(view, word, n, names)
        }
        (Some("kan"), [_]) if !claim => only(view, "kan", names),
        (Some("kan"), [_, tile]) => kan_of(view, tile, names),
        (Some("riichi" | "r"), [_]) => only(view, "riichi", names),
        (Some("riichi" | "r"), [_, tile]) => {
            let copy = tile_at(tile, view, names)?;
            Ok(discard(
                view,
                copy,
                KyokuAction::RiichiTsumogiri,
                KyokuAction::Riichi,
            ))
        }
        (Some("discard" | "d"), [_, tile]) | (_, [tile]) if !claim && is_tile(tile) => {
            let copy = tile_at(tile, view, names)?;
            Ok(discard(
                view,
                copy,
                KyokuAction::Tsumogiri,
                KyokuAction::Discard,
            ))
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

/// The tile a word names: a tile in any notation, or a position in the hand as shown
/// (1 = leftmost, the drawn tile last).
fn tile_at(word: &str, view: &KyokuView, names: Names) -> Result<TileCopy, String> {
    if !word.chars().all(|c| c.is_ascii_digit()) {
        return parse_copy(word, names);
    }
    let (rest, drawn) = in_order(view);
    let tiles: Vec<TileCopy> = rest.into_iter().chain(drawn).collect();
    word.parse::<usize>()
        .ok()
        .and_then(|p| p.checked_sub(1))
        .and_then(|i| tiles.get(i).copied())
        .ok_or_else(|| {
            format!(
                "position {}: your hand has 1 to {}",
                excerpt(word),
                tiles.len()
            )
        })
}

/// Discarding `copy`: from the hand when the hand holds it apart from the drawn tile,
/// else the drawn tile (`drawn_action`); the hand refuses a tile the seat does not hold.
fn discard(
    view: &KyokuView,
    copy: TileCopy,
    drawn_action: KyokuAction,
    from_hand: fn(TileCopy) -> KyokuAction,
) -> KyokuAction {
    let (rest, drawn) = in_order(view);
    // A plain five typed for a hand that holds only the red one means the red one.
    let held = |c: TileCopy| rest.contains(&c);
    let red = TileCopy { red: true, ..copy };
    match () {
        _ if held(copy) => from_hand(copy),
        _ if !copy.red && held(red) && drawn.map(|d| d.tile) != Some(copy.tile) => from_hand(red),
        _ if drawn.map(|d| d.tile) == Some(copy.tile) => drawn_action,
        _ => from_hand(copy),
    }
}
