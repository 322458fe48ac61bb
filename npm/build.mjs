// Lays out the npm package (bash .ci/npm; then `npm pack` in the folder):
//   node npm/build.mjs CORE SCHEMAS OUT VERSION
// CORE: the WebAssembly module emscripten made (build-web/rummy-npm.mjs); SCHEMAS: docs/schema;
// OUT: the package's folder (emptied first). The TypeScript declarations of the results are
// generated from the JSON Schemas by json-schema-to-typescript (npm/tools), one module per
// command under types/, so that the schemas stay the one description of every result.
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(join(here, 'tools', 'package.json'));
const { compile } = require('json-schema-to-typescript');

const [core, schemas, out, version] = process.argv.slice(2);
if (!version) {
  console.error('usage: node npm/build.mjs CORE SCHEMAS OUT VERSION');
  process.exit(2);
}
rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, 'types'), { recursive: true });

const fill = (text) => text.replaceAll('@VERSION@', version).replaceAll('@PROJECT_VERSION@', version);
copyFileSync(core, join(out, 'rummy-core.mjs'));
writeFileSync(join(out, 'index.mjs'), fill(readFileSync(join(here, 'index.mjs'), 'utf8')));
writeFileSync(join(out, 'index.d.ts'), fill(readFileSync(join(here, 'index.d.ts.in'), 'utf8')));
writeFileSync(join(out, 'package.json'), fill(readFileSync(join(here, 'package.json.in'), 'utf8')));
copyFileSync(join(here, 'README.md'), join(out, 'README.md'));
copyFileSync(join(here, '..', 'LICENSE'), join(out, 'LICENSE'));

// Each command's result, by the name index.d.ts imports it under.
const results = {
  validate: 'ValidateResult', score: 'ScoreResult', arrange: 'ArrangeResult', outs: 'OutsResult',
  advise: 'AdviseResult', layoff: 'LayoffResult', settle: 'SettleResult', rules: 'RulesResult',
  batch: 'BatchRecord', error: 'ErrorResult',
};
for (const [command, name] of Object.entries(results)) {
  const schema = JSON.parse(readFileSync(join(schemas, `${command}.json`), 'utf8'));
  schema.title = name; // the type's name (the schema's title is a sentence)
  const types = await compile(schema, name, {
    cwd: schemas,
    bannerComment: `// The result of rummy ${command} --format json, from docs/schema/${command}.json (generated).`,
    additionalProperties: false,
    strictIndexSignatures: true,
    format: false,
  });
  writeFileSync(join(out, 'types', `${command}.d.ts`), types);
}
console.log(`the npm package ${version} laid out in ${out}`);
