//! What `INFO key value` sets: the clock, the search's limits, the rule, and the keys the
//! engine acknowledges without a use for them.

use std::num::IntErrorKind;
use std::time::Duration;

use crate::rule::Rule;
use crate::search::Limits;

/// The most time the engine takes for a move, whatever the manager allows: searching longer
/// gains little.
pub const MAX_MOVE_TIME: Duration = Duration::from_secs(30);

/// `time_left` of this value means no match clock (the Gomocup protocol's "unlimited").
const UNLIMITED: u64 = 2_147_483_647;

/// The opening rule an `INFO rule` of Rapfi's (5 or 6) names; recorded and reported, the
/// moves of the opening come through `SWAP2BOARD` and `BOARD` as usual.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SwapRule {
    /// No swap: black plays the first move.
    Free,
    /// Swap after three stones (Rapfi's rule 5).
    Swap1,
    /// Swap2 (Rapfi's rule 6).
    Swap2,
}

/// The engine's settings, as the `INFO` lines left them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Time for one move (`timeout_turn`); zero means as fast as possible.
    pub timeout_turn: Duration,
    /// The whole match's time (`timeout_match`), `None` for no limit (0).
    pub timeout_match: Option<Duration>,
    /// Time left for the match (`time_left`), `None` when not said or unlimited.
    pub time_left: Option<Duration>,
    /// Time added after each move (`time_increment`, Yixin-Board).
    pub time_increment: Duration,
    /// Memory the engine may use (`max_memory`), in bytes; `None` for no limit (0).
    pub max_memory: Option<u64>,
    /// Hash table size asked by a GUI (`hash_size`, Yixin-Board), in KiB.
    pub hash_size: Option<u64>,
    /// Most nodes a move's search visits (`max_node`); `None` for no limit.
    pub max_node: Option<u64>,
    /// Deepest alpha-beta iteration (`max_depth`); `None` for no limit.
    pub max_depth: Option<u32>,
    /// Yixin-Board's `caution_factor` (0 to 4, how wide the candidate area is): kept and
    /// reported, the search chooses its own candidates.
    pub caution_factor: u32,
    /// Search threads (`thread_num`).
    pub thread_num: usize,
    /// The rule of the game.
    pub rule: Rule,
    /// The opening rule, from Rapfi's rule values.
    pub swap: SwapRule,
}

impl Default for Settings {
    /// Freestyle, 5 seconds a move, no match clock, one thread.
    fn default() -> Settings {
        Settings {
            timeout_turn: Duration::from_secs(5),
            timeout_match: None,
            time_left: None,
            time_increment: Duration::ZERO,
            max_memory: None,
            hash_size: None,
            max_node: None,
            max_depth: None,
            caution_factor: 1,
            thread_num: 1,
            rule: Rule::Freestyle,
            swap: SwapRule::Free,
        }
    }
}

/// What an `INFO` line changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// A setting that needs nothing more, or a key the engine does not use.
    Done,
    /// A new rule, which the engine must replay the game under before it takes it.
    Rule {
        /// The rule.
        rule: Rule,
        /// The opening rule.
        swap: SwapRule,
        /// Whether the value asked for caro (bit 8), which is not implemented.
        caro: bool,
    },
}

