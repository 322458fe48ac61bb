// The page's tests, in Debian's chromium driven by puppeteer-core (no browser download): every
// sample hand of the four games entered through the page gives the verdict, points and groups
// the command line's JSON gives; a sheet entered through the page and exported settles to the
// same money with `rummy settle`; the page makes no network request, opens from file://, fits a
// 360 px screen, names every card and control, and its screenshots are not blank.
//   node page_test.mjs --page build-web/rummy.html --rummy build/rummy --samples samples
//                      --screenshots build-web/screenshots
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import puppeteer from 'puppeteer-core';

const options = {};
for (let i = 2; i < process.argv.length; i += 2) options[process.argv[i].slice(2)] = process.argv[i + 1];
for (const name of ['page', 'rummy', 'samples', 'screenshots']) {
  if (!options[name]) throw new Error(`--${name} is missing`);
}
const pageUrl = `file://${path.resolve(options.page)}`;
const pageSize = fs.statSync(options.page).size;
fs.mkdirSync(options.screenshots, { recursive: true });

let failures = 0;
let checks = 0;
function check(condition, what, detail = '') {
  checks += 1;
  if (!condition) {
    failures += 1;
    const shown = detail.length > 600 ? `${detail.slice(0, 600)}…` : detail;
    console.log(`FAIL ${what}${shown ? `\n  ${shown}` : ''}`);
  }
}
function same(actual, expected, what) {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  check(a === e, what, `page: ${a}\n  rummy: ${e}`);
}

// The command line, natively: its JSON for ARGS on INPUT.
function cli(args, input) {
  const run = spawnSync(options.rummy, [...args, '--format', 'json'], { input, encoding: 'utf8' });
  // rummy may refuse its options and exit before it reads the input: the input's pipe then
  // breaks (EPIPE), which says nothing of the answer, still read in full from its output.
  if (run.error && run.error.code !== 'EPIPE') throw run.error;
  return { code: run.status, json: JSON.parse(run.stdout) };
}

// ---- The browser --------------------------------------------------------------------------------

const phone = { width: 360, height: 740, deviceScaleFactor: 1 };
const desktop = { width: 1280, height: 900, deviceScaleFactor: 1 };

const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--no-default-browser-check'],
});
const page = await browser.newPage();
// This page has no share sheet (as in most desktop browsers): sharing copies. Another page, below,
// has one.
await page.evaluateOnNewDocument(() => {
  delete Navigator.prototype.share;
});
const requests = [];
await page.setRequestInterception(true);
page.on('request', (request) => {
  const url = request.url();
  if (url.startsWith('file:') || url.startsWith('data:') || url.startsWith('blob:')) {
    request.continue();
  } else {
    requests.push(url);
    request.abort();
  }
});
const pageErrors = [];
page.on('pageerror', (error) => pageErrors.push(String(error)));
page.on('console', (message) => {
  if (message.type() === 'error') pageErrors.push(message.text());
});
await page.setViewport({ width: 360, height: 740, deviceScaleFactor: 1 });

// A fresh page: nothing kept from an earlier visit.
async function freshPage() {
  await page.goto(pageUrl);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
}

async function answers(selector) {
  return page.$eval(selector, (node) => Number(node.dataset.answers || 0));
}
// Does ACT, then waits until SELECTOR has drawn a new answer.
async function afterAnswer(selector, act) {
  const before = await answers(selector);
  await act();
  await page.waitForFunction((s, b) => Number(document.querySelector(s).dataset.answers || 0) > b,
    { timeout: 10000 }, selector, before);
}

async function setValue(selector, value) {
  await page.$eval(selector, (node, v) => {
    node.value = v;
    node.dispatchEvent(new Event(node.tagName === 'TEXTAREA' || node.type === 'text' ? 'input' : 'change', { bubbles: true }));
  }, value);
}

// ---- What the page shows -------------------------------------------------------------------------

async function noSideScroll(what) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  check(width <= 360, `${what} fits 360 px without scrolling sideways`, `scroll width ${width}`);
}

async function shownVerdict() {
  return page.$eval('#verdict', (v) => {
    const valid = v.querySelector('[data-valid]');
    const points = v.querySelector('[data-points]');
    const error = v.querySelector('[data-error]');
    return {
      valid: valid ? valid.dataset.valid === 'true' : null,
      points: points ? Number(points.dataset.points) : null,
      rule: points ? points.dataset.rule : null,
      error: error ? error.dataset.error : null,
      groups: [...v.querySelectorAll('.group')].map((g) => ({
        kind: g.dataset.kind,
        word: g.querySelector('.kind').textContent,
        cards: [...g.querySelectorAll('.card')].map((c) => c.dataset.card),
        reason: g.querySelector('.reason') ? g.querySelector('.reason').textContent : '',
      })),
    };
  });
}

// The groups as the command line gives them, each with the word its game has for the kind
// ("Run" in Basic Rummy, "Pure sequence" in Indian rummy), from `rummy rules`.
function cliGroups(json, variant = 'indian') {
  const words = cli(['rules', '--variant', variant], '').json.kinds;
  return json.groups.map((g) => ({
    kind: g.kind, word: words[g.kind].charAt(0).toUpperCase() + words[g.kind].slice(1), cards: g.cards, reason: g.reason || '',
  }));
}

// ---- The page's games are rummy's: `rummy rules --list` -------------------------------------------

// Where page P differs from `rummy rules --list`: the game choice, each game's controls (shown or
// hidden), formats, packs and rounds; each sheet game, its settings with their defaults, and the
// deal form a sheet of it gets (each player's outcomes, the one that ends the deal first, the
// deal's settings). Each difference in words; none when the page follows the list.
async function differencesFromList(p) {
  const games = cli(['rules', '--list'], '').json.games;
  const found = [];
  const differ = (actual, expected, what) => {
    const a = JSON.stringify(actual);
    const e = JSON.stringify(expected);
    if (a !== e) found.push(`${what}: page ${a}, rummy ${e}`);
  };
  const waitAnswer = async (selector, act) => {
    const before = await p.$eval(selector, (n) => Number(n.dataset.answers || 0));
    await act();
    await p.waitForFunction((sel, b) => Number(document.querySelector(sel).dataset.answers || 0) > b,
      { timeout: 10000 }, selector, before);
  };
  const setField = (selector, value) => p.$eval(selector, (node, v) => {
    node.value = v;
    node.dispatchEvent(new Event('input', { bubbles: true }));
    node.dispatchEvent(new Event('change', { bubbles: true }));
  }, value);
  await p.click('#tab-hand');
  differ(await p.$$eval('input[name="variant"]', (radios) => radios.map((r) => [r.value, r.parentElement.textContent.trim()])),
    games.map((g) => [g.id, g.name]), 'the game choice');
  for (const g of games) {
    if (!await p.$(`input[name="variant"][value="${g.id}"]`)) continue;
    await p.$eval(`input[name="variant"][value="${g.id}"]`, (r) => r.click());
    const o = g.options;
    // A game dealt with a tiplu has the tiplu's field, the players and the player's state.
    const expected = Object.entries({
      formats: o.formats, most_packs: o.most_packs > 1, rounds: o.rounds > 0, wild_rank: o.wild_rank,
      declared: o.declared, drops: o.drops, going_rummy: o.going_rummy, outs: o.outs, advise: o.advise,
      tiplu: o.tiplu, players: o.tiplu, state: o.tiplu,
    }).filter(([, on]) => on).map(([name]) => name).sort();
    differ([...new Set(await p.$$eval('#panel-hand [data-option]', (nodes) => nodes.filter((n) => !n.hidden).map((n) => n.dataset.option)))].sort(),
      expected, `${g.id}: the controls shown`);
    const values = (selector) => p.$$eval(`${selector} option`, (options) => options.map((x) => x.value));
    if (o.formats) differ(await values('#game'), g.formats.map((f) => f.id), `${g.id}: the formats`);
    if (o.most_packs > 1) differ((await values('#decks')).length, o.most_packs + 1, `${g.id}: the packs`);
    if (o.rounds > 0) differ((await values('#round')).length, o.rounds + 1, `${g.id}: the rounds`);
  }
  const tables = games.filter((g) => g.sheet).flatMap((g) => (g.formats.length
    ? g.formats.map((f) => ({ id: f.id, name: `${g.name}: ${f.name}`, g, settings: f.settings }))
    : [{ id: g.id, name: g.name, g, settings: g.settings }]));
  await p.click('#tab-sheet');
  differ(await p.$$eval('#sheet-game option', (options) => options.map((x) => [x.value, x.textContent])),
    tables.map((t) => [t.id, t.name]), 'the sheet games');
  for (const t of tables) {
    if (!await p.$(`#sheet-game option[value="${t.id}"]`)) continue;
    await p.$eval('#sheet-new', (d) => { d.open = true; });
    await p.select('#sheet-game', t.id);
    // Each setting a field, at its default where it has one (a value typed for another game is kept).
    const fields = await p.$$eval('#sheet-settings input', (inputs) => inputs.map((i) => [i.dataset.setting, i.value]));
    differ(fields.map(([id]) => id), t.settings.map((x) => x.id), `${t.id}: the sheet's settings`);
    differ(fields.filter(([id]) => t.settings.some((x) => x.id === id && x.default)),
      t.settings.filter((x) => x.default).map((x) => [x.id, x.default]), `${t.id}: the settings' defaults`);
    for (const x of t.settings.filter((each) => each.required)) {
      if (await p.$(`#sheet-${x.id}`)) await setField(`#sheet-${x.id}`, x.kind === 'count' ? '3' : '2');
    }
    await setField('#sheet-players', 'Ann Bob');
    await waitAnswer('#settlement', () => p.click('#sheet-start'));
    const form = await p.$$eval('#deal-entries select', (selects) => selects.map((x) => ({
      player: x.dataset.player, value: x.value, options: [...x.options].map((o) => [o.value, o.textContent]),
    })));
    const ender = t.g.outcomes.find((x) => x.ends_deal);
    differ(form.map((f) => f.player), ['Ann', 'Bob'], `${t.id}: a line for each player`);
    // A line that needs a house rule ('big gin': big-gin=on) is offered only under it.
    for (const f of form) differ(f.options, t.g.outcomes.filter((x) => !x.needs).map((x) => [x.words, x.meaning]), `${t.id}: ${f.player}'s outcomes`);
    differ(form.length ? form[0].value : null, ender.words, `${t.id}: the first line ends the deal`);
    // A deal setting that needs a house rule ('upcard': oklahoma=on) is offered only under it.
    differ(await p.$$eval('#deal-settings input', (inputs) => inputs.map((i) => i.dataset.setting)),
      t.g.deal_settings.filter((d) => !d.needs).map((d) => d.id), `${t.id}: the deal's settings`);
  }
  return found;
}

