// The mahjong table as a player sees it from seat 0: the seats around the centre (1 on the
// right, 2 across, 3 on the left), each with its points, badges, river, melds and hand
// (tiles when shown, backs when hidden); the centre with the round, honba, sticks, dora.
// Used by the game (seat 0's view) and the log viewer (every seat's tiles).

import { h } from "../shared/dom";
import type { MahjongDiscard, MahjongMeld, MahjongSeat, MahjongTable } from "../shared/rules";
import { tileBack, tileFace } from "./mahjong-tile";

const PLACES = ["bottom", "right", "top", "left"];

/** How to draw a table: the seats' names (as shown), whose turn it is, the centre's title, and
 * whether seat 0's hand is drawn with the rest (the game draws it as buttons below). */
export interface TableOptions {
  names: string[];
  toMove: number | null;
  title: string;
  ownHand: boolean;
}

function river(discards: MahjongDiscard[]): HTMLElement {
  const tiles = discards.map((d) => tileFace(d.tile, { small: true, sideways: d.riichi, dim: d.called }));
  return h("div", { class: "river", role: "group", "aria-label": "River" }, ...tiles);
}

function meld(m: MahjongMeld): HTMLElement {
  let sideways = m.called !== null;
  const tiles = m.tiles.map((t) => {
    const turn = sideways && t === m.called;
    if (turn) sideways = false;
    return tileFace(t, { small: true, sideways: turn });
  });
  return h("span", { class: "meld", role: "group", "aria-label": m.text }, ...tiles);
}

function hand(seat: MahjongSeat): HTMLElement {
  if (seat.hand === null) {
    return h("div", { class: "tiles hidden-hand", "aria-label": "Hidden hand" }, tileBack(true), tileBack(true), tileBack(true));
  }
  return h("div", { class: "tiles", role: "group", "aria-label": "Hand" }, ...seat.hand.map((t) => tileFace(t, { small: true })));
}

function seatBox(table: MahjongTable, index: number, options: TableOptions): HTMLElement {
  const seat = table.seats[index];
  const badges = [index === table.dealer && "dealer", seat.riichi && "riichi"].filter(Boolean).join(" · ");
  const name = options.names[index];
  return h(
    "section",
    { class: `mj-seat ${PLACES[index]}${options.toMove === index ? " to-move" : ""}`, "aria-label": name },
    h(
      "h3",
      {},
      name,
      h("span", { class: "points" }, seat.points.toLocaleString("en")),
      badges && h("span", { class: "badge" }, badges),
    ),
    river(seat.discards),
    h("div", { class: "melds" }, ...seat.melds.map(meld)),
    (index !== 0 || options.ownHand) && hand(seat),
  );
}

function centre(table: MahjongTable, title: string): HTMLElement {
  return h(
    "section",
    { class: "mj-centre", "aria-label": "Table" },
    h("b", { class: "round" }, title),
    h("span", {}, `${table.honba} honba · ${table.riichiSticks} riichi sticks`),
    h("span", { class: "dora" }, "Dora ", ...table.doraIndicators.map((t) => tileFace(t, { small: true }))),
    h("span", {}, `${table.liveTiles} tiles left`),
  );
}

/** The table's element. */
export function mahjongTable(table: MahjongTable, options: TableOptions): HTMLElement {
  const seats = [0, 1, 2, 3].filter((s) => s < table.players).map((s) => seatBox(table, s, options));
  return h("div", { class: "mj-table" }, ...seats, centre(table, options.title));
}
