import { describe, expect, it } from 'vitest';
import { mutedPattern } from './muted-pattern';

// Not JavaScript's `u` mode, which refuses `\-`: PostgreSQL reads the expression, and takes it.
const finds = (needles: string[], text: string) => new RegExp(mutedPattern(needles)!).test(text);

describe('mutedPattern', () => {
  it('merges shared prefixes into one trie', () => {
    expect(mutedPattern(['muted1word', 'muted2word', 'muted12word'])).toBe('muted(?:1(?:word|2word)|2word)');
  });

  it('stops at a word that another starts with: holding the longer means holding the shorter', () => {
    expect(mutedPattern(['election', 'elect', 'elections'])).toBe('elect');
  });

  it('answers null for no words', () => {
    expect(mutedPattern([])).toBeNull();
    expect(mutedPattern([''])).toBeNull();
  });

  it('matches each metacharacter only as itself', () => {
    const needles = [
      'a.b',
      '100%',
      'x_y',
      '(hi)',
      'c++',
      'a|b',
      '[x]',
      '{1}',
      '^s$',
      'back\\slash',
      'semi-colon',
      'q?',
    ];
    for (const n of needles) expect(finds(needles, `… ${n} …`)).toBe(true);
    expect(finds(needles, 'axb')).toBe(false);
    expect(finds(needles, 'a')).toBe(false);
    expect(finds(needles, 'hi')).toBe(false);
    expect(finds(needles, 'semicolon')).toBe(false);
  });

  it('finds Burmese and Thai words inside text without spaces', () => {
    expect(finds(['မိုးရွာ', 'ฝนตก'], 'ဒီနေ့မိုးရွာတယ်ထီးယူခဲ့ပါ')).toBe(true);
    expect(finds(['မိုးရွာ', 'ฝนตก'], 'วันนี้ฝนตกหนักมากเลย')).toBe(true);
    expect(finds(['မိုးရွာ', 'ฝนตก'], 'วันนี้แดดออก')).toBe(false);
  });

  it('finds exactly what looking for each word alone finds', () => {
    // A fixed pseudo-random sample: words over a small alphabet share many prefixes, the case the trie is for.
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const word = (min: number, max: number) =>
      Array.from({ length: min + (next() % (max - min + 1)) }, () => 'abc.-'[next() % 5]).join('');
    for (let round = 0; round < 200; round++) {
      const needles = Array.from({ length: 1 + (next() % 12) }, () => word(1, 5));
      const text = word(0, 30);
      expect(finds(needles, text), `${JSON.stringify(needles)} in ${text}`).toBe(needles.some((n) => text.includes(n)));
    }
  });
});
