// The installed package in a browser (Debian's chromium, headless, through puppeteer-core): a
// page served from the fresh folder imports node_modules/rummy/index.mjs as an ES module, loads
// it and asks it, as a bundled page would. Run by run.sh from that folder:
//   node browser.mjs PUPPETEER_FOLDER
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { extname, join } from 'node:path';

const require = createRequire(join(process.argv[2], 'package.json'));
const puppeteer = require('puppeteer-core');

const page = `<!doctype html><meta charset="utf-8"><pre id="out">loading</pre>
<script type="module">
import { load, RummyError } from './node_modules/rummy/index.mjs';
const rummy = await load();
const answer = { valid: rummy.validate('A♠-2♠-3♠ | 6♣-8♣-K♥(WJ) | 4♦-4♠-4♣-4♥ | J♦-J♥-PJ').valid };
try { rummy.validate('A♠-2♠-3x'); } catch (e) { answer.error = [e instanceof RummyError, e.line, e.column]; }
answer.records = rummy.batch(['A♠-2♠-3♠ | 6♣-8♣-K♥(WJ) | 4♦-4♠-4♣-4♥ | J♦-J♥-PJ', 'x']).map((r) => r.verdict);
document.getElementById('out').textContent = JSON.stringify(answer);
</script>`;
const types = { '.mjs': 'text/javascript', '.js': 'text/javascript', '.json': 'application/json' };
const server = createServer((request, response) => {
  if (request.url === '/') {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    return;
  }
  try {
    const body = readFileSync(join('.', decodeURIComponent(request.url)));
    response.writeHead(200, { 'content-type': types[extname(request.url)] ?? 'application/octet-stream' }).end(body);
  } catch {
    response.writeHead(404).end();
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
let failed = false;
try {
  const tab = await browser.newPage();
  const errors = [];
  tab.on('pageerror', (error) => errors.push(String(error)));
  await tab.goto(`http://127.0.0.1:${server.address().port}/`);
  await tab.waitForFunction(() => document.getElementById('out').textContent !== 'loading', { timeout: 30000 });
  const answer = await tab.$eval('#out', (e) => e.textContent);
  const expected = JSON.stringify({ valid: true, error: [true, 1, 8], records: ['valid', 'error'] });
  if (answer !== expected || errors.length > 0) {
    console.log(`in chromium: ${answer} (expected ${expected}); errors: ${errors.join('; ')}`);
    failed = true;
  } else {
    console.log('in chromium: the package loads as an ES module and answers as in Node');
  }
} finally {
  await browser.close();
  server.close();
}
process.exit(failed ? 1 : 0);