await freshPage();
{
  const found = await differencesFromList(page);
  same(found, [], 'the game choice, the controls, the deal forms and the sheet settings are rummy rules --list\'s');
  // The check can fail: copies of the page that lose a game, or a line of every deal form, or
  // show a control of another game, each differ.
  const html = fs.readFileSync(options.page, 'utf8');
  const list = "games = rummyJson(['rules', '--list']).data.games;";
  check(html.includes(list), 'the page reads its games from rules --list');
  const mutants = {
    'a game dropped': html.replace(list, `${list} games = games.slice(1);`),
    'an outcome dropped': html.replace(list, `${list} games = games.map((g) => ({ ...g, outcomes: g.outcomes.slice(1) }));`),
    'a control of another game': html.replace(list, `${list} games = games.map((g) => ({ ...g, options: { ...g.options, going_rummy: true } }));`),
    'a setting dropped': html.replace(list, `${list} games = games.map((g) => ({ ...g, settings: g.settings.slice(1), formats: g.formats.map((f) => ({ ...f, settings: f.settings.slice(1) })) }));`),
  };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rummy-mutant-'));
  for (const [what, text] of Object.entries(mutants)) {
    const file = path.join(dir, 'rummy.html');
    fs.writeFileSync(file, text);
    const mutant = await browser.newPage();
    await mutant.goto(`file://${file}`);
    await mutant.waitForSelector('body[data-ready="true"]');
    const differences = await differencesFromList(mutant);
    check(differences.length > 0, `a copy of the page with ${what} differs from rules --list`);
    await mutant.close();
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

// ---- The samples ---------------------------------------------------------------------------------

// The sample's command line: "# rummy score --wild 10" → {command, options: [[name, value]]}.
function sampleCommand(line) {
  const words = [...line.replace(/^#\s*rummy\s+/, '').matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]);
  const [command, ...rest] = words;
  const flags = new Set(['--declared', '--rummy', '--all']);
  const pairs = [];
  for (let i = 0; i < rest.length; i += 1) {
    if (flags.has(rest[i])) pairs.push([rest[i], null]);
    else if (rest[i].startsWith('--')) pairs.push([rest[i], rest[(i += 1)]]);
    else pairs.push([null, rest[i]]);
  }
  return { command, pairs };
}

const scoreOnly = new Set(['--game', '--drop', '--declared', '--rummy', '--state']);
function argsOf(pairs, keep = () => true) {
  return pairs.filter(([name]) => name !== '--format' && keep(name)).flatMap(([n, v]) => (v === null ? [n] : [n, v]));
}

function variantOf(pairs) {
  return (pairs.find(([n]) => n === '--variant') || [null, 'indian'])[1];
}

// Sets the page's controls as the sample's options say: each option has a control, or the test fails.
async function configure(pairs) {
  await page.click(`input[name="variant"][value="${variantOf(pairs)}"]`);
  for (const [name, value] of pairs) {
    switch (name) {
      case '--variant':
      case '--format':
        break;
      case '--wild': {
        // A game whose wild cards come from a tiplu offers no wild joker (rummy refuses --wild).
        if (await page.$eval('#wild-pick', (b) => b.closest('[hidden]') !== null)) return 'the page offers no --wild for this game';
        if (value === 'none') {
          await page.click('#wild-none');
          break;
        }
        const rank = value === 'PJ' ? 'PJ' : value.replace(/[♠♥♦♣]$/, '');
        await page.click('#wild-pick');
        await page.click(rank === 'PJ' ? '#grid [data-card="PJ"]' : `#grid [data-card="${rank}♦"]`);
        break;
      }
      case '--tiplu':
        await page.click('#tiplu-pick');
        await page.click(`#grid [data-card="${value}"]`);
        break;
      case '--players': await page.select('#players', value); break;
      case '--state': await page.select('#state', value); break;
      case '--round': await page.select('#round', value); break;
      case '--decks': await page.select('#decks', value); break;
      case '--game': await page.select('#game', value); break;
      case '--drop': await page.select('#drop', value); break;
      case '--declared': await page.click('#declared'); break;
      case '--rummy': await page.click('#went-rummy'); break;
      case '--open':
      case '--seen':
      case '--draws':
      case '--samples':
      case '--seed':
        await openAdviseBox();
        await setValue(`#advise-${name.slice(2)}`, value);
        break;
      case '--house': {
        const [rule, setting] = value.split('=');
        await page.click('details.house summary');
        // A house rule of another game is not offered (rummy refuses it): nothing to set.
        if (!await page.$(`#house-rules [data-house="${rule}"]`)) return `the page offers no ${rule} for this game`;
        const field = await page.$eval(`#house-rules [data-house="${rule}"]`, (f) => f.tagName);
        if (field === 'SELECT') await page.select(`#house-rules select[data-house="${rule}"]`, setting);
        else await setValue(`#house-rules input[data-house="${rule}"]`, setting);
        break;
      }
      default:
        check(false, `the page has a control for ${name}`);
    }
  }
}

// ---- A game dealt with a tiplu (Marriage) ---------------------------------------------------------

const listed_games = cli(['rules', '--list'], '').json.games;

// The verdict on a hand dealt with a tiplu as the page shows it: the verdict, each group with its
// part, kind and explanation (and its cards as drawn), the problems, the discard, the cards not
// checked, the maal that counts with its items, and every mark on a card.
async function shownTiplu() {
  return page.$eval('#verdict', (v) => {
    const error = v.querySelector('[data-error]');
    const banner = v.querySelector('[data-valid]');
    const maal = v.querySelector('.maal');
    const discard = v.querySelector('.discard');
    const loose = v.querySelector('.loose');
    return {
      error: error ? error.dataset.error : null,
      valid: banner ? banner.dataset.valid === 'true' : null,
      groups: [...v.querySelectorAll('.group')].map((g) => ({
        cards: g.dataset.cards, part: g.dataset.part, at_deal: g.dataset.atDeal === 'true', kind: g.dataset.kind,
        valid: g.dataset.valid === 'true', explanation: g.querySelector('.reason').textContent,
        drawn: [...g.querySelectorAll('.card')].map((c) => c.dataset.card).join('-'),
      })),
      problems: [...v.querySelectorAll('.problems li')].map((li) => li.textContent),
      discard: discard ? discard.dataset.discard : null,
      loose: loose ? loose.dataset.loose.split(' ') : [],
      maal: maal ? {
        maal: Number(maal.dataset.maal), held: maal.dataset.maalHeld ? Number(maal.dataset.maalHeld) : null,
        state: maal.dataset.state || null, from: maal.dataset.stateFrom || null,
        items: [...maal.querySelectorAll('.maal-items li')].map((li) => ({
          kind: li.dataset.kind, count: Number(li.dataset.count), card: li.dataset.card, points: Number(li.dataset.points),
        })),
      } : null,
      marks: [...v.querySelectorAll('.group .card, .loose .card, .discard .card')].map((c) => [c.dataset.card, c.dataset.mark || '']),
      legend: [...v.querySelectorAll('.legend li')].map((li) => li.dataset.mark),
    };
  });
}

// The mark a card should carry, from the tiplu's JSON (T) and the maal counted (ITEMS): the
// tiplu, its poplu and jhiplu, the alter where it counts as maal, the ordinary jokers.
function expectedMark(t, items, card) {
  if (card === t.card) return 'tiplu';
  if (card === t.poplu) return 'poplu';
  if (card === t.jhiplu) return 'jhiplu';
  if (card === t.alter && items.some((i) => i.kind === 'alter')) return 'alter';
  if (t.jokers.includes(card)) return 'ordinary joker';
  return '';
}

const tipluGroups = (json) => json.groups.map((g) => ({
  cards: g.cards, part: g.part, at_deal: g.at_deal, kind: g.kind, valid: g.valid, explanation: g.explanation, drawn: g.cards,
}));

// The page's verdict on a hand dealt with a tiplu is the command line's: validate's verdict and
// groups and score's maal; after "Arrange for me", arrange's end, which the hand now holds.
async function compareTiplu(command, pairs, input, what) {
  const validate = cli(['validate', ...argsOf(pairs, (n) => !scoreOnly.has(n))], input).json;
  const score = cli(['score', ...argsOf(pairs)], input).json;
  let shown = await shownTiplu();
  if (validate.error) {
    same(shown.error, validate.error.message, `${what}: the error`);
    return;
  }
  same([shown.valid, shown.groups, shown.problems, shown.discard, shown.loose],
    [validate.valid, tipluGroups(validate), validate.problems, validate.discard, validate.loose], `${what}: the verdict and the groups`);
  if (score.error) {
    same(shown.error, score.error.message, `${what}: the score's error`);
  } else {
    same(shown.maal, { maal: score.maal, held: score.maal_held, state: score.state, from: score.state_from, items: score.maal_items },
      `${what}: the maal`);
  }
  same(shown.marks, shown.marks.map(([card]) => [card, expectedMark(validate.tiplu, validate.maal_items, card)]), `${what}: the maal cards are marked`);
  if (command === 'outs') {
    const outs = cli(['outs', ...argsOf(pairs)], input).json;
    await afterAnswer('#verdict', () => page.click('#outs'));
    const ends = await page.$$eval('#verdict .outs .declare li', (items) => items.map((li) => [li.dataset.out, li.dataset.discard, Number(li.dataset.maal)]));
    same(ends, outs.end.map((e) => [e.card, e.discard || '', e.maal]), `${what}: the outs`);
    return;
  }
  if (command !== 'arrange') return;
  const expected = cli(['arrange', ...argsOf(pairs)], input).json;
  await afterAnswer('#verdict', () => page.click('#arrange'));
  shown = await shownTiplu();
  same([shown.valid, shown.groups, shown.discard, shown.maal.maal, shown.maal.items],
    [expected.valid, tipluGroups(expected), expected.discard, expected.maal, expected.maal_items], `${what}: the arrangement`);
  same(shown.marks, shown.marks.map(([card]) => [card, expectedMark(expected.tiplu, expected.maal_items, card)]), `${what}: the arrangement's maal cards are marked`);
  const written = await page.$eval('#hand', (t) => t.value);
  if (expected.valid) {
    // The hand now holds the end found, in the notation: the command line reads it as that end.
    const again = cli(['validate', ...argsOf(pairs)], written).json;
    same([again.valid, again.discard, again.groups.map((g) => [g.part, g.at_deal, g.cards])],
      [true, expected.discard, expected.groups.map((g) => [g.part, g.at_deal, g.cards])], `${what}: the hand is the arrangement (${written})`);
  } else {
    same(written, input, `${what}: no end found leaves the hand as it was`);
  }
}

// ---- What should I discard? (rummy advise) ----------------------------------------------------

async function openAdviseBox() {
  if (!await page.$eval('#advise-box', (d) => d.open)) await page.click('#advise-box summary');
}

// The advice as the page shows it, row by row, in the words and figures a person reads.
async function shownAdvice() {
  return page.$eval('#verdict', (v) => {
    const error = v.querySelector('[data-error]');
    const advice = v.querySelector('.advice');
    if (!advice) return { error: error ? error.dataset.error : null };
    const text = (node) => (node ? node.textContent : null);
    return {
      error: null,
      heading: text(advice.querySelector('h2')),
      summary: text(advice.querySelector('.hint')),
      columns: [...advice.querySelectorAll('thead th')].map((th) => th.textContent),
      rows: [...advice.querySelectorAll('tbody tr')].map((tr) => ({
        best: tr.classList.contains('best'),
        choice: [...tr.querySelector('.choice').childNodes].filter((n) => !n.classList || !n.classList.contains('best-mark'))
          .map((n) => n.textContent).join(''),
        points: text(tr.children[1]),
        away: text(tr.children[2]),
        next: text(tr.children[3]),
        within: [...tr.children[4].children].map((c) => c.textContent).join(' '),
        why: text(tr.querySelector('.why > span')),
        outs: text(tr.querySelector('.outs-live')),
      })),
    };
  });
}

// The same advice from the command line: its JSON (the choices, their why and outs) and its text
// (the figures as it prints them: 6.6%, <0.1%, an interval 0.6%–2.6%).
function expectedAdvice(args, input) {
  const { json } = cli(['advise', ...args], input);
  if (json.error) return { json, shown: { error: json.error.message } };
  const text = spawnSync(options.rummy, ['advise', '--color', 'never', ...args], { input, encoding: 'utf8' }).stdout;
  const lines = text.split('\n').filter((l) => /^(→| ) (throw|take,|draw blind)/.test(l));
  const figures = lines.map((l) => l.match(/^. (?:throw \S+|take, \S+|draw blind)\s+(\d+)\s+(\S+)\s+(\S+)\s+(\S+(?: \(\S+–\S+\))?)  /u));
  const choice = (c) => (c.take === null ? 'Draw blind' : c.take ? `Take ${c.take}, throw ${c.discard}` : `Throw ${c.discard}`);
  return {
    json,
    shown: {
      error: null,
      rows: json.choices.map((c, i) => ({
        best: i === 0,
        choice: `${choice(c)}${c.goes_out ? 'goes out' : ''}`,
        points: figures[i][1],
        away: figures[i][2],
        next: figures[i][3],
        within: figures[i][4].replace(/ \((.*)\)$/, ' $1'),
        why: c.why,
        outs: c.outs.length ? `Outs: ${c.outs.map((o) => `${o.card} ×${o.live}`).join(', ')}` : null,
      })),
    },
  };
}

// Clicks "What should I discard?" and compares the page's table with the command line's answer
// for ARGS (advise's options as the page has them set) on INPUT.
async function compareAdvice(args, input, what) {
  await afterAnswer('#verdict', () => page.click('#advise'));
  const shown = await shownAdvice();
  const expected = expectedAdvice(args, input);
  if (expected.shown.error) {
    same(shown.error, expected.shown.error, `${what}: rummy's error`);
    return { shown, expected };
  }
  same({ error: shown.error, rows: shown.rows }, expected.shown, `${what}: the table is advise's`);
  same(shown.columns, ['Choice', expected.json.tiplu ? 'Maal' : 'Points', 'Away', 'Next', `Out in ${expected.json.draws}`, 'Why'], `${what}: the columns`);
  check(expected.json.choices.length > 1 && shown.rows.length === expected.json.choices.length, `${what}: a row for every choice`);
  // The command line the page ran, as the page would share it, is the one compared with.
  const shared = await page.evaluate(() => hand.result.command);
  // The page picks a wild joker by its rank (--wild 7 for 7♦, as rummy reads both).
  const pairs = (list) => list.flatMap((a, i) => (i % 2 === 0 ? [JSON.stringify([a, a === '--wild' ? list[i + 1].replace(/[♠♥♦♣]$/, '') : list[i + 1]])] : [])).sort();
  const ran = pairs(shared.slice(1));
  same([shared[0], pairs(args).filter((p) => !ran.includes(p))], ['advise', []], `${what}: the page ran advise with every option asked (${shared.join(' ')})`);
  return { shown, expected };
}

const skipped = {
  toss: 'the toss for seats is not one of the page\'s answers',
  layoff: 'laying off onto another player\'s melds is not one of the page\'s answers',
};
const handSamples = ['indian', 'variants', 'marriage'].flatMap((dir) => fs.readdirSync(path.join(options.samples, dir))
  .filter((f) => f.endsWith('.hand')).sort().map((f) => path.join(options.samples, dir, f)));
let compared = 0;
let skips = 0;
let listed = 0;
for (const file of handSamples) {
  const bytes = fs.readFileSync(file);
  const name = path.basename(file);
  const text = bytes.toString('utf8');
  const lines = text.split('\n');
  const { command, pairs } = sampleCommand(lines[0]);
  if (pairs.some(([n]) => n === '--list')) {
    console.log(`skip ${name}: the list of games is what the page is built from (compared with it above)`);
    listed += 1;
    continue;
  }
  if (skipped[command]) {
    console.log(`skip ${name}: ${skipped[command]}`);
    skips += 1;
    continue;
  }
  if (pairs.some(([n]) => n === '--all' || n === '--limit')) {
    console.log(`skip ${name}: every grouping (arrange --all) is not one of the page's answers`);
    skips += 1;
    continue;
  }
  if (!Buffer.from(text, 'utf8').equals(bytes)) {
    console.log(`skip ${name}: not UTF-8, which a page's text field cannot hold`);
    skips += 1;
    continue;
  }
  const input = lines.slice(1).filter((l) => !l.startsWith('#')).join('\n').trim();
  await freshPage();
  const notOffered = await configure(pairs);
  if (notOffered) {
    // Only an option rummy refuses may be missing from the page.
    // rummy may refuse before it reads its input (a closed pipe then): its exit code is what counts.
    const refusal = spawnSync(options.rummy, [command, ...argsOf(pairs)], { input, encoding: 'utf8' });
    check(refusal.status === 2, `${name}: rummy refuses what ${notOffered.replace('the page offers no ', '')} asks`);
    console.log(`skip ${name}: ${notOffered}, and rummy refuses it`);
    skips += 1;
    continue;
  }
  const what = `${name} (${lines[0].slice(2)})`;
  if (command === 'rules') {
    const expected = cli(['rules', ...argsOf(pairs)], '').json;
    await page.click('details.house summary');
    const shown = await page.evaluate(() => ({
      game: [...document.querySelectorAll('#game-rules li')].map((li) => li.textContent),
      house: [...document.querySelectorAll('#house-rules [data-house]')].map((s) => [s.dataset.house, s.value]),
    }));
    same(shown, { game: expected.game, house: expected.house_rules.map((r) => [r.name, r.value]) }, what);
    compared += 1;
    continue;
  }
  await afterAnswer('#verdict', () => setValue('#hand', input));
  const draws = Number((pairs.find(([n]) => n === '--draws') || [null, '2'])[1]);
  const simulationOnly = pairs.some(([n]) => n === '--samples' || n === '--seed') && draws < 3;
  if (command === 'advise' && (simulationOnly ||
      await page.$eval('#advise', (b) => b.disabled || b.hidden || b.offsetParent === null))) {
    // The page offers advise only for a game it plays and a hand of the size it takes, and the
    // simulation's games and seed only with 3 draws or more; rummy refuses the others.
    const refusal = spawnSync(options.rummy, [command, ...argsOf(pairs)], { input, encoding: 'utf8' });
    check(refusal.status === 2, `${what}: the page does not offer advise here, and rummy refuses it`);
    compared += 1;
    continue;
  }
  if (command === 'advise') {
    await compareAdvice(argsOf(pairs), input, what);
    compared += 1;
    continue;
  }
  if (listed_games.find((g) => g.id === variantOf(pairs)).options.tiplu) {
    await compareTiplu(command, pairs, input, what);
    compared += 1;
    continue;
  }
  if (command === 'validate' || command === 'score') {
    const shown = await shownVerdict();
    // A house rule rummy refuses is shown by its field, with rummy's message (docs/web.md).
    if (shown.error === null) {
      shown.error = await page.$$eval('#house-rules [data-error-for]', (e) => (e.length ? e[0].dataset.error : null));
    }
    const validate = cli(['validate', ...argsOf(pairs, (n) => !scoreOnly.has(n))], input).json;
    const score = cli(['score', ...argsOf(pairs)], input).json;
    const dropping = pairs.some(([n]) => n === '--drop');
    if (validate.error && !dropping) {
      same(shown.error, validate.error.message, `${what}: the error`);
    } else if (dropping) {
      same([shown.points, shown.rule], [score.points, score.rule_id], `${what}: the drop's points`);
    } else {
      same(shown.valid, validate.valid, `${what}: valid`);
      same(shown.groups, cliGroups(validate, variantOf(pairs)), `${what}: the groups`);
      if (score.error) same(shown.error, score.error.message, `${what}: the score's error`);
      else same([shown.points, shown.rule], [score.points, score.rule_id], `${what}: the points`);
    }
  } else if (command === 'arrange') {
    const expected = cli(['arrange', ...argsOf(pairs)], input).json;
    await afterAnswer('#verdict', () => page.click('#arrange'));
    if (expected.error) {
      same((await shownVerdict()).error, expected.error.message, `${what}: the error`);
    } else {
      const arranged = await page.$eval('.arranged', (a) => [a.dataset.arranged, a.dataset.discard]);
      same(arranged, [expected.hand, expected.discard || ''], `${what}: the arrangement and discard`);
      const shown = await shownVerdict();
      same([shown.valid, shown.points], [expected.valid, expected.points], `${what}: valid and points`);
      same(shown.groups.map((g) => [g.kind, g.word, g.cards]),
        cliGroups(expected, variantOf(pairs)).map((g) => [g.kind, g.word, g.cards]),
        `${what}: the groups`);
      same(await page.$eval('#hand', (t) => t.value), expected.hand, `${what}: the hand is the arrangement`);
    }
  } else if (command === 'outs') {
    const expected = cli(['outs', ...argsOf(pairs)], input).json;
    await afterAnswer('#verdict', () => page.click('#outs'));
    const shown = await page.$eval('#verdict .outs', (o) => ({
      now: Number(o.dataset.pointsNow),
      declare: [...o.querySelectorAll('.declare li')].map((li) => [li.dataset.out, li.dataset.discard, Number(li.dataset.points)]),
      improve: [...o.querySelectorAll('.improve li')].map((li) => [li.dataset.out, li.dataset.discard, Number(li.dataset.points)]),
    }));
    same(shown, {
      now: expected.points_now,
      declare: expected.declare.map((e) => [e.card, e.discard, e.points]),
      improve: expected.improve.map((e) => [e.card, e.discard, e.points]),
    }, `${what}: the outs`);
  } else {
    check(false, `${what}: the page answers rummy ${command}`);
  }
  compared += 1;
}
console.log(`${compared} sample hands compared with the command line`);
check(compared === handSamples.length - skips - listed && skips <= 17, 'every other sample hand is compared',
  `${compared} of ${handSamples.length}, ${skips} skipped`);

// ---- What should I discard? -----------------------------------------------------------------
// Clicked for a 14-card Indian hand, an 11-card Gin hand (simulated: 3 draws and more), and a 13-card
// hand with the open card and the cards seen picked on the grid: the table is advise's, row by row.

const indian14 = 'A♠ 2♠ 3♠ 5♥ 6♥ 7♥ 8♥ 9♣ 9♦ 9♠ K♥ K♦ Q♣ 4♣';
const indian13 = 'A♠ 2♠ 3♠ 5♥ 6♥ 9♣ 9♦ 9♠ K♥ K♦ 4♣ 8♠ Q♦';
const gin11 = 'A♠ 2♠ 3♠ 7♥ 7♦ 7♣ 9♣ 10♣ J♦ Q♦ K♠';
await freshPage();
await page.setViewport(phone);
{
  const offers = await page.$$eval('input[name="variant"]', (radios) => radios.map((r) => r.value));
  for (const id of offers) {
    await page.click(`input[name="variant"][value="${id}"]`);
    const shown = await page.$eval('#advise', (b) => b.closest('[hidden]') === null);
    same(shown, listed_games.find((g) => g.id === id).options.advise, `${id}: "What should I discard?" is offered as rules --list says`);
  }
}
await page.click('input[name="variant"][value="indian"]');
await page.click('#wild-pick');
await page.click('#grid [data-card="10♦"]');
await afterAnswer('#verdict', () => setValue('#hand', indian13));
check(await page.$eval('#advise', (b) => b.disabled), 'a 13-card hand, no open card: nothing to discard yet');
same(await page.$eval('#advise-when', (p) => p.textContent), 'After the draw: 14 cards, or 13 and the open card.', 'the sizes advise takes, from rules --list');
await afterAnswer('#verdict', () => setValue('#hand', indian14));
check(!await page.$eval('#advise', (b) => b.disabled), 'a 14-card hand: "What should I discard?" can be asked');
{
  const { shown } = await compareAdvice(['--variant', 'indian', '--wild', '10'], indian14, 'a 14-card Indian hand');
  check(shown.rows.length > 0 && shown.rows.filter((r) => r.best).length === 1 && shown.rows[0].best, 'the best choice first, and marked');
  check(shown.rows.some((r) => r.outs && r.outs.includes('×')), 'the outs are listed with their live copies');
  same(shown.heading, 'What should I discard?', 'the advice says what it answers');
  await noSideScroll('the advice at 360 px');
  await everythingNamed('the advice');
  await shoot('phone-advice', phone, 'light');
  await shoot('phone-advice-dark', phone, 'dark');
  await shoot('desktop-advice', desktop, 'light');
  await page.setViewport(phone);
  await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'light' }]);
}
// The open card and the cards seen, tapped on the grid: take it, or draw blind?
await afterAnswer('#verdict', () => setValue('#hand', indian13));
await openAdviseBox();
await page.click('#open-pick');
await page.click('#grid [data-card="7♥"]');
await page.click('#seen-pick');
await page.click('#grid [data-card="4♥"]');
await page.click('#grid [data-card="8♥"]');
await page.click('#seen-pick');
same(await page.$eval('#hand', (t) => t.value), indian13, 'picking the open and seen cards leaves the hand as it was');
same([await page.$eval('#advise-open', (i) => i.value), await page.$eval('#advise-seen', (i) => i.value)], ['7♥', '4♥ 8♥'], 'the open card and the seen cards, tapped');
check(!await page.$eval('#advise', (b) => b.disabled), 'a 13-card hand with the open card: "What should I discard?" can be asked');
{
  const { shown } = await compareAdvice(['--variant', 'indian', '--wild', '10', '--open', '7♥', '--seen', '4♥ 8♥'], indian13, 'the open card');
  check(shown.rows.some((r) => r.choice === 'Draw blind') && shown.rows.some((r) => r.choice.startsWith('Take 7♥')), 'taking the open card and drawing blind are both ranked');
  same(shown.heading, 'Take 7♥ or draw blind?', 'the advice says what it answers, with the open card');
  await noSideScroll('the open card\'s advice at 360 px');
  await shoot('phone-advice-open', phone, 'light');
  await page.setViewport(phone);
}
// A mistake in the cards seen: rummy's message, shown as the page shows other errors.
await afterAnswer('#verdict', () => setValue('#advise-seen', 'A♠ A♠ A♠'));
{
  const { shown } = await compareAdvice(['--variant', 'indian', '--wild', '10', '--open', '7♥', '--seen', 'A♠ A♠ A♠'], indian13, 'too many copies seen');
  check(shown.error !== null, 'a refused advice shows rummy\'s error', JSON.stringify(shown));
}
// Gin, 11 cards, 4 draws: simulated, with the games and the seed, an interval beside each figure.
await freshPage();
await page.setViewport(phone);
await page.click('input[name="variant"][value="gin"]');
await afterAnswer('#verdict', () => setValue('#hand', gin11));
check(!await page.$eval('#advise', (b) => b.disabled), 'an 11-card Gin hand: "What should I discard?" can be asked');
await compareAdvice(['--variant', 'gin'], gin11, 'an 11-card Gin hand');
await openAdviseBox();
check(await page.$eval('#advise-simulation', (s) => s.hidden), 'up to 2 draws there is nothing simulated to set');
// (The hand entered again shows its verdict: the fields below then wait for the button.)
await afterAnswer('#verdict', () => setValue('#hand', gin11));
await setValue('#advise-draws', '4');
check(!await page.$eval('#advise-simulation', (s) => s.hidden), 'from 3 draws the games simulated and the seed can be set');
await setValue('#advise-samples', '400');
await setValue('#advise-seed', '7');
{
  const { shown } = await compareAdvice(['--variant', 'gin', '--draws', '4', '--samples', '400', '--seed', '7'], gin11, 'an 11-card Gin hand, simulated');
  check(shown.rows.every((r) => /–/.test(r.within)), 'a simulated figure has its interval', JSON.stringify(shown.rows.map((r) => r.within)));
  check(/400 simulated games each \(seed 7\)/.test(shown.summary), 'the advice says how it was simulated', shown.summary);
  await noSideScroll('the simulated advice at 360 px');
  await shoot('phone-advice-gin', phone, 'light');
  await shoot('desktop-advice-gin-dark', desktop, 'dark');
  await page.setViewport(phone);
  await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'light' }]);
}
// Marriage: a player who has seen, 22 cards after the draw.
await page.click('input[name="variant"][value="marriage"]');
check(await page.$eval('#advise', (b) => b.closest('[hidden]') === null) && !await page.$eval('#advise-box', (b) => b.hidden),
  'Marriage: "What should I discard?" is offered');
