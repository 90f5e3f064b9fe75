import { beforeEach, describe, expect, it } from 'vitest';
import { forgetPosition, MAX_REMEMBERED, resumePosition, savePosition } from './playbackMemory';

const stored = () => JSON.parse(localStorage.getItem('inkwell.playback') ?? '[]') as [string, number, number][];

beforeEach(() => localStorage.clear());

describe('playback memory', () => {
  it('gives back where the reader stopped, per media', () => {
    savePosition('post:1', 83.24, 300);
    savePosition('post:2', 12, 60);
    expect(resumePosition('post:1')).toBe(83.2);
    expect(resumePosition('post:2', 60)).toBe(12);
    expect(resumePosition('post:3')).toBeNull();
  });

  it('starts over after the first 3 s or within the last 5 s, and forgets what was there', () => {
    savePosition('post:1', 120, 300);
    savePosition('post:1', 2, 300);
    expect(resumePosition('post:1')).toBeNull();
    expect(stored()).toEqual([]);

    savePosition('post:1', 120, 300);
    savePosition('post:1', 296, 300);
    expect(resumePosition('post:1')).toBeNull();

    savePosition('post:1', 294, 300);
    expect(resumePosition('post:1')).toBe(294);
  });

  it("judges the end by the element's duration once known", () => {
    savePosition('post:1', 100, 0);
    expect(resumePosition('post:1')).toBe(100);
    expect(resumePosition('post:1', 103)).toBeNull();
    expect(resumePosition('post:1', 200)).toBe(100);
  });

  it('forgets a media on demand', () => {
    savePosition('post:1', 50, 100);
    savePosition('post:2', 50, 100);
    forgetPosition('post:1');
    expect(resumePosition('post:1')).toBeNull();
    expect(resumePosition('post:2')).toBe(50);
  });

  it(`keeps at most ${MAX_REMEMBERED}, dropping the least recently played`, () => {
    for (let i = 0; i < MAX_REMEMBERED + 5; i++) savePosition(`post:${i}`, 10 + i, 1000);
    expect(stored()).toHaveLength(MAX_REMEMBERED);
    expect(resumePosition('post:4')).toBeNull();
    expect(resumePosition('post:5')).toBe(15);

    // Played again, the oldest becomes the newest and outlives the next one saved.
    savePosition('post:5', 20, 1000);
    savePosition('post:new', 30, 1000);
    expect(resumePosition('post:5')).toBe(20);
    expect(resumePosition('post:6')).toBeNull();
    expect(stored().at(-1)?.[0]).toBe('post:new');
  });

  it('survives storage that holds something else', () => {
    localStorage.setItem('inkwell.playback', '{"not":"a list"');
    expect(resumePosition('post:1')).toBeNull();
    savePosition('post:1', 40, 100);
    expect(resumePosition('post:1')).toBe(40);
    localStorage.setItem('inkwell.playback', JSON.stringify([['post:1', 'x', 1], 'junk', ['post:2', 9, 100]]));
    expect(resumePosition('post:1')).toBeNull();
    expect(resumePosition('post:2')).toBe(9);
  });
});
