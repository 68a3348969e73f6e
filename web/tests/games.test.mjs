// The package under Node.js: omok, Matgo and two-sided poker played through the bindings,
// every action checked against the legal list, snapshots, scoring, and bad input of every
// kind refused with a TabletopError and a stable code, the game unchanged.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Omok, Matgo, Poker, matgoScore } from "../pkg/node.js";

/** Calls `f`, which must throw a TabletopError with `code`; returns the error. */
function throwsCode(f, code) {
  try {
    f();
  } catch (e) {
    assert.equal(e.name, "TabletopError", `${e}`);
    assert.equal(e.code, code, e.message);
    assert.ok(e instanceof Error);
    assert.ok(e.message.length > 0);
    return e;
  }
  assert.fail(`no error, ${code} expected`);
}

test("omok: a renju game between the search and the threat bot ends with a five", () => {
  const game = new Omok("renju");
  let ply = 0;
  while (game.toMove() !== null) {
    const bot = game.toMove() === "black" ? "search" : "threat";
    const point = game.botAction(bot, 0, 2000);
    assert.ok(game.legalActions().includes(point), `${point} is legal`);
    const outcome = game.play(point);
    ply += 1;
    assert.equal(outcome === null, game.toMove() !== null);
  }
  const outcome = game.outcome();
  assert.equal(game.moves().length, ply);
  assert.deepEqual(game.legalActions(), []);
  if (outcome.winner !== null) {
    assert.ok(outcome.line.length >= 5);
    assert.ok(outcome.text.startsWith(`${outcome.winner} wins with`), outcome.text);
    // The winner's stones are on the line.
    const mark = outcome.winner === "black" ? "x" : "o";
    const rows = game.rows();
    for (const p of outcome.line) {
      const col = p.charCodeAt(0) - 97;
      const row = rows.length - Number(p.slice(1));
      assert.equal(rows[row][col], mark, p);
    }
  }
  assert.equal(Omok.fromRecord("renju", 15, game.record()).record(), game.record());
});

test("omok: black's double-three is marked and refused under renju, allowed in freestyle", () => {
  // Black h8 i8 (a row) and j9 j10 (a column): j8 makes two open threes.
  const record = "h8 a1 i8 a3 j10 a5 j9 a7";
  const renju = Omok.fromRecord("renju", 15, record);
  assert.deepEqual(renju.fouls(), [{ point: "j8", foul: "double-three" }]);
  assert.ok(!renju.legalActions().includes("j8"));
  const before = renju.snapshot();
  throwsCode(() => renju.play("j8"), "ILLEGAL_ACTION");
  assert.deepEqual(renju.snapshot(), before);
  throwsCode(() => renju.fouls("red"), "BAD_ARGUMENT");
  assert.deepEqual(renju.fouls("white"), []);
  // Korean omok forbids the double-three to both colours: white's too.
  const omok = Omok.fromRecord("omok", 15, "a15 h8 a13 i8 a11 j10 a9 j9 a7");
  assert.equal(omok.toMove(), "white");
  assert.deepEqual(omok.fouls(), [{ point: "j8", foul: "double-three" }]);
  assert.deepEqual(omok.fouls("black"), []);
  const free = Omok.fromRecord("freestyle", 15, record);
  assert.deepEqual(free.fouls(), []);
  assert.equal(free.play("j8"), null);
});

test("omok: rows, undo and snapshots", () => {
  const game = new Omok("freestyle", 9);
  game.play("e5");
  game.play("d4");
  assert.deepEqual(game.rows()[4], "....x....");
  assert.deepEqual(game.rows()[5], "...o.....");
  const copy = Omok.fromSnapshot(game.snapshot());
  assert.equal(copy.record(), "e5 d4");
  assert.equal(game.undo(), "d4");
  assert.equal(game.toMove(), "white");
  assert.equal(copy.toMove(), "black");
});

test("omok: bad input is refused and the game goes on", () => {
  const game = new Omok("renju");
  game.play("h8");
  const before = game.snapshot();
  throwsCode(() => new Omok("chess"), "BAD_ARGUMENT");
  throwsCode(() => new Omok("renju", 300), "BAD_ARGUMENT");
  throwsCode(() => new Omok("renju", 4), "BAD_ARGUMENT");
  throwsCode(() => game.play("h8"), "ILLEGAL_ACTION");
  for (const text of ["", "z1", "h99", "h0", "8h", "\u0000", "h8 h9", "💥".repeat(1000)]) {
    throwsCode(() => game.play(text), "BAD_ARGUMENT");
  }
  throwsCode(() => game.botAction("alphazero"), "BAD_ARGUMENT");
  throwsCode(() => Omok.fromRecord("renju", 15, "h8 h8"), "ILLEGAL_ACTION");
  for (const bad of [{}, null, undefined, 7, "[]", { rule: "Renju" }, JSON.parse(before).board]) {
    throwsCode(() => Omok.fromSnapshot(bad), "BAD_SNAPSHOT");
  }
  throwsCode(() => new Omok("renju").undo(), "ILLEGAL_ACTION");
  assert.deepEqual(game.snapshot(), before);
  assert.equal(game.play("h9"), null);
});

