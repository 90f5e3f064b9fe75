// A CommonJS package whose exports Node's ESM loader cannot name: read through its default export.
import myanmarTools from 'myanmar-tools';

const { ZawgyiConverter, ZawgyiDetector } = myanmarTools;

/*
 * Many phones in Myanmar still type Burmese in the Zawgyi encoding: the same code points as Unicode Burmese, in
 * another order and with other meanings. Stored as-is it reads as garbage to every Unicode reader and never
 * matches a Unicode search, so text is converted where it comes in.
 *
 * Detection is Google's myanmar-tools Markov model (pinned at 1.1.3: the 1.2.0 package was published without its
 * build), with its authors' threshold: above 0.95 the text is Zawgyi. On a word or two the model guesses (Unicode
 * မိုးရွာ scores 0.958, မေတ္တာ 0.99), so it must also show a spelling Unicode cannot have: a vowel sign ေ or the
 * medial ျ before its consonant, a virama ္ not followed by a consonant, or Zawgyi's stacked forms (U+1060–U+1097,
 * which Burmese in Unicode does not use). On the two parallel corpora myanmar-tools ships this converts 152 of 154
 * Zawgyi lines and no Unicode line, and 1 in 300 of their Unicode words on its own against 1 in 70 on the model
 * alone. A toss-up stays as written: converting real Unicode would damage it; a missed Zawgyi word is only as bad
 * as before.
 */
export const ZAWGYI_THRESHOLD = 0.95;

const CONSONANT = String.raw`\u1000-\u102a\u103f\u104e`;
/** A spelling only Zawgyi has (see above). */
const ZAWGYI_SPELLING = new RegExp(
  // eslint-disable-next-line no-misleading-character-class -- Burmese signs are matched one code point at a time, on purpose
  String.raw`(?:^|[^${CONSONANT}\u103b-\u103e\u1039\u1031])[\u1031\u103b]|\u1039(?![${CONSONANT}])|[\u1060-\u1097]`,
);

const detector = new ZawgyiDetector();
const converter = new ZawgyiConverter();
/** Any Myanmar-block letter (the model answers only for those). */
const MYANMAR = /[\u1000-\u109f]/;

export function isZawgyi(text: string): boolean {
  return MYANMAR.test(text) && ZAWGYI_SPELLING.test(text) && detector.getZawgyiProbability(text) > ZAWGYI_THRESHOLD;
}

/**
 * The digit zero (၀, U+1040) typed for the letter wa (ဝ, U+101D): they look alike, and Zawgyi keyboards (and many
 * Unicode typists) use one for the other. Inside a word, beside letters and no other digit, it is the letter;
 * otherwise ("၁၀", a lone "၀") a number is left alone. A search for ဆေးဝါး must find ဆေး၀ါး.
 */
const ZERO_AS_WA =
  /(?<![\u1040-\u1049])\u1040(?![\u1040-\u1049])(?:(?=[\u1000-\u103f\u104c-\u109f])|(?<=[\u1000-\u103f\u104c-\u109f]\u1040))/g;

const fixWa = (text: string) => (text.includes('\u1040') ? text.replace(ZERO_AS_WA, '\u101d') : text);

/** The text in Unicode and NFC, and whether it was Zawgyi. */
export function toUnicode(text: string): { text: string; zawgyi: boolean } {
  if (!isZawgyi(text)) return { text: fixWa(text.normalize('NFC')), zawgyi: false };
  return { text: fixWa(converter.zawgyiToUnicode(text).normalize('NFC')), zawgyi: true };
}
