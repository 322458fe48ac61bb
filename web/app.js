// rummy at the table: the page. It knows no rule of any game, nor which games there are (the
// games, their options and what their sheets take come from `rummy rules --list`). Every answer
// comes from rummy's own code — the command line compiled to WebAssembly (rummy-core.js) — through
// one call,
// rummy(args, input), which runs a command line such as `rummy score --format json` on an input
// and gives back what the command prints. This file collects what the player taps and types,
// turns it into those command lines, and draws the JSON that comes back.
'use strict';

// ---- The core ---------------------------------------------------------------------------------

let core = null;

// Runs `rummy ARGS` with INPUT as standard input: {code, out, err}, as in a shell.
function rummy(args, input = '') {
  const request = JSON.stringify({ args, input });
  return JSON.parse(core.ccall('rummy_run', 'string', ['string'], [request]));
}

// The same with --format json: {code, data (the parsed JSON, or null), err}.
function rummyJson(args, input = '') {
  const answer = rummy([...args, '--format', 'json'], input);
  let data = null;
  try {
    data = JSON.parse(answer.out);
  } catch (e) {
    data = null;
  }
  return { code: answer.code, data, err: answer.err };
}

// ---- Words and cards (data, apart from the code that uses it) ---------------------------------

const SUITS = [
  { symbol: '♠', name: 'spades', colour: 'black' },
  { symbol: '♥', name: 'hearts', colour: 'red' },
  { symbol: '♦', name: 'diamonds', colour: 'red' },
  { symbol: '♣', name: 'clubs', colour: 'black' },
];
const RANKS = [
  ['A', 'ace'], ['2', 'two'], ['3', 'three'], ['4', 'four'], ['5', 'five'], ['6', 'six'],
  ['7', 'seven'], ['8', 'eight'], ['9', 'nine'], ['10', 'ten'], ['J', 'jack'], ['Q', 'queen'],
  ['K', 'king'],
];
const JOKER_NAMES = { PJ: 'printed joker', JK: 'printed joker' };

// "A♠" → {rank: "A", suit: SUITS[0]}; "PJ" → {joker: "PJ"}; a trailing (WJ) mark is kept apart.
function parseCard(text) {
  const wild = text.endsWith('(WJ)');
  const card = wild ? text.slice(0, -4) : text;
  const suit = SUITS.find((s) => card.endsWith(s.symbol));
  if (!suit) return { joker: card, wild };
  return { rank: card.slice(0, card.length - suit.symbol.length), suit, wild };
}

function rankName(rank) {
  const found = RANKS.find(([r]) => r === rank);
  return found ? found[1] : rank;
}

function cardName(text) {
  const card = parseCard(text);
  if (card.joker) return JOKER_NAMES[card.joker] || card.joker;
  return `${rankName(card.rank)} of ${card.suit.name}${card.wild ? ' (marked wild)' : ''}`;
}

function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === 'class') node.className = value;
    else if (key === 'text') node.textContent = value;
    else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? '' : value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined) node.append(child);
  }
  return node;
}

// A card drawn as a card: its rank over its suit, red or black, named for screen readers. MARK,
// where the card is one of a tiplu's maal cards: {mark, word} ("P", "poplu"), shown under its suit.
function drawCard(text, standsFor, mark = null) {
  const card = parseCard(text);
  let label = cardName(text);
  if (standsFor && standsFor !== text) label += `, standing for ${cardName(standsFor)}`;
  if (mark) label += `, the ${mark.word}`;
  const badge = mark ? el('span', { class: 'mark', 'aria-hidden': 'true', text: mark.mark }) : null;
  if (card.joker) {
    return el('span', {
      class: `card joker${mark ? ' maal' : ''}`, role: 'img', 'aria-label': label, 'data-card': text,
      'data-mark': mark ? mark.word : null,
    }, el('span', { 'aria-hidden': 'true', text: '🃏' }), el('span', { 'aria-hidden': 'true', text: card.joker }), badge);
  }
  return el('span', {
    class: `card ${card.suit.colour}${card.wild ? ' wild' : ''}${mark ? ' maal' : ''}`, role: 'img', 'aria-label': label,
    'data-card': text, 'data-mark': mark ? mark.word : null,
  }, el('span', { 'aria-hidden': 'true', text: card.rank }),
  el('span', { class: 'suit', 'aria-hidden': 'true', text: card.suit.symbol }), badge);
}

// MARKS, where given, is a function from a card to its mark (or null): see maalMarks.
function drawCards(cards, standFor = [], marks = () => null) {
  return el('div', { class: 'cards' }, cards.map((c, i) => drawCard(c, standFor[i], marks(c))));
}

// The diagnostic rummy wrote for bad input (line, column and a caret), as it wrote it.
// The echoed line is never wrapped, so the caret stays under its column: the box scrolls instead,
// and is scrolled to show the caret.
function drawError(answer) {
  const message = answer.data && answer.data.error ? answer.data.error.message : 'rummy could not read this';
  const text = answer.err.replace(/\s+$/, '');
  const caret = text.lastIndexOf('^');
  const diagnostic = caret < 0 ? el('pre', { class: 'diagnostic', text })
    : el('pre', { class: 'diagnostic' }, text.slice(0, caret), el('span', { class: 'caret', text: '^' }), text.slice(caret + 1));
  const node = el('div', { class: 'error', 'data-error': message }, el('p', { class: 'banner bad', text: message }), diagnostic);
  requestAnimationFrame(() => scrollCaret(node));
  return node;
}

// Scrolls a diagnostic sideways (only it, never the page) so that its caret is in sight.
function scrollCaret(node) {
  const caret = node.querySelector('.caret');
  const box = caret && caret.closest('.diagnostic');
  if (!box || !box.isConnected) return;
  box.scrollLeft = Math.max(0, caret.offsetLeft - box.clientWidth / 2);
}

// ---- Saved state -------------------------------------------------------------------------------

const store = {
  get(key, fallback) {
    try {
      const value = localStorage.getItem(`rummy.${key}`);
      return value === null ? fallback : JSON.parse(value);
    } catch (e) {
      return fallback;
    }
  },
  set(key, value) {
    try {
      localStorage.setItem(`rummy.${key}`, JSON.stringify(value));
    } catch (e) {
      // a browser that keeps nothing (private mode): the page still works for this visit
    }
  },
};

const $ = (id) => document.getElementById(id);

// ---- The hand ----------------------------------------------------------------------------------

const hand = {
  wild: '',        // what --wild is given: a rank ("7"), "PJ", or "" (none)
  tiplu: '',       // what --tiplu is given, in a game dealt with a tiplu: a card ("7♥"), or "" (none yet)
  picking: '',     // what the next card tapped on the grid is: "wild", "tiplu", "open", "seen", or "" (a card of the hand)
  cards: null,     // how many cards the hand holds, as rummy read it (null: rummy could not read it)
  advising: false, // whether the verdict shows rummy advise's answer (redrawn when its fields change)
  house: {},       // house rule name → value, per game
  kinds: {},       // what the game calls each kind of group (rummy rules): "run", "book" …
  applies: {},     // the house rules the game's format has, per game (rummy rules)
  result: null,    // what the verdict shows, for sharing
};

function variant() {
  return document.querySelector('input[name="variant"]:checked').value;
}

// ---- The games, as the core lists them -----------------------------------------------------------

// `rummy rules --list`: every game with the options that apply to it, its formats, and what its
// table sheet takes. The page's game choice, controls, deal form and sheet settings come from it.
let games = [];

const gameOf = (id) => games.find((g) => g.id === id) || games[0];
const offered = () => gameOf(variant()).options;

// Whether the game offers what a control with data-option="NAME" sets: a yes, or a number above
// the control's data-above (more than one pack to choose from). A control that comes with another
// option says which in data-with (the players and the state come with a tiplu).
function offers(options, node) {
  const value = options[node.dataset.with || node.dataset.option];
  return typeof value === 'number' ? value > Number(node.dataset.above || 0) : Boolean(value);
}

// Every game a sheet's game line names: each format of a game with formats, else the game.
function sheetGames() {
  return games.filter((g) => g.sheet).flatMap((g) => (g.formats.length
    ? g.formats.map((f) => ({ id: f.id, name: `${g.name}: ${f.name}`, game: g, settings: f.settings }))
    : [{ id: g.id, name: g.name, game: g, settings: g.settings }]));
}

function setUpGames() {
  games = rummyJson(['rules', '--list']).data.games;
  $('games').append(...games.map((g, i) => el('label', {},
    el('input', { type: 'radio', name: 'variant', value: g.id, checked: i === 0 }), ` ${g.name}`)));
  $('sheet-game').replaceChildren(...sheetGames().map((t) => el('option', { value: t.id, text: t.name })));
}

// Fills SELECT with CHOICES ([value, text]), keeping its value where it is still one of them.
function fillSelect(select, choices) {
  const value = select.value;
  select.replaceChildren(...choices.map(([v, text]) => el('option', { value: v, text })));
  if (choices.some(([v]) => v === value)) select.value = value;
}

// The house rules chosen for GAME, as options: those the game's format has (rummy refuses a
// drop's cost in a format without drops), as the last answer of `rummy rules` listed them.
function houseArgs(game, chosen = hand.house[game] || {}) {
  const applies = hand.applies[game];
  return Object.entries(chosen).filter(([name]) => !applies || applies.includes(name))
    .flatMap(([name, value]) => ['--house', `${name}=${value}`]);
}