/** Plays a Matgo game to its end, player 0 by `bots[0]`, 1 by `bots[1]`; returns the
 * actions. */
function playMatgo(game, bots, seed) {
  const actions = [];
  while (!game.isOver()) {
    const mover = game.toMove();
    const action = game.botAction(bots[mover], seed + actions.length, 200);
    assert.ok(game.legalActions().includes(action), action);
    const events = game.apply(action);
    assert.ok(events.length > 0 && events.every((e) => typeof e.text === "string"));
    actions.push(action);
  }
  return actions;
}

test("matgo: games between the bots end with a settlement, every action legal", () => {
  for (const seed of [1, 2, 3, 4, 5]) {
    const game = new Matgo(seed);
    const actions = playMatgo(game, ["search", "tutorial"], seed);
    assert.equal(game.toMove(), null);
    assert.deepEqual(game.legalActions(), []);
    const settlement = game.settlement();
    assert.ok(settlement.lines.length > 0);
    if (settlement.winner !== null) {
      assert.ok(settlement.points > 0);
      assert.equal(game.settlement(2).points, settlement.points * 2);
    }
    // The same seed and actions give the same game.
    const again = new Matgo(seed);
    for (const a of actions) again.apply(a);
    assert.deepEqual(again.settlement(), settlement);
  }
});

test("matgo: a view shows its player's hand and only the size of the other", () => {
  const game = new Matgo(11);
  for (const player of [0, 1]) {
    const view = game.view(player);
    assert.equal(view.player, player);
    assert.equal(view.hand.length, 10);
    assert.equal(view.opponentHandLen, 10);
    const captured = view.captured[0].length + view.captured[1].length;
    assert.equal(20 + view.floor.length + captured + view.stockLen, 50);
    for (const card of view.hand) {
      assert.ok(card.kind === "bonus" ? card.month === null : card.month >= 1 && card.month <= 12);
    }
  }
  const a = game.view(0).hand.map((c) => c.card);
  const b = game.view(1).hand.map((c) => c.card);
  assert.equal(a.filter((c) => b.includes(c)).length, 0);
  assert.ok(!JSON.stringify(game.view(0)).includes(`"${b[0]}"`));
  assert.deepEqual(Matgo.fromSnapshot(game.snapshot()).view(0), game.view(0));
});

test("matgo: snapshots taken mid-game play on identically", () => {
  const game = new Matgo(21);
  for (let i = 0; i < 6 && !game.isOver(); i++) game.apply(game.botAction("tutorial"));
  const copy = Matgo.fromSnapshot(game.snapshot());
  playMatgo(game, ["tutorial", "random"], 5);
  playMatgo(copy, ["tutorial", "random"], 5);
  assert.deepEqual(copy.settlement(), game.settlement());
});

test("matgo: the base score of capture piles (rules section 4)", () => {
  const score = (cards, gukjin) => matgoScore(cards, gukjin);
  assert.deepEqual(score("1G 3G 8G"), { total: 3, categories: [{ name: "gwang", points: 3 }] });
  assert.equal(score("1G 3G 12G").total, 2); // three with the rain man
  assert.equal(score("1G 3G 8G 11G").total, 4);
  assert.equal(score("1G 3G 8G 11G 12G").total, 15);
  assert.deepEqual(score("1T 2T 3T").categories, [{ name: "hongdan", points: 3 }]);
  assert.deepEqual(score("2Y 4Y 8Y").categories, [{ name: "godori", points: 5 }]);
  assert.equal(score("1P1 1P2 2P1 2P2 3P1 3P2 4P1 4P2 5P1 5P2").total, 1); // ten pi
  assert.equal(score("9Y 1P1 1P2 2P1 2P2 3P1 3P2 4P1 4P2", "ssangpi").total, 1);
  assert.equal(score("9Y 1P1 1P2 2P1 2P2 3P1 3P2 4P1 4P2").total, 0);
  assert.equal(score("-").total, 0);
  throwsCode(() => score("1G 1G"), "BAD_ARGUMENT");
  throwsCode(() => score("13G"), "BAD_ARGUMENT");
  throwsCode(() => score("1G", "pi"), "BAD_ARGUMENT");
});

