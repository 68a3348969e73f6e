//! Writing a game as mjai lines: the hand's start from its wall, then each batch of
//! [`KyokuEvent`]s as the lines mjai writes for them.

use crate::game::hanchan::{Match, MatchEvent};
use crate::game::kyoku::{Kyoku, KyokuEvent, PaymentReason, TableMeld, TileWall};
use crate::game::seat::{MAX_SEATS, Seat};
use crate::hand::score::{MeldKind, Score, TileCopy, WinningHand};
use crate::mjai::event::{MjaiEvent, Scores};
use crate::mjai::names::{CHOMBO, FANPAI, KYUSHUKYUHAI, NAGASHIMANGAN, abort_reason, yakus};
use crate::mjai::order::{Slot, doras_first};
use crate::mjai::tile::MjaiTile;

/// The wall indices of the 13 tiles dealt to the seat `offset` places after the dealer at
/// a table of `seats` (4, or 3 in sanma): from the dealer each seat takes 4 tiles three
/// times, then 1 tile each (spec section 4).
pub(super) fn dealt_indices(offset: usize, seats: usize) -> impl Iterator<Item = usize> {
    let round = 4 * seats;
    let blocks = (0..3).flat_map(move |r| (0..4).map(move |k| r * round + offset * 4 + k));
    blocks.chain(std::iter::once(3 * round + offset))
}

/// Writes mjai lines as a game goes: `start_game` at once, then for each hand
/// [`MjaiWriter::start_kyoku`] right after the deal and [`MjaiWriter::record`] with the
/// events of each action, and [`MjaiWriter::end_game`] at the end.
///
/// A full log shows every tile; a per-seat log ([`MjaiWriter::for_seat`]) shows what that
/// seat may know: `start_game` carries its `id`, other seats' dealt tiles and draws are `?`.
///
/// ```
/// use mahjong_core::mjai::MjaiWriter;
/// use mahjong_core::{Kyoku, KyokuStart, Rules, TileWall};
/// use rand::{SeedableRng, rngs::StdRng};
///
/// let wall = TileWall::shuffled(true, &mut StdRng::seed_from_u64(1));
/// let mut kyoku = Kyoku::from_wall(Rules::tenhou(), KyokuStart::default(), wall)?;
/// let mut log = MjaiWriter::new();
/// log.start_kyoku(&kyoku);
/// let events = kyoku.apply(mahjong_core::KyokuAction::Tsumogiri)?;
/// log.record(&events);
/// let text = log.to_jsonl();
/// assert!(text.starts_with("{\"type\":\"start_game\"}\n{\"type\":\"start_kyoku\",\"bakaze\":\"E\""));
/// assert!(text.lines().nth(3).unwrap().contains("\"type\":\"dahai\",\"actor\":0"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct MjaiWriter {
    viewer: Option<Seat>,
    lines: Vec<MjaiEvent>,
    points: Scores,
    /// Each seat's melds so far in this hand (an added kan names its pon's tiles).
    melds: [Vec<TableMeld>; MAX_SEATS],
    /// A `hora` or `ryukyoku` line waiting for its payments.
    pending: Option<MjaiEvent>,
    /// The seat of the last draw (the seat of a kyuushu kyuuhai).
    drawer: Option<u8>,
    /// The seats at the table of the hand being written (3 in sanma): a honba is worth
    /// 100 from each of the other seats.
    seats: usize,
}

impl Default for MjaiWriter {
    /// [`MjaiWriter::new`]: a full log.
    fn default() -> MjaiWriter {
        MjaiWriter::new()
    }
}

impl MjaiWriter {
    /// A full log, started with its `start_game` line.
    pub fn new() -> MjaiWriter {
        MjaiWriter::started(None)
    }

    /// The log `seat` may see, started with `start_game` carrying its `id`.
    pub fn for_seat(seat: Seat) -> MjaiWriter {
        MjaiWriter::started(Some(seat))
    }