impl Settings {
    /// Reads `INFO key value`. Keys are case-insensitive; unknown keys are acknowledged and
    /// change nothing, as the protocol asks.
    ///
    /// # Errors
    /// The reason, when a known key's value is not a whole number (or for `rule`, a value no
    /// manager sends).
    pub fn info(&mut self, key: &str, value: &str) -> Result<Change, String> {
        let key = key.to_ascii_lowercase();
        let value = value.trim();
        // A whole number past 64 bits saturates: "no limit" for a limit, the most for a time.
        let number = || -> Result<i64, String> {
            saturating_whole(value)
                .ok_or_else(|| format!("INFO {key} needs a whole number, not `{value}`"))
        };
        // Negative values and 0 mean "no limit" where a limit is optional.
        let limit = |n: i64| u64::try_from(n).ok().filter(|&n| n > 0);
        let millis = |n: i64| Duration::from_millis(u64::try_from(n).unwrap_or(0));
        match key.as_str() {
            "timeout_turn" => self.timeout_turn = millis(number()?),
            "timeout_match" => self.timeout_match = limit(number()?).map(Duration::from_millis),
            "time_left" => {
                self.time_left = limit(number()?)
                    .filter(|&ms| ms < UNLIMITED)
                    .map(Duration::from_millis);
            }
            "time_increment" => self.time_increment = millis(number()?),
            "max_memory" => self.max_memory = limit(number()?),
            "hash_size" => self.hash_size = limit(number()?),
            "max_node" => self.max_node = limit(number()?),
            "max_depth" => {
                self.max_depth = limit(number()?).map(|d| u32::try_from(d).unwrap_or(u32::MAX));
            }
            "caution_factor" => {
                self.caution_factor = u32::try_from(number()?.clamp(0, 4)).unwrap_or(1);
            }
            "thread_num" => {
                self.thread_num = usize::try_from(number()?.clamp(1, 256)).unwrap_or(1);
            }
            "rule" => {
                return rule_code(number()?).ok_or_else(|| {
                    format!(
                        "INFO rule {value} is neither a rule bit mask (0 to 15) nor one of Rapfi's values"
                    )
                });
            }
            _ => {}
        }
        Ok(Change::Done)
    }

    /// The search's budget for one move: most of `timeout_turn` (0 means as fast as
    /// possible), no more than a twentieth of the match time left plus most of the
    /// increment, at most [`MAX_MOVE_TIME`]; `max_node` and `max_depth` when given.
    pub fn limits(&self) -> Limits {
        let turn = self.timeout_turn.mul_f64(0.7);
        let increment = self.time_increment.mul_f64(0.8);
        let match_share = self.time_left.map_or(turn, |left| left / 20 + increment);
        let time = turn
            .min(match_share)
            .clamp(Duration::from_millis(10), MAX_MOVE_TIME);
        Limits {
            nodes: self.max_node.unwrap_or(u64::MAX),
            time: Some(time),
            depth: self.max_depth,
            threads: self.thread_num,
        }
    }
}

/// `value` as a whole number, saturated to `i64`'s range when it has more digits than fit
/// (managers send 2^64 - 1 and longer for "no limit"); `None` when it is not a whole number.
fn saturating_whole(value: &str) -> Option<i64> {
    match value.parse::<i64>() {
        Ok(n) => Some(n),
        Err(e) => match e.kind() {
            IntErrorKind::PosOverflow => Some(i64::MAX),
            IntErrorKind::NegOverflow => Some(i64::MIN),
            _ => None,
        },
    }
}

