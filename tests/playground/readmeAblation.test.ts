import { readFileSync } from 'node:fs';
import path from 'node:path';
import { trainerFromWeights } from '../../src/engine/train';
import { formatPercent } from '../../src/playground/components/format';

/*
 * The README quotes what the playground shows for the shipped induction model with each head of its circuit
 * switched off. The figures are deterministic (the file's weights, its seed's 512 held-out sequences), so they are
 * recomputed here the way the playground does (Trainer.setHeadsOff, then evaluate) and formatted as its "Held out"
 * stat is: the README and the app cannot drift apart again.
 */

const root = path.resolve(__dirname, '../..');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8').replace(/\s+/g, ' ');
const SENTENCE =
  /on the trained induction model \(\*\*Load trained model\*\*\) held-out accuracy is ([\d.]+ %); switching off the previous-token head \(L1 H1\) drops it to ([\d.]+ %), the induction head \(L2 H1\) to ([\d.]+ %)/;

describe('the README’s head-ablation figures for the trained induction model', () => {
  it('are what the playground shows', () => {
    const quoted = SENTENCE.exec(readme);
    expect(quoted, 'the README sentence about switching heads off in the induction model').not.toBeNull();
    const trainer = trainerFromWeights(JSON.parse(readFileSync(path.join(root, 'public/models/induction.json'), 'utf8')));
    const heldOut = (off: boolean[][] | null) => {
      trainer.setHeadsOff(off);
      return formatPercent(trainer.evaluate().accuracy);
    };
    expect(quoted?.slice(1)).toEqual([heldOut(null), heldOut([[true], [false]]), heldOut([[false], [true]])]);
  });
});