    /// A full log whose `start_game` names the players (by seat, as other engines write
    /// it: `"names":["a","b","c","d"]`).
    pub fn named(names: [String; MAX_SEATS]) -> MjaiWriter {
        MjaiWriter::labelled(None, Some(names))
    }

    /// A full log whose `start_game` carries `id` and `names` as given (a replay writes
    /// the `start_game` of the log it replays).
    pub(super) fn labelled(id: Option<u8>, names: Option<[String; MAX_SEATS]>) -> MjaiWriter {
        let mut writer = MjaiWriter::started(None);
        writer.lines[0] = MjaiEvent::StartGame { id, names };
        writer
    }

    fn started(viewer: Option<Seat>) -> MjaiWriter {
        MjaiWriter {
            viewer,
            lines: vec![MjaiEvent::StartGame {
                id: viewer.map(|seat| seat.index() as u8),
                names: None,
            }],
            points: [0; MAX_SEATS],
            melds: Default::default(),
            pending: None,
            drawer: None,
            seats: MAX_SEATS,
        }
    }

    /// Writes `start_kyoku` and the dealer's first `tsumo` of `kyoku`, from its wall and
    /// its start (so any moment of the hand gives the same lines; call it once per hand,
    /// before recording the hand's events). The hand number `kyoku` is the dealer's seat
    /// index + 1: seat 0 deals East 1.
    pub fn start_kyoku(&mut self, kyoku: &Kyoku) {
        let number = kyoku.start().dealer.index() as u8 + 1;
        self.start_hand(kyoku, number);
    }

    /// Writes the lines of the events of one call to [`Match::deal`] or [`Match::apply`] on
    /// `game` (give them right after the call: a hand's start is read from the hand just
    /// dealt): `start_kyoku` and the first `tsumo` for a new hand, the hand's lines as
    /// [`MjaiWriter::record`] writes them, and `end_game` with the final points when the
    /// match ends.
    pub fn record_match(&mut self, game: &Match, events: &[MatchEvent]) {
        let mut hand = Vec::new();
        for event in events {
            match event {
                MatchEvent::HandStarted { number, .. } => {
                    if let Some(kyoku) = game.kyoku() {
                        self.start_hand(kyoku, *number);
                    }
                }
                MatchEvent::Kyoku(event) => hand.push(event.clone()),
                MatchEvent::MatchEnded(_) => {}
            }
        }
        self.record(&hand);
        if let Some(MatchEvent::MatchEnded(result)) = events.last() {
            self.end_game(result.points);
        }
    }

    /// `start_kyoku` (hand `number` of its round) and the dealer's first `tsumo`.
    fn start_hand(&mut self, kyoku: &Kyoku, number: u8) {
        self.finish_pending();
        let start = kyoku.start();
        let wall = kyoku.wall();
        self.points = start.points;
        self.melds = Default::default();
        let dealer = start.dealer.index();
        let seats = kyoku.rules().seats;
        self.seats = seats;
        let tehais = std::array::from_fn(|seat| self.dealt(wall, Seat::ALL[seat], dealer, seats));
        let dora = kyoku.dora_indicators().first().copied();
        self.lines.push(MjaiEvent::StartKyoku {
            bakaze: MjaiTile::Known(start.round_wind.tile().into()),
            kyoku: number,
            honba: start.honba,
            kyotaku: start.riichi_sticks,
            oya: dealer as u8,
            dora_marker: dora.map_or(MjaiTile::Hidden, MjaiTile::Known),
            scores: start.points,
            tehais,
        });
        let first = wall.tiles()[13 * kyoku.rules().seats];
        self.record_seen(&KyokuEvent::Draw {
            seat: start.dealer,
            tile: Some(first),
            rinshan: false,
        });
    }

