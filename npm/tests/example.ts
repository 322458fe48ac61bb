// Compiled with `tsc --noEmit --strict` against the installed package (run.sh): the declarations
// must type every result, and refuse what is wrong (the @ts-expect-error lines must be errors).
import { load, RummyError, VERSION } from 'rummy';
import type { ArrangeResult, BatchRecord, ValidateResult } from 'rummy';

const rummy = await load();
const answer: ValidateResult = rummy.validate('A♠-2♠-3♠ | 6♣-8♣-K♥(WJ) | 4♦-4♠-4♣-4♥ | J♦-J♥-PJ');
if ('valid' in answer) {
  const valid: boolean = answer.valid;
  console.log(valid);
}
const scored = rummy.score('10♥-J♥-Q♥ | 2♦ 3♦', { wild: '10', house: { 'points-cap': 60 } });
const points: number | null = 'points' in scored ? scored.points : null;
const arranged: ArrangeResult = rummy.arrange('as 2s 3s 4h 5h 6h 9c 9d 9s kh kd ks kc', { all: true, limit: 5 });
const records: BatchRecord[] = rummy.batch(['A♠-2♠-3♠', 'x'], { game: 'pool101', totals: {} });
const lines: string[] = rummy.batch('A♠-2♠-3♠\nx', { raw: true });
const bytes: BatchRecord[] = rummy.batch(new TextEncoder().encode('A♠-2♠-3♠'));
async function* stream() { yield 'A♠-2♠-3♠'; }
for await (const record of rummy.batch(stream())) console.log(record.line);
try {
  rummy.validate('A♠-2♠-3x');
} catch (error) {
  if (error instanceof RummyError) console.log(error.line, error.column, error.exitCode, error.reason);
}
console.log(points, arranged, records.length, lines.length, bytes.length, VERSION, rummy.version);
// @ts-expect-error: a hand is text or bytes
rummy.validate(13);
// @ts-expect-error: layoff takes a meld and cards
rummy.layoff('8♥-9♥-10♥');
// @ts-expect-error: the answer has no such member
rummy.outs('A♠-2♠-3♠').no_such_member;
