//! The search's pattern tables: the class of every line through a point (five, open four,
//! four, open three, three, open two, two, one, dead), computed once for all 3^10 lines of
//! [`crate::line`], and the threat a stone makes on a point from the classes of its four
//! lines (five, open four, four-three, four, double-three, three), with the point's value
//! for the evaluation and the move order. Renju fouls are accounted for: black's double-four
//! and overline points are [`Threat::Forbidden`]; a possible double-three of a colour with
//! fouls is left to the exact check of the move's legality ([spec](crate::spec) section 3).

use std::sync::LazyLock;

use crate::line::{self, OFFSETS};
use crate::rule::Rule;
use crate::stone::Stone;

/// The class of one line through a point, once a stone of the line's colour is on it,
/// weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[repr(u8)]
pub(crate) enum LineClass {
    /// No window of five points with room for a five.
    Dead,
    /// One stone (the point's own) in the best window.
    One,
    /// Two stones in a window, with no point making an open three.
    Two,
    /// Two stones and a point that makes an open three.
    OpenTwo,
    /// Three or four stones in a window, with no point making a four that can become a
    /// straight four.
    Three,
    /// A three: one more stone makes a straight four.
    OpenThree,
    /// A four: one point makes a five.
    Four,
    /// Two fours on the line (not a straight four): a double-four, a foul of renju black.
    FourFour,
    /// A straight four: two points make a five.
    OpenFour,
    /// A five (or, where six or more win, a longer run).
    Five,
    /// Six or more, where only an exact five wins.
    Overline,
}

const CLASSES: usize = LineClass::Overline as usize + 1;

impl LineClass {
    const ALL: [LineClass; CLASSES] = [
        LineClass::Dead,
        LineClass::One,
        LineClass::Two,
        LineClass::OpenTwo,
        LineClass::Three,
        LineClass::OpenThree,
        LineClass::Four,
        LineClass::FourFour,
        LineClass::OpenFour,
        LineClass::Five,
        LineClass::Overline,
    ];

    /// The class of the line with shape-table index `index` (a stone of its colour on the
    /// centre), where only an exact five wins if `exact`.
    fn of(index: usize, exact: bool) -> LineClass {
        let shape = line::shape(index);
        let wins = shape.winning_points(exact);
        if shape.is_five() || (!exact && shape.is_overline()) {
            LineClass::Five
        } else if shape.is_overline() {
            LineClass::Overline
        } else if shape.is_straight_four() {
            LineClass::OpenFour
        } else if wins >= 2 {
            LineClass::FourFour
        } else if wins == 1 {
            LineClass::Four
        } else if shape.three_points() != 0 {
            LineClass::OpenThree
        } else {
            match shape.window() {
                0 => LineClass::Dead,
                1 => LineClass::One,
                2 if makes_open_three(index) => LineClass::OpenTwo,
                2 => LineClass::Two,
                _ => LineClass::Three,
            }
        }
    }

    /// The value of a line of this class, in evaluation points: fitted to game results with
    /// the evaluation's other terms (`bench/tune.py`; a five and an overline are never
    /// counted in the positions the search evaluates and keep their first values).
    const fn value(self) -> i32 {
        match self {
            LineClass::Dead | LineClass::Overline => 0,
            LineClass::One => 4,
            LineClass::Two => -2,
            LineClass::OpenTwo => 29,
            LineClass::Three => 32,
            LineClass::OpenThree => 219,
            LineClass::Four => 450,
            LineClass::FourFour => 535,
            LineClass::OpenFour => 562,
            LineClass::Five => 2_000,
        }
    }
}

/// Whether one more own stone on some empty cell of the line with index `index` makes it a
/// three through the centre.
fn makes_open_three(index: usize) -> bool {
    (0..OFFSETS.len() as u32).any(|k| {
        let weight = 3usize.pow(k);
        (index / weight).is_multiple_of(3) && line::shape(index + weight).three_points() != 0
    })
}

/// What a stone on a point makes, from its four lines, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[repr(u8)]
pub(crate) enum Threat {
    /// A renju foul of black's (double-four, overline): never played.
    Forbidden,
    /// Nothing that forces a reply.
    None,
    /// One three.
    Three,
    /// Two or more threes (a possible foul of a colour with fouls: checked when played).
    DoubleThree,
    /// One four.
    Four,
    /// A four and a three.
    FourThree,
    /// A straight four, or two fours: five cannot be stopped.
    OpenFour,
    /// A five.
    Five,
}

