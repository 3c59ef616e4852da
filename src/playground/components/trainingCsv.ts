import type { TrainingPoint } from '../types';

/**
 * The chart's data as CSV, one row per step that has a point: training loss and batch accuracy, and the held-out
 * loss and accuracy where the held-out set was evaluated at that step (empty cells elsewhere). Numbers are written
 * with full precision (String(n)), so a spreadsheet redraws the chart exactly.
 */
export function trainingCsv(history: readonly TrainingPoint[], heldOutHistory: readonly TrainingPoint[]): string {
  const rows = new Map<number, { train?: TrainingPoint; heldOut?: TrainingPoint }>();
  for (const p of history) rows.set(p.step, { ...rows.get(p.step), train: p });
  for (const p of heldOutHistory) rows.set(p.step, { ...rows.get(p.step), heldOut: p });
  const cell = (v: number | undefined): string => (v === undefined || !Number.isFinite(v) ? '' : String(v));
  const lines = ['step,training_loss,training_accuracy,held_out_loss,held_out_accuracy'];
  for (const step of Array.from(rows.keys()).sort((a, b) => a - b)) {
    const { train, heldOut } = rows.get(step) ?? {};
    lines.push([String(step), cell(train?.loss), cell(train?.accuracy), cell(heldOut?.loss), cell(heldOut?.accuracy)].join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
