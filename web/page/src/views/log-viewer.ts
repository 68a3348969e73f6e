// The log viewer: an mjai log (JSON lines) or a Tenhou log (tenhou.net/6 JSON, or mjlog
// XML) pasted or loaded from a file, stepped through hand by hand and event by event with
// every seat's tiles (the package replays it: `readLog`). A log that does not read gives
// its reason in words.

import { errorText, h, select } from "../shared/dom";
import { type MahjongEvent, type MahjongLog, type MahjongLogHand, type MahjongPlatform, readLog } from "../shared/rules";
import type { View } from "../shared/tabs";
import { mahjongTable } from "../games/mahjong-table";

const PLATFORMS: [string, string][] = [
  ["tenhou", "Tenhou"],
  ["mahjong-soul", "Mahjong Soul"],
  ["m-league", "M-League"],
  ["wrc", "WRC"],
];
const NAMES = ["Seat 0", "Seat 1", "Seat 2", "Seat 3"];

function eventItem(event: MahjongEvent): HTMLElement {
  return h(
    "li",
    {},
    event.text,
    event.type === "Win" && h("code", { class: "win-hand" }, event.hand),
    event.type === "Win" && h("pre", { class: "explanation" }, event.score.text),
  );
}

class LogViewer {
  private log: MahjongLog | null = null;
  private hand = 0;
  private step = 0;
  private readonly text = h("textarea", { rows: 6, "aria-label": "Log text", spellcheck: "false", placeholder: "Paste mjai JSON lines or a Tenhou JSON log here" });
  private readonly file = h("input", { type: "file", "aria-label": "Log file", accept: ".json,.jsonl,.mjson,.xml,.txt,.log" });
  private readonly platform = select("Rules of an mjai log", PLATFORMS, "tenhou");
  private readonly message = h("div", { class: "log-message", "aria-live": "polite" });
  private readonly viewer = h("section", { class: "log-view", "aria-label": "Log", tabindex: -1 });

  mount(panel: HTMLElement): void {
    const form = h(
      "form",
      { class: "toolbar log-form", "aria-label": "Read a log" },
      h("label", { class: "field grow" }, "Log (mjai JSON lines, tenhou.net/6 JSON or mjlog XML)", this.text),
      h("label", { class: "field" }, "Or a file", this.file),
      this.platform.field,
      h("button", { type: "submit" }, "Read the log"),
    );
    form.addEventListener("submit", (event) => (event.preventDefault(), this.read()));
    this.file.addEventListener("change", () => void this.load());
    this.viewer.addEventListener("keydown", (event) => this.key(event));
    panel.replaceChildren(h("div", { class: "tool wide-tool" }, h("h2", {}, "Log viewer"), form, this.message, this.viewer));
  }

  private async load(): Promise<void> {
    const file = this.file.files?.[0];
    if (!file) return;
    this.text.value = await file.text();
    this.read();
  }

  private read(): void {
    try {
      this.log = readLog(this.text.value, this.platform.input.value as MahjongPlatform);
    } catch (error) {
      this.log = null;
      this.viewer.replaceChildren();
      this.message.replaceChildren(h("p", { class: "alarm", role: "alert" }, `This log cannot be read: ${errorText(error)}`));
      return;
    }
    const { format, players, hands } = this.log;
    this.message.replaceChildren(h("p", { role: "status" }, `Read the ${format} log: ${players} players, ${hands.length} hands.`));
    this.show(0, 0);
    // The arrow keys step through the log at once, from the viewer.
    this.viewer.focus();
  }

  /** Shows step `step` of hand `hand` (both clamped). */
  private show(hand: number, step: number): void {
    const log = this.log;
    if (!log || log.hands.length === 0) return;
    this.hand = Math.max(0, Math.min(hand, log.hands.length - 1));
    const current = log.hands[this.hand];
    this.step = Math.max(0, Math.min(step, current.steps.length - 1));
    // Redrawn whole: the control that had the focus (by its data-key) gets it back.
    const active = document.activeElement as HTMLElement | null;
    const inside = active !== null && this.viewer.contains(active);
    this.viewer.replaceChildren(this.navigation(log, current), this.table(current), this.events(current));
    if (!inside) return;
    const again = this.viewer.querySelector<HTMLElement>(`[data-key="${active.dataset.key}"]:not(:disabled)`);
    (again ?? this.viewer).focus();
  }

  private navigation(log: MahjongLog, hand: MahjongLogHand): HTMLElement {
    const hands = select("Hand", log.hands.map((x, i): [string, string] => [String(i), x.name]), String(this.hand));
    hands.input.dataset.key = "hand";
    hands.input.addEventListener("change", () => this.show(Number(hands.input.value), 0));
    const slider = h("input", { type: "range", min: 0, max: hand.steps.length - 1, value: this.step, "aria-label": "Step", "data-key": "step" });
    slider.addEventListener("input", () => this.show(this.hand, Number(slider.value)));
    const button = (label: string, enabled: boolean, go: () => void) =>
      h("button", { type: "button", disabled: !enabled, onclick: go, "data-key": label }, label);
    const last = hand.steps.length - 1;
    const step = hand.steps[this.step];
    const what = step.actor === null ? "the deal" : `seat ${step.actor}: ${step.action}`;
    return h(
      "div",
      { class: "toolbar log-nav" },
      button("Previous hand", this.hand > 0, () => this.show(this.hand - 1, 0)),
      hands.field,
      button("Next hand", this.hand < log.hands.length - 1, () => this.show(this.hand + 1, 0)),
      button("Previous event", this.step > 0, () => this.show(this.hand, this.step - 1)),
      h("label", { class: "field" }, "Step", slider),
      button("Next event", this.step < last, () => this.show(this.hand, this.step + 1)),
      h("span", { class: "step-text", role: "status", "aria-label": "Position" }, `Step ${this.step} of ${last}: ${what}`),
    );
  }

  private table(hand: MahjongLogHand): HTMLElement {
    const step = hand.steps[this.step];
    return mahjongTable(step.table, { names: NAMES, toMove: step.actor, title: hand.name, ownHand: true });
  }

  private events(hand: MahjongLogHand): HTMLElement {
    const step = hand.steps[this.step];
    const end = this.step === hand.steps.length - 1 && hand.outcome;
    return h(
      "section",
      { class: "events", "aria-label": "Events of the step" },
      h("h3", {}, "Events"),
      h("ul", { class: "event-list" }, ...step.events.map(eventItem)),
      end && h("p", { class: "final-points" }, `Points after the hand: ${(hand.outcome.points as number[]).map((p) => p.toLocaleString("en")).join(" · ")}`),
    );
  }

  /** Left/Right: the previous/next event; Up/Down (or Page Up/Down): the previous/next hand. */
  private key(event: KeyboardEvent): void {
    const target = event.target as HTMLElement;
    if (target.matches("input, select, textarea")) return;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [this.hand, this.step - 1],
      ArrowRight: [this.hand, this.step + 1],
      ArrowUp: [this.hand - 1, 0],
      PageUp: [this.hand - 1, 0],
      ArrowDown: [this.hand + 1, 0],
      PageDown: [this.hand + 1, 0],
    };
    const to = moves[event.key];
    if (!to) return;
    event.preventDefault();
    this.show(...to);
  }
}

/** The log viewer tab. */
export const logViewer: View = {
  id: "log",
  label: "Log viewer",
  mount: (panel) => new LogViewer().mount(panel),
};