test("matgo: bad input is refused and the game goes on", () => {
  const game = new Matgo(5);
  const before = game.snapshot();
  throwsCode(() => new Matgo(1, "bogus"), "BAD_ARGUMENT");
  for (const text of ["", "play", "play 13G", "dance", "go go", "\n"]) {
    throwsCode(() => game.apply(text), "BAD_ARGUMENT");
  }
  throwsCode(() => game.apply("stop"), "ILLEGAL_ACTION");
  throwsCode(() => game.view(2), "BAD_ARGUMENT");
  throwsCode(() => game.botAction("alphago"), "BAD_ARGUMENT");
  throwsCode(() => Matgo.fromDeck("1G 1G", 0), "BAD_DEAL");
  throwsCode(() => Matgo.fromDeck("1G xx", 0), "BAD_ARGUMENT");
  throwsCode(() => Matgo.fromDeck("1G", 7), "BAD_ARGUMENT");
  for (const bad of [{}, null, 3, "{", { rules: 1 }]) throwsCode(() => Matgo.fromSnapshot(bad), "BAD_SNAPSHOT");
  assert.deepEqual(game.snapshot(), before);
  assert.equal(game.settlement(), null);
  game.apply(game.legalActions()[0]);
});

test("matgo: an explicit deck deals ten cards to each hand, then eight to the floor", () => {
  // Twenty-eight cards of months 1 to 7 (no stock): A's hand, B's hand, the floor.
  const deck = "1G 1T 2Y 2T 3G 3T 4Y 4T 5Y 5T 6Y 6T 7Y 7T 1P1 1P2 2P1 2P2 3P1 3P2 4P1 4P2 5P1 5P2 6P1 6P2 7P1 7P2";
  const cards = deck.split(" ");
  const game = Matgo.fromDeck(deck, 1);
  assert.equal(game.toMove(), 1);
  const sorted = (list) => list.map((c) => c.card).sort();
  assert.deepEqual(sorted(game.view(1).hand), cards.slice(0, 10).sort());
  assert.deepEqual(sorted(game.view(0).hand), cards.slice(10, 20).sort());
  assert.deepEqual(sorted(game.view(0).floor), cards.slice(20).sort());
  assert.equal(game.view(0).stockLen, 0);
});

test("poker: matches between the bots end, chips conserved, every action legal", () => {
  for (const seed of [1, 2, 3]) {
    const game = new Poker(seed, { starting_chips: 30, ante: 1, both_bonus: 10, both_penalty: 0, deck: "Standard", first_player: "One", max_hands: 40 });
    let n = 0;
    while (!game.isOver()) {
      const seat = game.toMove();
      const action = game.botAction(seat === 0 ? "equilibrium" : "counting", seed * 1000 + n);
      assert.ok(game.legalActions().includes(action), action);
      assert.deepEqual(game.view(seat).legalActions, game.legalActions());
      assert.deepEqual(game.view(1 - seat).legalActions, []);
      const events = game.apply(action);
      assert.ok(events.length > 0);
      n += 1;
    }
    const outcome = game.outcome();
    assert.equal(outcome.chips[0] + outcome.chips[1], 60);
    assert.ok(outcome.hands <= 40);
    if (outcome.winner !== null) assert.ok(outcome.chips[outcome.winner] >= outcome.chips[1 - outcome.winner]);
    assert.ok(outcome.text.length > 0);
  }
});

test("poker: a seat sees its own back and the opponent's front only", () => {
  const game = new Poker(9);
  const snapshot = JSON.stringify(game.snapshot());
  const [a, b] = [game.view(0), game.view(1)];
  assert.equal(a.opponentFront, b.card.front);
  assert.equal(b.opponentFront, a.card.front);
  assert.ok(!JSON.stringify(a).includes(`"back":${b.card.back},"front"`));
  assert.ok(snapshot.length > JSON.stringify(a).length);
  assert.deepEqual(Poker.fromSnapshot(game.snapshot()).view(0), a);
});

test("poker: an explicit deck deals its top pairs first", () => {
  const game = Poker.fromDeck("3/8 9/2 10/1");
  const [a, b] = [game.view(0), game.view(1)];
  assert.deepEqual(a.card, { front: 3, back: 8 });
  assert.deepEqual(b.card, { front: 9, back: 2 });
  assert.equal(a.opponentFront, 9);
  assert.equal(a.cardsLeft, 88);
  throwsCode(() => Poker.fromDeck("3/3"), "BAD_ARGUMENT");
  throwsCode(() => Poker.fromDeck("3/x"), "BAD_ARGUMENT");
  throwsCode(() => Poker.fromDeck("3/8 3/8"), "BAD_DEAL");
  throwsCode(() => Poker.fromDeck(7), "BAD_ARGUMENT");
});

