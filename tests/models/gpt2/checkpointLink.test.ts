import { checkpointLinkOf, isCheckpointLink, openCheckpointOfQuery } from '../../../src/models/gpt2/checkpointLink';
import { closeCheckpoint, gpt2Store, openCheckpointUrl } from '../../../src/models/gpt2/gpt2Store';
import { DEFAULT_SETTINGS } from '../../../src/state/labStore';
import { settingsFromQuery, settingsToQuery } from '../../../src/state/url/urlState';

afterEach(() => closeCheckpoint());

describe('model=<a checkpoint on this site> in a link', () => {
  it('tells a checkpoint path from a model choice', () => {
    expect(isCheckpointLink('models/gpt2/')).toBe(true);
    expect(isCheckpointLink('/course/gpt2/model.safetensors')).toBe(true);
    expect(isCheckpointLink('gpt2-small.safetensors')).toBe(true);
    expect(isCheckpointLink('gpt2')).toBe(false);
    expect(isCheckpointLink('trained')).toBe(false);
    expect(isCheckpointLink('models/ gpt2/')).toBe(false);
    expect(isCheckpointLink(`${'a/'.repeat(300)}`)).toBe(false);
    expect(checkpointLinkOf('?model=models%2Fgpt2%2F&text=hi')).toBe('models/gpt2/');
    expect(checkpointLinkOf('?model=untrained')).toBeNull();
  });

  it('chooses GPT-2, and keeps head switches and the selected head of a 12 × 12 model (beyond the settings’ shape)', () => {
    const settings = settingsFromQuery('?model=models%2Fgpt2%2F&off=0-1,11-11&layer=9&head=10&text=Hello');
    expect(settings.model).toBe('gpt2');
    expect(settings.disabledHeads).toEqual([{ layer: 0, head: 1 }, { layer: 11, head: 11 }]);
    expect(settings.selectedLayer).toBe(9);
    expect(settings.selectedHead).toBe(10);
    // The untrained model's links keep their limits.
    expect(settingsFromQuery('?model=untrained&off=11-11').disabledHeads).toEqual([]);
  });

  it('a link made while a checkpoint from this site is open carries its path; one from the disk says model=gpt2', async () => {
    const opened: string[] = [];
    // Stands in for openCheckpointUrl: records the link; the store is left 'none', so the link is not "open".
    openCheckpointOfQuery('?model=models%2Fgpt2%2F', async (link) => {
      opened.push(link);
    });
    expect(opened).toEqual(['models/gpt2/']);
    const query = settingsToQuery({ ...DEFAULT_SETTINGS, model: 'gpt2', text: 'Hello' });
    expect(new URLSearchParams(query).get('model')).toBe('gpt2');
    // Opened from this site (here it fails: a reload of the link tries again, so the link keeps the path).
    await openCheckpointUrl('models/gpt2/', 'https://lab.example.edu/', () => Promise.resolve(new Response('gone', { status: 404 })));
    expect(gpt2Store.getState().status).toBe('error');
    const linked = settingsToQuery({ ...DEFAULT_SETTINGS, model: 'gpt2', text: 'Hello', disabledHeads: [{ layer: 11, head: 3 }] });
    expect(new URLSearchParams(linked).get('model')).toBe('models/gpt2/');
    expect(settingsFromQuery(`?${linked}`)).toMatchObject({ model: 'gpt2', disabledHeads: [{ layer: 11, head: 3 }] });
  });
});
