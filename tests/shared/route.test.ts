import { act, renderHook } from '@testing-library/react';
import { navigate, parseRoute, routeHash, useRoute } from '../../src/shared/route';

describe('lesson routes', () => {
  it('reads the map, a lesson, an unknown lesson and everything else as the lab', () => {
    expect(parseRoute('')).toEqual({ kind: 'lab' });
    expect(parseRoute('#views')).toEqual({ kind: 'lab' });
    expect(parseRoute('#/lessonsX')).toEqual({ kind: 'lab' });
    expect(parseRoute('#/lessons')).toEqual({ kind: 'lesson-map' });
    expect(parseRoute('#/lessons/')).toEqual({ kind: 'lesson-map' });
    expect(parseRoute('#/lessons/masking')).toEqual({ kind: 'lesson', slug: 'masking' });
    expect(parseRoute('#/lessons/masking/')).toEqual({ kind: 'lesson', slug: 'masking' });
    expect(parseRoute('#/lessons/%3Cimg%20src=x%3E')).toEqual({ kind: 'lesson-map', unknownSlug: '<img src=x>' });
    expect(parseRoute('#/guide')).toEqual({ kind: 'guide' });
    expect(parseRoute('#/guidebook')).toEqual({ kind: 'lab' });
    expect(parseRoute('#/playground')).toEqual({ kind: 'playground', query: '' });
    expect(parseRoute('#/playground?task=sort&lr=abc')).toEqual({ kind: 'playground', query: 'task=sort&lr=abc' });
    expect(parseRoute('#/playgrounds')).toEqual({ kind: 'lab' });
    expect(parseRoute('#/lessons/%E0%A4%A')).toEqual({ kind: 'lesson-map', unknownSlug: '%E0%A4%A' });
  });

  it('writes routes it can read back', () => {
    for (const hash of ['#/lessons', '#/lessons/multi-head', '#/guide', '#/playground', '#/playground?task=copy']) expect(routeHash(parseRoute(hash))).toBe(hash);
    expect(routeHash({ kind: 'lab' })).toBe('');
  });

  it('navigate keeps the query string (the lab settings) and useRoute follows it', () => {
    window.history.replaceState(null, '', '/?seed=3');
    const { result } = renderHook(() => useRoute());
    expect(result.current).toEqual({ kind: 'lab' });
    act(() => navigate({ kind: 'lesson', slug: 'position' }));
    expect(window.location.search).toBe('?seed=3');
    expect(window.location.hash).toBe('#/lessons/position');
    expect(result.current).toEqual({ kind: 'lesson', slug: 'position' });
    act(() => navigate({ kind: 'lab' }));
    expect(window.location.hash).toBe('');
    expect(result.current).toEqual({ kind: 'lab' });
  });
});
