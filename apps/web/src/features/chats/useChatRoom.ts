import { chatRoomChannel, type ChatMessage } from '@inkwell/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLatest } from '../../lib/useLatest';
import { ApiError } from '../../api/client';
import { retryDelay, useChannel } from '../../api/realtime';
import { fetchMissed, fetchOlderPage, mergeMessages, useMarkRead, useRoomFirstPage } from './api';

/** How many catch-up calls a reconnect makes at most (100 messages each) before it settles for the newest. */
const MAX_CATCH_UP_CALLS = 10;
/** Catching up is tried again this many times while the network is not back. */
const CATCH_UP_RETRIES = 6;

/**
 * One open room: the newest page first, earlier pages on request (counted from the newest message seen at
 * opening, so messages arriving meanwhile shift nothing), messages appended live from the room's channel and
 * from my own sends, what was missed fetched after a lost connection, and the room marked read as I see it.
 */
export function useChatRoom(roomId: number) {
  const first = useRoomFirstPage(roomId);
  const [older, setOlder] = useState<ChatMessage[]>([]);
  const [live, setLive] = useState<ChatMessage[]>([]);
  const [loadedPages, setLoadedPages] = useState(1);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [olderError, setOlderError] = useState<unknown>(null);
  const markRead = useMarkRead(roomId);
  const { mutate: markReadNow } = markRead;

  const firstMessages = first.data?.data.messages;
  const totalPages = first.data?.data.total_pages ?? 1;
  /** Pages before this id: the newest message when the room opened (exclusive bound, so +1). */
  const anchor = useMemo(() => (firstMessages?.length ? firstMessages.at(-1)!.id + 1 : undefined), [firstMessages]);

  const messages = useMemo(() => mergeMessages(older, firstMessages ?? [], live), [older, firstMessages, live]);
  const newestId = messages.at(-1)?.id ?? 0;
  const newest = useLatest(newestId);

  // Opening the room reads it (the badge and the list follow the answer).
  useEffect(() => {
    if (first.isSuccess) markReadNow();
  }, [first.isSuccess, roomId, markReadNow]);

  const append = useCallback(
    (incoming: ChatMessage[]) => {
      const mine = incoming.filter((m) => m.room_id === roomId);
      if (mine.length) setLive((current) => mergeMessages(current, mine));
    },
    [roomId],
  );

  // Once the room's channel is joined (at first, and after a lost connection): fetch what came before the join
  // that the channel could not deliver, trying again while the network is not back yet.
  const catchUp = useCallback(async () => {
    for (let attempt = 0; attempt <= CATCH_UP_RETRIES; attempt++) {
      try {
        let after = newest.current;
        for (let call = 0; call < MAX_CATCH_UP_CALLS; call++) {
          const missed = await fetchMissed(roomId, after);
          append(missed.data);
          if (missed.data.length) after = missed.data.at(-1)!.id;
          if (!missed.has_more) break;
        }
        markReadNow();
        return;
      } catch (err) {
        // A refusal will not change by asking again; a lost network may.
        if (err instanceof ApiError && err.status >= 400 && err.status < 500) return;
        await new Promise((resolve) => setTimeout(resolve, retryDelay(attempt)));
      }
    }
  }, [roomId, newest, append, markReadNow]);

  useChannel(
    first.isSuccess ? chatRoomChannel(roomId) : null,
    'ChatMessageSent',
    ({ chatMessage }) => {
      append(Array.isArray(chatMessage) ? chatMessage : [chatMessage]);
      // I am looking at the room: what arrives is read.
      if (document.visibilityState === 'visible') markReadNow();
    },
    () => void catchUp(),
    { live: true },
  );

  const hasOlder = loadedPages < totalPages && anchor !== undefined;
  const loadOlder = useCallback(async () => {
    if (!hasOlder || loadingOlder || anchor === undefined) return;
    setLoadingOlder(true);
    setOlderError(null);
    try {
      const next = loadedPages + 1;
      const page = await fetchOlderPage(roomId, next, anchor);
      setOlder((current) => mergeMessages(page.data.messages, current));
      setLoadedPages(next);
    } catch (err) {
      setOlderError(err);
    } finally {
      setLoadingOlder(false);
    }
  }, [hasOlder, loadingOlder, anchor, loadedPages, roomId]);

  return {
    first,
    messages,
    append,
    hasOlder,
    loadOlder,
    loadingOlder,
    olderError,
    olderCount: older.length,
  };
}