same(await page.$eval('#advise-when', (p) => p.textContent), 'After the draw: 22 cards, or 21 and the open card.', 'Marriage: the sizes advise takes');

// ---- Typing in ASCII, and tapping cards ------------------------------------------------------

await freshPage();
await page.focus('#hand');
await afterAnswer('#verdict', () => page.keyboard.type('as 2s 3s | 6c 8c kh | 4d 4s 4c 4h | jd jh pj'));
await page.waitForFunction(() => Number(document.querySelector('#verdict').dataset.answers) > 0);
await new Promise((r) => setTimeout(r, 400));  // the last keystroke's answer
{
  const typed = 'as 2s 3s | 6c 8c kh | 4d 4s 4c 4h | jd jh pj';
  const shown = await shownVerdict();
  const expected = cli(['validate'], typed).json;
  same([shown.valid, shown.groups], [expected.valid, cliGroups(expected)], 'a hand typed in ASCII');
}
await freshPage();
for (const card of ['A♠', '2♠', '3♠']) await page.click(`#grid [data-card="${card}"]`);
await page.click('#new-group');
for (const card of ['7♥', '7♦', '7♣', 'PJ']) await page.click(`#grid [data-card="${card}"]`);
await page.click('#undo');
await afterAnswer('#verdict', () => page.click(`#grid [data-card="7♠"]`));
{
  const tapped = await page.$eval('#hand', (t) => t.value);
  same(tapped, 'A♠ 2♠ 3♠ | 7♥ 7♦ 7♣ 7♠', 'cards tapped on the grid, a new group, one card taken back');
  const shown = await shownVerdict();
  same(shown.groups, cliGroups(cli(['validate'], tapped).json), 'the tapped hand\'s groups');
  const label = await page.$eval('#grid [data-card="7♥"]', (b) => b.getAttribute('aria-label'));
  same(label, 'seven of hearts, 1 in the hand', 'a grid card says how many the hand holds');
}

