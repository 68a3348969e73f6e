// The package tabletop-rules (web/pkg), as the page and the worker load it.

import init from "../../../pkg/dist/tabletop_wasm.js";

export * from "../../../pkg/dist/tabletop_wasm.js";

/** Loads the WebAssembly module (it sits beside the bundle) once. */
export function loadRules(): Promise<unknown> {
  return init({ module_or_path: new URL("tabletop_wasm_bg.wasm", import.meta.url) });
}