    /// The 13 tiles dealt to `seat` at a table of `seats`, in index order; `?` when the
    /// reader may not see them, and for the seat not at a three-player table (as the
    /// three-player forks of Mortal's libriichi pad `tehais`).
    fn dealt(&self, wall: &TileWall, seat: Seat, dealer: usize, seats: usize) -> Vec<MjaiTile> {
        if self.viewer.is_some_and(|viewer| viewer != seat) || seat.index() >= seats {
            return vec![MjaiTile::Hidden; 13];
        }
        let offset = (seat.index() + seats - dealer % seats) % seats;
        let dealt = dealt_indices(offset, seats);
        let mut tiles: Vec<TileCopy> = dealt.map(|i| wall.tiles()[i]).collect();
        tiles.sort();
        tiles.into_iter().map(MjaiTile::Known).collect()
    }

    /// Writes the lines of the events of one action ([`Kyoku::apply`]'s answer, the whole
    /// truth: a per-seat log hides what its seat may not see). Give each action's events in
    /// one call: a win's `hora` line sums the payments that follow it, and the indicator an
    /// open or added kan turns with the discard is written before its `dahai`, as other
    /// engines write it (see the [module](crate::mjai)). When the hand ends, `end_kyoku`
    /// follows.
    pub fn record(&mut self, events: &[KyokuEvent]) {
        let mut ended = false;
        for event in doras_first(events, slot) {
            ended |= matches!(
                event,
                KyokuEvent::Win { .. } | KyokuEvent::Ryuukyoku { .. } | KyokuEvent::Abort { .. }
            );
            self.record_seen(event);
        }
        if ended {
            self.finish_pending();
            self.lines.push(MjaiEvent::EndKyoku);
        }
    }

    /// Writes `end_game` with the final points (leftover sticks already given to the first
    /// place).
    pub fn end_game(&mut self, points: Scores) {
        self.finish_pending();
        self.lines.push(MjaiEvent::EndGame {
            scores: Some(points),
        });
    }

    /// Appends `lines` as they are (a referee's own lines, such as a penalty's).
    pub fn extend(&mut self, lines: &[MjaiEvent]) {
        self.finish_pending();
        self.lines.extend_from_slice(lines);
    }

    /// Writes a hand thrown out on a chombo (mjai.app's penalty for a bot's fault, see
    /// [`Match::chombo`]): `ryukyoku` with `reason` `error`, the penalty's `deltas` and the
    /// points after them, then `end_kyoku`.
    pub(super) fn chombo(&mut self, deltas: Scores) {
        self.finish_pending();
        self.points = std::array::from_fn(|s| self.points[s].saturating_add(deltas[s]));
        self.lines.push(MjaiEvent::Ryukyoku {
            actor: None,
            reason: Some(CHOMBO.to_string()),
            tenpais: None,
            deltas: Some(deltas),
            scores: Some(self.points),
        });
        self.lines.push(MjaiEvent::EndKyoku);
    }

    /// The lines written so far.
    pub fn lines(&self) -> &[MjaiEvent] {
        &self.lines
    }

    /// The lines written so far as mjai text: one JSON object per line, each line ended by
    /// a newline.
    pub fn to_jsonl(&self) -> String {
        to_jsonl(&self.lines)
    }

    /// Writes `event` as the log's reader may see it.
    fn record_seen(&mut self, event: &KyokuEvent) {
        match self.viewer {
            Some(seat) => self.record_one(&event.seen_by(seat)),
            None => self.record_one(event),
        }
    }