// A number house rule: a field between rummy's bounds; a value rummy takes changes the points, one
// it refuses stays in the field with rummy's message by it; the default is not passed on.
await freshPage();
{
  const loser = 'K♠ Q♥ J♦ 10♣ 9♠ A♥ K♦ Q♣ J♠ 9♥ 8♦ 7♣ 5♠';
  await afterAnswer('#verdict', () => setValue('#hand', loser));
  const capped = cli(['score', '--variant', 'indian'], loser).json;
  same([(await shownVerdict()).points, capped.uncapped], [capped.points, 118], 'a hand counting 118 pays the points cap');
  await page.click('details.house summary');
  const rule = cli(['rules', '--variant', 'indian', '--game', 'points'], '').json.house_rules.find((r) => r.name === 'points-cap');
  const field = await page.$eval('#house-rules [data-house="points-cap"]', (f) => [f.tagName, f.type, f.min, f.max, f.value]);
  same(field, ['INPUT', 'number', String(rule.min), String(rule.max), rule.default], 'a number house rule is a number field with rummy\'s bounds');
  await afterAnswer('#verdict', () => setValue('#house-rules [data-house="points-cap"]', '100'));
  same((await shownVerdict()).points, cli(['score', '--variant', 'indian', '--house', 'points-cap=100'], loser).json.points,
    'points-cap=100 on the page: the hand pays 100');
  same((await shownVerdict()).points, 100, 'points-cap=100: the hand counting 118 shows 100');
  await setValue('#house-rules [data-house="points-cap"]', '30');
  await page.waitForSelector('#house-rules [data-error-for="points-cap"]');
  const refused = cli(['rules', '--variant', 'indian', '--game', 'points', '--house', 'points-cap=30'], '').json;
  same(await page.$eval('#house-rules', (h) => [h.querySelector('[data-house="points-cap"]').value,
    h.querySelector('[data-error-for="points-cap"]').dataset.error]), ['30', refused.error.message],
  'a refused value stays in the field, with rummy\'s message by it');
  same((await shownVerdict()).points, 100, 'a refused value leaves the verdict as it was');
  await afterAnswer('#verdict', () => setValue('#house-rules [data-house="points-cap"]', rule.default));
  same([(await shownVerdict()).points, await page.$$eval('#house-rules .field-error', (e) => e.length)], [capped.points, 0],
    'back to the default: the points and no message');
  same(await page.evaluate(() => JSON.parse(localStorage.getItem('rummy.hand')).house.indian), {},
    'the default is not passed as a house rule');
  // The format's house rules: deals rummy has drops only with drops-in-deals=on.
  const names = () => page.$$eval('#house-rules [data-house]', (f) => f.map((x) => x.dataset.house));
  await afterAnswer('#verdict', () => page.select('#game', 'deals'));
  same(await names(), cli(['rules', '--variant', 'indian', '--game', 'deals'], '').json.house_rules.map((r) => r.name),
    'deals rummy\'s house rules are the format\'s');
  await afterAnswer('#verdict', () => page.select('#house-rules select[data-house="drops-in-deals"]', 'on'));
  same(await names(), cli(['rules', '--variant', 'indian', '--game', 'deals', '--house', 'drops-in-deals=on'], '').json.house_rules.map((r) => r.name),
    'drops-in-deals=on brings the drops\' costs');
}

