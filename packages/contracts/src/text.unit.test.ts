import { describe, expect, it } from 'vitest';
import { findTags, languageOf, parseMentions, parseTags, words } from './text';

describe('#tags', () => {
  it('are found in every script, ended by spaces and punctuation', () => {
    expect(parseTags('Morning in #Yangon, with #tea_time!')).toEqual(['yangon', 'tea_time']);
    expect(parseTags('ဒီနေ့ #ရန်ကုန်မြို့၊ #မိုးရာသီ။ လှတယ်')).toEqual(['ရန်ကုန်မြို့', 'မိုးရာသီ']);
    expect(parseTags('เที่ยวเชียงใหม่#ข้าวซอย อร่อยมาก #เชียงใหม่ๆ')).toEqual(['เชียงใหม่ๆ']);
    expect(parseTags('กินข้าว #ข้าวซอย อร่อยมาก')).toEqual(['ข้าวซอย']);
  });

  it('are not taken from URLs, entities, numbers alone, or inside words; each once, case-folded', () => {
    expect(parseTags('See https://x.test/#anchor and a#b and &#39; and #2026 and #Tea #tea #TEA')).toEqual(['tea']);
    expect(findTags('hi #Tea')[0]).toEqual({ value: 'tea', start: 3, end: 7 });
  });
});

describe('@mentions', () => {
  it('are usernames after @, not e-mail addresses', () => {
    expect(parseMentions('Thanks @AyeChan and @maya.sketches. Write to me@example.com')).toEqual([
      'ayechan',
      'maya.sketches',
    ]);
    expect(parseMentions('ကျေးဇူး @ayechan။ ขอบคุณ @somchai_th ค่ะ @ab')).toEqual(['ayechan', 'somchai_th']);
  });
});

describe('words', () => {
  it('finds Thai and Burmese words inside unspaced text', () => {
    expect(words('ข้าวซอยเชียงใหม่อร่อยที่สุด').map((w) => w.word)).toEqual(['ข้าว', 'ซอย', 'เชียงใหม่', 'อร่อย', 'ที่สุด']);
    // ICU's Burmese dictionary splits some names into syllables (ရန် ကုန်); queries are split the same way and
    // matched as a phrase, so they still meet.
    expect(words('ရန်ကုန်မြို့မှာမိုးရွာနေတယ်').map((w) => w.word)).toEqual(['ရန်', 'ကုန်', 'မြို့', 'မှာ', 'မိုးရွာ', 'နေ', 'တယ်']);
    expect(words('Hello, World! 2026').map((w) => w.word)).toEqual(['hello', 'world', '2026']);
  });
});

describe('language of a text', () => {
  it('is the script with the most letters', () => {
    expect(languageOf('မင်္ဂလာပါ Inkwell')).toBe('my');
    expect(languageOf('สวัสดีครับ hello')).toBe('th');
    expect(languageOf('Good morning, Yangon')).toBe('en');
    expect(languageOf('こんにちは')).toBe('other');
    expect(languageOf('123 !!')).toBe('other');
  });
});
