// The npm package against the command line, installed from its tarball (run.sh): every sample
// of samples/ asked of both (the package's object must equal what `rummy ... --format json`
// prints, and its errors the command line's), then what only the package does. RUMMY_CLI and
// RUMMY_SAMPLES say where the command line and the samples are.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { load, RummyError, VERSION } from 'rummy';

const cli = process.env.RUMMY_CLI;
const samples = process.env.RUMMY_SAMPLES;
const rummy = await load();

// The package's functions, by command; the others (cash, deal, toss, completion) are the
// command line's alone. The samples' options that take no value.
const functions = new Set(['validate', 'score', 'arrange', 'outs', 'advise', 'layoff', 'settle', 'rules', 'batch']);
const flags = new Set(['all', 'arrange', 'list', 'cards-away', 'declared']);

// A command line's words, as the shell splits the sample's first line (quotes only).
const words = (line) => [...line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]);

// A command line's words as the function's arguments: [positional words, options].
const asCall = (args) => {
  const positional = [];
  const options = {};
  for (let i = 1; i < args.length; i += 1) {
    const arg = args[i];
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    let [name, value] = arg.slice(2).split(/=(.*)/s);
    if (value === undefined && !flags.has(name)) value = args[(i += 1)];
    if (name === 'format') continue;
    if (name === 'house') {
      const [rule, setting] = value.split(/=(.*)/s);
      options.house = { ...options.house, [rule]: setting };
    } else if (flags.has(name)) {
      options[name.replaceAll('-', '_')] = true;
    } else if (name in options) {
      options[name] = [].concat(options[name], value);
    } else {
      options[name] = value;
    }
  }
  return [positional, options];
};

const sampleFiles = readdirSync(samples).flatMap((folder) =>
  readdirSync(join(samples, folder)).filter((f) => !f.endsWith('.expected')).map((f) => join(samples, folder, f)));

let compared = 0;
for (const path of sampleFiles.sort()) {
  const bytes = readFileSync(path);
  const first = new TextDecoder().decode(bytes.subarray(0, bytes.indexOf(10)));
  if (!first.startsWith('# rummy ')) continue;
  const args = words(first.slice('# rummy '.length));
  if (!functions.has(args[0]) || args.includes('csv') || args.includes('text')) continue;
  compared += 1;
  test(`sample ${path.slice(samples.length + 1)} answers as the command line`, () => {
    const done = spawnSync(cli, args.includes('json') ? args : [...args, '--format', 'json'], { input: bytes });
    const out = done.stdout.toString('utf8');
    const [positional, options] = asCall(args);
    const command = args[0];
    let call;
    if (command === 'batch') call = () => rummy.batch(bytes, { ...options, source: '<stdin>' });
    else if (command === 'layoff') call = () => rummy.layoff(positional[0], positional[1], options);
    else if (command === 'rules') call = () => rummy.rules(options);
    else {
      // A hand given as arguments is the input; else the file is, as standard input.
      const hand = positional.length > 0 ? positional.join(' ') : bytes;
      call = () => rummy[command](hand, options);
    }
    if (done.status === 2 && out.startsWith('{\n')) {
      const expected = JSON.parse(out).error;
      assert.throws(call, (error) => {
        assert.ok(error instanceof RummyError);
        assert.equal(error.reason, expected.message);
        assert.equal(error.line, expected.line ?? null);
        assert.equal(error.column, expected.column ?? null);
        assert.equal(error.exitCode, 2);
        return true;
      });
    } else if (command === 'batch') {
      assert.deepEqual(call(), out.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l)));
    } else {
      assert.deepEqual(call(), JSON.parse(out));
    }
  });
}

test('every kind of sample was compared', () => {
  assert.ok(compared > 200, `${compared} samples`);
});

