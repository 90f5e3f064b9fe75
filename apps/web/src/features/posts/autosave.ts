import { postsApi, type Post, type PostType } from '@inkwell/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { call } from '../../api/client';
import { useLatest } from '../../lib/useLatest';
import type { PostDraft } from './draft';
import { payloadOf } from './PostEditor';
import { DRAFTS_KEY } from './queries';

/** How long after the last keystroke a draft is saved. */
export const AUTOSAVE_MS = 2500;

/** `kept`: a draft opened as it was saved before (no time shown: the server draws this page, in its own zone). */
export type SaveState =
  { phase: 'idle' } | { phase: 'kept' } | { phase: 'saving' } | { phase: 'saved'; at: number } | { phase: 'failed' };

export interface Composing {
  accountId: number;
  type: PostType;
  draft: PostDraft;
}

/** What a save sends: the type's fields and the audience, as the composer holds them. */
const bodyOf = ({ type, draft }: Composing) => ({ ...payloadOf(type, draft), min_tier_id: draft.min_tier_id });

/** Nothing written or picked yet: no draft to keep. */
const isBlank = ({ draft }: Composing) =>
  !draft.title.trim() && !draft.content.trim() && !draft.url && !draft.featured_photo_url && draft.photos.length === 0;

const fingerprint = (c: Composing) => JSON.stringify([c.accountId, c.type, bodyOf(c)]);

/**
 * Keeps what is being composed as a draft on the server: saved a few seconds after typing stops, and at once when
 * the page is hidden, closed or left, so it opens on another device where it was left (`/compose?draft=<slug>`).
 * A draft's account and type are its own: choosing another makes a new draft and deletes the old one. Saves run
 * one at a time, the latest words last.
 */
export function useAutosave(composing: Composing, resumed: Post | null) {
  const client = useQueryClient();
  const [, setParams] = useSearchParams();
  const [state, setState] = useState<SaveState>(resumed ? { phase: 'kept' } : { phase: 'idle' });
  const latest = useLatest(composing);
  const saved = useRef<Post | null>(resumed);
  const [resumedPrint] = useState(() => (resumed ? fingerprint(composing) : ''));
  const savedPrint = useRef(resumedPrint);
  const running = useRef<Promise<unknown>>(Promise.resolve());
  // Once published (or sent to its schedule), nothing is saved again: a late save would be an edit.
  const finished = useRef(false);

  const save = useCallback(
    (keepalive = false): Promise<Post | null> => {
      const run = running.current.then(async () => {
        const now = latest.current;
        const print = fingerprint(now);
        if (finished.current || print === savedPrint.current || (isBlank(now) && !saved.current)) {
          return saved.current;
        }
        setState({ phase: 'saving' });
        try {
          const current = saved.current;
          const post =
            current && current.account_id === now.accountId && current.type === now.type
              ? (await call(postsApi.update, { params: { id: current.id }, body: bodyOf(now), keepalive })).data
              : (
                  await call(postsApi.create, {
                    body: { account_id: now.accountId, type: now.type, status: 'draft', ...bodyOf(now) },
                    keepalive,
                  })
                ).data;
          if (current && current.id !== post.id)
            void call(postsApi.remove, { params: { id: current.id } }).catch(() => {});
          saved.current = post;
          savedPrint.current = print;
          setState({ phase: 'saved', at: Date.now() });
          if (!keepalive) {
            setParams(
              (params) => {
                params.set('draft', post.slug);
                return params;
              },
              { replace: true },
            );
            void client.invalidateQueries({ queryKey: DRAFTS_KEY });
          }
          return post;
        } catch {
          setState({ phase: 'failed' });
          return saved.current;
        }
      });
      running.current = run.catch(() => undefined);
      return run;
    },
    [client, setParams, latest],
  );

  // A few seconds after the last change.
  const print = fingerprint(composing);
  useEffect(() => {
    if (print === savedPrint.current) return;
    const timer = setTimeout(() => void save(), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [print, save]);

  // Hidden (a phone switching apps), closed, or left for another screen: now, and sent even as the page goes.
  useEffect(() => {
    const flush = () => void save(true);
    const hidden = () => document.visibilityState === 'hidden' && flush();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', hidden);
      flush();
    };
  }, [save]);

  return {
    state,
    /** Saves what is there now (before publishing): the draft, or null when nothing was written. */
    saveNow: () => save(),
    /** Published or scheduled: the composer is done with this draft. */
    finish: () => {
      finished.current = true;
    },
  };
}
