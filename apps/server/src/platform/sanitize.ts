import sanitizeHtml from 'sanitize-html';

/**
 * Article HTML from the rich-text editor, allow-listed: structure and emphasis, links to http(s) and
 * mailto with `rel="nofollow noopener ugc"`. No scripts, styles, event handlers, images or `javascript:`.
 */
export function sanitizeArticle(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      'p',
      'br',
      'strong',
      'b',
      'em',
      'i',
      's',
      'u',
      'h2',
      'h3',
      'h4',
      'blockquote',
      'ul',
      'ol',
      'li',
      'a',
      'code',
      'pre',
      'hr',
    ],
    allowedAttributes: { a: ['href', 'rel', 'target'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: { ...(attribs.href ? { href: attribs.href } : {}), rel: 'nofollow noopener ugc', target: '_blank' },
      }),
    },
  });
}

/** The words of some HTML, without tags (for search and excerpts). */
export function plainText(html: string): string {
  // Block ends and line breaks separate words once the tags are gone.
  const spaced = html.replace(/<\/(p|h[1-6]|li|blockquote|pre|div)>|<br\s*\/?>/gi, '$& ');
  return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first `count` words (splitting on spaces; text without spaces is cut by length instead). */
export function firstWords(text: string, count: number): string {
  const words = text.split(' ');
  if (words.length > count) return words.slice(0, count + 1).join(' ');
  return text.length > count * 12 ? text.slice(0, count * 12) : text;
}

/** Words a members-only post's teaser shows at most. */
export const TEASER_WORDS = 50;
const wordSegmenter = new Intl.Segmenter(undefined, { granularity: 'word' });

/**
 * A members-only post's teaser for whoever may not read it: its first paragraph, at most 50 words and at most
 * half of the text's words (so a short status is never shown whole). Words as ICU finds them, so Burmese and
 * Thai written without spaces are cut between words, not in the middle of one.
 */
export function teaser(content: string | null, html: boolean): string | null {
  if (!content) return null;
  const firstBlock = html
    ? (/<(p|h[1-6]|li|blockquote)[^>]*>([\s\S]*?)<\/\1>/i.exec(content)?.[0] ?? content)
    : content;
  const paragraph = (html ? plainText(firstBlock) : content.split(/\n\s*\n/)[0]!).trim();
  const words = (text: string) => [...wordSegmenter.segment(text)].filter((s) => s.isWordLike).length;
  const limit = Math.min(TEASER_WORDS, Math.floor(words(html ? plainText(content) : content) / 2));
  let seen = 0;
  let end = 0;
  for (const s of wordSegmenter.segment(paragraph)) {
    if (s.isWordLike) {
      if (seen === limit) break;
      seen += 1;
    }
    end = s.index + s.segment.length;
  }
  const cut = paragraph.slice(0, end).trimEnd();
  return cut.length < paragraph.length ? `${cut}…` : cut;
}
