// Buttons for a game's legal actions: each a real <button> (Tab, Enter, Space, click).

import { type Child, h } from "./dom";

/** One action button: its visible content, its accessible name, the action it applies. */
export interface ActionButton {
  content: Child | Child[];
  name: string;
  action: string;
  class?: string;
}

/** A labelled group of buttons applying their action through `act` (disabled when `act`
 * is null: not the human's turn). */
export function actionBar(label: string, buttons: ActionButton[], act: ((action: string) => void) | null): HTMLElement {
  return h(
    "div",
    { class: "actions", role: "group", "aria-label": label },
    ...buttons.map((b) => actionButton(b, act)),
  );
}

/** One action button (see `actionBar`). */
export function actionButton(b: ActionButton, act: ((action: string) => void) | null): HTMLButtonElement {
  const content = Array.isArray(b.content) ? b.content : [b.content];
  return h(
    "button",
    {
      type: "button",
      class: b.class,
      "aria-label": b.name,
      "data-action": b.action,
      disabled: act === null,
      onclick: () => act?.(b.action),
    },
    ...content,
  );
}

/** `text` with its first letter in capitals. */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
