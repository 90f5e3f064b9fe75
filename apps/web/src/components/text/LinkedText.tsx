import type { Mention } from '@inkwell/contracts';
import { Anchor } from '@mantine/core';
import { useMemo, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { linkParts } from './linkify';

export interface LinkedProps {
  mentions: readonly Mention[];
  /** The tags to link (a post's), or `'any'` (a comment's: it names none). */
  tags: readonly string[] | 'any';
}

/** Plain text (a status, a caption, a comment) with its #tags and @mentions as links. */
export function LinkedText({ text, mentions, tags }: LinkedProps & { text: string }) {
  const parts = useMemo(() => linkParts(text, mentions, tags), [text, mentions, tags]);
  return (
    <>
      {parts.map((part, i) =>
        typeof part === 'string' ? (
          part
        ) : (
          <Anchor key={i} component={Link} to={part.to}>
            {part.text}
          </Anchor>
        ),
      )}
    </>
  );
}

/** Marks the links made here, so a click on one is the router's and any other link in the article stays the browser's. */
const MADE = 'data-inkwell-link';

/**
 * An article's HTML with the #tags and @mentions of its text nodes as links (none inside a link, code or a
 * preformatted block). Parsed in an inert `<template>` (nothing loads or runs) and written back: the elements and
 * attributes are those the server's allow-list kept, and the new text is set as text, never as HTML.
 */
function linkHtml(html: string, props: LinkedProps): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  const walker = document.createTreeWalker(template.content, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  while (walker.nextNode()) nodes.push(walker.currentNode as Text);
  for (const node of nodes) {
    if (!/[#@]/.test(node.data) || node.parentElement?.closest('a, code, pre')) continue;
    const parts = linkParts(node.data, props.mentions, props.tags);
    if (parts.every((part) => typeof part === 'string')) continue;
    const fragment = document.createDocumentFragment();
    for (const part of parts) {
      if (typeof part === 'string') {
        fragment.append(part);
        continue;
      }
      const a = document.createElement('a');
      a.href = part.to;
      a.setAttribute(MADE, '');
      a.textContent = part.text;
      fragment.append(a);
    }
    node.replaceWith(fragment);
  }
  return template.innerHTML;
}

/** An article's body (sanitised on the server when saved) with its tags and mentions linked. */
export function LinkedHtml({ html, mentions, tags }: LinkedProps & { html: string }) {
  const navigate = useNavigate();
  const linked = useMemo(() => linkHtml(html, { mentions, tags }), [html, mentions, tags]);
  // The links are the article's own markup, not the router's: a plain click on one of ours goes through the router
  // (no reload), a click with a modifier opens a tab as any link does.
  const follow = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest(`a[${MADE}]`);
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(link.getAttribute('href')!);
  };
  return <div onClick={follow} dangerouslySetInnerHTML={{ __html: linked }} />;
}
