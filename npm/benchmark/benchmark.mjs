// The npm package's speed, in Node, against card-games-utils (the most used rummy validator on
// npm), side by side in one process on the same hands (docs/npm.md):
//   node npm/benchmark/benchmark.mjs PACKAGE_FOLDER [hands]
// PACKAGE_FOLDER: the laid-out package (build-npm/package). card-games-utils comes from
// npm/benchmark (npm ci there). Prints hands/s of: rummy's validate of a grouped 13-card hand
// against card-games-utils' isReadyToDeclare of the same groups, their ratio (target 2×), and
// rummy's batch of the same hands as lines (target 500,000 hands/s), with each record read into
// an object and as its JSON text (raw). Each figure is the best of
// three passes, the two validators by turns.
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const { Rummy, StandardDeck } = require('card-games-utils');

const [folder, count = '20000'] = process.argv.slice(2);
const { load } = await import(pathToFileURL(join(resolve(folder), 'index.mjs')));
const rummy = await load();
const hands = Number(count);

// A fixed-seed generator, so both libraries and every run see the same hands.
let seed = 2026;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};

// Grouped 13-card hands from one pack without jokers (what card-games-utils plays), cut into
// groups of 3, 3, 3 and 4; a sixth of them made valid on purpose (runs and a set), the others
// as dealt. Each hand in both libraries' own input: rummy's notation, and a Meld of their cards.
const ranks = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const suits = ['♠', '♥', '♦', '♣'];
const theirSuit = { '♠': 'SPADES', '♥': 'HEARTS', '♦': 'DIAMONDS', '♣': 'CLUBS' };
const theirRank = ['ACE', 'TWO', 'THREE', 'FOUR', 'FIVE', 'SIX', 'SEVEN', 'EIGHT', 'NINE', 'TEN', 'JACK', 'QUEEN', 'KING'];
const deck = StandardDeck.getStandardDeck(false);
const theirCard = (rank, suit) => deck.find((c) => c.name === `${theirSuit[suit]}_${theirRank[rank]}`);
const made = [];
for (let n = 0; n < hands; n += 1) {
  let cards;
  if (n % 6 === 0) { // valid: three runs of 3 in three suits, a set of four
    const start = Math.floor(random() * 9) + 1;
    cards = [0, 1, 2].flatMap((s) => [0, 1, 2].map((k) => [start + k, s]));
    const set = (start + 5) % 13;
    cards.push(...[0, 1, 2, 3].map((s) => [set, s]));
  } else {
    const all = ranks.flatMap((_, r) => suits.map((_, s) => [r, s]));
    for (let i = all.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [all[i], all[j]] = [all[j], all[i]];
    }
    cards = all.slice(0, 13);
  }
  const sizes = [3, 3, 3, 4];
  let at = 0;
  const groups = sizes.map((size) => { const g = [...Array(size).keys()].map((k) => at + k); at += size; return g; });
  made.push({
    text: groups.map((g) => g.map((i) => ranks[cards[i][0]] + suits[cards[i][1]]).join('-')).join(' | '),
    meld: { cards: cards.map(([r, s]) => theirCard(r, suits[s])), groups },
  });
}

const theirs = new Rummy(Rummy.makeRummyConfig());
const time = (work) => {
  const start = process.hrtime.bigint();
  work();
  return Number(process.hrtime.bigint() - start) / 1e9;
};
let checksum = 0;
const ours = () => { for (const h of made) checksum += rummy.validate(h.text, { wild: 'none' }).valid ? 1 : 0; };
const cgu = () => { for (const h of made) checksum += theirs.isReadyToDeclare(h.meld).isValid ? 1 : 0; };
let best = { ours: Infinity, cgu: Infinity, batch: Infinity, raw: Infinity };
const lines = made.map((h) => h.text).join('\n');
for (let pass = 0; pass < 3; pass += 1) {
  best.ours = Math.min(best.ours, time(ours));
  best.cgu = Math.min(best.cgu, time(cgu));
  best.batch = Math.min(best.batch, time(() => { checksum += rummy.batch(lines, { wild: 'none' }).length; }));
  best.raw = Math.min(best.raw, time(() => { checksum += rummy.batch(lines, { wild: 'none', raw: true }).length; }));
}
const rate = (seconds) => hands / seconds;
const agree = made.filter((h) => rummy.validate(h.text, { wild: 'none' }).valid === theirs.isReadyToDeclare(h.meld).isValid).length;
console.log(`rummy (npm) against card-games-utils ${require('card-games-utils/package.json').version}: ${hands} grouped 13-card hands, Node ${process.version}, best of 3`);
console.log(`card-games-utils isReadyToDeclare   ${rate(best.cgu).toFixed(0).padStart(10)} hands/s`);
console.log(`rummy validate                      ${rate(best.ours).toFixed(0).padStart(10)} hands/s   ${(best.cgu / best.ours).toFixed(2)}x   target 2x: ${best.cgu / best.ours >= 2 ? 'met' : 'not met'}`);
console.log(`rummy batch                         ${rate(best.batch).toFixed(0).padStart(10)} hands/s   target 500000: ${rate(best.batch) >= 500000 ? 'met' : 'not met'}`);
console.log(`rummy batch (raw: JSON text)        ${rate(best.raw).toFixed(0).padStart(10)} hands/s   (JSON.parse of the records is the difference)`);
console.log(`the two agree on valid or not for ${agree} of ${hands} hands (checksum ${checksum})`);