// The command line for COMMAND on the hand as set on the page: only the options that apply to
// the command and the game (rummy refuses the others: --decks in the one-pack games, --wild in
// a game whose wild cards are fixed; outs takes no --round), as `rummy rules --list` says.
function handArgs(command) {
  const game = variant();
  const o = offered();
  const args = [command];
  args.push('--variant', game);
  if (o.wild_rank && hand.wild) args.push('--wild', hand.wild);
  if (o.tiplu && hand.tiplu) args.push('--tiplu', hand.tiplu);
  if (o.tiplu && $('players').value) args.push('--players', $('players').value);
  if ($('decks').value && o.most_packs > 1) args.push('--decks', $('decks').value);
  if (o.rounds && $('round').value && command !== 'outs') args.push('--round', $('round').value);
  args.push(...houseArgs(game));
  if (command === 'score') {
    if (o.formats) args.push('--game', $('game').value);
    if (o.drops && $('drop').value) args.push('--drop', $('drop').value);
    if (o.declared && $('declared').checked) args.push('--declared');
    if (o.going_rummy && $('went-rummy').checked) args.push('--rummy');
    if (o.tiplu && $('state').value) args.push('--state', $('state').value);
  }
  return args;
}

// A drop is scored without a hand, and is not a declaration: "this player declared" does not
// apply then (rummy score refuses --declared with --drop).
function showDrop() {
  $('declared').disabled = $('drop').value !== '';
  if ($('declared').disabled) $('declared').checked = false;
}

// Shows the controls that apply to GAME, and fills its choices: formats, packs, rounds.
function showSettingsFor(game) {
  const g = gameOf(game);
  for (const node of document.querySelectorAll('#panel-hand [data-option]')) node.hidden = !offers(g.options, node);
  fillSelect($('game'), g.formats.map((f) => [f.id, f.name]));
  const packs = Array.from({ length: g.options.most_packs }, (_, i) => String(i + 1));
  fillSelect($('decks'), [['', `the game's (${g.options.packs})`], ...packs.map((n) => [n, n])]);
  const rounds = Array.from({ length: g.options.rounds }, (_, i) => String(i + 1));
  fillSelect($('round'), [['', 'any'], ...rounds.map((n) => [n, n])]);
  // The hand in the game's words: groups, or (dealt with a tiplu) the cards shown, kept and discarded.
  const words = g.options.tiplu ? 'tiplu' : 'groups';
  for (const node of document.querySelectorAll('.hand-label [data-words]')) node.hidden = node.dataset.words !== words;
  $('hand').placeholder = g.options.tiplu ? 'shown K♦-K♦-K♦ (deal) | 2♣-3♣-4♣ hand 6♥ 7♥ 8♥ … discard 10♣' : '';
  $('hand').rows = g.options.tiplu ? 3 : 2;
  adviseAvailable();
}

// `rummy rules` for the game as set on the page (its format too: the drops shown are the format's),
// with the house rules in CHOSEN.
function askRules(game, chosen) {
  const args = ['rules', '--variant', game];
  if (gameOf(game).options.formats) args.push('--game', $('game').value);
  const names = Object.keys(chosen);
  const applies = hand.applies[game];
  for (const name of names) {
    if (!applies || applies.includes(name)) args.push('--house', `${name}=${chosen[name]}`);
  }
  return rummyJson(args);
}

// The game's own rules and its house rules, from `rummy rules`: a choice for each house rule
// that is a choice, a number field for each that is a number; and the game's words for the kinds
// of group, which the verdict uses. Drawn before any verdict.
function drawRules() {
  const game = variant();
  const chosen = hand.house[game] || {};
  // Which house rules the format has: a format without drops lists no drop costs.
  hand.applies[game] = null;
  const bare = rummyJson(['rules', '--variant', game, ...(gameOf(game).options.formats ? ['--game', $('game').value] : [])]);
  if (bare.data && !bare.data.error) hand.applies[game] = bare.data.house_rules.map((rule) => rule.name);
  let answer = askRules(game, chosen);
  // A choice may bring more rules with it (drops in deals rummy): ask again with them.
  if (answer.data && !answer.data.error) {
    const names = answer.data.house_rules.map((rule) => rule.name);
    if (names.length !== hand.applies[game].length) {
      hand.applies[game] = names;
      answer = askRules(game, chosen);
    }
  }
  const refused = answer.data && answer.data.error ? answer : null;
  if (refused) answer = bare;
  hand.kinds = answer.data ? answer.data.kinds : {};
  const list = $('game-rules');
  list.replaceChildren(...(answer.data ? answer.data.game : []).map((line) => el('li', { text: line })));
  const fields = (answer.data && !answer.data.error ? answer.data.house_rules : []).map((rule) => drawHouseRule(game, rule, chosen));
  const message = refused ? [el('div', { class: 'field-error', role: 'alert', 'data-error': refused.data.error.message },
    el('p', { text: refused.data.error.message }))] : [];
  $('house-rules').replaceChildren(...message, ...fields);
}

// Sets house rule NAME of GAME to VALUE (its default: not given), if rummy takes it; else keeps
// the field as typed, and shows rummy's message by it.
function setHouseRule(game, rule, value, field) {
  const next = { ...(hand.house[game] || {}) };
  if (value === '' || value === rule.default) delete next[rule.name];
  else next[rule.name] = value;
  const answer = askRules(game, next);
  const label = field.closest('label');
  const old = label.parentNode.querySelector(`[data-error-for="${rule.name}"]`);
  if (old) old.remove();
  if (answer.data && answer.data.error) {
    const id = `house-${rule.name}-message`;
    field.setAttribute('aria-invalid', 'true');
    field.setAttribute('aria-describedby', id);
    label.after(el('div', {
      class: 'field-error', id, role: 'alert', 'data-error-for': rule.name, 'data-error': answer.data.error.message,
    }, el('p', { text: answer.data.error.message })));
    return;
  }
  hand.house[game] = next;
  saveHand();
  drawRules();
  judge();
}

// One house rule: a list of its values, or a number field between its bounds.
function drawHouseRule(game, rule, chosen) {
  if (rule.kind === 'number') {
    const input = el('input', {
      type: 'number', inputmode: 'numeric', min: rule.min, max: rule.max, step: 1, 'data-house': rule.name,
      value: chosen[rule.name] || rule.default,
      onchange: (event) => setHouseRule(game, rule, event.target.value.trim(), event.target),
    });
    return el('label', { class: 'number' }, `${rule.name}: ${rule.summary} `, input,
      el('span', { class: 'meaning', text: ` ${rule.meaning} (${rule.min} to ${rule.max}; default ${rule.default})` }));
  }
  const select = el('select', {
    'data-house': rule.name,
    onchange: (event) => setHouseRule(game, rule, event.target.value, event.target),
  }, rule.values.map((v) => el('option', {
    value: v.name, selected: v.name === (chosen[rule.name] || rule.default),
    text: `${v.name}${v.name === rule.default ? ' (default)' : ''}: ${v.meaning}`,
  })));
  return el('label', {}, `${rule.name}: ${rule.summary} `, select);
}

function drawGrid() {
  const grid = $('grid');
  const buttons = [];
  for (const suit of SUITS) {
    for (const [rank, name] of RANKS) {
      buttons.push(el('button', {
        type: 'button', class: `${suit.colour}${rank === RANKS[0][0] ? ' ace' : ''}`, 'data-card': `${rank}${suit.symbol}`,
        'aria-label': `${name} of ${suit.name}`, onclick: () => tapCard(`${rank}${suit.symbol}`, rank),
      }, el('span', { 'aria-hidden': 'true', text: rank }), el('span', { 'aria-hidden': 'true', text: suit.symbol })));
    }
  }
  buttons.push(el('button', {
    type: 'button', class: 'joker', 'data-card': 'PJ', 'aria-label': 'printed joker',
    onclick: () => tapCard('PJ', 'PJ'),
  }, el('span', { 'aria-hidden': 'true', text: '🃏' }), el('span', { 'aria-hidden': 'true', text: 'PJ' })));
  grid.replaceChildren(...buttons);
}

// How many of each card the hand holds, on the grid's buttons (from rummy's reading of it).
function markGrid(cards) {
  const counts = {};
  for (const c of cards) {
    const card = parseCard(c);
    const key = card.joker ? 'PJ' : `${card.rank}${card.suit.symbol}`;
    counts[key] = (counts[key] || 0) + 1;
  }
  for (const button of $('grid').querySelectorAll('button')) {
    const count = counts[button.dataset.card] || 0;
    const old = button.querySelector('.count');
    if (old) old.remove();
    const base = button.getAttribute('aria-label').replace(/, \d+ in the hand$/, '');
    button.setAttribute('aria-label', count ? `${base}, ${count} in the hand` : base);
    if (count) button.append(el('span', { class: 'count', 'aria-hidden': 'true', text: String(count) }));
  }
}

function tapCard(card, rank) {
  if (hand.picking === 'wild') {
    setWild(rank);
    setPicking('');
    return;
  }
  if (hand.picking === 'tiplu') {
    setTiplu(card);
    setPicking('');
    return;
  }
  if (hand.picking === 'open') {
    $('advise-open').value = card;
    setPicking('');
    adviseChanged();
    return;
  }
  if (hand.picking === 'seen') {  // every card tapped is seen, until the button is pressed again
    const seen = $('advise-seen').value.replace(/\s+$/, '');
    $('advise-seen').value = seen ? `${seen} ${card}` : card;
    adviseChanged();
    return;
  }
  const text = $('hand').value.replace(/\s+$/, '');
  $('hand').value = text ? `${text} ${card}` : card;
  handChanged();
}

function setWild(rank) {
  hand.wild = rank;
  showWild(null);
  saveHand();
  judge();
}

