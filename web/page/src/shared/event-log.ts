// The latest events of a game, newest first, as the games' bindings word them.

import { type Child, h } from "./dom";

export class EventLog {
  private texts: string[] = [];

  constructor(private readonly keep = 16) {}

  /** Adds the events of one action (or of the deal), in the order they happened. */
  add(events: { text: string }[]): void {
    this.texts = [...events.map((e) => e.text).reverse(), ...this.texts].slice(0, this.keep);
  }

  /** The events' section, `before` it (a settlement...) first. */
  element(...before: Child[]): HTMLElement {
    return h(
      "section",
      { class: "events", "aria-label": "Events" },
      ...before,
      h("h3", {}, "Latest events"),
      h("ol", { class: "event-list", reversed: true }, ...this.texts.map((text) => h("li", {}, text))),
    );
  }
}
