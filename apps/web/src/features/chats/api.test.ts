import type { ChatMessage } from '@inkwell/contracts';
import { describe, expect, it } from 'vitest';
import { mergeMessages } from './api';

const message = (id: number, text = `m${id}`): ChatMessage => ({
  id,
  room_id: 1,
  from: 1,
  from_name: 'Aye',
  from_profile_url: null,
  message: text,
  image: null,
  date: '2026-11-24T00:00:00.000Z',
  is_account: false,
});

describe('mergeMessages', () => {
  it('keeps one copy of each message, oldest first, whichever list brought it', () => {
    const older = [message(1), message(2)];
    const page = [message(3), message(4)];
    // A live message that also came back as the send answer, and one that arrived before its page.
    const live = [message(5), message(4), message(5)];
    expect(mergeMessages(older, page, live).map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);
    expect(mergeMessages(live, older).map((m) => m.id)).toEqual([1, 2, 4, 5]);
  });
});