// The wild joker in force: the one picked, else the one the hand's (WJ) marks make wild, as
// rummy read it (CHECK is validate's JSON, or null before an answer).
function showWild(check) {
  const slot = $('wild-card');
  const marked = !hand.wild && check && check.wild_from === 'marks' && check.wild;
  const rank = hand.wild || marked || '';
  slot.dataset.wild = rank;
  slot.dataset.wildFrom = marked ? 'marks' : hand.wild ? 'option' : 'nothing';
  if (!rank) slot.replaceChildren('not set');
  else if (rank === 'PJ') slot.replaceChildren(drawCard('PJ'));
  else slot.replaceChildren(el('span', { text: `${rank}s (${rankName(rank)}s)${marked ? ', from the (WJ) marks in the hand' : ''}` }));
}

// What the next card tapped is: WHAT ("wild", "tiplu"), or a card of the hand ("").
function setPicking(what) {
  hand.picking = what;
  $('wild-pick').setAttribute('aria-pressed', what === 'wild' ? 'true' : 'false');
  $('wild-pick').textContent = what === 'wild' ? 'Tap the wild joker…' : 'Pick from the cards';
  $('tiplu-pick').setAttribute('aria-pressed', what === 'tiplu' ? 'true' : 'false');
  $('tiplu-pick').textContent = what === 'tiplu' ? 'Tap the tiplu…' : 'Pick from the cards';
  $('open-pick').setAttribute('aria-pressed', what === 'open' ? 'true' : 'false');
  $('open-pick').textContent = what === 'open' ? 'Tap the open card…' : 'Pick from the cards';
  $('seen-pick').setAttribute('aria-pressed', what === 'seen' ? 'true' : 'false');
  $('seen-pick').textContent = what === 'seen' ? 'Done: these are seen' : 'Tap the seen cards';
}

function setTiplu(card) {
  hand.tiplu = card;
  showTiplu();
  saveHand();
  judge();
}

// The tiplu as picked, drawn as a card with its mark.
function showTiplu() {
  const slot = $('tiplu-card');
  slot.dataset.tiplu = hand.tiplu;
  if (!hand.tiplu) slot.replaceChildren('not set');
  else slot.replaceChildren(drawCard(hand.tiplu, null, { mark: 'T', word: 'tiplu' }));
}

function saveHand() {
  store.set('hand', {
    variant: variant(), text: $('hand').value, wild: hand.wild, tiplu: hand.tiplu, house: hand.house,
    game: $('game').value, decks: $('decks').value, round: $('round').value,
    declared: $('declared').checked, drop: $('drop').value, rummy: $('went-rummy').checked,
    players: $('players').value, state: $('state').value,
    advise: {
      open: $('advise-open').value, seen: $('advise-seen').value, draws: $('advise-draws').value,
      samples: $('advise-samples').value, seed: $('advise-seed').value,
    },
  });
}

function loadHand() {
  const saved = store.get('hand', null);
  if (!saved) return;
  const radio = document.querySelector(`input[name="variant"][value="${saved.variant}"]`);
  if (radio) radio.checked = true;
  showSettingsFor(variant());
  $('hand').value = saved.text || '';
  hand.house = saved.house || {};
  for (const id of ['game', 'decks', 'round', 'drop', 'players', 'state']) if (saved[id] !== undefined) $(id).value = saved[id];
  $('declared').checked = !!saved.declared;
  $('went-rummy').checked = !!saved.rummy;
  hand.wild = saved.wild || '';
  hand.tiplu = saved.tiplu || '';
  const advice = saved.advise || {};
  for (const name of ['open', 'seen', 'draws', 'samples', 'seed']) if (advice[name] !== undefined) $(`advise-${name}`).value = advice[name];
}

// Each answer drawn bumps the section's data-answers: the browser tests wait on it.
function answered(section) {
  section.dataset.answers = String(Number(section.dataset.answers || 0) + 1);
}

let judgeTimer = null;
function handChanged() {
  saveHand();
  clearTimeout(judgeTimer);
  judgeTimer = setTimeout(judge, 120);
}

