// The human's controls in two-sided poker, made from the legal actions' notation: a button
// per action without a level (fold, call) and, per verb and side, a level field and a
// button (bet front / bet back / bet both / raise), the field bounded by the legal levels.

import { capitalize } from "../shared/actions";
import { h } from "../shared/dom";

interface Group {
  /** The action without its level: `bet front`, `raise`, `fold`. */
  key: string;
  levels: number[];
}

function groups(legal: string[]): Group[] {
  const byKey = new Map<string, number[]>();
  for (const action of legal) {
    const words = action.split(" ");
    const last = Number(words[words.length - 1]);
    const key = Number.isInteger(last) ? words.slice(0, -1).join(" ") : action;
    const levels = byKey.get(key) ?? [];
    if (Number.isInteger(last)) levels.push(last);
    byKey.set(key, levels);
  }
  return [...byKey].map(([key, levels]) => ({ key, levels }));
}

function plain(key: string, act: (action: string) => void): HTMLElement {
  const attrs = { type: "button", class: key === "fold" ? undefined : "primary", "data-action": key };
  return h("button", { ...attrs, onclick: () => act(key) }, capitalize(key));
}

function leveled(group: Group, act: (action: string) => void, complain: (text: string) => void): HTMLElement {
  const [min, max] = [Math.min(...group.levels), Math.max(...group.levels)];
  const name = capitalize(group.key);
  const input = h("input", { type: "number", min, max, value: min, "aria-label": `${name} level`, class: "level" });
  const go = () => {
    const action = `${group.key} ${input.value.trim()}`;
    if (group.levels.includes(Number(input.value))) act(action);
    else complain(`${name}: choose a level from ${min} to ${max}.`);
  };
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter") go();
  });
  const button = h("button", { type: "button", class: "primary", "data-action": group.key, onclick: go }, name);
  return h("div", { class: "leveled" }, input, button);
}

/** The controls for `legal` (the human's legal actions). */
export function pokerControls(legal: string[], act: (action: string) => void): HTMLElement {
  const message = h("p", { class: "alarm", role: "alert" });
  const complain = (text: string) => (message.textContent = text);
  const controls = groups(legal).map((g) => (g.levels.length > 0 ? leveled(g, act, complain) : plain(g.key, act)));
  return h("div", { class: "poker-controls" }, h("div", { class: "actions", role: "group", "aria-label": "Your actions" }, ...controls), message);
}