test("poker: bad input is refused and the match goes on", () => {
  const game = new Poker(4, "grand-final");
  assert.equal(game.view(0).chips[0] + game.view(0).pot / 2, 40);
  const before = game.snapshot();
  throwsCode(() => new Poker(1, "bogus"), "BAD_ARGUMENT");
  throwsCode(() => new Poker(1, { starting_chips: 0, ante: 1, both_bonus: 10, both_penalty: 0, deck: "Standard", first_player: "One", max_hands: null }), "BAD_ARGUMENT");
  throwsCode(() => new Poker(1, { nonsense: true }), "BAD_ARGUMENT");
  for (const text of ["", "bet", "bet front", "bet front x", "raise +3", "all in"]) {
    throwsCode(() => game.apply(text), "BAD_ARGUMENT");
  }
  throwsCode(() => game.apply("bet front 1000"), "ILLEGAL_ACTION");
  throwsCode(() => game.apply("call"), "ILLEGAL_ACTION");
  throwsCode(() => game.view(2), "BAD_ARGUMENT");
  throwsCode(() => game.botAction("gto"), "BAD_ARGUMENT");
  for (const bad of [{}, null, [], "x"]) throwsCode(() => Poker.fromSnapshot(bad), "BAD_SNAPSHOT");
  assert.deepEqual(game.snapshot(), before);
  game.apply(game.legalActions()[1]);
});

test("snapshots are JSON text that reads back to the same text (poker's 64-bit generator state included)", () => {
  const poker = new Poker(12345);
  const text = poker.snapshot();
  assert.equal(typeof text, "string");
  assert.match(text, /\d{17,}/, "a generator word above 2^53 is written whole");
  assert.equal(Poker.fromSnapshot(text).snapshot(), text);
  for (const game of [new Omok("renju"), new Matgo(3)]) {
    assert.equal(game.constructor.fromSnapshot(game.snapshot()).snapshot(), game.snapshot());
  }
});

test("numbers are whole and in range, never wrapped or cut", () => {
  const matgo = new Matgo(1);
  const poker = new Poker(1);
  for (const bad of [0.5, -1, 2, 2 ** 32, 2 ** 32 + 1, NaN, Infinity]) {
    throwsCode(() => matgo.view(bad), "BAD_ARGUMENT");
    throwsCode(() => poker.view(bad), "BAD_ARGUMENT");
  }
  for (const bad of [2 ** 32 + 15, 15.5, NaN, -1, 4, 27]) throwsCode(() => new Omok("renju", bad), "BAD_ARGUMENT");
  throwsCode(() => Matgo.fromDeck("1G", 2 ** 32), "BAD_ARGUMENT");
  for (const bad of [0, 0.5, 2 ** 21]) throwsCode(() => matgo.settlement(bad), "BAD_ARGUMENT");
  throwsCode(() => matgo.botAction("search", 1, 0), "BAD_ARGUMENT");
  assert.equal(new Omok("renju", 19).size, 19);
});

test("a message quotes at most 400 characters of what it refuses", () => {
  const error = throwsCode(() => new Omok("x".repeat(100_000)), "BAD_ARGUMENT");
  assert.ok(error.message.length < 500, `${error.message.length} characters`);
  assert.match(error.message, /… \(100\d\d\d characters in all\)$/);
});

test("omok: no legal point, no bot move", () => {
  // A 5x5 freestyle board filled without a five: a draw, and no bot answers.
  const game = Omok.fromRecord("freestyle", 5, "a1 a2 b1 b2 c2 c1 d1 d2 e2 e1 a3 a4 b3 b4 c4 c3 d3 d4 e4 e3 a5 b5 c5 d5 e5");
  assert.equal(game.isOver(), true);
  for (const bot of ["random", "threat", "search"]) assert.equal(game.botAction(bot, 1, 100), null);
});

test("a snapshot edited into a position no game reaches is refused", () => {
  // Omok: a 5x5 board filled with black stones (fives everywhere), no moves, no outcome.
  const omok = JSON.parse(new Omok("freestyle", 5).snapshot());
  omok.board.cells = omok.board.cells.map((cell) => (cell === 3 ? 3 : 1));
  omok.board.stones = omok.board.cells.filter((cell) => cell === 1).length;
  throwsCode(() => Omok.fromSnapshot(JSON.stringify(omok)), "BAD_SNAPSHOT");
  // A game whose outcome was changed: its moves do not end so.
  const played = Omok.fromRecord("freestyle", 15, "h8 a1 i8 a2 j8 a3 k8 a4 l8");
  const edited = JSON.parse(played.snapshot());
  edited.outcome = null;
  throwsCode(() => Omok.fromSnapshot(JSON.stringify(edited)), "BAD_SNAPSHOT");
  // Matgo: a hand emptied (its cards nowhere), the player to move left with nothing to do.
  const matgo = JSON.parse(new Matgo(1).snapshot());
  matgo.hands[0] = 0;
  throwsCode(() => Matgo.fromSnapshot(JSON.stringify(matgo)), "BAD_SNAPSHOT");
});
