/*
 * Muted words become one regular expression, matched by PostgreSQL against each post a feed lists. Its cost per
 * row grows with the expression's states, and a hundred words written one after another repeat every prefix
 * they share ("election", "elections", "elected"; Burmese words that begin with the same consonant and vowel):
 * the flat alternation of a hundred words sharing one prefix cost 35 µs a row, the same words as a trie 4 µs
 * (issue 28's closing note). So the words are merged into a trie first, the way regexp-opt and Regexp::Trie do.
 */

/** PostgreSQL's regular-expression metacharacters: each is matched as itself once backslashed. */
const METACHARACTER = /[.^$*+?()[\]{}|\\-]/g;

const escape = (ch: string) => ch.replace(METACHARACTER, '\\$&');

interface Node {
  /** A word ends here: any text holding this prefix holds that word, so what follows needs no matching. */
  end: boolean;
  next: Map<string, Node>;
}

const emit = (node: Node): string => {
  if (node.end) return '';
  const branches = [...node.next].map(([ch, child]) => escape(ch) + emit(child));
  return branches.length === 1 ? branches[0]! : `(?:${branches.join('|')})`;
};

/**
 * The expression that finds any of `needles` (already lower case and NFC) anywhere in a text, or null for none.
 * Characters are code points, so a Burmese or Thai word is matched as written, inside unspaced text too.
 */
export function mutedPattern(needles: string[]): string | null {
  const root: Node = { end: false, next: new Map() };
  for (const needle of needles) {
    if (!needle) continue;
    let node = root;
    for (const ch of needle) {
      let child = node.next.get(ch);
      if (!child) {
        child = { end: false, next: new Map() };
        node.next.set(ch, child);
      }
      node = child;
    }
    node.end = true;
  }
  return root.next.size ? emit(root) : null;
}
