// The package under Node.js: the module is read from disk and instantiated on import, so
// that `import { Omok } from "tabletop-rules"` is ready to use (browsers and bundlers take
// dist/tabletop_wasm.js and call its default export, `init`, once).
import { readFileSync } from "node:fs";
import { initSync } from "./dist/tabletop_wasm.js";

initSync({ module: readFileSync(new URL("./dist/tabletop_wasm_bg.wasm", import.meta.url)) });

export * from "./dist/tabletop_wasm.js";
export { default } from "./dist/tabletop_wasm.js";