/// The rule an `INFO rule` value names, or `None` for a value that names none. Rapfi's and Yixin-Board's values come first (they
/// are what the GUIs that send the extensions send): 2 renju, 5 freestyle with swap1, 6
/// freestyle with swap2. Every other value is the piskvork bit mask: 1 exactly five, 2 a
/// continuous game (acknowledged: every game here is one), 4 renju, 8 caro (not
/// implemented: the other bits' rule is played, and the answer says so).
fn rule_code(value: i64) -> Option<Change> {
    let change = |rule, swap, caro| Change::Rule { rule, swap, caro };
    Some(match value {
        2 => change(Rule::Renju, SwapRule::Free, false),
        5 => change(Rule::Freestyle, SwapRule::Swap1, false),
        6 => change(Rule::Freestyle, SwapRule::Swap2, false),
        0..=15 => {
            let rule = if value & 4 != 0 {
                Rule::Renju
            } else if value & 1 != 0 {
                Rule::Standard
            } else {
                Rule::Freestyle
            };
            change(rule, SwapRule::Free, value & 8 != 0)
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_past_i64_saturate_and_words_are_refused() {
        let mut s = Settings::default();
        assert!(s.info("timeout_turn", "18446744073709551615").is_ok());
        assert_eq!(s.timeout_turn, Duration::from_millis(i64::MAX as u64));
        assert!(s.info("max_node", "99999999999999999999999").is_ok());
        assert_eq!(s.max_node, Some(i64::MAX as u64));
        assert!(s.info("timeout_match", "-99999999999999999999999").is_ok());
        assert_eq!(s.timeout_match, None);
        assert!(s.info("time_left", "9.5").is_err());
        assert_eq!(saturating_whole("+12"), Some(12));
        assert_eq!(saturating_whole(""), None);
    }

    #[test]
    fn rule_values_of_both_tables() {
        let rule = |v| match rule_code(v).unwrap() {
            Change::Rule { rule, swap, caro } => (rule, swap, caro),
            Change::Done => unreachable!(),
        };
        assert_eq!(rule(0), (Rule::Freestyle, SwapRule::Free, false));
        assert_eq!(rule(1), (Rule::Standard, SwapRule::Free, false));
        assert_eq!(rule(2), (Rule::Renju, SwapRule::Free, false));
        assert_eq!(rule(3), (Rule::Standard, SwapRule::Free, false));
        assert_eq!(rule(4), (Rule::Renju, SwapRule::Free, false));
        assert_eq!(rule(5), (Rule::Freestyle, SwapRule::Swap1, false));
        assert_eq!(rule(6), (Rule::Freestyle, SwapRule::Swap2, false));
        assert_eq!(rule(7), (Rule::Renju, SwapRule::Free, false));
        assert_eq!(rule(9), (Rule::Standard, SwapRule::Free, true));
        assert!(rule_code(16).is_none());
        assert!(rule_code(-1).is_none());
        let refused = Settings::default().info("rule", "18446744073709551615");
        assert!(
            refused
                .unwrap_err()
                .contains("INFO rule 18446744073709551615 is neither")
        );
    }

    #[test]
    fn the_clock_and_the_caps_make_the_limits() {
        let mut s = Settings::default();
        assert_eq!(s.limits().time, Some(Duration::from_millis(3_500)));
        s.info("TIMEOUT_TURN", "1000").unwrap();
        s.info("time_left", "10000").unwrap();
        // A twentieth of the match left, 500 ms, is less than 70% of the turn's 1 s.
        assert_eq!(s.limits().time, Some(Duration::from_millis(500)));
        s.info("time_increment", "1000").unwrap();
        assert_eq!(s.limits().time, Some(Duration::from_millis(700)));
        s.info("time_left", "2147483647").unwrap();
        assert_eq!(s.time_left, None);
        s.info("timeout_turn", "0").unwrap();
        assert_eq!(s.limits().time, Some(Duration::from_millis(10)));
        s.info("max_node", "20000").unwrap();
        s.info("max_depth", "4").unwrap();
        assert_eq!((s.limits().nodes, s.limits().depth), (20_000, Some(4)));
        s.info("max_node", "-1").unwrap();
        s.info("max_depth", "0").unwrap();
        assert_eq!((s.limits().nodes, s.limits().depth), (u64::MAX, None));
        s.info("timeout_match", "0").unwrap();
        assert_eq!(s.timeout_match, None);
        s.info("timeout_match", "180000").unwrap();
        assert_eq!(s.timeout_match, Some(Duration::from_secs(180)));
    }

    #[test]
    fn acknowledged_keys_are_kept_and_bad_numbers_refused() {
        let mut s = Settings::default();
        for (key, value) in [
            ("max_memory", "367001600"),
            ("hash_size", "65536"),
            ("caution_factor", "9"),
            ("thread_num", "2"),
            ("folder", "C:\\engines"),
            ("game_type", "1"),
        ] {
            assert_eq!(s.info(key, value), Ok(Change::Done), "{key}");
        }
        assert_eq!(s.max_memory, Some(367_001_600));
        assert_eq!(s.hash_size, Some(65_536));
        assert_eq!(s.caution_factor, 4);
        assert_eq!(s.thread_num, 2);
        s.info("max_node", "99999999999999999999").unwrap();
        assert_eq!(s.max_node, Some(i64::MAX as u64));
        s.info("max_node", "-99999999999999999999").unwrap();
        assert_eq!(s.max_node, None);
        assert!(s.info("max_node", "-").is_err());
        assert_eq!(
            s.info("max_node", "many"),
            Err("INFO max_node needs a whole number, not `many`".to_string())
        );
    }
}