impl Threat {
    const ALL: [Threat; THREATS] = [
        Threat::Forbidden,
        Threat::None,
        Threat::Three,
        Threat::DoubleThree,
        Threat::Four,
        Threat::FourThree,
        Threat::OpenFour,
        Threat::Five,
    ];

    /// The threat numbered `index` (its `as usize`), the strongest past the last.
    pub(crate) fn from_index(index: usize) -> Threat {
        Threat::ALL[index.min(THREATS - 1)]
    }
}

/// The number of [`Threat`]s.
pub(crate) const THREATS: usize = Threat::Five as usize + 1;

/// The threat and value of a point for one colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Combined {
    pub(crate) threat: Threat,
    pub(crate) value: i32,
}

impl Combined {
    /// Nothing, worth nothing: before a point is read.
    pub(crate) const NOTHING: Combined = Combined {
        threat: Threat::None,
        value: 0,
    };
}

/// How a colour's fouls change the threat of a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fouls {
    None,
    /// Double-threes are forbidden (omok, both colours).
    DoubleThree,
    /// Black under renju: double-four and overline as well.
    Renju,
}

/// The line classes of every line index, for exact fives (`[1]`) and not (`[0]`).
static LINE_CLASSES: LazyLock<[Box<[LineClass]>; 2]> = LazyLock::new(|| {
    [false, true].map(|exact| {
        (0..3usize.pow(10))
            .map(|index| LineClass::of(index, exact))
            .collect()
    })
});

/// The combined threat and value of every four line classes, per [`Fouls`].
static COMBINED: LazyLock<[Box<[Combined]>; 3]> = LazyLock::new(|| {
    [Fouls::None, Fouls::DoubleThree, Fouls::Renju].map(|fouls| {
        (0..CLASSES.pow(4))
            .map(|key| {
                let classes = [0, 1, 2, 3].map(|d| LineClass::ALL[key / CLASSES.pow(d) % CLASSES]);
                combine(classes, fouls)
            })
            .collect()
    })
});

/// The class of the line with shape-table index `code` for a colour with `exact` fives.
#[inline]
pub(crate) fn line_class(code: u16, exact: bool) -> LineClass {
    LINE_CLASSES[usize::from(exact)][usize::from(code)]
}

/// The pattern tables of one colour under one rule.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Tables {
    exact: bool,
    fouls: usize,
}

impl Tables {
    pub(crate) fn new(rule: Rule, stone: Stone) -> Tables {
        let fouls = if rule == Rule::Renju && stone == Stone::Black {
            Fouls::Renju
        } else if rule.has_fouls(stone) {
            Fouls::DoubleThree
        } else {
            Fouls::None
        };
        Tables {
            exact: rule.exact_five(stone),
            fouls: fouls as usize,
        }
    }

    /// The class of the line with shape-table index `code`.
    #[inline]
    pub(crate) fn line(self, code: u16) -> LineClass {
        line_class(code, self.exact)
    }

    /// The threat and value of a point whose lines have `classes`.
    #[inline]
    pub(crate) fn combined(self, classes: [LineClass; 4]) -> Combined {
        let key = classes
            .iter()
            .rev()
            .fold(0, |key, &c| key * CLASSES + c as usize);
        COMBINED[self.fouls][key]
    }
}

/// Builds the tables now rather than on first use.
pub(crate) fn warm_up() {
    LazyLock::force(&LINE_CLASSES);
    LazyLock::force(&COMBINED);
}

/// The evaluation's bonuses for the points of a double-three (of a colour without fouls:
/// where it may be a foul it is worth one three until checked), a four-three and an open
/// four, fitted with the line values.
pub(crate) const BONUSES: [i32; 3] = [163, 1_177, 174];

/// The index in [`BONUSES`] of the bonus a point of `threat` earns, for a colour with fouls
/// when `fouls`.
pub(crate) fn bonus(threat: Threat, fouls: bool) -> Option<usize> {
    match threat {
        Threat::DoubleThree if !fouls => Some(0),
        Threat::FourThree => Some(1),
        Threat::OpenFour => Some(2),
        _ => None,
    }
}

