// The mahjong hand calculator: a winning hand in the calculator's notation in, the score
// and its explanation out (yaku, fu item by item, payment); and the analysis of a hand in
// play (shanten, waits, ukeire). Everything is the package's; errors are shown in words.

import { errorText, h, select } from "../shared/dom";
import { type MahjongHandScore, type MahjongRules, type MahjongUkeire, scoreHand, shanten, ukeire, waits } from "../shared/rules";
import type { View } from "../shared/tabs";
import { MAHJONG_RULES } from "../games/mahjong";
import { tileFace } from "../games/mahjong-tile";

const EXAMPLES: [string, string][] = [
  ["Riichi pinfu dora", "123m456p789s2399s 4s ron riichi dora 1m"],
  ["Open hand, chun", "123m57p789s99s6p pon 777z win 6p tsumo seat W"],
  ["Kokushi", "19m19p19s12345677z 7z tsumo seat E"],
  ["Chiitoitsu", "1133557799m1133p 3p ron seat E riichi"],
];

function payment(score: MahjongHandScore): string {
  const p = score.payment;
  const n = (x: number) => x.toLocaleString("en");
  if ("ron" in p) return `ron ${n(p.ron)}`;
  return p.tsumoDealer === 0 ? `tsumo ${n(p.tsumoOthers)} all` : `tsumo ${n(p.tsumoOthers)} / ${n(p.tsumoDealer)} (dealer)`;
}

function list(title: string, rows: [string, string | number][]): HTMLElement {
  return h(
    "div",
    { class: "score-list" },
    h("h3", {}, title),
    h("table", {}, h("tbody", {}, ...rows.map(([k, v]) => h("tr", {}, h("th", { scope: "row" }, k), h("td", {}, v))))),
  );
}

/** The score of a hand: the headline, the yaku, the fu, and the calculator's text. */
function scoreView(score: MahjongHandScore): HTMLElement[] {
  const limit = score.limit === "none" ? "" : ` (${score.limit})`;
  const fu = score.fu > 0 ? ` ${score.fu} fu` : "";
  const dora: [string, number][] = [
    ["dora", score.dora],
    ["ura-dora", score.uraDora],
    ["aka-dora", score.akaDora],
  ];
  return [
    h("p", { class: "headline" }, `${score.han} han${fu}${limit}: ${payment(score)}; total ${score.total.toLocaleString("en")}`),
    h(
      "div",
      { class: "score-lists" },
      list("Yaku", [...score.yaku.map((y): [string, number] => [y.name, y.han]), ...dora.filter(([, n]) => n > 0)]),
      list("Fu", score.fuItems.map((f): [string, number] => [f.item, f.fu])),
    ),
    h("h3", {}, "The calculator's explanation"),
    h("pre", { class: "explanation", "aria-label": "Explanation" }, score.calculator),
  ];
}

function failure(what: string, error: unknown): HTMLElement {
  return h("p", { class: "alarm", role: "alert" }, `${what}: ${errorText(error)}`);
}

function calculatorForm(): HTMLElement {
  const hand = h("input", { type: "text", "aria-label": "Hand", class: "wide", spellcheck: "false", value: EXAMPLES[0][1] });
  const rules = select("Rules", MAHJONG_RULES, "tenhou");
  const out = h("section", { class: "output", "aria-label": "Score", "aria-live": "polite" });
  const run = () => {
    try {
      out.replaceChildren(...scoreView(scoreHand(hand.value, rules.input.value as MahjongRules)));
    } catch (error) {
      out.replaceChildren(failure("This hand cannot be scored", error));
    }
  };
  const examples = EXAMPLES.map(([name, text]) =>
    h("button", { type: "button", onclick: () => ((hand.value = text), run()) }, name),
  );
  const form = h(
    "form",
    { class: "toolbar", "aria-label": "Hand calculator" },
    h("label", { class: "field grow" }, "Winning hand", hand),
    rules.field,
    h("button", { type: "submit" }, "Score"),
  );
  form.addEventListener("submit", (event) => (event.preventDefault(), run()));
  const help = h(
    "p",
    { class: "hint" },
    "Tiles in MPSZ (0 = red five), then melds (chi 345m, pon 777p, kan 1111z, ankan 9999s), the winning tile, ",
    "ron or tsumo, seat and round winds (seat E, round S), riichi, ippatsu, dora and ura indicators, honba N. Examples: ",
    ...examples,
  );
  return h("div", { class: "tool" }, h("h2", {}, "Hand calculator"), form, help, out);
}

function analysisView(tiles: string): HTMLElement[] {
  const n = shanten(tiles);
  const words = n === -1 ? "complete (agari)" : n === 0 ? "tenpai" : `${n}-shanten`;
  const rows: HTMLElement[] = [h("p", { class: "headline" }, `Shanten ${n}: ${words}`)];
  try {
    const accepted = ukeire(tiles) as MahjongUkeire;
    const wait = n === 0 ? waits(tiles) : [];
    if (wait.length > 0) rows.push(h("p", { class: "tile-line" }, "Waits: ", ...wait.map((t) => tileFace(t, { small: true }))));
    const counts = accepted.tiles.map((t) => h("span", { class: "ukeire" }, tileFace(t.tile, { small: true }), `×${t.count}`));
    rows.push(h("p", { class: "tile-line" }, `Ukeire ${accepted.total}: `, ...counts));
  } catch (error) {
    rows.push(h("p", { class: "hint" }, `Waits and ukeire: ${errorText(error)}`));
  }
  return rows;
}

function analysisForm(): HTMLElement {
  const tiles = h("input", { type: "text", "aria-label": "Tiles", class: "wide", spellcheck: "false", value: "23m56p234789s9s11z" });
  const out = h("section", { class: "output", "aria-label": "Analysis", "aria-live": "polite" });
  const form = h(
    "form",
    { class: "toolbar", "aria-label": "Hand analysis" },
    h("label", { class: "field grow" }, "Concealed tiles (13 for waits and ukeire)", tiles),
    h("button", { type: "submit" }, "Analyse"),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    try {
      out.replaceChildren(...analysisView(tiles.value));
    } catch (error) {
      out.replaceChildren(failure("These tiles cannot be analysed", error));
    }
  });
  return h("div", { class: "tool" }, h("h2", {}, "Shanten, waits and ukeire"), form, out);
}

/** The calculator tab. */
export const calculator: View = {
  id: "calculator",
  label: "Calculator",
  mount: (panel) => panel.replaceChildren(calculatorForm(), analysisForm()),
};
