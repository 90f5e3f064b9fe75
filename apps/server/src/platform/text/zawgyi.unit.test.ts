import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isZawgyi, toUnicode } from './zawgyi';

/*
 * Real sentences: a few typed here (news, chat, names), and the two parallel corpora myanmar-tools ships (a
 * government news page and the Universal Declaration of Human Rights, each in Zawgyi and in Unicode).
 */
const PAIRS: [zawgyi: string, unicode: string][] = [
  ['မဂၤလာပါ', 'မင်္ဂလာပါ'],
  ['ေက်းဇူးတင္ပါတယ္', 'ကျေးဇူးတင်ပါတယ်'],
  ['ဘယ္လိုလဲ ေနေကာင္းလား', 'ဘယ်လိုလဲ နေကောင်းလား'],
  ['ရန္ကုန္ၿမိဳ႕မွာ မိုးရြာေနတယ္', 'ရန်ကုန်မြို့မှာ မိုးရွာနေတယ်'],
  [
    'စကားေျပာၾကားၿပီး ဆန္၊ ဆီ၊ ေဆး၀ါး၊ စားေသာက္ကုန္၊ အ၀တ္အထည္ႏွင့္ ေထာက္ပံ့ေငြ မ်ားကို ေပးအပ္သည္။',
    'စကားပြောကြားပြီး ဆန်၊ ဆီ၊ ဆေးဝါး၊ စားသောက်ကုန်၊ အဝတ်အထည်နှင့် ထောက်ပံ့ငွေ များကို ပေးအပ်သည်။',
  ],
];

/** Unicode a careless detector would take for Zawgyi: short words, stacked letters, mixed scripts. */
const UNICODE_ONLY = [
  'မြန်မာ',
  'ကို',
  'သူ',
  'မင်္ဂလာပါ Inkwell!',
  'နေ့လယ်စာ စားပြီးပြီလား',
  'ဗုဒ္ဓ',
  'ပုဂ္ဂိုလ်',
  'ရန်ကုန်မြို့ #ရန်ကုန် @ayechan',
  'ကျေးဇူးတင်ပါတယ် 🙏',
  'အင်္ဂလိပ်',
  // The model alone takes these for Zawgyi (0.93 to 0.99).
  'မိုးရွာ',
  'ရွာ',
  'မေတ္တာ',
  'ယခုအခါ',
  'လူ၏',
];

const corpus = (zawgyiFile: string, unicodeFile: string): [string, string][] => {
  const dir = path.join(path.dirname(createRequire(import.meta.url).resolve('myanmar-tools')), 'resources');
  const zawgyi = fs.readFileSync(path.join(dir, zawgyiFile), 'utf8').split('\n');
  const unicode = fs.readFileSync(path.join(dir, unicodeFile), 'utf8').split('\n');
  return zawgyi.map((z, i): [string, string] => [z, unicode[i]!]).filter(([z]) => /[\u1000-\u109f]/.test(z));
};

describe('Zawgyi to Unicode', () => {
  it('converts typed Zawgyi sentences to the Unicode a reader expects', () => {
    for (const [zawgyi, unicode] of PAIRS) {
      expect(isZawgyi(zawgyi), zawgyi).toBe(true);
      expect(toUnicode(zawgyi)).toEqual({ text: unicode.normalize('NFC'), zawgyi: true });
    }
  });

  it('never converts Unicode Burmese, nor text without Burmese', () => {
    for (const text of [...UNICODE_ONLY, ...PAIRS.map(([, u]) => u), 'Hello', 'ข้าวซอยเชียงใหม่', '']) {
      expect(isZawgyi(text), text).toBe(false);
      expect(toUnicode(text)).toEqual({ text: text.normalize('NFC'), zawgyi: false });
    }
  });

  it('detects every line of two parallel corpora and takes none of their Unicode for Zawgyi', () => {
    const pairs = [
      ...corpus('mmgov_zawgyi_src.txt', 'mmgov_unicode_out.txt'),
      ...corpus('udhr_mya_zawgyi_out.txt', 'udhr_mya_unicode_src.txt'),
    ];
    expect(pairs.length).toBeGreaterThan(150);
    let same = 0;
    let detected = 0;
    for (const [zawgyi, unicode] of pairs) {
      if (isZawgyi(zawgyi)) detected += 1;
      expect(isZawgyi(unicode), unicode).toBe(false);
      // Both ways of writing the line are stored alike (the corpus types ၀ for ဝ too).
      if (toUnicode(zawgyi).text === toUnicode(unicode).text) same += 1;
    }
    // Two lines of the declaration are left as written (below), two differ from its hand-made Unicode in a
    // spelling the converter cannot know.
    expect(same).toBeGreaterThanOrEqual(pairs.length - 4);
    // Two short lines of the declaration show no spelling Unicode cannot have: left as written.
    expect(detected).toBeGreaterThanOrEqual(pairs.length - 2);
  });

  it('reads the digit zero typed for the letter wa as wa, inside words only', () => {
    expect(toUnicode('ဆေး၀ါး').text).toBe('ဆေးဝါး');
    expect(toUnicode('၀င်ပါ').text).toBe('ဝင်ပါ');
    for (const number of ['၁၀', '၂၀၂၆', '၀', '၀ ခု']) expect(toUnicode(number).text).toBe(number);
  });

  it('composes to NFC whatever the script', () => {
    expect(toUnicode('Cafe\u0301').text).toBe('Café');
    expect(toUnicode('\u0e01\u0e4d\u0e32').text).toBe('\u0e01\u0e4d\u0e32'.normalize('NFC'));
  });
});
