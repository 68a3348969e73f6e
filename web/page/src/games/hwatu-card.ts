// Hwatu cards drawn so a player knows them: the month's colour, number and plant, and the
// kind's mark (the bright's 光, the animal, the ribbon's colour, the double pi, the bonus).
// The binding gives each card's notation, month and kind; the pictures are the deck's art.

import { h } from "../shared/dom";
import type { HwatuCard } from "../shared/rules";

interface Month {
  name: string;
  plant: string;
  colour: string;
  /** The picture of the month's gwang, of its yeol (the animal), the colour of its ribbon
   * (the poem ribbons red with writing, the blue ribbons, the plain red ones). */
  bright?: string;
  animal?: string;
  ribbon?: string;
}

// Drawn with CSS and words only, so that no emoji or CJK font is needed.
const MONTHS: Month[] = [
  { name: "January", plant: "pine", colour: "#2f6b3a", bright: "crane", ribbon: "poem" },
  { name: "February", plant: "plum", colour: "#b83a5e", animal: "warbler", ribbon: "poem" },
  { name: "March", plant: "cherry", colour: "#d9668a", bright: "curtain", ribbon: "poem" },
  { name: "April", plant: "wisteria", colour: "#4b3b6b", animal: "cuckoo", ribbon: "plain" },
  { name: "May", plant: "iris", colour: "#3d4fa3", animal: "bridge", ribbon: "plain" },
  { name: "June", plant: "peony", colour: "#c0392b", animal: "butterflies", ribbon: "blue" },
  { name: "July", plant: "clover", colour: "#8e3b2f", animal: "boar", ribbon: "plain" },
  { name: "August", plant: "pampas", colour: "#6b6b2f", bright: "moon", animal: "geese" },
  { name: "September", plant: "chrysanthemum", colour: "#b7791f", animal: "sake cup", ribbon: "blue" },
  { name: "October", plant: "maple", colour: "#b4461f", animal: "deer", ribbon: "blue" },
  { name: "November", plant: "paulownia", colour: "#3a3a3a", bright: "phoenix" },
  { name: "December", plant: "rain", colour: "#4a5a6a", bright: "rain man", animal: "swallow", ribbon: "rain" },
];

const KIND_NAMES: Record<HwatuCard["kind"], string> = {
  gwang: "gwang (bright)",
  yeol: "yeol (animal)",
  tti: "tti (ribbon)",
  pi: "pi (junk)",
  ssangpi: "ssangpi (double pi)",
  bonus: "bonus",
};

/** The card in words: `1G, January (pine), gwang (bright)`. */
export function cardName(card: HwatuCard): string {
  if (card.month === null) return `${card.card}, bonus card (${bonusValue(card)} pi)`;
  const month = MONTHS[card.month - 1];
  return `${card.card}, ${month.name} (${month.plant}), ${KIND_NAMES[card.kind]}`;
}

function bonusValue(card: HwatuCard): string {
  return card.card.slice(1);
}

/** The kind's mark in the middle of the card. */
function mark(card: HwatuCard, month: Month): HTMLElement {
  switch (card.kind) {
    case "gwang":
      return h("span", { class: "mark gwang" }, h("span", { class: "sun" }), h("span", { class: "word" }, month.bright ?? ""));
    case "yeol":
      return h("span", { class: "mark yeol" }, h("span", { class: "word" }, month.animal ?? ""));
    case "tti":
      return h("span", { class: `mark ribbon ${month.ribbon ?? "plain"}` });
    case "ssangpi":
      return h("span", { class: "mark double" }, "×2");
    default:
      return h("span", { class: "mark pi" }, h("span", { class: "word" }, month.plant));
  }
}

/** A card face (a `<span>`, to sit inside a button or a pile). */
export function hwatuCard(card: HwatuCard, small = false): HTMLElement {
  const size = small ? " small" : "";
  const label = { title: cardName(card), "aria-label": cardName(card), role: "img" };
  if (card.month === null) {
    return h(
      "span",
      { class: `hwatu bonus${size}`, ...label },
      h("span", { class: "month" }, "B"),
      h("span", { class: "mark double" }, `+${bonusValue(card)}`),
      h("span", { class: "kind" }, "bonus"),
    );
  }
  const month = MONTHS[card.month - 1];
  return h(
    "span",
    { class: `hwatu ${card.kind}${size}`, style: `--month: ${month.colour}`, ...label },
    h("span", { class: "month" }, card.month),
    mark(card, month),
    h("span", { class: "kind" }, card.kind === "ssangpi" ? "pi ×2" : card.kind),
  );
}

/** The back of a card (the opponent's hand, the stock). */
export function hwatuBack(small = false): HTMLElement {
  return h("span", { class: `hwatu back${small ? " small" : ""}`, "aria-hidden": "true" });
}
