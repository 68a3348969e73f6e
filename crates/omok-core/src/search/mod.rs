//! The searching bot: threat-space search for forced wins (VCF, then VCT), then alpha-beta
//! with a pattern evaluation and iterative deepening, all under a node or time budget.
//!
//! - **Patterns** (the private `pattern` module): every line through every point is classified once
//!   (five, open four, four, open three, three, open two, two, one, dead; renju black's
//!   double-four and overline marked forbidden) from a table of all 3^10 lines, and the four
//!   classes of a point give the threat a stone there makes (five, open four, four-three,
//!   four, double-three, three) and the point's value. Both are kept for both colours move
//!   by move, with counts per threat and the values summed, so that a node reads them
//!   instead of scanning the board.
//! - **VCF** (victory by continuous fours): the attacker plays only fours, so every reply
//!   is forced; a line wins when a four leaves two points of five, or a point of five the
//!   defender may not take (a renju foul of black's), or a five. When the opponent has one,
//!   the moves among the best-scored candidates after which it has none are found, and
//!   alpha-beta chooses among them.
//! - **VCT** (victory by continuous threats): the attacker plays threes (and a four among
//!   them), then a VCF; after a three the defender may play any point that stops it (a point
//!   of four of the attacker's, renju black's forbidden ones included) or any four of its
//!   own, which the attacker blocks before the defender answers the three again, and the
//!   attacker must win against every one. Searched one three more at a time, the best 8
//!   threats a node; failed VCF searches are remembered by position, so that the many orders
//!   of the same threats are searched once.
//! - **Alpha-beta** (negamax, principal variation search) over the best-scored candidate
//!   points, deepened one ply at a time while the budget lasts: the table's move and two
//!   killer moves first, late quiet moves searched shallower (late-move reductions), forced
//!   replies (to a point of five; to an open three whose owner may legally make the open
//!   four: its defence points, renju black's forbidden ones included, and one's own fours)
//!   searched without using up depth; an open four, or a four-three against no four, is a
//!   win without search; past the last ply a quiescence search plays fours (two plain fours
//!   a line, four-threes and open fours always) before the evaluation: the values of the
//!   empty points for the player to move less the opponent's, with a bonus for the best
//!   threat each can make.

mod pattern;
mod table;
#[cfg(test)]
mod tune;

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use pattern::{Combined, LineClass, THREATS, Tables, Threat};
pub use table::TranspositionTable;
use table::{Bound, Entry, WHITE_TO_MOVE, zobrist};

use crate::board::{Board, CELLS, DIRECTIONS, STRIDE, index, point_of, step};
use crate::game::Game;
use crate::line::OFFSETS;
use crate::point::Point;
use crate::rule::Rule;
use crate::stone::Stone;

/// How much a search may do: a number of nodes (positions visited), and optionally a time.
///
/// A node budget alone makes the search deterministic, whatever the machine's load; a time
/// limit suits engines that play on a clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most positions to visit, over all parts of the search.
    pub nodes: u64,
    /// The most time to take, if any; a time too long for the clock (such as
    /// [`Duration::MAX`]) means no time limit.
    pub time: Option<Duration>,
    /// The deepest alpha-beta iteration to run, in plies, if less than the search's own
    /// maximum (the threat searches are not cut by it).
    pub depth: Option<u32>,
    /// Threads searching together (lazy SMP: helpers search the same position and share
    /// the transposition table); 1 (or 0) searches alone, deterministically under a node
    /// budget.
    pub threads: usize,
}

impl Limits {
    /// A budget of `nodes` positions, with no time limit.
    pub const fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes,
            time: None,
            depth: None,
            threads: 1,
        }
    }

    /// A budget of `time`, with no node limit.
    pub const fn time(time: Duration) -> Limits {
        Limits {
            nodes: u64::MAX,
            time: Some(time),
            depth: None,
            threads: 1,
        }
    }

    /// The same budget, with the alpha-beta iterations stopped at `depth` plies.
    pub const fn with_depth(self, depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..self
        }
    }
}

impl Default for Limits {
    /// 20,000 nodes: under 0.1 s a move on one core of a 2-core machine (the search visits
    /// some 290,000 nodes a second; `cargo bench --bench omok -- search`).
    fn default() -> Limits {
        Limits::nodes(20_000)
    }
}

/// How a search chose its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The move wins at once.
    Five,
    /// The opponent threatened five there.
    Block,
    /// The first move of a forced win by fours.
    Vcf,
    /// The move stops the opponent's forced win by fours.
    StopVcf,
    /// The first move of a forced win by fours and threes.
    Vct,
    /// The best move of the alpha-beta search.
    AlphaBeta {
        /// The deepest search that finished, in plies.
        depth: u32,
        /// Its score for the player to move (positive is good).
        score: i32,
    },
    /// The only legal point, or the opening move.
    Only,
}

/// A search's answer: the move, why, and how many positions it visited.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decision {
    /// The point to play.
    pub point: Point,
    /// Why.
    pub reason: Reason,
    /// Positions visited.
    pub nodes: u64,
}

/// Finds a forced win by continuous fours for the player to move, within `limits`: the
/// moves of both sides from the first four to the five, alternating (where the last four
/// leaves two points of five, the defender's move is one of them), or `None` if none was
/// found. Where the defender may not block (a renju foul of black's), the line ends with
/// the four and the point of five the defender cannot take.
pub fn vcf(game: &Game, limits: Limits) -> Option<Vec<Point>> {
    let me = game.to_move()?;
    let mut search = Search::new(game, limits, Arc::new(TranspositionTable::new(0)));
    if !search.winning_cells(me.opponent()).is_empty() {
        return None;
    }
    let mut line = Vec::new();
    search
        .vcf(me, VCF_DEPTH, None, &mut line)
        .then(|| line.into_iter().map(point_of).collect())
}

/// The move a search with `limits` chooses for the player to move, or `None` once the game
/// is over.
pub fn decide(game: &Game, limits: Limits) -> Option<Decision> {
    ranked(game, limits, 1, None, None).into_iter().next()
}

/// Builds the search's pattern tables now rather than on first use.
pub(crate) fn warm_up() {
    pattern::warm_up();
}

/// A flag that another thread raises to stop a search early (a GUI's `YXSTOP`): the search
/// then answers with the best move it has found so far.
pub type StopFlag = Arc<AtomicBool>;

/// The `n` best moves of a search with `limits` for the player to move, best first, or none
/// once the game is over; `stop`, when raised, ends the search early.
///
/// When a move is forced (a five, a block, a forced win found by the threat searches, the
/// opening move) it is the only one returned. Otherwise the moves come from the alpha-beta
/// search's deepest finished iteration, which keeps its window open until `n` moves are
/// scored, so that the first `n` scores are exact values of that depth (fewer than `n` when
/// fewer moves are searched at the root). `n` of 0 counts as 1, and `n` past the board's
/// points as the board's points. Every move's
/// [`Decision::nodes`] is the whole search's count.
pub fn ranked(
    game: &Game,
    limits: Limits,
    n: usize,
    stop: Option<&StopFlag>,
    table: Option<&Arc<TranspositionTable>>,
) -> Vec<Decision> {
    let Some(me) = game.to_move() else {
        return Vec::new();
    };
    // Past the board's points a count only reserves memory that no move fills.
    let n = n.clamp(1, usize::from(game.size()).pow(2));
    let table = table
        .cloned()
        .unwrap_or_else(|| Arc::new(table_for(limits)));
    let mut search = Search::new(game, limits, Arc::clone(&table));
    search.stop = stop.cloned();
    search.nbest = n;
    let (mut chosen, helper_nodes) = with_helpers(game, limits, &table, stop, || search.decide(me));
    if chosen.is_empty()
        && let Some(&first) = game.legal_actions().first()
    {
        chosen.push((index(first), Reason::Only));
    }
    let nodes = search.nodes + helper_nodes;
    chosen
        .into_iter()
        .take(n)
        .map(|(cell, reason)| Decision {
            point: point_of(cell),
            reason,
            nodes,
        })
        .collect()
}

