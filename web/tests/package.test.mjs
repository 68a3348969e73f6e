// The npm package as a user gets it: packed with `npm pack`, installed into an empty
// project, and the README's first example run there; its output must be the README's.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const pkg = new URL("../pkg/", import.meta.url).pathname;

/** The README's first `js` block and the `text` block after it. */
function readmeExample() {
  const readme = readFileSync(join(pkg, "README.md"), "utf8");
  const [, code] = readme.match(/```js\n([\s\S]*?)```/);
  const [, output] = readme.match(/```js\n[\s\S]*?```\n\nprints\n\n```text\n([\s\S]*?)```/);
  return { code, output };
}

test("the packed package installs and runs the README's example", () => {
  const dir = mkdtempSync(join(tmpdir(), "tabletop-rules-"));
  try {
    const packed = JSON.parse(execFileSync("npm", ["pack", "--json", "--pack-destination", dir], { cwd: pkg, encoding: "utf8" }));
    const files = packed[0].files.map((f) => f.path).sort();
    assert.deepEqual(files, [
      "LICENSE",
      "README.md",
      "dist/tabletop_wasm.d.ts",
      "dist/tabletop_wasm.js",
      "dist/tabletop_wasm_bg.wasm",
      "dist/tabletop_wasm_bg.wasm.d.ts",
      "node.js",
      "package.json",
    ]);
    writeFileSync(join(dir, "package.json"), '{ "name": "user", "private": true, "type": "module" }');
    execFileSync("npm", ["install", "--no-audit", "--no-fund", "--offline", join(dir, packed[0].filename)], { cwd: dir, stdio: "pipe" });
    const { code, output } = readmeExample();
    writeFileSync(join(dir, "example.mjs"), code);
    const printed = execFileSync("node", ["example.mjs"], { cwd: dir, encoding: "utf8" });
    assert.equal(printed, output);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
