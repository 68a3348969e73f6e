// Small DOM helpers: elements from a tag, attributes and children, without a framework.

export type Child = Node | string | number | null | undefined | false;
type Value = string | number | boolean | null | undefined | ((event: never) => void);
export type Attrs = Record<string, Value>;

/** Sets `attrs` on `el`: `on…` keys add listeners, `class` sets the class, `true` sets an
 * empty attribute, `false`/`null`/`undefined` leave it out. */
function setAttrs(el: Element, attrs: Attrs): void {
  for (const [key, value] of Object.entries(attrs)) {
    if (typeof value === "function") {
      el.addEventListener(key.slice(2), value as EventListener);
    } else if (value === true) {
      el.setAttribute(key, "");
    } else if (value !== false && value !== null && value !== undefined) {
      el.setAttribute(key, String(value));
    }
  }
}

function append(el: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    el.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** An HTML element. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

/** An SVG element. */
export function svg(tag: string, attrs: Attrs = {}, ...children: Child[]): SVGElement {
  const el = document.createElementNS("http://www.w3.org/2000/svg", tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

/** Replaces the children of `el`. */
export function fill(el: Element, ...children: Child[]): void {
  el.replaceChildren();
  append(el, children);
}

/** A labelled `<select>` of `choices` ([value, text]); returns the label (holding it). */
export function select(
  label: string,
  choices: [string, string][],
  value: string,
): { field: HTMLLabelElement; input: HTMLSelectElement } {
  const input = h("select", { "aria-label": label });
  for (const [v, text] of choices) input.append(h("option", { value: v }, text));
  input.value = value;
  return { field: h("label", { class: "field" }, label, input), input };
}

/** The message of anything thrown (the package throws `Error`s with a `code`). */
export function errorText(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: string }).code;
    return code ? `${error.message} (${code})` : error.message;
  }
  return String(error);
}