/// A table for a search of `limits` alone: two entries a node under a node budget, 16 MiB
/// at most.
fn table_for(limits: Limits) -> TranspositionTable {
    let most = 16 << 20;
    let bytes = usize::try_from(
        limits
            .nodes
            .saturating_mul(2 * TranspositionTable::ENTRY_BYTES as u64),
    )
    .unwrap_or(most)
    .min(most);
    TranspositionTable::new(bytes)
}

/// Runs `main` (the main thread's search) while `limits.threads - 1` helpers search the
/// same position's alpha-beta into the shared `table` (lazy SMP); the helpers stop when the
/// main search returns. Returns its result and the helpers' nodes.
fn with_helpers<T: Send>(
    game: &Game,
    limits: Limits,
    table: &Arc<TranspositionTable>,
    stop: Option<&StopFlag>,
    main: impl FnOnce() -> T + Send,
) -> (T, u64) {
    let helpers = limits.threads.saturating_sub(1);
    let Some(me) = game.to_move().filter(|_| helpers > 0) else {
        return (main(), 0);
    };
    let done = StopFlag::default();
    thread::scope(|scope| {
        let handles: Vec<_> = (0..helpers)
            .map(|k| {
                let done = Arc::clone(&done);
                let table = Arc::clone(table);
                let outer = stop.cloned();
                scope.spawn(move || {
                    let mut helper = Search::new(game, limits, table);
                    helper.stop = Some(done);
                    helper.outer_stop = outer;
                    // Odd helpers start one ply deeper, so that the threads spread out.
                    helper.first_depth = 1 + (k as u32 % 2);
                    helper.alpha_beta_root(me);
                    helper.nodes
                })
            })
            .collect();
        let result = main();
        done.store(true, Ordering::Relaxed);
        let nodes = handles.into_iter().map(|h| h.join().unwrap_or(0)).sum();
        (result, nodes)
    })
}

/// Fours in a row the VCF may play.
const VCF_DEPTH: u32 = 12;
/// Most threes a VCT plays (tried one more at a time).
const VCT_DEPTH: u32 = 4;
/// Most fours a VCT plays before its last run of fours (a VCF).
const VCT_FOURS: u32 = 1;
/// Most positions [`Search::vcf_failed`] keeps before it starts afresh.
const VCF_MEMORY: usize = 1 << 20;
/// Most threes and fours a VCT tries at a node, best first.
const VCT_WIDTH: usize = 8;
/// Candidate points searched at each alpha-beta node.
const WIDTH: usize = 10;
/// The score of a won position, less the plies to reach it.
const WIN: i32 = 1_000_000;
/// The deepest alpha-beta iteration tried.
const MAX_DEPTH: u32 = 20;
/// The half-width of the root's aspiration window, in evaluation points.
const ASPIRATION: i32 = 300;
/// The evaluation's term for the strongest threat the player to move can make, by
/// [`Threat`] (forbidden, none, three, double-three, four, four-three, open four, five)...
///
/// Like the line values and bonuses of the pattern tables, the terms of the threats in
/// positions the search evaluates were fitted to the results of 2,030 games (40,244
/// positions) against Rapfi by logistic regression (`bench/tune.py`); the others (forbidden,
/// the mover's open four and five, the opponent's five) are never seen there and keep their
/// first values. Read with the line values: a three also counts its open-four points'
/// classes, so the mover's term for a three is below its term for nothing, and the
/// opponent's threats, already counted in its points' values, are worth less than the
/// lines say.
const MOVER_THREAT: [i32; THREATS] = [0, -225, -557, -1_234, -848, 2_390, 5_000, 5_000];
/// ... and its term (subtracted) for the opponent's, which has a move to answer.
const WAITER_THREAT: [i32; THREATS] = [0, 0, -1_359, -2_609, -2_226, -2_992, -1_766, 2_000];
/// Plain fours (not four-threes or open fours) a quiescence line may play.
const QUIESCENT_FOURS: u32 = 2;
/// Replies to an open three, at most, that are searched without using up depth.
const EXTENDED_REPLIES: usize = 8;
/// Plies within which a forced block costs no depth.
const FORCED_PLIES: i32 = 40;
/// Values beyond this are wins or losses found by the search: they depend on the path
/// (the plies to the five), so the table keeps them only as move hints.
const DECIDED: i32 = WIN / 2;
/// The deepest ply a search reaches, threat extensions and quiescence included.
const MAX_PLY: usize = 64;

/// A position being searched: the board, changed and restored move by move; the count of
/// stones near each cell (the candidates are the empty cells near a stone); and the code of
/// every line through every cell for both colours, kept up to date move by move, so that a
/// line's shape is one table look-up.
struct Search {
    board: Board,
    rule: Rule,
    /// Per cell, per direction, per colour: the line's index in the shape table.
    codes: Vec<[[u16; 2]; 4]>,
    /// Stones within two points of each cell, in both directions.
    near: Vec<u8>,
    /// The cells of the board's points, row by row.
    points: Vec<usize>,
    nodes: u64,
    limit: u64,
    deadline: Option<Instant>,
    /// The deepest alpha-beta iteration.
    max_depth: u32,
    /// Raised by another thread to stop the search.
    stop: Option<StopFlag>,
    /// Moves the root keeps exact scores for.
    nbest: usize,
    /// A second stop flag (a helper thread's: the caller's stop, beside the main search's
    /// end).
    outer_stop: Option<StopFlag>,
    /// The first alpha-beta iteration (helpers of a lazy SMP search start deeper).
    first_depth: u32,
    /// The Zobrist key of the board.
    hash: u64,
    /// The pattern tables of black and of white.
    tables: [Tables; 2],
    /// Whether each cell is a point of the board.
    on_board: Vec<bool>,
    /// Per cell, per colour: the classes of its four lines.
    classes: Vec<[[LineClass; 4]; 2]>,
    /// Per cell, per colour: the threat a stone there makes and the point's value.
    combined: Vec<[Combined; 2]>,
    /// Per colour, per threat: the empty points where a stone makes it.
    counts: [[u32; THREATS]; 2],
    /// Per colour: the values of the empty points, summed (the evaluation's terms).
    totals: [i32; 2],
    /// Per ply: two moves that cut off there before (killer moves).
    killers: Vec<[usize; 2]>,
    /// Plain fours the quiescence search may still play on the current line.
    quiescent_fours: u32,
    /// Positions searched before, shared with the other threads.
    table: Arc<TranspositionTable>,
    /// Positions (with the side to move) where a VCF was searched and not found, with the
    /// fours it was searched to.
    vcf_failed: HashMap<u64, u32>,
    stopped: bool,
}

impl Search {
    fn new(game: &Game, limits: Limits, table: Arc<TranspositionTable>) -> Search {
        Search::with_board(game.board().clone(), game.rule(), limits, table)
    }