// A hand of 14 cards is judged after its best discard: the page says which card, and why, in
// rummy's words; typed or tapped.
await freshPage();
for (const [cards, tap] of [['2♥ 3♥ 4♥ 5♠ 6♠ 7♠ 9♣ 9♦ 9♥ K♣ K♦ K♥ 7♦ 8♦', null],
  ['2♥ 3♥ 4♥ 5♠ 6♠ 7♠ 9♣ 9♦ 9♥ K♣ K♦ K♥ K♠', '8♦']]) {
  await afterAnswer('#verdict', () => setValue('#hand', cards));
  if (tap) await afterAnswer('#verdict', () => page.click(`#grid [data-card="${tap}"]`));
  const hand14 = tap ? `${cards} ${tap}` : cards;
  const expected = cli(['validate', '--variant', 'indian'], hand14).json;
  const words = spawnSync(options.rummy, ['validate', '--variant', 'indian', '--color', 'never', hand14], { encoding: 'utf8' })
    .stdout.split('\n').find((l) => l.includes('judged after discarding'));
  const shown = await page.$eval('#verdict', (v) => {
    const d = v.querySelector('.discard');
    return d ? [d.dataset.discard, d.dataset.discardReason, d.textContent] : null;
  });
  check(shown !== null, `${hand14}: the verdict shows the discard`);
  if (shown) {
    same(shown.slice(0, 2), [expected.discard, expected.discard_reason], `${hand14}: the discard and why`);
    check(words && shown[2].includes(words), `${hand14}: the discard in rummy's words`, `${shown[2]}\n  rummy: ${words}`);
  }
  same((await shownVerdict()).valid, expected.valid, `${hand14}: valid after the discard`);
}

// An option that does not apply cannot be set: a drop is not a declaration.
await freshPage();
await page.click('#declared');
await page.select('#drop', 'middle');
same(await page.$eval('#declared', (d) => [d.disabled, d.checked]), [true, false], 'a drop turns "this player declared" off');

// ---- Copying the verdict as text -----------------------------------------------------------

await freshPage();
await page.evaluate(() => {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: async (text) => { window.copied = text; } } });
});
{
  const hand = 'A♠-2♠-3♠ | 6♣-8♣-K♥(WJ) | 4♦-4♠-4♣-4♥ | J♦-J♥ Q♣';
  await page.select('#game', 'pool101');
  await afterAnswer('#verdict', () => setValue('#hand', hand));
  await page.click('#share');
  await page.waitForFunction(() => window.copied !== undefined);
  const copied = await page.evaluate(() => window.copied);
  const shell = (args) => {
    const run = spawnSync('bash', ['-c', args], { encoding: 'utf8', env: { ...process.env, PATH: `${path.dirname(path.resolve(options.rummy))}:${process.env.PATH}` } });
    return `$ ${args}\n${run.stdout}${run.stderr}`;
  };
  // Each line the page wrote is a command a shell runs, and prints what the page copied after it.
  const lines = copied.split('\n').filter((l) => l.startsWith('$ ')).map((l) => l.slice(2));
  same(lines.length, 2, 'the verdict copied as text names its two command lines');
  same(copied, lines.map(shell).join(''), 'the verdict copied as text is what rummy prints in a shell');
  same(await page.$eval('#share-status', (s) => s.textContent), 'Copied.', 'the page says it copied');
}

// ---- The wild joker in force, and what a hand pays either way ---------------------------------

await freshPage();
{
  const marked = 'A♠-2♠-3♠ | 6♣-8♣-K♥(WJ) | 4♦-4♠-4♣-4♥ | J♦-J♥-PJ';
  await afterAnswer('#verdict', () => setValue('#hand', marked));
  const expected = cli(['validate'], marked).json;
  same(await page.$eval('#wild-card', (w) => [w.dataset.wild, w.dataset.wildFrom, w.textContent.startsWith(`${w.dataset.wild}s `)]),
    [expected.wild, expected.wild_from, true], 'the wild joker shown is the one the (WJ) marks make wild');
  await page.click('#wild-pick');
  await afterAnswer('#verdict', () => page.click('#grid [data-card="K♦"]'));
  same(await page.$eval('#wild-card', (w) => [w.dataset.wild, w.dataset.wildFrom]), ['K', 'option'], 'the wild joker picked is shown');
  // A valid hand says what it pays as the declaration and shown after another's, ticked or not.
  for (const declared of [false, true]) {
    const shown = await page.$eval('#verdict', (v) => [Number(v.querySelector('[data-points]').dataset.points),
      Number(v.querySelector('[data-other-points]').dataset.otherPoints), v.querySelector('[data-other-points]').textContent]);
    const asDeclared = cli(['score', '--wild', 'K', '--declared'], marked).json;
    const asShown = cli(['score', '--wild', 'K'], marked).json;
    const [mine, other] = declared ? [asDeclared, asShown] : [asShown, asDeclared];
    same(shown.slice(0, 2), [mine.points, other.points], `a valid hand pays ${mine.points} as ticked and ${other.points} otherwise (declared: ${declared})`);
    check(shown[2].includes(other.rule), 'the other case says its rule in rummy\'s words', shown[2]);
    if (!declared) await afterAnswer('#verdict', () => page.click('#declared'));
  }
}

// ---- Marriage: the tiplu, not a wild joker; the maal cards marked -------------------------------

