import { PRODUCT_NAME } from '@inkwell/contracts';

/** What a shared link's preview shows (Open Graph and Twitter cards), and what search engines index. */
export interface PageMeta {
  title: string;
  description: string;
  /** Absolute. */
  canonical: string;
  /** Absolute, or none. */
  image: string | null;
  /** What the image shows (og:image:alt, twitter:image:alt), when its writer described it. */
  imageAlt: string | null;
  type: 'article' | 'profile';
}

/** Text made safe inside an HTML attribute or element: every character that could end one is an entity. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Previews cut descriptions near here anyway; a word is not cut in half. */
const DESCRIPTION_CHARS = 200;

/** A description of at most {@link DESCRIPTION_CHARS} characters, ending on a word where there are words. */
export function shorten(text: string, max = DESCRIPTION_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  // Burmese and Thai run words together: without a space near the end, cut by length.
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}

/** An address as the world reaches it: uploads are stored as paths, S3 ones are absolute already. */
export function absolute(url: string | null, publicUrl: string): string | null {
  if (!url) return null;
  try {
    const resolved = new URL(url, publicUrl);
    return resolved.protocol === 'http:' || resolved.protocol === 'https:' ? resolved.href : null;
  } catch {
    return null;
  }
}

function tags(meta: PageMeta): string {
  const title = `${meta.title} · ${PRODUCT_NAME}`;
  const lines: [string, string, string][] = [
    ['name', 'description', meta.description],
    ['property', 'og:site_name', PRODUCT_NAME],
    ['property', 'og:type', meta.type],
    ['property', 'og:title', meta.title],
    ['property', 'og:description', meta.description],
    ['property', 'og:url', meta.canonical],
    ['name', 'twitter:card', meta.image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', meta.title],
    ['name', 'twitter:description', meta.description],
  ];
  if (meta.image) lines.push(['property', 'og:image', meta.image], ['name', 'twitter:image', meta.image]);
  if (meta.image && meta.imageAlt) {
    lines.push(['property', 'og:image:alt', meta.imageAlt], ['name', 'twitter:image:alt', meta.imageAlt]);
  }
  return [
    `<title>${escapeHtml(title)}</title>`,
    `<link rel="canonical" href="${escapeHtml(meta.canonical)}" />`,
    ...lines.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`),
  ].join('\n    ');
}

const TITLE = /<title>[\s\S]*?<\/title>/;
const DESCRIPTION = /<meta\s+name="description"[^>]*>/;

/**
 * The web app's index.html with the page's own title and preview tags in place of the generic ones. Only the
 * head's title and description change: the inline scripts stay byte for byte, so their CSP hashes hold.
 */
export function renderPage(indexHtml: string, meta: PageMeta): string {
  const withoutDescription = indexHtml.replace(DESCRIPTION, '');
  // A function as the replacement: `$` in a title must not be read as a back-reference.
  return withoutDescription.replace(TITLE, () => tags(meta));
}
