// Bundle the unit tests (and the modules they import) for `node --test`.
import * as esbuild from "esbuild";

await esbuild.build({
  entryPoints: ["test/unit.test.ts"],
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  outfile: "out/test/unit.test.js",
  external: ["vscode"],
  logLevel: "warning",
});
