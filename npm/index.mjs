// rummy for JavaScript (docs/npm.md): the commands of the command line as functions, answering
// with the very object `rummy COMMAND --format json` prints. The work is rummy's C++ compiled to
// WebAssembly (rummy-core.mjs, which holds it); this file only moves text in and out, and knows
// no option and no rule: the options object goes to the command line's own options.
//
//   import { load } from 'rummy';
//   const rummy = await load();
//   rummy.validate('A♠-2♠-3♠ | 6♣-8♣-K♥(WJ) | 4♦-4♠-4♣-4♥ | J♦-J♥-PJ').valid;   // true
import createRummy from './rummy-core.mjs';

const badInput = 2; // the command line's exit code for bad input or usage
const totalsNames = ['hands', 'valid', 'not_valid', 'drops', 'bad', 'points'];
const batchLines = 16384; // lines judged at once from an iterable

// Bad input or options, as the command line reports them: `line` and `column` (from 1; the
// column in characters) locate it in the input when it has a place there, `text` is that line,
// and `exitCode` is the command line's (2).
export class RummyError extends Error {
  constructor(message, { source = null, line = null, column = null, text = null, exitCode = badInput } = {}) {
    super(line !== null ? `${source}:${line}:${column}: ${message}` : message);
    this.name = 'RummyError';
    this.reason = message;
    this.source = source;
    this.line = line;
    this.column = column;
    this.text = text;
    this.exitCode = exitCode;
  }
}