for (const game of listed_games.filter((g) => g.options.tiplu)) {
  await freshPage();
  await page.evaluate(() => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: async (text) => { window.copied = text; } } });
  });
  // A wild joker picked in another game is neither offered nor sent.
  const other = listed_games.find((g) => g.options.wild_rank);
  await page.click(`input[name="variant"][value="${other.id}"]`);
  await page.click('#wild-pick');
  await page.click('#grid [data-card="K♦"]');
  await page.click(`input[name="variant"][value="${game.id}"]`);
  same(await page.$$eval('#panel-hand [data-option="wild_rank"], #wild-pick', (nodes) => nodes.map((n) => n.closest('[hidden]') !== null)),
    [true, true], `${game.id}: no wild joker is offered`);
  same(await page.$eval('#hand', (t) => t.placeholder.startsWith('shown ')) && await page.$eval('.hand-label', (l) => l.innerText.includes('shown')),
    true, `${game.id}: the hand's help is in the game's words (shown … hand … discard)`);
  await page.click('#tiplu-pick');
  await page.click('#grid [data-card="7♥"]');
  const end = 'shown K♦-K♦-K♦ (deal) | 2♣-3♣-4♣ | 9♠-10♠-J♠ hand 6♥-7♥-8♥ | 5♦-6♦-7♣ | Q♥-Q♠-7♠ | A♣-A♦-A♠ discard 10♣';
  await afterAnswer('#verdict', () => setValue('#hand', end));
  const shown = await shownTiplu();
  const marked = Object.fromEntries(shown.marks.filter(([, m]) => m));
  same(marked, { '6♥': 'jhiplu', '7♥': 'tiplu', '8♥': 'poplu', '7♣': 'ordinary joker', '7♠': 'ordinary joker' },
    `${game.id}: the tiplu, poplu, jhiplu and ordinary jokers are marked on the cards`);
  same(shown.legend, ['tiplu', 'poplu', 'jhiplu', 'ordinary joker'], `${game.id}: a legend says what the marks are`);
  const badges = await page.$$eval('#verdict .group .card[data-mark]', (cards) => cards.map((c) => {
    const mark = c.querySelector('.mark');
    const r = mark.getBoundingClientRect();
    const card = c.getBoundingClientRect();
    return mark.textContent.trim() !== '' && r.width > 0 && r.bottom <= card.bottom + 1 && r.top >= card.top - 1
      && c.getAttribute('aria-label').includes(c.dataset.mark);
  }));
  check(badges.length === 5 && badges.every((b) => b), `${game.id}: each mark is visible on its card and named for screen readers`);
  await page.setViewport(phone);
  await noSideScroll(`${game.id}: the verdict`);
  await everythingNamed(`${game.id}: the verdict`);
  await shoot(`phone-${game.id}`, { width: 390, height: 844, deviceScaleFactor: 1 }, 'light');
  await shoot(`phone-${game.id}-dark`, { width: 390, height: 844, deviceScaleFactor: 1 }, 'dark');
  await shoot(`desktop-${game.id}`, desktop, 'light');
  await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'light' }]);
  await page.setViewport(phone);
  // The verdict copied names the command lines it came from: --tiplu and no --wild, each as rummy runs it.
  await page.click('#share');
  await page.waitForFunction(() => window.copied !== undefined);
  const lines = (await page.evaluate(() => window.copied)).split('\n').filter((l) => l.startsWith('$ '));
  same(lines.map((l) => [/ --tiplu '?7♥/.test(l), l.includes('--wild')]), [[true, false], [true, false]],
    `${game.id}: the command lines send --tiplu and never --wild`);
  // The players and the player's state reach rummy.
  await afterAnswer('#verdict', () => page.select('#state', 'foul'));
  same((await shownTiplu()).maal, (() => {
    const j = cli(['score', '--variant', game.id, '--tiplu', '7♥', '--state', 'foul'], end).json;
    return { maal: j.maal, held: j.maal_held, state: j.state, from: j.state_from, items: j.maal_items };
  })(), `${game.id}: a foul player's maal, as rummy counts it`);
  const dublees = 'shown 2♠-2♠ | 9♥-9♥ | J♦-J♦ | K♣-K♣ | 3♥-3♥ | 6♣-6♣ | Q♠-Q♠ hand 8♦-8♦ | 5♣ 4♣ 7♣ 10♥ J♠ discard 3♦';
  await page.select('#state', '');
  await afterAnswer('#verdict', () => setValue('#hand', dublees));
  for (const players of ['3', '4']) {
    await afterAnswer('#verdict', () => page.select('#players', players));
    const expected = cli(['validate', '--variant', game.id, '--tiplu', '7♥', '--players', players], dublees).json;
    same([(await shownTiplu()).valid, (await shownTiplu()).problems], [expected.valid, expected.problems],
      `${game.id}: seven dublees with ${players} players`);
  }
}

// ---- A mistake's caret stays under its column ---------------------------------------------------

await freshPage();
{
  const bad = 'A♠-2♠-3♠ | 6♣-8♣-K♥ | 4♦-4♠-4♣-4♥ | J♦-J♥-Qx';
  await afterAnswer('#verdict', () => setValue('#hand', bad));
  const placed = await page.$eval('#verdict .diagnostic', (pre) => {
    const caret = pre.querySelector('.caret');
    const before = pre.firstChild.textContent;
    const lineStart = before.lastIndexOf('\n') + 1;
    const column = before.length - lineStart;
    const echoStart = before.lastIndexOf('\n', lineStart - 2) + 1;
    const range = document.createRange();
    range.setStart(pre.firstChild, echoStart + column);
    range.setEnd(pre.firstChild, echoStart + column + 1);
    const under = range.getBoundingClientRect();
    const mark = caret.getBoundingClientRect();
    const box = pre.getBoundingClientRect();
    return {
      aligned: Math.abs(under.left - mark.left) < 1,
      lines: Math.round(box.height / parseFloat(getComputedStyle(pre).lineHeight || '16')),
      visible: mark.left >= box.left && mark.right <= box.right,
      wrapped: getComputedStyle(pre).whiteSpace,
    };
  });
  same([placed.aligned, placed.visible, placed.wrapped], [true, true, 'pre'], 'the caret stays under its column, in sight, and no line wraps');
  await noSideScroll('a hand with a mistake');
}

// ---- The sheet: entered through the page, exported, settled by the command line -------------

await freshPage();
await page.click('#tab-sheet');
await page.select('#sheet-game', 'points');
await setValue('#sheet-point', '2x');
await setValue('#sheet-fee', '10%');
await setValue('#sheet-currency', '₹');
await setValue('#sheet-players', 'Asha Ravi Meena "Tom K"');
// Settings with a mistake start no sheet: the mistake is marked where it was typed.
{
  await afterAnswer('#settlement', () => page.click('#sheet-start'));
  const { error } = cli(['settle', '-'], 'game points\npoint 2x\nfee 10%\ncurrency ₹\nplayers Asha Ravi Meena "Tom K"\n').json;
  same(await page.$eval('#sheet-text', (t) => t.value), '', 'settings with a mistake start no sheet');
  same(await page.$eval('#sheet-point', (i) => [i.getAttribute('aria-invalid'), i.value, i.selectionStart,
    document.getElementById(i.getAttribute('aria-describedby')).dataset.error]),
  ['true', '2x', error.column - 1 - 'point '.length, error.message], 'the bad setting is marked, kept, and rummy\'s message is under it');
  same(await page.$eval('#sheet-new', (d) => d.open), true, 'the settings stay open');
  await setValue('#sheet-point', '2');
}
await afterAnswer('#settlement', () => page.click('#sheet-start'));
same(await page.$$('#sheet-new [aria-invalid]').then((n) => n.length), 0, 'a sheet started clears the mark');
async function enterDeal(wild, entries) {
  await setValue('#deal-wild', wild);
  for (const [player, outcome, hand] of entries) {
    await page.select(`#deal-entries select[data-player="${player}"]`, outcome);
    if (hand !== undefined) await setValue(`#deal-entries input[data-player="${player}"]`, hand);
  }
  await afterAnswer('#settlement', () => page.click('#deal-add'));
}
await enterDeal('K', [
  ['Asha', 'declared', 'A♠-2♠-3♠ | 6♣-8♣-K♥(WJ) | 4♦-4♠-4♣-4♥ | J♦-J♥-PJ'],
  ['Ravi', 'dropped first'],
  ['Meena', 'dropped middle'],
  ['Tom K', 'showed', '5♠-6♠-7♠ | 9♥ 10♥ J♥ | 2♦ 3♦ 9♣ 9♦ | Q♣ Q♦ 7♦'],
]);
// A deal with a mistake is not added: the form keeps every entry as typed, the entry is marked,
// and rummy's message points into it; the form keeps it across a reload too.
{
  const before = await page.$eval('#sheet-text', (t) => t.value);
  const bad = ' A♠-2♠-3♠ | 6♣-8♣-K♥ | 4♦-4♠-4♣-4♥ | J♦-J♥-Px';
  const entries = [['Asha', 'declared', bad], ['Ravi', 'dropped first'], ['Meena', 'missed'], ['Tom K', 'showed', '40']];
  const typed = async () => page.$$eval('#deal-entries .entry', (rows) => rows.map((r) => [r.dataset.player,
    r.querySelector('select').value, r.querySelector('input').value]));
  await setValue('#deal-wild', '5');
  for (const [player, outcome, hand] of entries) {
    await page.select(`#deal-entries select[data-player="${player}"]`, outcome);
    if (hand !== undefined) await setValue(`#deal-entries input[data-player="${player}"]`, hand);
  }
  const form = await typed();
  await afterAnswer('#settlement', () => page.click('#deal-add'));
  const candidate = `${before.replace(/\s*$/, '\n')}\ndeal wild 5\n  Asha declared ${bad.trim()}\n  Ravi dropped first\n  Meena missed\n  "Tom K" showed 40\n`;
  const { error } = cli(['settle', '-'], candidate).json;
  check(error && error.line === candidate.split('\n').length - 4, 'the bad deal is an error in Asha\'s line', JSON.stringify(error));
  same(await page.$eval('#sheet-text', (t) => t.value), before, 'a deal with a mistake is not added to the sheet');
  same(await typed(), form, 'the form keeps every entry as typed');
  same(await page.$eval('#deal-wild', (w) => w.value), '5', 'the form keeps the deal\'s wild joker');
  const marked = await page.$$eval('#sheet-deal-box [aria-invalid="true"]', (nodes) => nodes.map((n) => n.dataset.player || n.id));
  same(marked, ['Asha'], 'the bad entry, and only it, is marked');
  const message = await page.$eval('#deal-entries input[data-player="Asha"]', (input) => {
    const m = document.getElementById(input.getAttribute('aria-describedby'));
    return { text: m.dataset.error, at: input.selectionStart, focused: document.activeElement === input };
  });
  // rummy's column, in the hand as typed (with its leading space): where "Px" goes wrong.
  const column = [...'  Asha declared '].length + 1;
  same(message, { text: error.message, at: [...bad].slice(0, 1 + error.column - column).join('').length, focused: true },
    'the message is rummy\'s, and the cursor is where it points');
  same(await page.$eval('#sheet-deal-box .field-error pre', (p) => p.textContent.split('\n')),
    [bad, `${' '.repeat(1 + error.column - column)}^`], 'the entry is shown with a caret under the mistake');
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  same(await typed(), form, 'the form keeps what was typed across a reload');
  // A mistake in an outcome marks the outcome: 'showed' needs a declaration before it.
  await page.select('#deal-entries select[data-player="Asha"]', 'showed');
  await setValue('#deal-entries input[data-player="Asha"]', '40');
  await afterAnswer('#settlement', () => page.click('#deal-add'));
  same(await page.$$eval('#sheet-deal-box [aria-invalid="true"]', (nodes) => nodes.map((n) => `${n.tagName} ${n.dataset.player}`)),
    ['SELECT Asha'], 'a mistake in an outcome marks the outcome');
  same(await page.$eval('#sheet-text', (t) => t.value), before, 'nor is that deal added');
  await noSideScroll('the deal form with a mistake');
  for (const scheme of ['dark', 'light']) {
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: scheme }]);
    await readable(`the deal form with a mistake (${scheme})`);
  }
}
await enterDeal('', [
  ['Asha', '', '57'],
  ['Ravi', 'declared', ''],
  ['Meena', 'missed'],
  ['Tom K', 'left'],
]);
const download = fs.mkdtempSync(path.join(os.tmpdir(), 'rummy-web-'));
const cdp = await page.createCDPSession();
await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: download });
await page.click('details:has(#sheet-text) summary');
await page.click('#sheet-export');
const exported = path.join(download, 'table.sheet');
for (let i = 0; i < 100 && !fs.existsSync(exported); i += 1) await new Promise((r) => setTimeout(r, 100));
check(fs.existsSync(exported), 'Export writes table.sheet');
async function shownSheet() {
  return page.$eval('#settlement', (s) => ({
    players: [...s.querySelectorAll('.players tbody tr')].map((tr) => [tr.dataset.player, tr.dataset.net]),
    transfers: [...s.querySelectorAll('.transfers li')].map((li) => [li.dataset.from, li.dataset.to, li.dataset.amount]),
    deals: s.querySelectorAll('.grid-sheet tbody tr[data-deal]').length,
    word: s.querySelector('.grid-sheet thead th').textContent,
    out: [...s.querySelectorAll('.grid-sheet td.out')].length,
    result: s.querySelector('.result') ? s.querySelector('.result').textContent : null,
  }));
}
function expectedSheet(json) {
  return {
    players: json.players.map((p) => [p.name, p.net]),
    transfers: json.transfers.map((t) => [t.from, t.to || t.recipient, t.amount]),
    deals: json.deals.length,
    word: json.deal_word,
    out: json.deals.reduce((n, d) => n + d.out.length, 0),
    result: json.result,
  };
}
if (fs.existsSync(exported)) {
  const sheet = fs.readFileSync(exported, 'utf8');
  const settled = cli(['settle', exported], '').json;
  check(!settled.error, 'the exported sheet settles', JSON.stringify(settled.error));
  if (!settled.error) {
    same(await shownSheet(), expectedSheet(settled), 'the page\'s sheet and rummy settle on its export');
    check(settled.deals.length === 2 && settled.transfers.length > 0, 'the sheet has two deals and payments');
  }
  // It survives a reload.
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  same(await page.$eval('#sheet-text', (t) => t.value), sheet, 'the sheet survives a reload');
  if (!settled.error) same(await shownSheet(), expectedSheet(settled), 'the settlement after a reload');
}