function capitalised(words) {
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function drawGroups(groups) {
  return groups.map((group) => el('div', { class: 'group', 'data-kind': group.kind },
    el('div', { class: 'kind', text: capitalised(hand.kinds[group.kind]) }),
    drawCards(group.cards, group.as || []),
    group.reason ? el('div', { class: 'reason', text: group.reason }) : null));
}

function drawPoints(score) {
  return el('p', { class: 'pays', 'data-points': String(score.points), 'data-rule': score.rule_id || '' },
    el('strong', { text: `${score.points} point${score.points === 1 ? '' : 's'}` }),
    score.rule ? `: ${score.rule}` : '');
}

// What the hand pays in the other case of "this player declared" (a game that declares, no drop): a
// valid hand says both what it pays as the declaration and shown after another's.
function otherScore() {
  if (!offered().declared || $('drop').value) return null;
  const args = handArgs('score').filter((a) => a !== '--declared');
  if (!$('declared').checked) args.push('--declared');
  return rummyJson(args, $('hand').value.trim());
}

function drawOtherPoints(score) {
  const when = $('declared').checked ? "If shown after another's declaration" : 'If this player declared';
  return el('p', { class: 'pays other', 'data-other-points': String(score.points), 'data-other-rule': score.rule_id || '' },
    `${when}: `, el('strong', { text: `${score.points} point${score.points === 1 ? '' : 's'}` }),
    score.rule ? ` (${score.rule})` : '');
}

// A verdict: whether the hand is a valid declaration, what it pays and by which rule, and each
// group with what it is and why. V is rummy's JSON with valid and groups (validate's or
// arrange's); SCORE is the answer that holds the points (score's, or arrange's own).
function drawVerdict(v, score, other, ...before) {
  // A hand of 14 cards is judged after its best discard, which no group holds.
  markGrid([...v.groups.flatMap((g) => g.cards), ...(v.discard_reason ? [v.discard] : [])]);
  const parts = before.filter((part) => part);
  parts.push(el('p', { class: `banner ${v.valid ? 'good' : 'bad'}`, 'data-valid': String(v.valid) },
    v.valid ? 'A valid declaration' : 'Not a valid declaration'));
  if (score.data && !score.data.error) parts.push(drawPoints(score.data));
  else parts.push(drawError(score));
  if (other && other.data && !other.data.error) parts.push(drawOtherPoints(other.data));
  if (v.problems && v.problems.length) {
    parts.push(el('ul', { class: 'problems' }, v.problems.map((problem) => el('li', { text: problem }))));
  }
  if (v.grouping && v.grouping !== 'as written') parts.push(el('p', { class: 'hint', text: `Grouping: ${v.grouping}` }));
  parts.push(el('div', { class: 'groups' }, drawGroups(v.groups)));
  $('verdict').replaceChildren(...parts);
}

// The verdict on the hand as it stands: validate (what each group is, whether the declaration is
// valid) and score (what it pays, by which rule).
function judge() {
  const verdict = $('verdict');
  const text = $('hand').value.trim();
  hand.advising = false;
  hand.cards = null;
  adviseAvailable();
  const dropping = offered().drops && $('drop').value !== '';
  if (!text && !dropping) {
    showWild(null);
    verdict.replaceChildren(el('p', { class: 'hint', text: 'Tap cards or type a hand to see the verdict.' }));
    markGrid([]);
    hand.result = null;
    answered(verdict);
    return;
  }
  const score = rummyJson(handArgs('score'), text);
  if (dropping) {
    verdict.replaceChildren(score.data && !score.data.error ? drawPoints(score.data) : drawError(score),
      el('p', { class: 'hint', text: 'A drop pays the same whatever the hand: the cards are not counted.' }));
    hand.result = { command: handArgs('score'), input: text };
    answered(verdict);
    return;
  }
  const check = rummyJson(handArgs('validate'), text);
  // The cards rummy read: a hand of 14 is judged as 13 and its discard; a hand dealt with a tiplu
  // counts every card, its discard too.
  if (check.data && !check.data.error && typeof check.data.cards === 'number') {
    hand.cards = check.data.cards + (check.data.discard && !check.data.tiplu ? 1 : 0);
  }
  adviseAvailable();
  showWild(check.data && !check.data.error ? check.data : null);
  if (!check.data || check.data.error) {
    verdict.replaceChildren(drawError(check));
    hand.result = null;
    answered(verdict);
    return;
  }
  // The players rummy took when none were given: its default, said in the players' choice.
  if (check.data.tiplu && !$('players').value) $('players').options[0].textContent = `the game's (${check.data.players})`;
  if (check.data.tiplu) drawTipluVerdict(check.data, tipluSaid(check.data), score.data && !score.data.error ? drawMaal(score.data, text) : drawError(score));
  else drawVerdict(check.data, score, otherScore(), check.data.discard_reason ? drawDiscard(check.data, text) : null);
  hand.result = { command: handArgs('validate'), input: text };
  answered(verdict);
}

// ---- A hand dealt with a tiplu (Marriage) ------------------------------------------------------
// rummy's JSON for it says the tiplu and its maal cards, each group with its part (shown or in the
// hand), and the maal counted: the cards, the verdict and the maal are drawn from it.

// The mark each of the tiplu's cards gets on a card: the tiplu, its poplu and jhiplu, the alter
// where it counts as maal (the house rule alter), and the ordinary jokers (T is JSON's tiplu).
function maalMarks(t, items) {
  const alter = items.some((item) => item.kind === 'alter');
  const marks = [
    { mark: 'T', word: 'tiplu', cards: [t.card] },
    { mark: 'P', word: 'poplu', cards: [t.poplu] },
    { mark: 'Jh', word: 'jhiplu', cards: [t.jhiplu] },
    { mark: 'Al', word: 'alter', cards: alter ? [t.alter] : [] },
    { mark: '★', word: 'ordinary joker', words: 'ordinary jokers', cards: t.jokers.filter((c) => !alter || c !== t.alter) },
  ].filter((m) => m.cards.length);
  const of = (card) => marks.find((m) => m.cards.includes(card)) || null;
  return { marks, of };
}

// What the marks mean, with the cards that carry them.
function drawLegend(marks) {
  return el('ul', { class: 'legend', 'aria-label': 'The maal cards' }, marks.map((m) => el('li', { 'data-mark': m.word },
    el('span', { class: 'mark', 'aria-hidden': 'true', text: m.mark }),
    ` ${m.cards.length > 1 && m.words ? m.words : m.word} `,
    m.cards.map((c, i) => el('span', { class: `legend-card ${parseCard(c).suit ? parseCard(c).suit.colour : ''}`, text: `${i ? ' ' : ''}${c}` })))));
}

// The maal items (ITEMS, from rummy's JSON), each in WORDS where rummy's text gives them.
function drawMaalItems(items, words) {
  if (!items.length) return el('p', { class: 'hint', text: 'No maal.' });
  return el('ul', { class: 'maal-items' }, items.map((item, i) => el('li', {
    'data-kind': item.kind, 'data-count': String(item.count), 'data-card': item.card, 'data-points': String(item.points),
  }, words ? words[i] : `${item.count > 1 ? `${item.count} × ` : ''}${item.kind.replace(/_/g, ' ')} ${item.card}: ${item.points}`)));
}

// The maal that counts: each item, and the total, in rummy's words (score's text, whose indented
// lines are the items), with the numbers from its JSON (S is score's JSON; TEXT the hand).
function drawMaal(s, text) {
  const lines = rummy([...handArgs('score'), '--color', 'never'], text).out.split('\n');
  const said = lines.filter((line) => line.startsWith('  ')).map((line) => line.trim());
  // The total, where rummy says more of it than its number (what a foul player's maal counts).
  const total = lines.find((line) => line.startsWith(`maal ${s.maal} `));
  const state = `${s.state}${s.state_from === 'cards' ? ' (from the cards shown)' : ''}`;
  return el('div', {
    class: 'maal', 'data-maal': String(s.maal), 'data-maal-held': String(s.maal_held), 'data-state': s.state,
    'data-state-from': s.state_from,
  }, el('h2', {}, 'Maal: ', el('strong', { class: 'pays', 'data-points': String(s.maal), 'data-rule': s.state, text: `${s.maal} point${s.maal === 1 ? '' : 's'}` })),
  el('p', { class: 'state', text: `This player: ${state}` }),
  drawMaalItems(s.maal_items, said.length === s.maal_items.length ? said : null),
  total ? el('p', { class: 'maal-total', text: capitalised(total) }) : null);
}

// The groups of a hand dealt with a tiplu, under the part each is in: shown, then kept in the hand.
function drawTipluGroups(groups, marks) {
  const parts = [];
  let part = null;
  for (const group of groups) {
    if (group.part !== part) {
      part = group.part;
      parts.push(el('h3', { class: 'part', text: part === 'shown' ? 'Shown' : 'In the hand' }));
    }
    const cards = group.cards.split('-');
    const kind = hand.kinds[group.kind] || group.kind.replace(/_/g, ' ');
    parts.push(el('div', {
      class: `group${group.valid ? '' : ' invalid'}`, 'data-kind': group.kind, 'data-part': group.part,
      'data-at-deal': String(group.at_deal), 'data-valid': String(group.valid), 'data-cards': group.cards,
    }, el('div', { class: 'kind', text: `${capitalised(kind)}${group.at_deal ? ', shown at the deal' : ''}` }),
    drawCards(cards, [], marks.of),
    // An explanation that only names the kind ("pure sequence") is not said twice.
    el('div', { class: 'reason', text: group.explanation, hidden: group.explanation === kind })));
  }
  return parts;
}

// The verdict on a hand dealt with a tiplu: V is validate's JSON (or arrange's), SAID the verdict
// in words, MAAL what to show of the maal, BEFORE what goes first (arrange's note).
function drawTipluVerdict(v, said, maal, ...before) {
  const marks = maalMarks(v.tiplu, v.maal_items);
  const loose = v.loose || [];
  markGrid([...v.groups.flatMap((g) => g.cards.split('-')), ...loose, ...(v.discard ? [v.discard] : [])]);
  const parts = before.filter((part) => part);
  parts.push(el('p', { class: `banner ${v.valid ? 'good' : 'bad'}`, 'data-valid': String(v.valid) }, said));
  if (v.problems && v.problems.length) {
    parts.push(el('ul', { class: 'problems' }, v.problems.map((problem) => el('li', { text: problem }))));
  }
  parts.push(maal);
  parts.push(el('div', { class: 'tiplu-line' }, el('p', {}, 'Tiplu ', drawCard(v.tiplu.card, null, marks.of(v.tiplu.card))),
    drawLegend(marks.marks)));
  if (v.arranged) parts.push(el('p', { class: 'hint', text: 'The hand was written loose: its combinations as rummy found them.' }));
  parts.push(el('div', { class: 'groups tiplu-groups' }, drawTipluGroups(v.groups, marks)));
  if (loose.length) {
    const rest = v.first_stage === 'dublees' ? 'The rest, not checked in a dublee end' : 'The other cards';
    parts.push(el('div', { class: 'loose', 'data-loose': loose.join(' ') }, el('h3', { class: 'part', text: rest }),
      drawCards(loose, [], marks.of)));
  }
  if (v.discard) {
    parts.push(el('p', { class: 'discard', 'data-discard': v.discard }, 'Discard ', drawCard(v.discard, null, marks.of(v.discard))));
  }
  $('verdict').replaceChildren(...parts);
}

// validate's verdict on a hand dealt with a tiplu (V its JSON), in words.
function tipluSaid(v) {
  if (v.valid) return v.end ? 'A valid end' : 'A valid first stage: the tiplu is seen';
  return v.end ? 'Not a valid end: a foul' : 'Not valid';
}

// The hand in the notation from arrange's groups (a hand dealt with a tiplu): the groups shown
// (a tunnela shown at the deal marked so), those kept in the hand, and the discard.
function tipluNotation(a) {
  const part = (name) => a.groups.filter((g) => g.part === name).map((g) => `${g.cards}${g.at_deal ? ' (deal)' : ''}`).join(' | ');
  const shown = part('shown');
  const kept = part('hand');
  return [shown ? `shown ${shown}` : '', kept ? `hand ${kept}` : '', a.discard ? `discard ${a.discard}` : ''].filter((x) => x).join(' ');
}

// The card a hand of 14 cards was judged without, and why, in rummy's words: the line of its
// verdict that says so (V is validate's JSON, with the card and the reason's id).
function drawDiscard(v, text) {
  const said = rummy([...handArgs('validate'), '--color', 'never'], text).out.split('\n')
    .find((line) => line.includes(`discarding ${v.discard}`));
  return el('p', { class: 'discard', 'data-discard': v.discard, 'data-discard-reason': v.discard_reason },
    drawCard(v.discard), ' ', said || `Judged after discarding ${cardName(v.discard)}`,
    v.discard_group ? ` (from group ${v.discard_group})` : '');
}

// Runs COMMAND on the hand as it stands and draws the answer with DRAW, or rummy's error.
function answerHand(command, draw) {
  const text = $('hand').value.trim();
  if (!text) return;
  const args = handArgs(command);
  const answer = rummyJson(args, text);
  hand.advising = false;
  if (!answer.data || answer.data.error) $('verdict').replaceChildren(drawError(answer));
  else draw(answer);
  hand.result = { command: args, input: text };
  answered($('verdict'));
}

// "Arrange for me": rummy's best arrangement replaces the hand (the discard is said apart), and
// the verdict is the arrangement's: what the hand pays once melded so.
function arrange() {
  answerHand('arrange', (answer) => {
    const a = answer.data;
    if (a.tiplu) {
      arrangedTiplu(answer);
      return;
    }
    $('hand').value = a.hand;
    saveHand();
    const note = el('div', { class: 'arranged', 'data-arranged': a.hand, 'data-discard': a.discard || '' },
      el('h2', { text: 'Arranged by rummy' }),
      a.discard ? el('p', {}, 'Discard ', drawCard(a.discard), ` (${cardName(a.discard)})`) : null);
    drawVerdict(a, answer, null, note);
  });
}

// "Arrange for me" in a game dealt with a tiplu: the end rummy found replaces the hand (where it
// found one), and the verdict is the arrangement's, with its maal, in arrange's words.
function arrangedTiplu(answer) {
  const a = answer.data;
  const lines = rummy([...handArgs('arrange'), '--color', 'never'], $('hand').value.trim()).out.split('\n');
  const said = lines.find((line) => /^(you can end|no end)/.test(line)) || (a.valid ? 'you can end' : 'no end');
  const total = lines.find((line) => line.startsWith('maal')) || `maal: ${a.maal}`;
  const written = a.valid ? tipluNotation(a) : '';
  if (a.valid) {
    $('hand').value = written;
    saveHand();
  }
  const note = el('div', { class: 'arranged', 'data-arranged': written, 'data-discard': a.discard || '' },
    el('h2', { text: 'Arranged by rummy' }));
  // Its items in arrange's words: "maal: tunnela of K♦ shown at the deal 5 + marriage 10 = 15".
  const items = total.replace(/^maal: /, '').replace(/ = \d+$/, '').split(' + ');
  const maal = el('div', { class: 'maal', 'data-maal': String(a.maal) },
    el('h2', {}, 'Maal: ', el('strong', { class: 'pays', 'data-points': String(a.maal), text: `${a.maal} point${a.maal === 1 ? '' : 's'}` })),
    drawMaalItems(a.maal_items, items.length === a.maal_items.length ? items : null));
  drawTipluVerdict(a, capitalised(said), maal, note);
}

// "Outs": the cards that would let the hand declare, or lower what it pays.
function outs() {
  answerHand('outs', drawOuts);
}

function drawOuts(answer) {
  const o = answer.data;
  if (o.end) {  // a game dealt with a tiplu: the draws that let the hand end, and the maal kept
    const ends = (entry) => el('li', { 'data-out': entry.card, 'data-discard': entry.discard || '', 'data-maal': String(entry.maal) },
      drawCard(entry.card), ` draw ${cardName(entry.card)} (${entry.copies_left} left), discard `,
      entry.discard ? drawCard(entry.discard) : '?', ` → maal ${entry.maal}`);
    $('verdict').replaceChildren(el('div', { class: 'outs' },
      el('h2', { text: 'Outs' }),
      o.first_stage === 'none' ? el('p', { text: 'No first stage shown: a player ends only after seeing the tiplu.' })
        : o.end.length ? el('h3', { text: 'Draws that let you end' }) : el('p', { text: 'No draw lets you end.' }),
      el('ul', { class: 'declare' }, o.end.map(ends))));
    return;
  }
  const row = (entry) => el('li', { 'data-out': entry.card, 'data-discard': entry.discard, 'data-points': String(entry.points) },
    drawCard(entry.card), ` draw ${cardName(entry.card)} (${entry.copies_left} left), discard `,
    drawCard(entry.discard), ` → ${entry.points} point${entry.points === 1 ? '' : 's'}`);
  $('verdict').replaceChildren(el('div', { class: 'outs', 'data-points-now': String(o.points_now) },
    el('h2', { text: `Outs (the hand pays ${o.points_now} now)` }),
    o.declare.length ? el('h3', { text: 'Draws that let you declare' }) : el('p', { text: 'No draw lets you declare.' }),
    el('ul', { class: 'declare' }, o.declare.map(row)),
    o.improve.length ? el('h3', { text: 'Draws that lower what you pay' }) : null,
    el('ul', { class: 'improve' }, o.improve.map(row))));
}

// ---- What should I discard? (rummy advise) ------------------------------------------------------
// Each discard of a hand after its draw (or, with the open card, taking it against drawing blind)
// ranked by rummy by the odds of going out, with what the hand pays, how many cards it is away, its
// outs and why; the page draws advise's JSON as a table, the best first.

// The game's hand size, as `rummy rules --list` gives it (0: any number of cards).
const handSize = () => offered().hand_size || 0;

// Whether "What should I discard?" can ask: the hand holds one card more than the game deals (the
// card drawn), or as many as it deals with the open card given. A hand rummy could not read is
// left to rummy, which says what is wrong with it.
function adviseAvailable() {
  const size = handSize();
  const open = $('advise-open').value.trim() !== '';
  const when = $('advise-when');
  when.textContent = size ? `After the draw: ${size + 1} cards, or ${size} and the open card.` : '';
  if (!size) when.hidden = true;
  const fits = hand.cards === null || !size || hand.cards === (open ? size : size + 1);
  $('advise').disabled = !$('hand').value.trim() || !fits;
  // From 3 draws on, rummy simulates: how many games, and from which seed.
  $('advise-simulation').hidden = !(Number($('advise-draws').value) >= 3);
}

// The command line for advise: the hand's options, then the open card, the cards seen, the draws
// and (for a simulation) the games simulated, as typed.
function adviseArgs() {
  const args = handArgs('advise');
  const open = $('advise-open').value.trim();
  const seen = $('advise-seen').value.trim();
  const draws = $('advise-draws').value.trim();
  const samples = $('advise-samples').value.trim();
  const seed = $('advise-seed').value.trim();
  if (open) args.push('--open', open);
  if (seen) args.push('--seen', seen);
  if (draws) args.push('--draws', draws);
  if (samples && Number(draws) >= 3) args.push('--samples', samples);
  if (seed && Number(draws) >= 3) args.push('--seed', seed);
  return args;
}

// A probability as advise's text writes it: 6.6%, <0.1%, 0% and 100% (one decimal, ties to even).
function percent(p) {
  if (p >= 1) return '100%';
  if (p <= 0) return '0%';
  const pc = p * 100;
  if (pc < 0.1) return '<0.1%';
  const tenths = pc * 10;
  const whole = Math.floor(tenths);
  const rounded = tenths - whole === 0.5 ? whole + (whole % 2) : Math.round(tenths);
  return `${(rounded / 10).toFixed(1)}%`;
}

// A card in a line of text: its rank and suit in the suit's colour, named for screen readers.
function cardChip(text, more = '') {
  const card = parseCard(text);
  return el('span', {
    class: `chip ${card.suit ? card.suit.colour : ''}`, role: 'img', 'aria-label': `${cardName(text)}${more}`, text,
  });
}

// What a choice does, in words: throw a card; take the open card and throw one; draw blind.
function choiceWords(c) {
  if (c.take === null) return ['Draw blind'];
  if (c.take) return ['Take ', cardChip(c.take), ', throw ', cardChip(c.discard)];
  return ['Throw ', cardChip(c.discard)];
}

let adviseTimer = null;
function advise() {
  const text = $('hand').value.trim();
  if (!text) return;
  const args = adviseArgs();
  $('verdict').replaceChildren(el('p', { class: 'hint', text: 'Counting the odds…' }));
  // The count may take a moment (a simulation): the page says so first.
  clearTimeout(adviseTimer);
  adviseTimer = setTimeout(() => {
    const answer = rummyJson(args, text);
    if (!answer.data || answer.data.error) $('verdict').replaceChildren(drawError(answer));
    else drawAdvice(answer.data);
    hand.advising = true;
    hand.result = { command: args, input: text };
    answered($('verdict'));
  }, 20);
}

function drawAdvice(a) {
  // The hand as rummy read it, counted on the grid (a Gin hand of 11 has no verdict to do it).
  // In Marriage the hand is the cards in hand; the groups shown are the player's too.
  markGrid([...a.hand.split(' '), ...(a.shown || []).flatMap((g) => g.split('-'))]);
  const within = `Out in ${a.draws}`;
  // Marriage counts each choice's maal kept, the other games what the cards kept pay.
  const heads = ['Choice', a.tiplu ? 'Maal' : 'Points', 'Away', 'Next', within, 'Why'];
  const rows = a.choices.map((c, i) => {
    const odds = [el('span', { class: 'figure', text: percent(c.p_within) })];
    if (c.interval) odds.push(el('span', { class: 'interval', text: `${percent(c.interval[0])}–${percent(c.interval[1])}` }));
    const outs = c.outs.length ? el('p', { class: 'outs-live' }, 'Outs: ',
      c.outs.flatMap((o, k) => [k ? ', ' : '', cardChip(o.card, `, ${o.live} live`), ` ×${o.live}`])) : null;
    return el('tr', {
      class: i === 0 ? 'best' : null, 'data-discard': c.discard || '', 'data-take': c.take === undefined ? null : c.take || '',
    },
    el('th', { scope: 'row', class: 'choice', 'data-label': heads[0] }, i === 0 ? el('span', { class: 'best-mark', text: 'Best' }) : null,
      ...choiceWords(c), c.goes_out ? el('span', { class: 'goes-out', text: 'goes out' }) : null),
    el('td', { class: 'num', 'data-label': heads[1], text: String(a.tiplu ? c.maal : c.points) }),
    el('td', { class: 'num', 'data-label': heads[2], text: c.cards_away === null ? '-' : String(c.cards_away) }),
    el('td', { class: 'num', 'data-label': heads[3], text: percent(c.p_next) }),
    el('td', { class: 'num odds', 'data-label': heads[4] }, odds),
    el('td', { class: 'why', 'data-label': heads[5] }, el('span', { text: c.why }), outs));
  });
  const seen = a.seen.length ? `, ${a.seen.length} seen` : '';
  const how = a.exact ? 'the odds count every draw (exact)'
    : `the odds come from ${a.samples} simulated games each (seed ${a.seed}), with a 95% interval`;
  $('verdict').replaceChildren(el('div', {
    class: 'advice', 'data-draws': String(a.draws), 'data-exact': String(a.exact), 'data-unseen': String(a.unseen),
  },
  el('h2', { text: a.open ? `Take ${a.open} or draw blind?` : 'What should I discard?' }),
  el('p', { class: 'hint', text: `${a.unseen} unseen cards${a.open ? `, ${a.open} open` : ''}${seen}; ${how}.` }),
  el('div', { class: 'table-wrap' }, el('table', { class: 'advice-table' },
    el('thead', {}, el('tr', {}, heads.map((h) => el('th', { scope: 'col', text: h })))),
    el('tbody', {}, rows))),
  el('p', { class: 'hint legend-advice', text: `${a.tiplu ? 'Maal: what the cards kept count in maal if another player ends now' : 'Points: what the hand pays if another player goes out now'}. Away: the fewest cards to replace to go out. Next: the chance of going out on the next draw; ${within.toLowerCase()}: within ${a.draws} draw${a.draws === 1 ? '' : 's'}.` })));
}

// The open card, the cards seen, the draws: saved, and the advice asked again if it is shown.
function adviseChanged() {
  saveHand();
  adviseAvailable();
  if (hand.advising) {
    clearTimeout(adviseTimer);
    adviseTimer = setTimeout(advise, 400);
  }
}

// Puts TEXT on the clipboard: the Clipboard API where the browser gives it to the page, else the
// older copy command on a selected text field.
async function copyText(text, status) {
  try {
    if (navigator.clipboard && navigator.clipboard.writeText) {
      await navigator.clipboard.writeText(text);
    } else {
      const field = el('textarea', { readonly: true, 'aria-hidden': 'true', style: 'position:fixed;opacity:0' });
      field.value = text;
      document.body.append(field);
      field.select();
      const copied = document.execCommand('copy');
      field.remove();
      if (!copied) throw new Error('no clipboard');
    }
    status.textContent = 'Copied.';
  } catch (e) {
    status.textContent = 'Could not copy: this browser keeps the clipboard from the page.';
  }
}

// Gives TEXT to the phone's share sheet (the Web Share API) where the browser has one, else puts
// it on the clipboard.
async function shareText(text, title, status) {
  if (!navigator.share) {
    copyText(text, status);
    return;
  }
  try {
    await navigator.share({ title, text });
    status.textContent = 'Shared.';
  } catch (e) {
    if (e && e.name === 'AbortError') status.textContent = '';
    else copyText(text, status);
  }
}

// "Share …" where the browser can share, "Copy …" where it can only copy.
function shareLabel(button, what) {
  button.textContent = `${navigator.share ? 'Share' : 'Copy'} ${what}`;
}

// A word for a shell: in single quotes when it needs them.
function shellWord(word) {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}

// The verdict as text, as a terminal shows it: each command line the verdict came from, and what
// `rummy` prints for it. For the group chat.
function share() {
  if (!hand.result) return;
  const commands = [hand.result.command];
  if (hand.result.command[0] === 'validate') commands.push(handArgs('score'));
  const text = commands.map((args) => {
    const answer = rummy([...args, '--color', 'never'], hand.result.input);
    const line = ['rummy', ...args, hand.result.input].map(shellWord).join(' ');
    return `$ ${line}\n${answer.out}${answer.err}`;
  }).join('');
  shareText(text, 'rummy: the verdict', $('share-status'));
}

function setUpHand() {
  drawGrid();
  loadHand();
  showSettingsFor(variant());
  drawRules();
  setWild(hand.wild);
  showTiplu();
  for (const radio of document.querySelectorAll('input[name="variant"]')) {
    radio.addEventListener('change', () => {
      showSettingsFor(variant());
      saveHand();
      drawRules();
      judge();
    });
  }
  for (const id of ['game', 'decks', 'round', 'declared', 'drop', 'went-rummy', 'players', 'state']) {
    $(id).addEventListener('change', () => { saveHand(); showDrop(); if (id === 'game') drawRules(); judge(); });
  }
  showDrop();
  $('hand').addEventListener('input', handChanged);
  $('wild-pick').addEventListener('click', () => setPicking(hand.picking === 'wild' ? '' : 'wild'));
  $('wild-none').addEventListener('click', () => { setPicking(''); setWild(''); });
  $('tiplu-pick').addEventListener('click', () => setPicking(hand.picking === 'tiplu' ? '' : 'tiplu'));
  // The notation's words for the parts of a hand dealt with a tiplu: what follows is shown, kept, discarded.
  for (const button of document.querySelectorAll('[data-word]')) {
    button.addEventListener('click', () => {
      const text = $('hand').value.replace(/[\s|]+$/, '');
      $('hand').value = text ? `${text} ${button.dataset.word}` : button.dataset.word;
      handChanged();
    });
  }
  $('new-group').addEventListener('click', () => {
    const text = $('hand').value.replace(/\s+$/, '');
    if (text && !text.endsWith('|')) $('hand').value = `${text} |`;
    handChanged();
  });
  $('undo').addEventListener('click', () => {
    $('hand').value = $('hand').value.replace(/\s*\|?\s*[^\s|-]*\s*$/, '').replace(/-$/, '');
    handChanged();
  });
  $('clear').addEventListener('click', () => { $('hand').value = ''; handChanged(); });
  $('arrange').addEventListener('click', arrange);
  $('outs').addEventListener('click', outs);
  $('advise').addEventListener('click', () => { setPicking(''); advise(); });
  for (const id of ['advise-open', 'advise-seen', 'advise-draws', 'advise-samples', 'advise-seed']) {
    $(id).addEventListener('input', adviseChanged);
    $(id).addEventListener('change', adviseChanged);
  }
  $('open-pick').addEventListener('click', () => setPicking(hand.picking === 'open' ? '' : 'open'));
  $('seen-pick').addEventListener('click', () => setPicking(hand.picking === 'seen' ? '' : 'seen'));
  $('share').addEventListener('click', share);
  shareLabel($('share'), 'the verdict');
  judge();
}

// ---- The sheet ---------------------------------------------------------------------------------

// The sheet is its text, in the table-sheet format: what the page adds is written as lines of it,
// and what it shows is `rummy settle` on it. Export and import move that text as a file.
let settled = null;
let settledText = null;  // settle's text for it, in its parts (settleText)
let settleTimer = null;

function sheetText() {
  return $('sheet-text').value;
}

function setSheetText(text) {
  $('sheet-text').value = text;
  store.set('sheet', text);
  settle();
}

// A name as the sheet writes it: in quotes when it has a space.
function sheetName(name) {
  return /\s/.test(name) ? `"${name}"` : name;
}

// The game of a settled sheet, as `rummy rules --list` gives it.
function sheetGame(data) {
  return gameOf(data.variant);
}

// settle's text for the sheet, cut where the command line leaves a blank line: the header, the
// grid, each deal, the standings, the money, who pays whom. The page shows these words and
// figures as the command line writes them (money as -₹90.00, ✗ for a player out, ↺ for a
// re-join), and takes from the JSON only what tells them apart.
function settleText(s, text) {
  const out = rummy(['settle', '--color', 'never', '-'], text).out.replace(/\n+$/, '');
  const blocks = out.split('\n\n').map((block) => block.split('\n'));
  const money = s.players.length > 0 && s.players[0].paid !== null;
  const last = blocks.length - 1;
  const transfers = s.transfers.length ? blocks[last] : null;
  const moneyBlock = money ? blocks[last - (transfers ? 1 : 0)] : null;
  const standings = blocks[last - (transfers ? 1 : 0) - (money ? 1 : 0)];
  return {
    out,
    header: blocks[0][0],
    house: blocks[0].slice(1),
    grid: s.deals.length ? blocks[1] : null,
    standings,
    result: standings[standings.length - 1],
    money: moneyBlock,
    transfers,
  };
}

// What follows a player's name on the player's line of a block ("  Asha   total 137, out").
function afterName(line, name) {
  return (line || '').slice(2 + name.length).trim();
}

// The grid as settle's text draws it, as a table: a row per deal (and per re-join), a column per
// player; each cell as the text has it.
function drawSheetGrid(s, grid) {
  const names = s.players.map((p) => p.name);
  const lines = grid.slice(2);
  let next = 0;
  const rows = lines.map((line) => {
    const deal = s.deals[next];
    const words = line.trim().split(/\s+/);
    const isDeal = deal && line.trim().startsWith(`${s.deal_word} ${deal.number}`);
    if (isDeal) next += 1;
    const blank = isDeal && deal.void;
    const cells = blank ? names.map(() => '') : words.slice(words.length - names.length);
    const label = blank ? line.trim() : words.slice(0, words.length - names.length).join(' ');
    return el('tr', isDeal ? { 'data-deal': String(deal.number) } : { class: 'event' },
      el('th', { scope: 'row', text: label }),
      names.map((n, i) => el('td', { class: isDeal && deal.out.includes(n) ? 'out' : null, text: cells[i] })));
  });
  return el('table', { class: 'grid-sheet' },
    el('caption', { text: grid[0] }),
    el('thead', {}, el('tr', {}, el('th', { scope: 'col', text: s.deal_word }), names.map((n) => el('th', { scope: 'col', text: n })))),
    el('tbody', {}, rows));
}

// Each player's standing (and, with money, what each paid and received) as settle's text says.
function drawPlayers(s, text) {
  const money = text.money ? s.players.map((p, i) => afterName(text.money[i + 1], p.name).split(/\s+/)) : null;
  const heads = money ? money[0].filter((w, i) => i % 2 === 0) : [];
  return el('table', { class: 'players' },
    el('thead', {}, el('tr', {}, el('th', { scope: 'col', text: 'player' }), el('th', { scope: 'col', text: 'standing' }),
      heads.map((h) => el('th', { scope: 'col', text: h })))),
    el('tbody', {}, s.players.map((p, i) => el('tr', { 'data-player': p.name, 'data-net': p.net },
      el('th', { scope: 'row', text: p.name }),
      el('td', { text: afterName(text.standings[i + 1], p.name) }),
      money ? money[i].filter((w, k) => k % 2 === 1).map((v) => el('td', { text: v })) : null))));
}

function settle() {
  const out = $('settlement');
  const text = sheetText();
  settled = null;
  settledText = null;
  if (!text.trim()) {
    out.replaceChildren(el('p', { class: 'hint', text: 'Start a sheet (New sheet), or import one.' }));
    drawDealForm();
    answered(out);
    return;
  }
  const answer = rummyJson(['settle', '-'], text);
  if (!answer.data || answer.data.error) {
    out.replaceChildren(drawError(answer));
    drawDealForm();
    answered(out);
    return;
  }
  settled = answer.data;
  const s = settled;
  settledText = settleText(s, text);
  const t = settledText;
  shareLabel($('sheet-share'), t.transfers ? 'who pays whom' : 'the standings');
  const transfers = t.transfers ? t.transfers.slice(1).map((line, i) => {
    const transfer = s.transfers[i];
    return el('li', { 'data-from': transfer.from, 'data-to': transfer.to || transfer.recipient, 'data-amount': transfer.amount }, line.trim());
  }) : [];
  out.replaceChildren(...[
    el('h2', { text: 'The sheet' }),
    el('p', { class: 'sheet-header', text: t.header }),
    t.house.map((line) => el('p', { class: 'sheet-header', text: line })),
    t.grid ? el('div', { class: 'table-wrap' }, drawSheetGrid(s, t.grid)) : null,
    s.events.length ? el('ul', { class: 'events' }, s.events.map((e) => el('li', { text: `after ${s.deal_word} ${e.after_deal}: ${e.text}` }))) : null,
    el('p', { class: 'result', 'data-finished': String(s.finished), text: s.result }),
    el('div', { class: 'table-wrap' }, drawPlayers(s, t)),
    transfers.length ? el('h2', { text: 'Who pays whom' }) : null,
    transfers.length ? el('ul', { class: 'transfers' }, transfers) : null].flat().filter((node) => node !== null));
  drawDealForm();
  answered(out);
}

// Who pays whom, for the table's group chat, in settle's words: the sheet's first line, the
// result, and who pays whom (or, in a game without money, the standings).
function payments(t) {
  const lines = [t.header, t.result, ''];
  if (t.transfers) lines.push(...t.transfers);
  else lines.push(...t.standings.slice(0, -1));
  return `${lines.join('\n')}\n`;
}

// The form for the next deal: a line for each player still in the game. What is typed in it is
// kept (in the browser too) until the deal is added, whatever redraws the form.
function dealDraft() {
  const draft = { settings: dealSettingValues(), entries: {} };
  for (const entry of $('deal-entries').querySelectorAll('.entry')) {
    const name = entry.dataset.player;
    draft.entries[name] = { outcome: entry.querySelector('select').value, text: entry.querySelector('input').value };
  }
  return draft;
}

function saveDraft() {
  store.set('draft', dealDraft());
}

// The deal's settings as typed (the wild joker of the deal …), by id; a switch ('dead') is 'on'
// when ticked.
function dealSettingValues() {
  const values = {};
  for (const input of $('deal-settings').querySelectorAll('input')) {
    values[input.dataset.setting] = input.type === 'checkbox' ? (input.checked ? 'on' : '') : input.value;
  }
  return values;
}

// Whether the sheet S plays under the house rule NEEDS ('oklahoma=on').
function sheetHas(s, needs) {
  const [name, value] = needs.split('=');
  return (s.house_rules || []).some((rule) => rule.name === name && rule.value === value);
}

// The deal's settings of GAME that the sheet S takes (a setting that needs a house rule only under
// it), with VALUES typed before: a field for a card or a rank, a switch for a line that takes
// nothing ('dead').
function drawDealSettings(game, values, s) {
  const offered = game.deal_settings.filter((d) => !d.needs || (s && sheetHas(s, d.needs)));
  $('deal-settings').replaceChildren(...offered.map((d) => (d.takes === 'nothing'
    ? el('label', {}, el('input', {
      id: `deal-${d.id}`, type: 'checkbox', 'data-setting': d.id, checked: values[d.id] === 'on',
      onchange: () => drawEntriesShown(),
    }), ` ${capitalised(d.words)}`)
    : el('label', {}, `${capitalised(d.words)} `,
      el('input', {
        id: `deal-${d.id}`, type: 'text', size: 4, placeholder: d.example, 'data-setting': d.id,
        spellcheck: 'false', autocapitalize: 'off', value: values[d.id] || '',
      })))));
  drawEntriesShown();
}

// A ticked switch whose deal has no players' lines (a dead hand) hides them.
function withoutPlayers() {
  if (!settled) return false;
  return sheetGame(settled).deal_settings.some((d) => d.without_players && $(`deal-${d.id}`) && $(`deal-${d.id}`).checked);
}

function drawEntriesShown() {
  $('deal-entries').hidden = withoutPlayers();
}

// Whether an outcome's line takes a hand or a count after its words.
const takesText = (line) => !!line && line.takes !== 'nothing';

function drawDealForm() {
  $('sheet-share').disabled = !settledText;
  const box = $('deal-entries');
  const s = settled;
  const draft = (box.querySelector('.entry') ? dealDraft() : store.get('draft', null)) || { settings: dealSettingValues(), entries: {} };
  $('deal-add').disabled = !s;
  $('deal-problem').replaceChildren();
  if (!s) {
    box.replaceChildren(el('p', { class: 'hint', text: 'The players come from the sheet.' }));
    $('deal-settings').replaceChildren();
    $('deal-entries').hidden = false;
    $('deal-rejoin').replaceChildren();
    return;
  }
  const game = sheetGame(s);
  // A game with an end (pools, a number of deals, a target) that has ended takes no more deals;
  // one whose deals are each settled on their own goes on as long as the table plays.
  const over = !s.more_deals && s.deals.length > 0;
  drawDealSettings(over ? { deal_settings: [] } : game, draft.settings || {}, s);
  $('deal-add').disabled = over;
  if (over) {
    box.replaceChildren(el('p', { class: 'hint', text: `The game is over: ${s.result}.` }));
  } else {
    const lineOf = (words) => game.outcomes.find((o) => o.words === words);
    const ender = game.outcomes.find((o) => o.ends_deal);
    box.replaceChildren(...s.players.filter((p) => !p.out).map((p, i) => {
      const kept = draft.entries[p.name];
      // A line that needs a house rule (the list says which) is offered only under it.
      const select = el('select', { 'data-player': p.name, 'aria-label': `${p.name}: outcome` },
        game.outcomes.filter((o) => !o.needs || sheetHas(s, o.needs)).map((o) => el('option', { value: o.words, text: o.meaning })));
      const input = el('input', {
        type: 'text', 'data-player': p.name, 'aria-label': `${p.name}: hand or points`,
        placeholder: 'hand or points', spellcheck: 'false', autocapitalize: 'off',
      });
      select.addEventListener('change', () => { input.disabled = !takesText(lineOf(select.value)); });
      // The first player's line is the one that ends the deal (the winner's, the knocker's).
      select.value = i === 0 && ender ? ender.words : select.value;
      if (kept && lineOf(kept.outcome)) select.value = kept.outcome;
      input.value = kept ? kept.text : '';
      input.disabled = !takesText(lineOf(select.value));
      return el('div', { class: 'entry', 'data-player': p.name }, el('span', { text: p.name }), select, input);
    }));
  }
  // Between the deals of a pool: who is out may rejoin; the last two or three may split it.
  const pool = s.rejoins && !over;
  const out = s.players.filter((p) => p.out);
  const left = s.players.length - out.length;
  const choices = [];
  if (pool) {
    for (const p of out) {
      choices.push(el('button', { type: 'button', onclick: () => appendSheet(`rejoin ${sheetName(p.name)}`) }, `${p.name} rejoins`));
    }
    if (left >= 2 && left <= 3) {
      choices.push(el('button', { type: 'button', onclick: () => appendSheet('split equal') }, 'Split the pool equally'));
      choices.push(el('button', { type: 'button', onclick: () => appendSheet('split drops') }, 'Split by drops left'));
    }
  }
  $('deal-rejoin').replaceChildren(...choices);
}

function appendSheet(lines) {
  setSheetText(withLines(lines));
}

// The sheet with LINES added after a blank line: what appendSheet writes.
function withLines(lines) {
  return `${sheetText().replace(/\s*$/, '\n')}\n${lines}\n`;
}

// Columns as rummy counts them: in characters (code points), from 1.
const width = (text) => [...text].length;
// The index in TEXT (UTF-16) of the character at OFFSET (in characters).
const codeUnits = (text, offset) => [...text].slice(0, Math.max(0, offset)).join('').length;

// Lines for the sheet from form fields, each remembering where each field's text starts in it,
// so that rummy's line and column for a mistake lead back to the field. PARTS is a list of plain
// text and [field, text] pairs; the field's text is written trimmed.
function formLine(parts, owner = null) {
  let line = '';
  const fields = [];
  for (const part of parts) {
    if (typeof part === 'string') {
      line += part;
      continue;
    }
    const [field, text] = part;
    const trimmed = text.trim();
    fields.push({ field, column: width(line) + 1, length: width(trimmed), lead: width(text) - width(text.trimStart()) });
    line += trimmed;
  }
  return { line, fields, owner };
}

// Marks the field a mistake is in, rummy's message under it, and puts the cursor where rummy
// points: nothing typed is lost, and nobody needs the sheet's text to find the mistake.
function markMistake(lines, firstLine, error, where) {
  const index = error.line - firstLine;
  const line = lines[index];
  let field = null;
  let offset = 0;
  if (line) {
    const found = line.fields.filter((f) => f.column <= error.column).pop();
    if (found) {
      field = found.field;
      offset = error.column - found.column + found.lead;
    } else {
      field = line.owner;
    }
  }
  const id = `${where.id}-message`;
  const message = el('div', { class: 'field-error', id, role: 'alert', 'data-error': error.message, 'data-line': String(index) },
    el('p', { text: error.message }));
  if (field && field.tagName === 'INPUT') {
    const text = field.value;
    const shown = Math.min(offset, width(text));
    message.append(el('pre', { class: 'diagnostic' }, `${text}\n${' '.repeat(shown)}`, el('span', { class: 'caret', text: '^' })));
  }
  if (!field) {
    where.replaceChildren(message);
    return;
  }
  field.setAttribute('aria-invalid', 'true');
  field.setAttribute('aria-describedby', id);
  const holder = field.closest('.entry, label') || field.parentElement;
  holder.after(message);
  field.focus();
  if (field.tagName === 'INPUT' && !field.disabled) {
    const at = codeUnits(field.value, offset);
    field.setSelectionRange(at, Math.min(field.value.length, at + 1));
  }
  scrollCaret(message);
}

function clearMistakes(box) {
  for (const node of box.querySelectorAll('.field-error')) node.remove();
  for (const node of box.querySelectorAll('[aria-invalid]')) {
    node.removeAttribute('aria-invalid');
    node.removeAttribute('aria-describedby');
  }
}

// Adds the deal as the form has it, once rummy has read the sheet with it: a deal with a mistake
// is not added; the form keeps it, and the mistake is marked.
function addDeal() {
  if (!settled) return;
  const box = $('sheet-deal-box');
  clearMistakes(box);
  $('deal-problem').replaceChildren();
  const lines = [];
  const game = sheetGame(settled);
  // The deal's settings: on the deal's line ('deal wild 7♦'), or lines of their own in it.
  const first = ['deal'];
  const own = [];
  const alone = withoutPlayers();
  for (const d of game.deal_settings) {
    const input = $(`deal-${d.id}`);
    if (!input) continue;
    if (d.takes === 'nothing') {
      if (input.checked) own.push(formLine([`  ${d.keyword}`], input));
      continue;
    }
    if (!input.value.trim()) continue;
    if (d.on_deal_line) first.push(` ${d.keyword} `, [input, input.value]);
    else own.push(formLine([`  ${d.keyword} `, [input, input.value]]));
  }
  lines.push(formLine(first), ...own);
  for (const entry of alone ? [] : $('deal-entries').querySelectorAll('.entry')) {
    const select = entry.querySelector('select');
    const input = entry.querySelector('input');
    const takes = takesText(game.outcomes.find((o) => o.words === select.value));
    const parts = [`  ${sheetName(entry.dataset.player)}`];
    if (select.value) parts.push(' ', [select, select.value]);
    if (takes && input.value.trim()) parts.push(' ', [input, input.value]);
    else if (takes) parts.push('', [input, '']);
    lines.push(formLine(parts, select));
  }
  const candidate = withLines(lines.map((l) => l.line).join('\n'));
  const answer = rummyJson(['settle', '-'], candidate);
  if (!answer.data || answer.data.error) {
    const error = answer.data ? answer.data.error : { message: answer.err.trim(), line: 0, column: 0 };
    const firstLine = candidate.split('\n').length - 1 - lines.length + 1;
    markMistake(lines, firstLine, error, $('deal-problem'));
    answered($('settlement'));
    return;
  }
  $('deal-entries').replaceChildren();
  $('deal-settings').replaceChildren();
  store.set('draft', null);
  setSheetText(candidate);
}

// A new sheet from the settings, once rummy has read them: a mistake is marked in the settings,
// which keep what was typed, and the sheet is not replaced.
function newSheet() {
  const box = $('sheet-new');
  clearMistakes(box);
  const table = sheetGames().find((t) => t.id === $('sheet-game').value);
  const field = (setting) => $(`sheet-${setting.id}`);
  // The game line, with its settings ('game NAME WORD N'); then a line for
  // each other setting given, or needed ('point 2', 'fee 10%').
  const first = [[$('sheet-game'), `game ${table.id}`]];
  for (const setting of table.settings.filter((t) => t.on_game_line && (t.required || field(t).value.trim()))) {
    first.push(setting.keyword ? ` ${setting.keyword} ` : ' ', [field(setting), field(setting).value]);
  }
  const lines = [formLine(first)];
  for (const setting of table.settings.filter((t) => !t.on_game_line)) {
    if (setting.required || field(setting).value.trim()) {
      lines.push(formLine([`${setting.keyword} `, [field(setting), field(setting).value]]));
    }
  }
  lines.push(formLine(['players ', [$('sheet-players'), $('sheet-players').value]]));
  const candidate = `${lines.map((l) => l.line).join('\n')}\n`;
  const answer = rummyJson(['settle', '-'], candidate);
  if (!answer.data || answer.data.error) {
    const error = answer.data ? answer.data.error : { message: answer.err.trim(), line: 0, column: 0 };
    markMistake(lines, 1, error, $('sheet-problem'));
    answered($('settlement'));
    return;
  }
  store.set('draft', null);
  $('deal-entries').replaceChildren();
  setSheetText(candidate);
  $('sheet-new').open = false;
}

// The settings of the game chosen for a new sheet, each a field, as `rummy rules --list` gives
// them (with their defaults); what was typed in a field of the same name is kept.
function sheetFormFor(id) {
  const table = sheetGames().find((t) => t.id === id);
  const typed = {};
  for (const input of $('sheet-settings').querySelectorAll('input')) typed[input.dataset.setting] = input.value;
  $('sheet-settings').replaceChildren(...table.settings.map((setting) => {
    const numeric = setting.kind === 'count';
    return el('label', { id: `sheet-${setting.id}-label` }, `${capitalised(setting.words)} `, el('input', {
      id: `sheet-${setting.id}`, 'data-setting': setting.id, type: numeric ? 'number' : 'text',
      min: numeric ? 1 : null, inputmode: numeric ? 'numeric' : setting.kind === 'text' ? null : 'decimal',
      size: setting.kind === 'text' ? 3 : null, placeholder: setting.required ? 'needed' : null,
      value: typed[setting.id] !== undefined ? typed[setting.id] : setting.default || '',
    }));
  }));
}

function exportSheet() {
  const blob = new Blob([sheetText()], { type: 'text/plain' });
  const link = el('a', { href: URL.createObjectURL(blob), download: 'table.sheet' });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

function setUpSheet() {
  $('sheet-text').value = store.get('sheet', '');
  $('sheet-text').addEventListener('input', () => {
    store.set('sheet', sheetText());
    clearTimeout(settleTimer);
    settleTimer = setTimeout(settle, 200);
  });
  $('sheet-game').addEventListener('change', () => sheetFormFor($('sheet-game').value));
  sheetFormFor($('sheet-game').value);
  $('sheet-start').addEventListener('click', newSheet);
  $('deal-add').addEventListener('click', addDeal);
  $('sheet-export').addEventListener('click', exportSheet);
  $('sheet-import').addEventListener('change', async (event) => {
    const file = event.target.files[0];
    if (file) setSheetText(await file.text());
    event.target.value = '';
  });
  $('sheet-undo').addEventListener('click', () => {
    const lines = sheetText().split('\n');
    const last = lines.map((l) => /^\s*deal\b/.test(l)).lastIndexOf(true);
    if (last >= 0) setSheetText(`${lines.slice(0, last).join('\n').replace(/\s*$/, '')}\n`);
  });
  shareLabel($('sheet-share'), 'who pays whom');
  $('deal-entries').addEventListener('input', saveDraft);
  $('deal-entries').addEventListener('change', saveDraft);
  $('deal-settings').addEventListener('input', saveDraft);
  $('sheet-share').addEventListener('click', () => {
    if (settledText) shareText(payments(settledText), 'rummy: who pays whom', $('sheet-status'));
  });
  $('sheet-new').open = !sheetText().trim();
  settle();
}

// ---- Tabs and start ----------------------------------------------------------------------------

function selectTab(name) {
  for (const tab of document.querySelectorAll('[role="tab"]')) {
    const selected = tab.id === `tab-${name}`;
    tab.setAttribute('aria-selected', String(selected));
    tab.tabIndex = selected ? 0 : -1;
    $(tab.getAttribute('aria-controls')).hidden = !selected;
  }
  store.set('tab', name);
}

function setUpTabs() {
  const tabs = [...document.querySelectorAll('[role="tab"]')];
  tabs.forEach((tab, i) => {
    tab.addEventListener('click', () => selectTab(tab.id.slice(4)));
    tab.addEventListener('keydown', (event) => {
      const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
      if (!step) return;
      const next = tabs[(i + step + tabs.length) % tabs.length];
      next.focus();
      selectTab(next.id.slice(4));
    });
  });
  selectTab(store.get('tab', 'hand'));
}

// The core's WebAssembly is in the page, compressed (gzip) and written as base64: unpacked here,
// by the browser's own DecompressionStream, with no request.
async function loadCore() {
  const element = $('rummy-wasm');
  const packed = atob(element.textContent.trim());
  element.remove();
  const bytes = new Uint8Array(packed.length);
  for (let i = 0; i < packed.length; i += 1) bytes[i] = packed.charCodeAt(i);
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  const wasmBinary = new Uint8Array(await new Response(stream).arrayBuffer());
  return Rummy({ wasmBinary });
}

loadCore().then((module) => {
  core = module;
  $('loading').remove();
  $('version').textContent = `${rummy(['--version']).out.trim()}, running in this page: nothing leaves your device.`;
  setUpGames();
  setUpTabs();
  setUpHand();
  setUpSheet();
  document.body.dataset.ready = 'true';
}, (error) => {
  $('loading').textContent = typeof DecompressionStream === 'undefined'
    ? 'This browser is too old for this page (it needs Chrome 80, Safari 16.4, Firefox 113 or newer).'
    : `rummy could not start in this browser: ${error}`;
});