    /// A search of `board` under `rule` (whoever is to move).
    fn with_board(
        board: Board,
        rule: Rule,
        limits: Limits,
        table: Arc<TranspositionTable>,
    ) -> Search {
        let points: Vec<usize> = board.points().map(index).collect();
        let mut codes = vec![[[0; 2]; 4]; CELLS];
        for &i in &points {
            for (d, &direction) in DIRECTIONS.iter().enumerate() {
                for stone in [Stone::Black, Stone::White] {
                    codes[i][d][stone as usize] = board.line_code(i, direction, stone);
                }
            }
        }
        let mut search = Search {
            board,
            rule,
            codes,
            near: vec![0; CELLS],
            points,
            nodes: 0,
            limit: limits.nodes,
            // A time too long to add to the clock is no time limit.
            deadline: limits.time.and_then(|t| Instant::now().checked_add(t)),
            max_depth: limits.depth.unwrap_or(MAX_DEPTH).min(MAX_DEPTH),
            stop: None,
            nbest: 1,
            outer_stop: None,
            first_depth: 1,
            hash: 0,
            tables: [
                Tables::new(rule, Stone::Black),
                Tables::new(rule, Stone::White),
            ],
            on_board: vec![false; CELLS],
            classes: vec![[[LineClass::Dead; 4]; 2]; CELLS],
            combined: vec![[Combined::NOTHING; 2]; CELLS],
            counts: [[0; THREATS]; 2],
            totals: [0; 2],
            killers: vec![[usize::MAX; 2]; MAX_PLY],
            quiescent_fours: QUIESCENT_FOURS,
            table,
            vcf_failed: HashMap::new(),
            stopped: false,
        };
        for i in search.points.clone() {
            search.on_board[i] = true;
            for c in 0..2 {
                let tables = search.tables[c];
                search.classes[i][c] = [0, 1, 2, 3].map(|d| tables.line(search.codes[i][d][c]));
                search.combined[i][c] = tables.combined(search.classes[i][c]);
            }
            if search.board.is_empty_cell(i) {
                search.account(i, 1);
            }
        }
        // Every stone, set-up stones too: a game set up from a board has no moves.
        let stones: Vec<usize> = search
            .points
            .iter()
            .copied()
            .filter(|&i| !search.board.is_empty_cell(i))
            .collect();
        for i in stones {
            search.count_near(i, 1);
            if let Some(stone) = search.board.get(point_of(i)) {
                search.hash ^= zobrist(i, stone);
            }
        }
        search
    }

    fn count_near(&mut self, i: usize, delta: i8) {
        for dy in -2..=2isize {
            for dx in -2..=2isize {
                let j = step(i, 1, dx).wrapping_add_signed(dy * STRIDE as isize);
                self.near[j] = self.near[j].wrapping_add_signed(delta);
            }
        }
    }

    fn place(&mut self, i: usize, stone: Stone) {
        self.account(i, -1);
        self.board.poke(i, Some(stone));
        self.hash ^= zobrist(i, stone);
        self.count_near(i, 1);
        self.recode(i, stone, u16::wrapping_add);
    }

    fn remove(&mut self, i: usize, stone: Stone) {
        self.board.poke(i, None);
        self.hash ^= zobrist(i, stone);
        self.count_near(i, -1);
        self.recode(i, stone, u16::wrapping_sub);
        self.account(i, 1);
    }

    /// Adds (`sign` 1) or takes away (-1) the empty point `i`'s threats and values in the
    /// counts and totals.
    fn account(&mut self, i: usize, sign: i32) {
        for c in 0..2 {
            let Combined { threat, value } = self.combined[i][c];
            let count = &mut self.counts[c][threat as usize];
            *count = count.wrapping_add_signed(sign);
            self.totals[c] += sign * value;
        }
    }

    /// Reads again the class of the line along direction `d` through the point `i`, for
    /// both colours, after its code changed; updates the point's threat and value.
    fn reclass(&mut self, i: usize, d: usize) {
        let empty = self.board.is_empty_cell(i);
        for c in 0..2 {
            let class = self.tables[c].line(self.codes[i][d][c]);
            if class == self.classes[i][c][d] {
                continue;
            }
            self.classes[i][c][d] = class;
            let new = self.tables[c].combined(self.classes[i][c]);
            let old = std::mem::replace(&mut self.combined[i][c], new);
            if empty {
                self.counts[c][old.threat as usize] -= 1;
                self.counts[c][new.threat as usize] += 1;
                self.totals[c] += new.value - old.value;
            }
        }
    }

    /// Adds (or takes away) the digit of `stone` on `i` in the code of every line through
    /// the cells around it. (Cells of the edge get codes too, and never read them.)
    fn recode(&mut self, i: usize, stone: Stone, apply: fn(u16, u16) -> u16) {
        // The digit of `stone` seen by black, then by white: own (1) or blocked (2).
        let digits: [u16; 2] = match stone {
            Stone::Black => [1, 2],
            Stone::White => [2, 1],
        };
        for (d, &direction) in DIRECTIONS.iter().enumerate() {
            let mut weight = 1;
            for offset in OFFSETS {
                // `i` is `offset` steps from `j`.
                let j = step(i, direction, -offset);
                let code = &mut self.codes[j][d];
                code[0] = apply(code[0], digits[0] * weight);
                code[1] = apply(code[1], digits[1] * weight);
                weight *= 3;
                if self.on_board[j] {
                    self.reclass(j, d);
                }
            }
        }
    }

    /// The shapes of the four lines through the empty cell `i` for `stone`.
    #[cfg(test)]
    fn shapes(&self, i: usize, stone: Stone) -> [crate::line::Shape; 4] {
        let codes = &self.codes[i];
        [0, 1, 2, 3].map(|d| crate::line::shape(usize::from(codes[d][stone as usize])))
    }

    /// The Zobrist key of the position with `me` to move.
    fn key(&self, me: Stone) -> u64 {
        self.hash ^ if me == Stone::White { WHITE_TO_MOVE } else { 0 }
    }