// Import a pool sheet: eliminations, then a rejoin through the page.
await page.click('details:has(#sheet-text) summary');
const poolSheet = path.join(options.samples, 'sheets', 'pool101.sheet');
const poolText = fs.readFileSync(poolSheet, 'utf8');
const cut = poolText.search(/^rejoin /m);
const beforeRejoin = path.join(download, 'pool-before-rejoin.sheet');
fs.writeFileSync(beforeRejoin, poolText.slice(0, cut));
const fileInput = await page.$('#sheet-import');
await afterAnswer('#settlement', () => fileInput.uploadFile(beforeRejoin));
same(await shownSheet(), expectedSheet(cli(['settle', beforeRejoin], '').json), 'an imported pool sheet');
check((await page.$$('#deal-rejoin button')).length > 0, 'a player out of the pool can rejoin');
await afterAnswer('#settlement', () => page.click('#deal-rejoin button'));
const rejoined = await page.$eval('#sheet-text', (t) => t.value);
check(/rejoin Meena\s*$/.test(rejoined), 'the rejoin is written to the sheet', rejoined.slice(-40));
same(await shownSheet(), expectedSheet(cli(['settle', '-'], rejoined).json), 'the sheet after the rejoin');

// Import a 201 pool down to its last players, and split it through the page.
{
  const splitText = fs.readFileSync(path.join(options.samples, 'sheets', 'pool201.sheet'), 'utf8');
  const beforeSplit = path.join(download, 'pool-before-split.sheet');
  fs.writeFileSync(beforeSplit, splitText.slice(0, splitText.search(/^split /m)));
  await afterAnswer('#settlement', () => fileInput.uploadFile(beforeSplit));
  const split = await page.$$eval('#deal-rejoin button', (buttons) => buttons.map((b) => b.textContent));
  check(split.includes('Split by drops left'), 'the last players of a pool can split it', split.join(', '));
  await afterAnswer('#settlement', () => page.evaluate(() => [...document.querySelectorAll('#deal-rejoin button')]
    .find((b) => b.textContent === 'Split by drops left').click()));
  const written = await page.$eval('#sheet-text', (t) => t.value);
  check(/split drops\s*$/.test(written), 'the split is written to the sheet', written.slice(-40));
  same(await shownSheet(), expectedSheet(cli(['settle', '-'], written).json), 'the sheet after the split');
  same((await shownSheet()).transfers, expectedSheet(cli(['settle', path.join(options.samples, 'sheets', 'pool201.sheet')], '').json).transfers,
    'the split pool pays as the sample does');
}

// The other games' sheets, imported: their words ("hand", "round") and standings as settle's.
for (const name of ['basic', 'knock', 'crazy']) {
  const sheet = path.join(options.samples, 'sheets', `${name}.sheet`);
  await afterAnswer('#settlement', () => fileInput.uploadFile(sheet));
  same(await shownSheet(), expectedSheet(cli(['settle', sheet], '').json), `the ${name} sample sheet, imported`);
}

// Every sample sheet, imported: the page shows no null, undefined, NaN or internal id, and its grid,
// money and payments are settle's text (money as -₹90.00, ✗ and ↺ marks, players out as out).
function settleText(file) {
  const run = spawnSync(options.rummy, ['settle', '--color', 'never', file], { encoding: 'utf8' });
  return { out: run.stdout, err: run.stderr };
}
function blockOf(text, title) {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.startsWith(title));
  if (start < 0) return [];
  const end = lines.findIndex((l, i) => i > start && l === '');
  return lines.slice(start + 1, end < 0 ? undefined : end);
}
// The words of every line a deal form offers, as the list gives them.
const offeredWords = cli(['rules', '--list'], '').json.games
  .flatMap((game) => game.outcomes.flatMap((line) => line.meaning.split(/[^\w]+/)));
const sheetSamples = fs.readdirSync(path.join(options.samples, 'sheets')).filter((f) => f.endsWith('.sheet')).sort();
for (const name of sheetSamples) {
  const file = path.join(options.samples, 'sheets', name);
  await afterAnswer('#settlement', () => fileInput.uploadFile(file));
  const json = cli(['settle', file], '').json;
  const text = settleText(file);
  const shown = await page.evaluate(() => ({
    text: `${document.querySelector('#settlement').innerText}\n${document.querySelector('#sheet-deal-box').innerText}`,
    grid: [...document.querySelectorAll('.grid-sheet tbody tr')].map((tr) => [...tr.children].map((c) => c.textContent).filter((c) => c !== '')),
    money: [...document.querySelectorAll('.players tbody tr')].map((tr) => [...tr.children].slice(2).map((c) => c.textContent)),
    transfers: [...document.querySelectorAll('.transfers li')].map((li) => li.textContent),
    error: document.querySelector('#settlement [data-error]') ? document.querySelector('#settlement [data-error]').dataset.error : null,
  }));
  const bad = shown.text.match(/\b(null|undefined|NaN)\b|\[object/);
  check(!bad, `${name}: the page shows no null, undefined or NaN`, bad ? shown.text : '');
  // The JSON's ids (the game's, the rules', the outcomes'), wherever settle's text does not use them as words.
  const ids = new Set();
  (function walk(value, key) {
    if (Array.isArray(value)) value.forEach((v) => walk(v, key));
    else if (value && typeof value === 'object') Object.entries(value).forEach(([k, v]) => walk(v, k));
    else if (typeof value === 'string' && (key === 'game' || (/^[a-z][a-z0-9_]*$/.test(value) && /[_\d]/.test(value)))) ids.add(value);
  }(json, ''));
  // settle's words, and the words of the lines the deal form offers (a game's id may be one of
  // them: 'went gin').
  const words = new Set([...text.out.split(/[^\w]+/), ...offeredWords]);
  const shownIds = [...ids].filter((id) => !words.has(id) && new RegExp(`\\b${id}\\b`).test(shown.text));
  same(shownIds, [], `${name}: the page shows no internal id`);
  if (json.error) {
    same(shown.error, json.error.message, `${name}: the error is rummy's`);
    continue;
  }
  same(shown.grid, blockOf(text.out, 'the sheet (').slice(1, 1 + shown.grid.length).map((l) => l.trim().split(/\s{2,}/)),
    `${name}: the grid is settle's text grid`);
  check(shown.grid.length >= json.deals.length, `${name}: the grid has a row for every deal`);
  const money = blockOf(text.out, 'money');
  same(shown.money, json.players.map((p, i) => (money.length ? money[i].slice(2 + p.name.length).trim().split(/\s+/).filter((w, k) => k % 2 === 1) : [])),
    `${name}: the money is written as settle writes it`);
  same(shown.transfers, blockOf(text.out, 'who pays whom').map((l) => l.trim()), `${name}: who pays whom, in settle's words`);
}

// ---- A phone's screen, names for everything, screenshots -----------------------------------------

async function everythingNamed(what) {
  const tree = await page.accessibility.snapshot({ interestingOnly: false });
  const unnamed = [];
  const roles = new Set(['button', 'textbox', 'combobox', 'checkbox', 'radio', 'tab', 'img', 'spinbutton', 'link']);
  (function walk(node) {
    if (roles.has(node.role) && !(node.name && node.name.trim())) unnamed.push(`${node.role} ${node.value || ''}`);
    for (const child of node.children || []) walk(child);
  }(tree));
  check(unnamed.length === 0, `${what}: every card and control has an accessible name`, unnamed.join('; '));
  const cards = await page.$$eval('#grid button, .card', (nodes) => nodes.filter((n) => !n.getAttribute('aria-label')).length);
  check(cards === 0, `${what}: every card has a label`);
}

// A PNG screenshot is not blank: many colours, and much of it not the background.
function notBlank(png, what) {
  let offset = 8;
  let width = 0;
  let height = 0;
  let type = 0;
  const data = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const kind = png.toString('ascii', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (kind === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      type = body[9];
    } else if (kind === 'IDAT') {
      data.push(body);
    }
    offset += 12 + length;
  }
  const channels = type === 6 ? 4 : 3;
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x += 1) {
      const byte = raw[y * (stride + 1) + 1 + x];
      const left = x >= channels ? pixels[y * stride + x - channels] : 0;
      const up = y > 0 ? pixels[(y - 1) * stride + x] : 0;
      const upLeft = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels] : 0;
      let value = byte;
      if (filter === 1) value += left;
      else if (filter === 2) value += up;
      else if (filter === 3) value += Math.floor((left + up) / 2);
      else if (filter === 4) {
        const p = left + up - upLeft;
        const pa = Math.abs(p - left);
        const pb = Math.abs(p - up);
        const pc = Math.abs(p - upLeft);
        value += pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      }
      pixels[y * stride + x] = value & 0xff;
    }
  }
  const counts = new Map();
  for (let i = 0; i < pixels.length; i += channels) {
    const key = (pixels[i] << 16) | (pixels[i + 1] << 8) | pixels[i + 2];
    counts.set(key, (counts.get(key) || 0) + 1);
  }
  const background = Math.max(...counts.values());
  const share = 1 - background / (width * height);
  check(counts.size >= 50 && share >= 0.05, `${what} is not blank`,
    `${counts.size} colours, ${(share * 100).toFixed(1)}% not the background`);
}