    fn record_one(&mut self, event: &KyokuEvent) {
        match event {
            KyokuEvent::Draw { seat, tile, .. } => {
                let actor = seat.index() as u8;
                self.drawer = Some(actor);
                let pai = tile.map_or(MjaiTile::Hidden, MjaiTile::Known);
                self.push(MjaiEvent::Tsumo { actor, pai });
            }
            KyokuEvent::Riichi { seat, .. } => self.push(MjaiEvent::Reach {
                actor: seat.index() as u8,
            }),
            KyokuEvent::Discard { seat, tile } => self.push(MjaiEvent::Dahai {
                actor: seat.index() as u8,
                pai: tile.tile.into(),
                tsumogiri: tile.tsumogiri,
            }),
            KyokuEvent::Meld { seat, meld } => self.meld(*seat, *meld),
            KyokuEvent::DoraIndicator { tile } => self.push(MjaiEvent::Dora {
                dora_marker: (*tile).into(),
            }),
            KyokuEvent::Win {
                seat,
                from,
                hand,
                score,
            } => {
                let line = hora(*seat, from.unwrap_or(*seat), hand, score, self.seats);
                self.hold(line);
            }
            KyokuEvent::Payment {
                payer,
                payee,
                points,
                reason,
            } => self.payment(*payer, *payee, *points, *reason),
            KyokuEvent::Ryuukyoku { tenpai, nagashi } => {
                let reason = if nagashi.contains(&true) {
                    NAGASHIMANGAN
                } else {
                    FANPAI
                };
                self.hold(ryukyoku(None, reason, Some(*tenpai)));
            }
            KyokuEvent::Kita { seat } => self.push(MjaiEvent::Nukidora {
                actor: seat.index() as u8,
                pai: MjaiTile::Known(TileCopy::plain(crate::hand::tile::NORTH)),
            }),
            KyokuEvent::Abort { draw } => {
                let reason = abort_reason(*draw);
                let actor = self.drawer.filter(|_| reason == KYUSHUKYUHAI);
                self.hold(ryukyoku(actor, reason, None));
            }
        }
    }

    /// A line that comes after any line still waiting for its payments.
    fn push(&mut self, line: MjaiEvent) {
        self.finish_pending();
        self.lines.push(line);
    }

    /// Keeps `line` (a `hora` or `ryukyoku`) until its payments are known.
    fn hold(&mut self, line: MjaiEvent) {
        self.finish_pending();
        self.pending = Some(line);
    }

    /// Writes the waiting line with the points after its payments.
    fn finish_pending(&mut self) {
        if let Some(mut line) = self.pending.take() {
            if let MjaiEvent::Hora { scores, .. } | MjaiEvent::Ryukyoku { scores, .. } = &mut line {
                *scores = Some(self.points);
            }
            self.lines.push(line);
        }
    }

    fn payment(
        &mut self,
        payer: Option<Seat>,
        payee: Option<Seat>,
        points: u32,
        reason: PaymentReason,
    ) {
        let mut deltas = [0i32; MAX_SEATS];
        let signed = i32::try_from(points).unwrap_or(i32::MAX);
        if let Some(payer) = payer {
            deltas[payer.index()] = -signed;
        }
        if let Some(payee) = payee {
            deltas[payee.index()] = signed;
        }
        for (total, delta) in self.points.iter_mut().zip(deltas) {
            *total = total.saturating_add(delta);
        }
        match (reason, payer, &mut self.pending) {
            (PaymentReason::RiichiStick, Some(payer), _) => {
                let line = MjaiEvent::ReachAccepted {
                    actor: payer.index() as u8,
                    deltas: Some(deltas),
                    scores: Some(self.points),
                };
                self.push(line);
            }
            (
                _,
                _,
                Some(
                    MjaiEvent::Hora {
                        deltas: Some(sum), ..
                    }
                    | MjaiEvent::Ryukyoku {
                        deltas: Some(sum), ..
                    },
                ),
            ) => {
                for (total, delta) in sum.iter_mut().zip(deltas) {
                    *total = total.saturating_add(delta);
                }
            }
            _ => {}
        }
    }

