// Mahjong tiles drawn with CSS and Latin text (no font needed for the Unicode mahjong
// block): suited tiles show their number in the suit's colour over the suit's name, red
// fives are marked red, winds their letter, dragons their colour.

import { h } from "../shared/dom";
import type { Tile } from "../shared/rules";

const SUITS: Record<string, string> = { m: "man", p: "pin", s: "sou" };
const HONORS = ["East", "South", "West", "North", "White dragon", "Green dragon", "Red dragon"];
const HONOR_FACES = ["E", "S", "W", "N", "", "F", "C"];

/** The tile in words: `5 man`, `red 5 pin`, `East`, `Red dragon`. */
export function tileName(tile: Tile): string {
  const [digit, suit] = [Number(tile[0]), tile[1]];
  if (suit === "z") return HONORS[digit - 1] ?? tile;
  return digit === 0 ? `red 5 ${SUITS[suit]}` : `${digit} ${SUITS[suit]}`;
}

/** A tile face (`<span role=img>`); `sideways` for a called tile or a riichi discard. */
export function tileFace(tile: Tile, options: { small?: boolean; sideways?: boolean; dim?: boolean } = {}): HTMLElement {
  const [digit, suit] = [Number(tile[0]), tile[1]];
  const classes = ["tile", `suit-${suit}`];
  if (options.small) classes.push("small");
  if (options.sideways) classes.push("sideways");
  if (options.dim) classes.push("dim");
  if (digit === 0) classes.push("red");
  if (suit === "z") classes.push(`honor-${digit}`);
  const face =
    suit === "z"
      ? [h("b", {}, HONOR_FACES[digit - 1] ?? "?")]
      : [h("b", {}, digit === 0 ? 5 : digit), h("small", {}, SUITS[suit])];
  const label = { role: "img", "aria-label": tileName(tile), title: tileName(tile) };
  return h("span", { class: classes.join(" "), ...label }, h("span", { class: "face" }, ...face));
}

/** A tile's back (a hidden tile, the dead wall). */
export function tileBack(small = false): HTMLElement {
  return h("span", { class: `tile back${small ? " small" : ""}`, "aria-hidden": "true" });
}

/** A row of tiles. */
export function tileRow(tiles: Tile[], label: string, small = false): HTMLElement {
  return h("span", { class: "tiles", role: "group", "aria-label": label }, ...tiles.map((t) => tileFace(t, { small })));
}