// Every text shown can be read: a contrast of 4.5 to 1 with what is behind it (WCAG's AA for
// text; disabled controls are exempt there too).
async function readable(what) {
  const poor = await page.evaluate(() => {
    const channels = (colour) => colour.match(/[\d.]+/g).map(Number);
    const luminance = ([r, g, b]) => {
      const f = (c) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const behind = (node) => {
      for (let n = node; n; n = n.parentElement) {
        const c = channels(getComputedStyle(n).backgroundColor);
        if (c.length < 4 || c[3] > 0) return c;
      }
      return [255, 255, 255];
    };
    const found = [];
    for (const node of document.querySelectorAll('body *')) {
      const own = [...node.childNodes].some((c) => c.nodeType === Node.TEXT_NODE && c.textContent.trim());
      if (!own || node.closest('[hidden], details:not([open]) > :not(summary)') || node.closest(':disabled')) continue;
      if (getComputedStyle(node).visibility === 'hidden' || node.getClientRects().length === 0) continue;
      const [a, b] = [luminance(channels(getComputedStyle(node).color)), luminance(behind(node))];
      const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      if (ratio < 4.5) found.push(`${node.tagName.toLowerCase()}.${node.className} "${node.textContent.trim().slice(0, 20)}" ${ratio.toFixed(2)}`);
    }
    return found;
  });
  check(poor.length === 0, `${what}: every text has contrast enough to read`, poor.slice(0, 8).join('; '));
}

async function shoot(name, viewport, scheme) {
  await page.setViewport(viewport);
  await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: scheme }]);
  await readable(`${name} (${scheme})`);
  const file = path.join(options.screenshots, `${name}.png`);
  await page.screenshot({ path: file, fullPage: name.startsWith('phone') });
  notBlank(fs.readFileSync(file), `the screenshot ${name}`);
}

await freshPage();
await page.setViewport(phone);
await afterAnswer('#verdict', () => setValue('#hand', 'A♠-2♠-3♠ | 6♣-8♣-K♥(WJ) | 4♦-4♠-4♣-4♥ | J♦-J♥-PJ'));
await noSideScroll('the hand with its verdict');
// Cards a finger can tap: every card at least 40×40 CSS px, its count clear of its rank and suit.
async function tapTargets(what) {
  const small = await page.$$eval('#grid button', (buttons) => buttons.map((b) => {
    const r = b.getBoundingClientRect();
    const count = b.querySelector('.count');
    const covered = count && [...b.querySelectorAll('span:not(.count)')].some((s) => {
      const a = s.getBoundingClientRect();
      const c = count.getBoundingClientRect();
      return a.left < c.right && c.left < a.right && a.top < c.bottom && c.top < a.bottom;
    });
    return r.width < 40 || r.height < 40 || covered ? `${b.dataset.card} ${r.width.toFixed(0)}×${r.height.toFixed(0)}${covered ? ' covered' : ''}` : null;
  }).filter((x) => x));
  check(small.length === 0, `${what}: every card is at least 40×40 px and no count covers its rank`, small.join(', '));
  const counted = await page.$$eval('#grid .count', (c) => c.length);
  check(counted > 0, `${what}: the hand's cards have counts`);
}
await tapTargets('at 360 px');
await page.setViewport({ width: 390, height: 844, deviceScaleFactor: 1 });
await tapTargets('at 390 px');
await page.setViewport(desktop);
await tapTargets('on a desktop');
await page.setViewport(phone);
await everythingNamed('the hand');
await shoot('phone-hand', phone, 'light');
await shoot('phone-hand-dark', phone, 'dark');
await shoot('desktop-hand', desktop, 'light');
await page.setViewport(phone);
await page.click('details.house summary');
{
  const text = await page.$eval('#panel-hand', (p) => p.innerText);
  check(!/\b(null|undefined|NaN)\b/.test(text), 'the hand and its house rules show no null, undefined or NaN', text.slice(0, 600));
}
await noSideScroll('the house rules');
await everythingNamed('the house rules');
await shoot('phone-house', phone, 'light');
await page.click('details.house summary');
await afterAnswer('#verdict', () => page.click('#outs'));
await noSideScroll('the outs');
await everythingNamed('the outs');
await page.click('#tab-sheet');
await page.select('#sheet-game', 'pool101');
await setValue('#sheet-entry', '100');
await setValue('#sheet-players', 'Asha Ravi Meena Tom');
await afterAnswer('#settlement', () => page.click('#sheet-start'));
await page.click('details:has(#sheet-text) summary');
await afterAnswer('#settlement', () => setValue('#sheet-text', poolText));
await noSideScroll('the sheet');
await everythingNamed('the sheet');
await shoot('phone-sheet', phone, 'light');
await shoot('desktop-sheet-dark', desktop, 'dark');

// Keyboard: the tabs move with the arrow keys.
await page.focus('#tab-sheet');
await page.keyboard.press('ArrowLeft');
same(await page.$eval('#tab-hand', (t) => t.getAttribute('aria-selected')), 'true', 'the arrow keys move between the tabs');

// Who pays whom: through the share sheet where the browser has one (a stub here, which keeps what
// it is given), copied where it has none. Either way settle's own lines: the sheet's first line,
// the result, and who pays whom.
{
  const sheet = path.join(options.samples, 'sheets', 'points.sheet');
  const text = settleText(sheet).out;
  const lines = text.split('\n');
  const expected = `${[lines[0], lines.find((l) => l.startsWith('result: ')), '', 'who pays whom', ...blockOf(text, 'who pays whom')].join('\n')}\n`;
  const sharing = await browser.newPage();
  await sharing.evaluateOnNewDocument(() => {
    navigator.share = async (data) => { window.shared = data; };
  });
  await sharing.goto(pageUrl);
  await sharing.waitForSelector('body[data-ready="true"]');
  await sharing.click('#tab-sheet');
  await (await sharing.$('#sheet-import')).uploadFile(sheet);
  await sharing.waitForFunction(() => !document.querySelector('#sheet-share').disabled);
  same(await sharing.$eval('#sheet-share', (b) => b.textContent), 'Share who pays whom', 'a browser with a share sheet shares');
  await sharing.click('#sheet-share');
  await sharing.waitForFunction(() => window.shared !== undefined);
  same(await sharing.evaluate(() => window.shared.text), expected, 'who pays whom goes to the share sheet in settle\'s words');
  same(await sharing.$eval('#sheet-status', (s) => s.textContent), 'Shared.', 'the page says it shared');
  await sharing.close();

  await page.evaluate(() => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: async (t) => { window.copied = t; } } });
  });
  await page.click('#tab-sheet');
  const importer = await page.$('#sheet-import');
  await afterAnswer('#settlement', () => importer.uploadFile(sheet));
  same(await page.$eval('#sheet-share', (b) => b.textContent), 'Copy who pays whom', 'a browser without a share sheet copies');
  await page.click('#sheet-share');
  await page.waitForFunction(() => window.copied !== undefined);
  same(await page.evaluate(() => window.copied), expected, 'who pays whom is copied in settle\'s words');
  same(await page.$eval('#sheet-status', (s) => s.textContent), 'Copied.', 'the page says it copied');
}

await browser.close();
// About a megabyte: its WebAssembly is built for speed (-O3, shared with the npm package), which
// made it 1.3 times larger and three times faster than the size-optimised build (docs/web.md).
check(pageSize <= 1280 * 1024, 'the page is one file of about a megabyte', `${pageSize} bytes`);
same(requests, [], 'the page makes no network request');
same(pageErrors, [], 'the page reports no error');
console.log(`${checks} checks, ${failures} failed`);
process.exit(failures === 0 ? 0 : 1);
