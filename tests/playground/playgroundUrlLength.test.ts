import { defaultPlaygroundParams, MAX_UNKNOWN_NOTICES, parsePlaygroundQuery, playgroundHash, playgroundInputFitsUrl } from '../../src/playground/playgroundUrl';
import { URL_BUDGET } from '../../src/state/url/urlBudget';

const params = defaultPlaygroundParams('reversal');

describe('playground link length', () => {
  it('a task’s own input (16 digits) stays in the hash', () => {
    const input = Array.from({ length: 16 }, (_, i) => i % 10);
    expect(playgroundHash(params, input)).toBe('#/playground?task=reversal&layers=1&heads=1&width=32&lr=0.01&seed=1&input=0123456789012345');
    expect(playgroundInputFitsUrl(params, input)).toBe(true);
  });

  it('a loaded model’s long input (1,024 tokens up to 4,095) is left out rather than make the hash outgrow its budget', () => {
    const input = Array.from({ length: 1024 }, (_, i) => (i * 37) % 4096);
    const hash = playgroundHash(params, input);
    expect(hash.length).toBeLessThanOrEqual(URL_BUDGET.maxHashLength);
    expect(hash).toBe(playgroundHash(params, null));
    expect(playgroundInputFitsUrl(params, input)).toBe(false);
  });

  it('many unknown parameters give a few notices, one per name, and one count of the rest, not thousands', () => {
    const query = ['x=1', 'x=2', ...Array.from({ length: 5000 }, (_, i) => `p${i}=${'v'.repeat(20)}`)].join('&');
    const { notices } = parsePlaygroundQuery(query);
    expect(notices).toHaveLength(MAX_UNKNOWN_NOTICES + 1);
    expect(notices[0]).toEqual({ param: 'x', value: '1', reason: 'unknown', fallback: '' });
    expect(notices.slice(0, MAX_UNKNOWN_NOTICES).every((n) => n.reason === 'unknown')).toBe(true);
    expect(notices[MAX_UNKNOWN_NOTICES]).toEqual({ param: '', value: String(5001 - MAX_UNKNOWN_NOTICES), reason: 'unknown-more', fallback: '' });
  });
});
