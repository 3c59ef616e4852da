import { trainingCsv } from '../../../src/playground/components/trainingCsv';

describe('the chart data as CSV', () => {
  it('has one row per step, held-out values only where the held-out set was evaluated', () => {
    const csv = trainingCsv(
      [
        { step: 1, loss: 2.5, accuracy: 0.1 },
        { step: 2, loss: 2.25, accuracy: 0.125 },
      ],
      [
        { step: 0, loss: 2.4, accuracy: 0.099 },
        { step: 2, loss: 2.2, accuracy: 0.13 },
      ],
    );
    expect(csv.split('\r\n')).toEqual([
      'step,training_loss,training_accuracy,held_out_loss,held_out_accuracy',
      '0,,,2.4,0.099',
      '1,2.5,0.1,,',
      '2,2.25,0.125,2.2,0.13',
      '',
    ]);
  });
  it('is just the header before training', () => {
    expect(trainingCsv([], [])).toBe('step,training_loss,training_accuracy,held_out_loss,held_out_accuracy\r\n');
  });
});