    /// The line of a call or kan: the called or added tile (`pai`) and the tiles the seat
    /// gave (`consumed`).
    fn meld(&mut self, seat: Seat, meld: TableMeld) {
        let actor = seat.index() as u8;
        let copies: Vec<TileCopy> = meld.meld.copies().collect();
        let target = meld.from.map_or(actor, |from| from.index() as u8);
        let called = meld.called.unwrap_or(copies[0]);
        let melds = &mut self.melds[seat.index()];
        let line = match meld.meld.kind() {
            MeldKind::Chi | MeldKind::Pon | MeldKind::Kan => {
                let consumed = without(&copies, &[called]);
                melds.push(meld);
                let kind = match meld.meld.kind() {
                    MeldKind::Chi => "chi",
                    MeldKind::Pon => "pon",
                    _ => "daiminkan",
                };
                MjaiEvent::call(kind, actor, target, called.into(), consumed)
            }
            MeldKind::Ankan => {
                melds.push(meld);
                MjaiEvent::Ankan {
                    actor,
                    consumed: tiles(&copies),
                }
            }
            MeldKind::Kakan => {
                let at = melds.iter().position(|m| {
                    m.meld.kind() == MeldKind::Pon && m.meld.tile() == meld.meld.tile()
                });
                let pon: Vec<TileCopy> = match at {
                    Some(at) => std::mem::replace(&mut melds[at], meld)
                        .meld
                        .copies()
                        .collect(),
                    None => copies[..3].to_vec(),
                };
                let added = without(&copies, &pon);
                MjaiEvent::Kakan {
                    actor,
                    pai: added.first().copied().unwrap_or(MjaiTile::Hidden),
                    consumed: tiles(&pon),
                }
            }
        };
        self.push(line);
    }
}

/// Where `event` stands for placing kan dora lines.
fn slot(event: &&KyokuEvent) -> Slot {
    match event {
        KyokuEvent::DoraIndicator { .. } => Slot::Dora,
        KyokuEvent::Discard { .. } => Slot::Discard,
        KyokuEvent::Meld { meld, .. } if meld.meld.kind() == MeldKind::Ankan => Slot::ClosedKan,
        _ => Slot::Other,
    }
}

/// The `hora` line of a win at a table of `seats`, its `deltas` to be summed from the
/// payments that follow. `hora_points` leaves out the honba (100 from each of the other
/// `seats - 1` seats: 300 at four seats, 200 at three; spec section 5) and the sticks.
fn hora(seat: Seat, target: Seat, hand: &WinningHand, score: &Score, seats: usize) -> MjaiEvent {
    let honba_value = 100 * seats.saturating_sub(1) as u32;
    let extras = hand
        .honba
        .saturating_mul(honba_value)
        .saturating_add(hand.riichi_sticks.saturating_mul(1_000));
    MjaiEvent::Hora {
        actor: seat.index() as u8,
        target: target.index() as u8,
        pai: Some(hand.winning_tile.into()),
        uradora_markers: Some(hand.ura_indicators.iter().map(|&t| t.into()).collect()),
        yakus: Some(yakus(score)),
        fu: Some(score.fu()),
        fan: Some(score.han()),
        hora_points: Some(score.total().saturating_sub(extras)),
        deltas: Some([0; MAX_SEATS]),
        scores: None,
    }
}

fn ryukyoku(actor: Option<u8>, reason: &str, tenpais: Option<[bool; 4]>) -> MjaiEvent {
    MjaiEvent::Ryukyoku {
        actor,
        reason: Some(reason.to_string()),
        tenpais,
        deltas: Some([0; MAX_SEATS]),
        scores: None,
    }
}

fn tiles(copies: &[TileCopy]) -> Vec<MjaiTile> {
    copies.iter().map(|&c| c.into()).collect()
}

/// `all` without one copy of each of `taken`, as mjai tiles.
fn without(all: &[TileCopy], taken: &[TileCopy]) -> Vec<MjaiTile> {
    let mut rest = all.to_vec();
    for copy in taken {
        if let Some(at) = rest.iter().position(|c| c == copy) {
            rest.remove(at);
        }
    }
    tiles(&rest)
}

/// Lines as mjai text: one JSON object per line, each ended by a newline.
pub fn to_jsonl(lines: &[MjaiEvent]) -> String {
    let mut text = String::new();
    for line in lines {
        text.push_str(&line.to_json());
        text.push('\n');
    }
    text
}