    /// Counts a node; `false` once the budget is spent.
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.limit {
            self.stopped = true;
        }
        if self.nodes.is_multiple_of(256) && self.out_of_time() {
            self.stopped = true;
        }
        !self.stopped
    }

    /// Whether the deadline has passed or another thread raised the stop flag.
    fn out_of_time(&self) -> bool {
        let raised =
            |flag: &Option<StopFlag>| flag.as_ref().is_some_and(|s| s.load(Ordering::Relaxed));
        self.deadline.is_some_and(|d| Instant::now() >= d)
            || raised(&self.stop)
            || raised(&self.outer_stop)
    }

    /// Runs `f` with `share` (a fraction) of the nodes and of the time left.
    fn with_budget<T>(&mut self, share: f64, f: impl FnOnce(&mut Search) -> T) -> T {
        let (outer_limit, outer_deadline) = (self.limit, self.deadline);
        let nodes_left = outer_limit.saturating_sub(self.nodes);
        self.limit = self
            .nodes
            .saturating_add((nodes_left as f64 * share) as u64);
        // The clock is read only under a time limit (WebAssembly in a browser has none).
        self.deadline = outer_deadline.map(|d| {
            let now = Instant::now();
            now + d.saturating_duration_since(now).mul_f64(share)
        });
        let result = f(self);
        (self.limit, self.deadline) = (outer_limit, outer_deadline);
        self.stopped = self.nodes >= outer_limit || self.out_of_time();
        result
    }

    /// The empty cells near a stone.
    fn candidates(&self) -> Vec<usize> {
        self.points
            .iter()
            .copied()
            .filter(|&i| self.near[i] > 0 && self.board.is_empty_cell(i))
            .collect()
    }

    fn wins(&self, i: usize, stone: Stone) -> bool {
        self.threat(i, stone) == Threat::Five
    }

    /// The cells where `stone` would make five now.
    fn winning_cells(&self, stone: Stone) -> Vec<usize> {
        self.cells_with(stone, Threat::Five)
    }

    /// The cells on the lines through `i`, within four of it, where `stone` makes five.
    fn winning_cells_around(&self, i: usize, stone: Stone) -> Vec<usize> {
        let mut cells = Vec::new();
        for d in DIRECTIONS {
            for k in (-4..=4).filter(|&k| k != 0) {
                let j = step(i, d, k);
                if self.board.is_empty_cell(j) && self.wins(j, stone) && !cells.contains(&j) {
                    cells.push(j);
                }
            }
        }
        cells
    }

    fn makes_four(&self, i: usize, stone: Stone) -> bool {
        self.threat(i, stone) >= Threat::Four
    }

    fn is_legal(&mut self, i: usize, stone: Stone) -> bool {
        self.board.is_empty_cell(i) && !self.board.is_forbidden_at(i, stone, self.rule)
    }

    /// The move order: `cells` by their pattern score for `stone`, best first.
    fn ordered(&self, mut cells: Vec<usize>, stone: Stone) -> Vec<usize> {
        cells.sort_by_cached_key(|&i| std::cmp::Reverse(self.move_score(i, stone)));
        cells
    }

    /// The chosen moves, best first: one when a move is forced, up to `nbest` from the
    /// alpha-beta search otherwise; empty only when no legal move is found.
    fn decide(&mut self, me: Stone) -> Vec<(usize, Reason)> {
        let them = me.opponent();
        let candidates = self.candidates();
        if candidates.is_empty() {
            let centre = self.board.size() / 2;
            return vec![(index(Point::new(centre, centre)), Reason::Only)];
        }
        if let Some(&five) = candidates.iter().find(|&&i| self.wins(i, me)) {
            return vec![(five, Reason::Five)];
        }
        let threats = self.winning_cells(them);
        if let Some(block) = threats.into_iter().find(|&i| self.is_legal(i, me)) {
            return vec![(block, Reason::Block)];
        }
        // A tenth of the budget for our VCF, a tenth of the rest to stop theirs, a quarter of
        // what is left then for our VCT, and the rest for alpha-beta.
        let mut line = Vec::new();
        if self.with_budget(0.1, |s| s.vcf(me, VCF_DEPTH, None, &mut line)) {
            return line
                .first()
                .map(|&i| (i, Reason::Vcf))
                .into_iter()
                .collect();
        }
        if let Some(stops) = self.with_budget(0.1, |s| s.stop_vcf(me)) {
            // Alpha-beta chooses among the moves that stop it.
            let first = stops[0];
            let best = match stops.len() {
                1 => first,
                _ => self
                    .alpha_beta_among(me, stops)
                    .first()
                    .map_or(first, |&(i, _)| i),
            };
            return vec![(best, Reason::StopVcf)];
        }
        if let Some(first) = self.with_budget(0.25, |s| s.vct_deepening(me)) {
            return vec![(first, Reason::Vct)];
        }
        self.alpha_beta_root(me)
    }

    /// Whether `me`, to move, wins by fours; `forced` is the one cell it must take first
    /// (to stop a five). On success `line` holds the moves from here to the five.
    fn vcf(&mut self, me: Stone, depth: u32, forced: Option<usize>, line: &mut Vec<usize>) -> bool {
        if depth == 0 || !self.tick() {
            return false;
        }
        let key = self.key(me);
        if forced.is_none() && self.vcf_failed.get(&key).is_some_and(|&d| d >= depth) {
            return false;
        }
        let them = me.opponent();
        let moves = match forced {
            Some(cell) => vec![cell],
            None => self.ordered(self.cells_with(me, Threat::Four), me),
        };
        for i in moves {
            if self.wins(i, me) {
                line.push(i);
                return true;
            }
            if !self.makes_four(i, me) || !self.is_legal(i, me) {
                continue;
            }
            self.place(i, me);
            let threats = self.winning_cells_around(i, me);
            let won = match threats.as_slice() {
                [] => false,
                [_, _, ..] => true,
                &[block] if !self.is_legal(block, them) => true,
                &[block] => {
                    self.place(block, them);
                    let counter = self.winning_cells_around(block, them);
                    let mut rest = Vec::new();
                    let won = match counter.as_slice() {
                        [] => self.vcf(me, depth - 1, None, &mut rest),
                        &[c] => self.vcf(me, depth - 1, Some(c), &mut rest),
                        _ => false,
                    };
                    self.remove(block, them);
                    if won {
                        line.push(i);
                        line.push(block);
                        line.append(&mut rest);
                    }
                    self.remove(i, me);
                    if won {
                        return true;
                    }
                    continue;
                }
            };
            self.remove(i, me);
            if won {
                // The defender blocks one point of five (if it may), the attacker takes the
                // other.
                line.push(i);
                line.extend(threats.iter().rev().take(2).rev());
                return true;
            }
        }
        if forced.is_none() && !self.stopped {
            if self.vcf_failed.len() >= VCF_MEMORY {
                self.vcf_failed.clear();
            }
            self.vcf_failed.insert(key, depth);
        }
        false
    }

    /// The moves that leave the opponent no VCF, when the opponent has one, among the
    /// best-scored candidates, in their move order. `None` if the opponent has none, or
    /// none was found.
    fn stop_vcf(&mut self, me: Stone) -> Option<Vec<usize>> {
        let them = me.opponent();
        if !self.vcf(them, VCF_DEPTH, None, &mut Vec::new()) {
            return None;
        }
        let candidates = self.ordered(self.candidates(), me);
        let mut stops = Vec::new();
        for i in candidates.into_iter().take(3 * WIDTH) {
            if self.stopped || !self.is_legal(i, me) {
                continue;
            }
            self.place(i, me);
            let forced = self.winning_cells_around(i, me);
            let refuted = match forced.as_slice() {
                // A four of ours: they must block, and then look for their VCF.
                &[block] if self.is_legal(block, them) => {
                    self.place(block, them);
                    let theirs = self.vcf(them, VCF_DEPTH, None, &mut Vec::new());
                    self.remove(block, them);
                    !theirs
                }
                [] => !self.vcf(them, VCF_DEPTH, None, &mut Vec::new()),
                _ => true,
            };
            self.remove(i, me);
            if refuted && !self.stopped {
                stops.push(i);
            }
        }
        (!stops.is_empty()).then_some(stops)
    }

    /// The first move of a forced win of `me`'s by fours and threes, if one is found within
    /// `threes` threes and `fours` fours before the last run of fours (a VCF): each four
    /// the opponent must block, each three it must answer (see [`Search::vct_three`]).
    fn vct(&mut self, me: Stone, threes: u32, fours: u32) -> Option<usize> {
        if !self.tick() {
            return None;
        }
        let mut line = Vec::new();
        if self.vcf(me, VCF_DEPTH / 2, None, &mut line) {
            return line.first().copied();
        }
        if threes == 0 {
            return None;
        }
        let threats = self.cells_with(me, Threat::Three);
        let threats: Vec<usize> = self
            .ordered(threats, me)
            .into_iter()
            .filter(|&i| fours > 0 || !self.makes_four(i, me))
            .take(VCT_WIDTH)
            .collect();
        for i in threats {
            let four = self.makes_four(i, me);
            if self.stopped || !self.is_legal(i, me) {
                continue;
            }
            self.place(i, me);
            let won = if four {
                self.vct_four(i, me, threes, fours - 1)
            } else {
                self.threatens_open_four(me) && self.vct_three(me, threes - 1, fours)
            };
            self.remove(i, me);
            if won && !self.stopped {
                return Some(i);
            }
        }
        None
    }

    /// [`Search::vct`] with one three more at a time, up to [`VCT_DEPTH`]: the shortest
    /// wins first.
    fn vct_deepening(&mut self, me: Stone) -> Option<usize> {
        for threes in 1..=VCT_DEPTH {
            if let Some(first) = self.vct(me, threes, VCT_FOURS) {
                return Some(first);
            }
            if self.stopped {
                break;
            }
        }
        None
    }

    /// Whether `me`'s four at `i`, just played, wins: the opponent blocks it (a block that
    /// makes a four of its own ends the attack), then [`Search::vct`] goes on.
    fn vct_four(&mut self, i: usize, me: Stone, threes: u32, fours: u32) -> bool {
        let them = me.opponent();
        match self.winning_cells_around(i, me).as_slice() {
            [] => false,
            [_, _, ..] => true,
            &[block] if !self.is_legal(block, them) => true,
            &[block] => {
                self.place(block, them);
                let won = self.winning_cells_around(block, them).is_empty()
                    && self.vct(me, threes, fours).is_some();
                self.remove(block, them);
                won
            }
        }
    }

    /// Whether `me`'s three, just played, wins against every answer: the points of
    /// [`Search::replies_to_three`], those that stop it and the opponent's fours. After
    /// one that stops it [`Search::vct`] goes on; a four `me` blocks
    /// ([`Search::vct_block`]); two fours at once, or one `me` may not block, refute it.
    fn vct_three(&mut self, me: Stone, threes: u32, fours: u32) -> bool {
        let them = me.opponent();
        self.replies_to_three(them).into_iter().all(|d| {
            if self.stopped {
                return false;
            }
            self.place(d, them);
            let won = match self.winning_cells_around(d, them).as_slice() {
                [] => self.vct(me, threes, fours).is_some(),
                &[c] if self.is_legal(c, me) => self.vct_block(c, me, threes, fours),
                _ => false,
            };
            self.remove(d, them);
            won
        })
    }

    /// Whether `me` still wins after blocking the opponent's four at `c`: the block is a
    /// four of its own (see [`Search::vct_four`]), or `me`'s three stands and the opponent
    /// must answer it again.
    fn vct_block(&mut self, c: usize, me: Stone, threes: u32, fours: u32) -> bool {
        self.place(c, me);
        let won = if self.winning_cells_around(c, me).is_empty() {
            self.threatens_open_four(me) && self.vct_three(me, threes, fours)
        } else {
            self.vct_four(c, me, threes, fours)
        };
        self.remove(c, me);
        won
    }

    /// The root moves of the deepest finished iteration, best first, each with its depth and
    /// score; empty only when `me` has no legal candidate.
    fn alpha_beta_root(&mut self, me: Stone) -> Vec<(usize, Reason)> {
        let width = (WIDTH + 4).max(self.nbest);
        let mut legal = if self.threatens_open_four(me.opponent()) {
            self.replies_to_three(me)
        } else {
            self.sorted_legal(self.candidates(), me, width)
        };
        if legal.is_empty() {
            legal = self.sorted_legal(self.candidates(), me, width);
        }
        self.alpha_beta_among(me, legal)
    }

    /// [`Search::alpha_beta_root`] over the legal root moves `legal`, in this order first.
    fn alpha_beta_among(&mut self, me: Stone, mut legal: Vec<usize>) -> Vec<(usize, Reason)> {
        let mut best: Vec<(usize, Reason)> = legal
            .iter()
            .map(|&i| (i, Reason::AlphaBeta { depth: 0, score: 0 }))
            .collect();
        let mut previous: Option<i32> = None;
        for depth in self.first_depth..=self.max_depth {
            let Some(scored) = self.aspirated(me, &legal, depth, previous) else {
                break;
            };
            previous = Some(scored[0].0);
            let won = scored[0].0.abs() >= WIN - 100;
            legal = scored.iter().map(|&(_, i)| i).collect();
            best = scored
                .into_iter()
                .map(|(score, i)| (i, Reason::AlphaBeta { depth, score }))
                .collect();
            if won {
                break;
            }
        }
        best
    }

    /// An iteration at the root with an aspiration window: when a single best move is
    /// wanted and the last iteration scored `previous`, first within [`ASPIRATION`] of it,
    /// then, if the best score falls outside, again with the full window.
    fn aspirated(
        &mut self,
        me: Stone,
        moves: &[usize],
        depth: u32,
        previous: Option<i32>,
    ) -> Option<Vec<(i32, usize)>> {
        let full = (-WIN - 1, WIN + 1);
        let window = match previous {
            Some(v) if self.nbest == 1 && depth >= 3 && v.abs() < WIN / 2 => {
                (v - ASPIRATION, v + ASPIRATION)
            }
            _ => full,
        };
        let scored = self.root_iteration(me, moves, depth, window)?;
        let best = scored[0].0;
        if window != full && (best <= window.0 || best >= window.1) {
            return self.root_iteration(me, moves, depth, full);
        }
        Some(scored)
    }

    /// One iteration at the root: `moves` searched `depth` plies within `window`, best
    /// first, the window's floor kept until [`Search::nbest`] of them are scored; `None` if
    /// the budget ran out.
    fn root_iteration(
        &mut self,
        me: Stone,
        moves: &[usize],
        depth: u32,
        (floor, beta): (i32, i32),
    ) -> Option<Vec<(i32, usize)>> {
        let mut scored: Vec<(i32, usize)> = Vec::with_capacity(moves.len());
        for &i in moves {
            // The n-th best score so far bounds what still matters.
            let alpha = if scored.len() < self.nbest {
                floor
            } else {
                let mut values: Vec<i32> = scored.iter().map(|&(v, _)| v).collect();
                values.sort_unstable_by(|a, b| b.cmp(a));
                values[self.nbest - 1].max(floor)
            };
            self.place(i, me);
            let value = -self.negamax(me.opponent(), depth - 1, 1, -beta, -alpha);
            self.remove(i, me);
            if self.stopped {
                return None;
            }
            scored.push((value, i));
        }
        scored.sort_by_key(|&(value, _)| std::cmp::Reverse(value));
        (!scored.is_empty()).then_some(scored)
    }

    /// The value of the position for `me`, to move, searched `depth` more plies (then
    /// continued by fours only: a quiescence search that sees forced wins by fours).
    fn negamax(&mut self, me: Stone, depth: u32, ply: i32, mut alpha: i32, beta: i32) -> i32 {
        if !self.tick() {
            return 0;
        }
        let them = me.opponent();
        if self.has(me, Threat::Five) {
            return WIN - ply;
        }
        let forced = match self.cells_with(them, Threat::Five).as_slice() {
            [] => None,
            &[block] if self.is_legal(block, me) => Some(block),
            _ => return -(WIN - ply - 1),
        };
        if forced.is_none()
            && !self.has(them, Threat::Four)
            && let Some(plies) = self.sure_win(me)
        {
            return WIN - ply - plies;
        }
        if ply as usize >= MAX_PLY - 1 {
            return self.evaluate(me);
        }
        let key = self.key(me);
        let known = self.table.probe(key);
        if let Some(entry) =
            known.filter(|e| u32::from(e.depth) >= depth && e.value.abs() < DECIDED)
        {
            let cut = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => entry.value >= beta,
                Bound::Upper => entry.value <= alpha,
            };
            if cut {
                return entry.value;
            }
        }
        let mut best = (-WIN - 1, None);
        let mut next = depth.saturating_sub(1);
        let mut moves = if let Some(block) = forced {
            // A forced block costs no depth, up to a point.
            if ply < FORCED_PLIES {
                next = depth;
            }
            vec![block]
        } else if depth == 0 {
            let stand = self.evaluate(me);
            if stand >= beta {
                return stand;
            }
            best.0 = stand;
            alpha = alpha.max(stand);
            // Plain fours for a few moves; four-threes and open fours always.
            let least = if self.quiescent_fours > 0 {
                Threat::Four
            } else {
                Threat::FourThree
            };
            self.sorted_legal(self.cells_with(me, least), me, usize::MAX)
        } else if self.threatens_open_four(them) {
            // A few replies to a three cost no depth either.
            let replies = self.replies_to_three(me);
            if replies.len() <= EXTENDED_REPLIES && ply < FORCED_PLIES {
                next = depth;
            }
            replies
        } else {
            self.sorted_legal(self.candidates(), me, WIDTH)
        };
        if moves.is_empty() {
            return if depth == 0 { best.0 } else { 0 };
        }
        self.hints_first(&mut moves, known.and_then(|e| e.best), ply);
        let reducible = forced.is_none() && depth >= 3;
        let floor = alpha;
        for (k, &i) in moves.iter().enumerate() {
            let quiet = self.threat(i, me) < Threat::Three && self.threat(i, them) < Threat::Three;
            let reduction = match k {
                _ if !reducible || !quiet => 0,
                0..3 => 0,
                3..8 => 1,
                _ => 2,
            };
            let quiescent_four =
                depth == 0 && forced.is_none() && self.threat(i, me) == Threat::Four;
            self.quiescent_fours -= u32::from(quiescent_four);
            self.place(i, me);
            let value = if k == 0 {
                -self.negamax(them, next, ply + 1, -beta, -alpha)
            } else {
                // A null window first, reduced for a late quiet move; searched again in
                // full when it may raise alpha.
                let reduced = next.saturating_sub(reduction);
                let mut v = -self.negamax(them, reduced, ply + 1, -alpha - 1, -alpha);
                if v > alpha && reduction > 0 {
                    v = -self.negamax(them, next, ply + 1, -alpha - 1, -alpha);
                }
                if v > alpha && v < beta {
                    v = -self.negamax(them, next, ply + 1, -beta, -alpha);
                }
                v
            };
            self.remove(i, me);
            self.quiescent_fours += u32::from(quiescent_four);
            if self.stopped {
                return 0;
            }
            if value > best.0 {
                best = (value, Some(i));
            }
            alpha = alpha.max(value);
            if alpha >= beta {
                if quiet {
                    let killers = &mut self.killers[ply as usize];
                    if killers[0] != i {
                        *killers = [i, killers[0]];
                    }
                }
                break;
            }
        }
        let bound = if best.0 <= floor {
            Bound::Upper
        } else if best.0 >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.store(
            key,
            Entry {
                value: best.0,
                depth: u8::try_from(depth).unwrap_or(u8::MAX),
                bound,
                best: best.1,
            },
        );
        best.0
    }

    /// Plies to a win that `me`, to move, cannot be denied when the opponent has no four to
    /// play: an open four (or two fours) now, or, for a colour without fouls, a four-three.
    fn sure_win(&mut self, me: Stone) -> Option<i32> {
        if self.has(me, Threat::OpenFour) {
            let cells = self.cells_with(me, Threat::OpenFour);
            if cells.into_iter().any(|i| self.is_legal(i, me)) {
                return Some(2);
            }
        }
        (!self.rule.has_fouls(me) && self.has(me, Threat::FourThree)).then_some(4)
    }

    /// Moves the table and the killers name, first among `moves`, when they are there.
    fn hints_first(&self, moves: &mut [usize], hint: Option<usize>, ply: i32) {
        let killers = self.killers[ply as usize];
        for cell in [killers[1], killers[0]].into_iter().chain(hint) {
            if let Some(at) = moves.iter().position(|&m| m == cell) {
                moves[..=at].rotate_right(1);
            }
        }
    }

    /// The replies of `me` when the opponent threatens an open four (an open three, or two
    /// lines each a move from a four): the opponent's points of four, which take the
    /// threat's points, its forbidden points (under renju a point of the three where black
    /// would make a double-four or an overline still blocks it), and `me`'s own fours.
    fn replies_to_three(&mut self, me: Stone) -> Vec<usize> {
        let them = me.opponent();
        let cells = self
            .points
            .iter()
            .copied()
            .filter(|&i| {
                let theirs = self.threat(i, them);
                self.board.is_empty_cell(i)
                    && (theirs >= Threat::Four
                        || theirs == Threat::Forbidden
                        || self.threat(i, me) >= Threat::Four)
            })
            .collect();
        self.sorted_legal(cells, me, usize::MAX)
    }

    /// The first `n` legal moves for `me` among `cells`, by their pattern score.
    fn sorted_legal(&mut self, cells: Vec<usize>, me: Stone, n: usize) -> Vec<usize> {
        let ordered = self.ordered(cells, me);
        self.first_legal(ordered, me, n)
    }

    /// The first `n` of `cells` that `me` may play, in order.
    fn first_legal(
        &mut self,
        cells: impl IntoIterator<Item = usize>,
        me: Stone,
        n: usize,
    ) -> Vec<usize> {
        let mut legal = Vec::new();
        for i in cells {
            if legal.len() >= n {
                break;
            }
            if self.threat(i, me) != Threat::Forbidden && self.is_legal(i, me) {
                legal.push(i);
            }
        }
        legal
    }

    /// The pattern evaluation for the player to move: the values of the empty points for it,
    /// less those for the opponent.
    fn evaluate(&self, me: Stone) -> i32 {
        let them = me.opponent();
        let (mine, theirs) = (self.totals[me as usize], self.totals[them as usize]);
        let threats = MOVER_THREAT[self.best_threat(me) as usize]
            - WAITER_THREAT[self.best_threat(them) as usize];
        (mine - theirs + threats).clamp(-WIN / 2, WIN / 2)
    }

    /// The strongest threat `stone` can make on an empty point.
    fn best_threat(&self, stone: Stone) -> Threat {
        let counts = &self.counts[stone as usize];
        (0..THREATS)
            .rev()
            .find(|&t| counts[t] > 0)
            .map_or(Threat::Forbidden, Threat::from_index)
    }

    /// The threat `stone` makes on the point `i`.
    #[inline]
    fn threat(&self, i: usize, stone: Stone) -> Threat {
        self.combined[i][stone as usize].threat
    }

    /// Whether `stone` may make an open four (or two fours) next: a point of it that is
    /// legal for `stone` (under renju black's three is no threat when its points of four
    /// are all fouls).
    fn threatens_open_four(&mut self, stone: Stone) -> bool {
        if !self.has(stone, Threat::OpenFour) {
            return false;
        }
        !self.rule.has_fouls(stone)
            || self
                .cells_with(stone, Threat::OpenFour)
                .into_iter()
                .any(|i| self.is_legal(i, stone))
    }

    /// Whether `stone` has an empty point making `threat` or more.
    fn has(&self, stone: Stone, threat: Threat) -> bool {
        self.counts[stone as usize][threat as usize..]
            .iter()
            .any(|&n| n > 0)
    }

    /// The empty points where `stone` makes `threat` or more (none at once when it has no
    /// such point).
    fn cells_with(&self, stone: Stone, threat: Threat) -> Vec<usize> {
        if !self.has(stone, threat) {
            return Vec::new();
        }
        self.points
            .iter()
            .copied()
            .filter(|&i| self.board.is_empty_cell(i) && self.threat(i, stone) >= threat)
            .collect()
    }

    /// The move-order score of the point `i` for `me`: its value for `me`, plus most of its
    /// value for the opponent (what the move takes away).
    fn move_score(&self, i: usize, me: Stone) -> i32 {
        let [black, white] = self.combined[i];
        let (mine, theirs) = match me {
            Stone::Black => (black.value, white.value),
            Stone::White => (white.value, black.value),
        };
        mine + theirs * 4 / 5
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rule::Foul;
    use rand::SeedableRng;
    use rand::rngs::StdRng;
    use rand::seq::{IndexedRandom, SliceRandom};

    /// The line codes kept move by move equal the codes read off the board, after random
    /// moves and take-backs.
    #[test]
    fn line_codes_follow_the_board() {
        let mut rng = StdRng::seed_from_u64(3);
        for (size, rule) in [(5, Rule::Freestyle), (15, Rule::Renju), (26, Rule::Omok)] {
            let game = Game::with_size(rule, size).unwrap();
            let mut search = Search::new(
                &game,
                Limits::default(),
                Arc::new(TranspositionTable::new(0)),
            );
            let mut played: Vec<(usize, Stone)> = Vec::new();
            for turn in 0..300 {
                let empty: Vec<usize> = search
                    .points
                    .iter()
                    .copied()
                    .filter(|&i| search.board.is_empty_cell(i))
                    .collect();
                if turn % 3 == 2 && !played.is_empty() || empty.is_empty() {
                    let (i, stone) = played.pop().unwrap();
                    search.remove(i, stone);
                } else {
                    let i = *empty.choose(&mut rng).unwrap();
                    let stone = if turn % 2 == 0 {
                        Stone::Black
                    } else {
                        Stone::White
                    };
                    search.place(i, stone);
                    played.push((i, stone));
                }
                for &i in &search.points {
                    for stone in [Stone::Black, Stone::White] {
                        assert_eq!(search.shapes(i, stone), search.board.shapes(i, stone));
                    }
                }
                assert_patterns_read_afresh(&search);
            }
        }
    }

    /// The classes, threats, values, counts and totals kept move by move equal those of a
    /// search started afresh on the same board.
    fn assert_patterns_read_afresh(search: &Search) {
        let table = Arc::new(TranspositionTable::new(0));
        let fresh = Search::with_board(search.board.clone(), search.rule, Limits::default(), table);
        for &i in &search.points {
            assert_eq!(search.classes[i], fresh.classes[i], "cell {i}");
            assert_eq!(search.combined[i], fresh.combined[i], "cell {i}");
        }
        assert_eq!(search.counts, fresh.counts);
        assert_eq!(search.totals, fresh.totals);
    }

    /// The threats read from the pattern tables agree with the rules: a five where the
    /// board says a stone wins, and a forbidden point exactly where renju black's double-four
    /// or overline is, over random positions.
    #[test]
    fn threats_agree_with_wins_and_fouls() {
        let mut rng = StdRng::seed_from_u64(11);
        for _ in 0..40 {
            let mut board = Board::new(15).unwrap();
            let mut points: Vec<Point> = board.points().collect();
            points.shuffle(&mut rng);
            for (k, &p) in points.iter().take(70).enumerate() {
                let stone = [Stone::Black, Stone::White][k % 2];
                board.set(p, Some(stone)).unwrap();
            }
            for rule in [Rule::Freestyle, Rule::Renju] {
                let table = Arc::new(TranspositionTable::new(0));
                let search = Search::with_board(board.clone(), rule, Limits::default(), table);
                for p in board.empty_points() {
                    let i = index(p);
                    for stone in [Stone::Black, Stone::White] {
                        let threat = search.threat(i, stone);
                        assert_eq!(threat == Threat::Five, board.is_win(p, stone, rule), "{p}");
                        let foul = board.foul(p, stone, rule);
                        let settled = matches!(foul, Some(Foul::DoubleFour | Foul::Overline));
                        assert_eq!(threat == Threat::Forbidden, settled, "{p} {stone:?} {rule}");
                    }
                }
            }
        }
    }

    /// Against an open three the only replies are its defence points and one's own fours.
    #[test]
    fn an_open_three_is_answered_at_its_defence_points() {
        // White g8 h8 i8 is an open three; black has a blocked three d5 d6 d7 (d8 white)
        // whose four points are d4 and d3.
        let g = game(Rule::Freestyle, "d5 g8 d6 h8 d7 d8 a15 i8");
        assert_eq!(g.turn(), Stone::Black);
        let mut search = Search::new(&g, Limits::default(), Arc::new(TranspositionTable::new(0)));
        assert!(search.has(Stone::White, Threat::OpenFour));
        let mut replies: Vec<String> = search
            .replies_to_three(Stone::Black)
            .into_iter()
            .map(|i| point_of(i).to_string())
            .collect();
        replies.sort();
        assert_eq!(replies, ["d3", "d4", "e8", "f8", "j8", "k8"]);
    }

    /// Under renju, a point of black's three where black would make a double-four blocks
    /// the three too: white's replies hold it, and black's g8 is not a win.
    #[test]
    fn a_renju_three_is_answered_at_blacks_forbidden_points() {
        // Black g8 h8 _ j8 is a three; f8 would give black fours both ways (d8 e8 and i8),
        // a double-four, but white may take it.
        let g = game(Rule::Renju, "h10 f6 h8 e7 j8 g5 d8 g7 g11 i9 f10 e9 g8");
        let mut search = Search::new(&g, Limits::default(), Arc::new(TranspositionTable::new(0)));
        let f8 = index("f8".parse().unwrap());
        assert_eq!(search.threat(f8, Stone::Black), Threat::Forbidden);
        assert!(search.replies_to_three(Stone::White).contains(&f8));
        let before = game(Rule::Renju, "h10 f6 h8 e7 j8 g5 d8 g7 g11 i9 f10 e9");
        let decision = decide(&before, Limits::nodes(60_000)).unwrap();
        assert!(
            !matches!(decision.reason, Reason::AlphaBeta { score, .. } if score >= DECIDED),
            "{decision:?}"
        );
    }

    /// Past the last ply, a four-three wins at once when the opponent has no four to play,
    /// and the quiescence search (fours only) plays the win out when it has one.
    #[test]
    fn the_last_ply_sees_wins_by_fours() {
        let depth_zero = |record: &str| {
            let g = game(Rule::Freestyle, record);
            let table = Arc::new(TranspositionTable::new(0));
            let mut search = Search::new(&g, Limits::nodes(10_000), table);
            let value = search.negamax(Stone::Black, 0, 0, -WIN - 1, WIN + 1);
            (value, search.nodes)
        };
        // Black k9 makes a four (g9 h9 i9 k9, f9 white) and a three (k9 k10 k11).
        let quiet_white = "h8 g8 i8 f9 j8 k12 g9 a1 h9 o1 i9 a15 k10 o15 k11 l12";
        assert_eq!(depth_zero(quiet_white), (WIN - 4, 1));
        // White a1 a2 a3 can make a four (a4): the four-three is played out, the open four
        // after it too, and white is left with two points of five.
        let white_four = "h8 g8 i8 f9 j8 k12 g9 a1 h9 a2 i9 a3 k10 o15 k11 l12";
        let (value, nodes) = depth_zero(white_four);
        assert_eq!(value, WIN - 4);
        assert!(nodes >= 4, "{nodes}");
        // With no four to play the quiescence search stands pat.
        assert!(depth_zero("h8 a1 i8 a3").0.abs() < DECIDED);
    }

    fn game(rule: Rule, record: &str) -> Game {
        Game::from_record(rule, 15, record).unwrap()
    }

    /// Plays a VCF line out against a defender that always blocks, and checks that it ends
    /// in the attacker's five.
    fn plays_out(mut game: Game, line: &[Point]) {
        let attacker = game.turn();
        for &p in line {
            game.play(p).unwrap();
        }
        assert_eq!(
            game.outcome().and_then(|o| o.winner()),
            Some(attacker),
            "{game}"
        );
    }

    /// A freestyle search of the board with `black` and `white` stones (as `(x, y)`).
    fn search_of(black: &[(u8, u8)], white: &[(u8, u8)], nodes: u64) -> Search {
        let mut board = Board::new(15).unwrap();
        for (stones, stone) in [(black, Stone::Black), (white, Stone::White)] {
            for &(x, y) in stones {
                board.set(Point::new(x, y), Some(stone)).unwrap();
            }
        }
        let table = Arc::new(TranspositionTable::new(0));
        Search::with_board(board, Rule::Freestyle, Limits::nodes(nodes), table)
    }

    #[test]
    fn vct_finds_a_double_three() {
        // h8 i8 and j10 j11, open: j8 makes two threes (h8-j8, j8-j11), white blocks one.
        let black = [(7, 7), (8, 7), (9, 9), (9, 10)];
        let mut search = search_of(&black, &[(0, 0), (2, 0), (4, 0), (14, 14)], 100_000);
        assert_eq!(
            search.vct_deepening(Stone::Black),
            Some(index(Point::new(9, 7)))
        );
    }

    #[test]
    fn one_three_is_no_vct() {
        let mut search = search_of(&[(7, 7), (8, 7)], &[(0, 0), (14, 14)], 100_000);
        assert_eq!(search.vct_deepening(Stone::Black), None);
        assert!(!search.stopped);
    }

    #[test]
    fn vct_wins_through_the_opponents_counter_fours() {
        // Move 107 of a freestyle game lost to Rapfi (omok-core README, "Where the games are
        // lost"), black to move; points as in SGF, column then row, `a` to `o`. Rapfi (300,000
        // nodes) wins from kb in 11 plies, white answering with fours; the VCT here finds that
        // or mn, a four: white's block kl is forced, and Rapfi then wins with kb again. The
        // failed VCF searches it remembers bring it there in some 40,000 nodes (575,000
        // without).
        let record = "fh fg ji gg hg gf gh eh he if hf hh ii gi ki hi di ig jf ie ih ej ek dg eg \
                      kj hc hd jh jj kg id ic lf gc jc ij hk mi li mh lh lg mf kf je ke kh mj mk \
                      ng mg kd kc gk hj hl lk fj ei kk jl lj oj fi il km fc fl fk dj hm jk gm dl \
                      dk el gl in em fm kn jm fd gd fe ff bh nh og ne nd ni nf me cl lm mm le oe \
                      md jg ob nc mc de";
        let points: Vec<(u8, u8)> = record
            .split_whitespace()
            .map(|m| (m.as_bytes()[0] - b'a', m.as_bytes()[1] - b'a'))
            .collect();
        let black: Vec<_> = points.iter().step_by(2).copied().collect();
        let white: Vec<_> = points.iter().skip(1).step_by(2).copied().collect();
        let mut search = search_of(&black, &white, 200_000);
        let first = search.vct_deepening(Stone::Black).map(point_of);
        let wins = [Point::new(10, 1), Point::new(12, 13)];
        assert!(first.is_some_and(|p| wins.contains(&p)), "{first:?}");
        assert!(search.nodes < 100_000, "{} nodes", search.nodes);
    }

    #[test]
    fn vcf_finds_an_open_four() {
        // Black k10 k11 k12 is an open three: k9 or k13 makes a straight four.
        let g = game(Rule::Freestyle, "k10 a1 k11 a3 k12 a5");
        let line = vcf(&g, Limits::nodes(100_000)).expect("a VCF");
        assert_eq!(line.len(), 3);
        plays_out(g, &line);
    }

    #[test]
    fn vcf_finds_a_four_then_a_double_four() {
        // No open three for black: g9 h9 i9 is blocked by f9, h8 i8 j8 by g8, k10 k11 by k12,
        // h8 i9 k11 by l12. k9 is a four (white must take j9), then k8 makes two fours: l8
        // and k7.
        let g = game(
            Rule::Freestyle,
            "h8 g8 i8 f9 j8 k12 g9 a1 h9 a3 i9 a5 k10 a7 k11 l12",
        );
        let line = vcf(&g, Limits::nodes(200_000)).expect("a VCF");
        assert!(line.len() >= 5, "{line:?}");
        plays_out(g, &line);
    }

    #[test]
    fn vcf_as_white_uses_a_point_black_may_not_take() {
        // White g9 makes a four whose point of five, g8, would give black six in a row.
        let g = game(Rule::Renju, "d8 a1 e8 a3 f8 g10 i8 g11 h8 g12 g13");
        assert_eq!(g.turn(), Stone::White);
        let line = vcf(&g, Limits::nodes(100_000)).expect("a VCF");
        let names: Vec<String> = line.iter().map(Point::to_string).collect();
        assert_eq!(names, ["g9", "g8"]);
        let mut after = g.clone();
        after.play(line[0]).unwrap();
        assert!(matches!(
            after.play(line[1]),
            Err(crate::MoveError::Forbidden {
                foul: crate::Foul::Overline,
                ..
            })
        ));
        // Under freestyle black simply blocks there, and there is no VCF.
        let free = game(Rule::Freestyle, "d8 a1 e8 a3 f8 g10 i8 g11 h8 g12 g13");
        assert!(free.is_over() || vcf(&free, Limits::nodes(100_000)).is_none());
    }

    /// Issue 10.2: budgets at the extremes answer with a legal move, and never panic.
    #[test]
    fn budgets_at_the_extremes_give_legal_moves() {
        let opening = Game::new(Rule::Renju);
        let won = game(Rule::Freestyle, "h8 a1 i8 a3 j8 a5 k8 a7");
        let midgame = game(Rule::Renju, "h8 i9 g9 j10 f10 k11 h10 a1");
        let extremes = [
            Limits::time(Duration::MAX),
            Limits {
                nodes: u64::MAX,
                time: Some(Duration::MAX),
                depth: None,
                threads: 1,
            },
            Limits {
                nodes: 0,
                time: Some(Duration::MAX),
                depth: Some(0),
                threads: 2,
            },
            Limits::time(Duration::ZERO),
            Limits::nodes(0),
            Limits::nodes(1),
        ];
        for limits in extremes {
            for g in [&opening, &won] {
                let decision = decide(g, limits).expect("a move");
                assert!(g.is_legal(decision.point), "{limits:?}");
            }
            if let Some(line) = vcf(&won, limits) {
                plays_out(won.clone(), &line);
            }
        }
        // A midgame, where the search would run long without a limit.
        for limits in &extremes[2..] {
            let decision = decide(&midgame, *limits).expect("a move");
            assert!(midgame.is_legal(decision.point), "{limits:?}");
            if let Some(line) = vcf(&midgame, *limits) {
                plays_out(midgame.clone(), &line);
            }
        }
    }

    /// A game set up from a board has no moves: the search still sees its stones.
    #[test]
    fn a_position_set_up_from_a_board_is_searched() {
        let played = game(Rule::Freestyle, "h8 a1 c3 a2 m12 a3 n2 a4");
        let set_up = Game::from_board(Rule::Freestyle, played.board()).unwrap();
        assert!(set_up.moves().is_empty());
        let decision = decide(&set_up, Limits::nodes(2_000)).unwrap();
        assert_eq!(decision.point.to_string(), "a5");
        assert_eq!(decision.reason, Reason::Block);
    }

    /// Whether `stone` has a VCF in `game`, whoever is to move.
    fn has_vcf(game: &Game, stone: Stone) -> bool {
        let mut search = Search::new(
            game,
            Limits::nodes(100_000),
            Arc::new(TranspositionTable::new(0)),
        );
        search.vcf(stone, VCF_DEPTH, None, &mut Vec::new())
    }

    /// Under renju, a three of black's whose points of an open four are all fouls (here
    /// four-three-threes) is no threat, and white's moves are not only the replies to it.
    #[test]
    fn a_renju_three_whose_open_four_points_are_fouls_is_no_threat() {
        let record = "g8 a1 h8 c1 f9 e1 f10 g1 e7 i1 d6 k1 j9 m1 j10 o1 k7 a3 l6 c3 i8";
        let g = game(Rule::Renju, record);
        assert_eq!(g.turn(), Stone::White);
        for point in ["f8", "j8"] {
            let foul = g
                .board()
                .foul(point.parse().unwrap(), Stone::Black, Rule::Renju);
            assert_eq!(foul, Some(Foul::DoubleThree), "{point}");
        }
        let table = Arc::new(TranspositionTable::new(0));
        let mut search = Search::new(&g, Limits::default(), table);
        assert!(search.has(Stone::Black, Threat::OpenFour));
        assert!(!search.threatens_open_four(Stone::Black));
        let free = game(Rule::Freestyle, record);
        let table = Arc::new(TranspositionTable::new(0));
        assert!(Search::new(&free, Limits::default(), table).threatens_open_four(Stone::Black));
    }

    /// When the opponent has a VCF, the move stops it, and alpha-beta chooses it among the
    /// moves that do.
    #[test]
    fn a_vcf_of_the_opponents_is_stopped_by_the_best_stop() {
        // From a game against Rapfi (freestyle): white has a VCF, black is to move.
        let g = game(Rule::Freestyle, "f9 i7 h8 g6 e8 i8 j9 i6");
        assert_eq!(g.turn(), Stone::Black);
        assert!(has_vcf(&g, Stone::White));
        let table = Arc::new(TranspositionTable::new(0));
        let stops = Search::new(&g, Limits::nodes(100_000), table)
            .stop_vcf(Stone::Black)
            .expect("moves that stop it");
        assert!(stops.len() >= 2, "{stops:?}");
        let decision = decide(&g, Limits::nodes(20_000)).unwrap();
        assert_eq!(decision.reason, Reason::StopVcf);
        assert!(stops.contains(&index(decision.point)), "{}", decision.point);
        let mut after = g.clone();
        after.play(decision.point).unwrap();
        assert!(!has_vcf(&after, Stone::White), "{}", decision.point);
    }

    #[test]
    fn vcf_none_where_fours_run_out() {
        let g = game(Rule::Freestyle, "h8 a1 i8 a3");
        assert_eq!(vcf(&g, Limits::nodes(100_000)), None);
    }
}