// Loads the WebAssembly once; the functions of what it returns are synchronous.
export async function load() {
  const module = await createRummy();
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();

  // Text or bytes into the module's memory (freed by the caller): [pointer, size in bytes].
  const put = (data, zero = false) => {
    const bytes = typeof data === 'string' ? null : data;
    const room = (bytes ? bytes.length : data.length * 3) + (zero ? 1 : 0);
    const pointer = module._malloc(Math.max(room, 1));
    let size;
    if (bytes) {
      module.HEAPU8.set(bytes, pointer);
      size = bytes.length;
    } else {
      size = encoder.encodeInto(data, module.HEAPU8.subarray(pointer, pointer + room)).written;
    }
    if (zero) module.HEAPU8[pointer + size] = 0;
    return [pointer, size];
  };
  const read = (pointer, size) => decoder.decode(module.HEAPU8.subarray(pointer, pointer + size));

  // Runs a command: [exit code, its JSON text, its standard error, batch's figures].
  const call = (command, input, options, args = [], source = '<input>', firstLine = 1) => {
    const owned = [];
    const text = (data, zero = true) => {
      const [pointer, size] = put(data, zero);
      owned.push(pointer);
      return [pointer, size];
    };
    try {
      const [commandPointer] = text(command);
      const [optionsPointer] = text(JSON.stringify(options ?? {}));
      const [argsPointer] = text(args.map((a) => `${a}\0`).join(''));
      const [inputPointer, inputSize] = text(input ?? '', false);
      const [sourcePointer] = text(source);
      const code = module._rummy_call(commandPointer, optionsPointer, argsPointer, args.length,
        inputPointer, inputSize, sourcePointer, firstLine);
      const json = read(module._rummy_json(), module._rummy_json_size());
      const err = read(module._rummy_err(), module._rummy_err_size());
      const figures = totalsNames.map((_, i) => module._rummy_batch_figure(i));
      return [code, json, err, figures];
    } finally {
      for (const pointer of owned) module._free(pointer);
    }
  };

  const error = (json, err, code) => {
    let body;
    try {
      body = JSON.parse(json).error;
    } catch {
      body = undefined;
    }
    if (!body) return new RummyError(err.trim().replace(/^rummy: error: /, ''), { exitCode: code });
    return new RummyError(body.message, {
      source: body.source ?? null, line: body.line ?? null, column: body.column ?? null,
      text: body.text ?? null, exitCode: code,
    });
  };

  const run = (command, input, options, args) => {
    const [code, json, err] = call(command, input, options, args);
    if (code === badInput || json === '') throw error(json, err, code);
    return JSON.parse(json);
  };

  // batch's own settings, apart from the command's options.
  const batchSettings = (options = {}) => {
    const { source = '<input>', raw = false, totals = null, ...rest } = options;
    return { source, raw, totals, rest };
  };

  // One part of a batch: its lines judged, its records as objects (or JSON text with raw).
  const judge = (input, firstLine, settings) => {
    const [code, json, err, figures] = call('batch', input, settings.rest, [], settings.source, firstLine);
    // Records are one compact object a line; an error that ends the batch is one object
    // written over several lines, before any record.
    if (code === badInput && json.startsWith('{\n')) throw error(json, err, code);
    if (settings.totals) {
      totalsNames.forEach((name, i) => { settings.totals[name] = (settings.totals[name] ?? 0) + figures[i]; });
    }
    const lines = json.endsWith('\n') ? json.slice(0, -1) : json;
    if (lines === '') return [];
    // Each record parsed alone: a third faster in Node than one array of them all, which had
    // to be made by replacing every line end with a comma first.
    const records = lines.split('\n');
    return settings.raw ? records : records.map((record) => JSON.parse(record));
  };

  // A part's lines (strings, or bytes without their newlines) as one input: text when every line
  // is text, else bytes, so that a line that is not UTF-8 reaches the command as it is.
  const joined = (part) => (part.every((line) => typeof line === 'string')
    ? part.join('\n')
    : concatenate(part));
  const concatenate = (part) => {
    const lines = part.map((line) => (typeof line === 'string' ? encoder.encode(line) : line));
    const size = lines.reduce((sum, line) => sum + line.length + 1, 0);
    const all = new Uint8Array(Math.max(size - 1, 0));
    let at = 0;
    for (const line of lines) {
      all.set(line, at);
      at += line.length;
      if (at < all.length) all[at++] = 10;
    }
    return all;
  };
  const withoutNewline = (line) => {
    if (typeof line === 'string') return line.endsWith('\n') ? line.slice(0, -1) : line;
    return line.length > 0 && line[line.length - 1] === 10 ? line.subarray(0, -1) : line;
  };

  // Lines taken one at a time and judged batchLines at a time, numbered on across the parts:
  // add() gives the records of a part it fills (or none), end() those of the last.
  const parts = (settings) => {
    let part = [];
    let firstLine = 1;
    const judgePart = () => {
      const records = judge(joined(part), firstLine, settings);
      firstLine += part.length;
      part = [];
      return records;
    };
    return {
      add(line) {
        part.push(withoutNewline(line));
        return part.length >= batchLines ? judgePart() : [];
      },
      end: () => (part.length > 0 || firstLine === 1 ? judgePart() : []),
    };
  };

  async function* batchAsync(lines, settings) {
    const cut = parts(settings);
    for await (const line of lines) yield* cut.add(line);
    yield* cut.end();
  }

  return {
    // Each takes the input as text (or bytes, read as the command line reads a file) and the
    // command's long options as an object: { wild: '7', cards_away: true, house: { 'points-cap': 100 } }.
    validate: (hand, options) => run('validate', hand, options),
    score: (hand, options) => run('score', hand ?? '', options),
    arrange: (hand, options) => run('arrange', hand, options),
    outs: (hand, options) => run('outs', hand, options),
    advise: (hand, options) => run('advise', hand, options),
    layoff: (meld, cards, options) => run('layoff', '', options, [meld, cards]),
    settle: (sheet, options) => run('settle', sheet, options),
    rules: (options) => run('rules', '', options),
    // A record for every line that holds a hand, as `rummy batch --format json` writes them.
    // `lines`: an array (or any iterable) of lines, or one text of many lines: the records, as
    // an array; an async iterable (a stream's lines): an async iterable of records. Besides the
    // command's options: `source` (the name the records give the lines), `raw` (each record as
    // its JSON text), `totals` (an object that gets the summary line's figures added).
    batch(lines, options) {
      const settings = batchSettings(options);
      if (typeof lines === 'string' || lines instanceof Uint8Array) return judge(lines, 1, settings);
      if (lines && typeof lines[Symbol.asyncIterator] === 'function') return batchAsync(lines, settings);
      const cut = parts(settings);
      const records = [];
      for (const line of lines) {
        for (const record of cut.add(line)) records.push(record);
      }
      for (const record of cut.end()) records.push(record);
      return records;
    },
    version: VERSION,
  };
}

// The version of rummy inside (the command line's `rummy --version`).
export const VERSION = '@PROJECT_VERSION@';
