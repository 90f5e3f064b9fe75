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