fn combine(classes: [LineClass; 4], fouls: Fouls) -> Combined {
    let count = |c: LineClass| classes.iter().filter(|&&k| k == c).count();
    let fives = count(LineClass::Five);
    let open_fours = count(LineClass::OpenFour);
    let four_fours = count(LineClass::FourFour);
    let fours = count(LineClass::Four);
    let threes = count(LineClass::OpenThree);
    let renju = fouls == Fouls::Renju;
    let threat = if fives > 0 {
        Threat::Five
    } else if renju
        && (count(LineClass::Overline) > 0
            || four_fours > 0
            || four_fours + fours + open_fours >= 2)
    {
        Threat::Forbidden
    } else if open_fours + four_fours > 0 || fours >= 2 {
        Threat::OpenFour
    } else if fours == 1 && threes >= 1 {
        Threat::FourThree
    } else if fours == 1 {
        Threat::Four
    } else if threes >= 2 {
        Threat::DoubleThree
    } else if threes == 1 {
        Threat::Three
    } else {
        Threat::None
    };
    if threat == Threat::Forbidden {
        return Combined { threat, value: 0 };
    }
    let lines: i32 = classes.iter().map(|c| c.value()).sum();
    let bonus = bonus(threat, fouls != Fouls::None).map_or(0, |b| BONUSES[b]);
    Combined {
        threat,
        value: lines + bonus,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::line::Cell;

    /// The class of a line written around `@` (`x` own, `o` blocked, `.` empty).
    fn class_of(text: &str, exact: bool) -> LineClass {
        let centre = text.find('@').unwrap() as isize;
        let cell = |offset: isize| match usize::try_from(centre + offset)
            .ok()
            .and_then(|i| text.as_bytes().get(i))
        {
            Some(b'x') => Cell::Own,
            Some(b'o') => Cell::Blocked,
            _ => Cell::Empty,
        };
        let index = OFFSETS
            .iter()
            .rev()
            .fold(0, |index, &offset| index * 3 + cell(offset) as usize);
        line_class(index as u16, exact)
    }

    #[test]
    fn lines_are_classified() {
        assert_eq!(class_of("xx@xx", true), LineClass::Five);
        assert_eq!(class_of("xx@xxx", true), LineClass::Overline);
        assert_eq!(class_of("xx@xxx", false), LineClass::Five);
        assert_eq!(class_of(".x@xx.", true), LineClass::OpenFour);
        assert_eq!(class_of("ox@xx.", true), LineClass::Four);
        assert_eq!(class_of("x.x@x.x", true), LineClass::FourFour);
        assert_eq!(class_of("..x@x..", true), LineClass::OpenThree);
        assert_eq!(class_of("ox@x..", true), LineClass::Three);
        assert_eq!(class_of("...@x...", true), LineClass::OpenTwo);
        assert_eq!(class_of("ox@...", true), LineClass::Two);
        assert_eq!(class_of("...@...", true), LineClass::One);
        assert_eq!(class_of("o.@..o", true), LineClass::Dead);
    }

    #[test]
    fn threats_combine_the_lines() {
        use LineClass::*;
        let plain = Tables::new(Rule::Freestyle, Stone::Black);
        let renju = Tables::new(Rule::Renju, Stone::Black);
        let renju_white = Tables::new(Rule::Renju, Stone::White);
        let omok = Tables::new(Rule::Omok, Stone::White);
        let cases = [
            (plain, [Four, Four, One, One], Threat::OpenFour),
            (renju, [Four, Four, One, One], Threat::Forbidden),
            (renju, [FourFour, One, One, One], Threat::Forbidden),
            (renju, [Overline, Five, One, One], Threat::Five),
            (renju, [Overline, Three, One, One], Threat::Forbidden),
            (renju_white, [FourFour, One, One, One], Threat::OpenFour),
            (renju, [Four, OpenThree, Two, One], Threat::FourThree),
            (omok, [OpenThree, OpenThree, One, One], Threat::DoubleThree),
            (plain, [OpenThree, Dead, Dead, Dead], Threat::Three),
            (plain, [OpenTwo, Two, Three, One], Threat::None),
        ];
        for (tables, classes, threat) in cases {
            assert_eq!(tables.combined(classes).threat, threat, "{classes:?}");
        }
        assert!(
            omok.combined([OpenThree, OpenThree, One, One]).value
                < plain.combined([OpenThree, OpenThree, One, One]).value,
            "a possible foul is not valued as a double-three"
        );
    }
}
