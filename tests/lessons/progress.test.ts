import { PROGRESS_STORAGE_KEY, sanitizeProgress, useProgress } from '../../src/lessons/progressStore';

beforeEach(() => {
  useProgress.getState().resetProgress();
});

describe('lesson progress', () => {
  it('records visits once each, answers by lesson and question, and forgets an answer on retry', () => {
    const p = useProgress.getState();
    p.visit('masking');
    p.visit('masking');
    p.visit('position');
    p.answer('masking', 'full-row', 'zeros');
    p.answer('masking', 'full-row', 'nan');
    expect(useProgress.getState().visited).toEqual(['masking', 'position']);
    expect(useProgress.getState().answers).toEqual({ 'masking/full-row': 'nan' });
    useProgress.getState().retry('masking', 'full-row');
    expect(useProgress.getState().answers).toEqual({});
  });

  it('is saved in localStorage under its own key', () => {
    useProgress.getState().visit('summary');
    useProgress.getState().answer('summary', 'q1', 'a');
    const saved = JSON.parse(localStorage.getItem(PROGRESS_STORAGE_KEY) ?? 'null') as { state: unknown };
    expect(saved.state).toEqual({ visited: ['summary'], answers: { 'summary/q1': 'a' } });
  });

  it('drops whatever in storage is not valid progress', () => {
    expect(sanitizeProgress(null)).toEqual({ visited: [], answers: {} });
    expect(sanitizeProgress('x')).toEqual({ visited: [], answers: {} });
    expect(sanitizeProgress({ visited: ['masking', 'nope', 3, 'masking'], answers: { 'masking/a': 'b', 'nope/a': 'b', 'position/c': 4 } })).toEqual({
      visited: ['masking'],
      answers: { 'masking/a': 'b' },
    });
    expect(sanitizeProgress({ visited: 'masking', answers: ['x'] })).toEqual({ visited: [], answers: {} });
  });

  it('rehydrates sanitised progress from storage', async () => {
    localStorage.setItem(PROGRESS_STORAGE_KEY, JSON.stringify({ state: { visited: ['position', '<script>'], answers: { 'position/x': 'y' } }, version: 1 }));
    await useProgress.persist.rehydrate();
    expect(useProgress.getState().visited).toEqual(['position']);
    expect(useProgress.getState().answers).toEqual({ 'position/x': 'y' });
  });
});