test('options are the command line\'s, and one that does not apply is refused', () => {
  const hand = '10♥-J♥-Q♥ | 5♣-5♦-5♠ | A♦-A♥-A♠ | 2♦ 3♦ Q♣ Q♥ 7♣';
  assert.ok(rummy.score(hand, { wild: '10', house: { 'points-cap': 60 } }).points <= 60);
  assert.deepEqual(rummy.score(hand, { wild: 10 }), rummy.score(hand, { wild: '10' }));
  assert.deepEqual(rummy.arrange(hand, { wild: '10', all: false }), rummy.arrange(hand, { wild: '10' }));
  for (const [options, words] of [[{ frobnicate: 1 }, '--frobnicate'], [{ format: 'csv' }, 'format'],
    [{ color: 'always' }, 'color'], [{ house: { 'no-such-rule': 1 } }, 'no-such-rule']]) {
    assert.throws(() => rummy.validate('A♠-2♠-3♠', options), (e) => e instanceof RummyError && e.message.includes(words));
  }
  assert.throws(() => rummy.batch(['A♠-2♠-3♠'], { jobs: 2 }), /one thread/);
});

test('an error says where, as the command line does', () => {
  assert.throws(() => rummy.validate('A♠-2♠-3x'), (error) => {
    assert.ok(error instanceof RummyError && error instanceof Error);
    assert.deepEqual([error.line, error.column, error.source, error.text], [1, 8, '<input>', 'A♠-2♠-3x']);
    assert.ok(error.message.startsWith('<input>:1:8: expected a suit'));
    return true;
  });
  assert.equal(rummy.validate('A♠-2♠-3♠ | 5♥-6♥ | K♣ K♦ 4♣ 8♠ 9♦ J♥ Q♠').valid, false);
});

test('batch numbers lines across parts, names its source, and takes bytes and streams', async () => {
  const hand = 'A♠-2♠-3♠ | 6♣-8♣-K♥(WJ) | 4♦-4♠-4♣-4♥ | J♦-J♥-PJ';
  const lines = Array.from({ length: 40000 }, (_, i) => [hand, '', 'bad', hand][i % 4]);
  const totals = {};
  const records = rummy.batch(lines, { source: 'day.txt', totals });
  assert.deepEqual(records.map((r) => r.line), lines.map((_, i) => i + 1).filter((n) => n % 4 !== 2));
  assert.deepEqual(totals, { hands: 30000, valid: 20000, not_valid: 0, drops: 0, bad: 10000, points: 40000 });
  assert.deepEqual(rummy.batch(lines.join('\n'), { source: 'day.txt', raw: true }).map((r) => JSON.parse(r)), records);
  async function* stream() { for (const line of lines) yield `${line}\n`; }
  const streamed = [];
  for await (const record of rummy.batch(stream(), { source: 'day.txt' })) streamed.push(record);
  assert.deepEqual(streamed, records);
  const encoder = new TextEncoder();
  assert.deepEqual(rummy.batch([encoder.encode(hand), new Uint8Array([0xff, 0xfe])]),
    rummy.batch(new Uint8Array([...encoder.encode(hand), 10, 0xff, 0xfe])));
  assert.throws(() => rummy.batch(['x'], { game: 'poker' }), RummyError);
});

test('batch equals the command line on a file', () => {
  const folder = mkdtempSync(join(tmpdir(), 'rummy-npm-'));
  const lines = readdirSync(join(samples, 'batch')).filter((f) => f.endsWith('.batch'))
    .flatMap((f) => readFileSync(join(samples, 'batch', f), 'utf8').split('\n').filter((l) => !l.startsWith('#')));
  const file = join(folder, 'hands.txt');
  writeFileSync(file, `${Array(50).fill(lines.join('\n')).join('\n')}\n`);
  const out = spawnSync(cli, ['batch', '--format', 'json', file]).stdout.toString();
  assert.deepEqual(rummy.batch(readFileSync(file), { source: file }), out.split('\n').filter((l) => l).map((l) => JSON.parse(l)));
});

test('the version is the command line\'s', () => {
  assert.equal(`rummy ${VERSION}`, execFileSync(cli, ['--version']).toString().trim());
  assert.equal(rummy.version, VERSION);
});
