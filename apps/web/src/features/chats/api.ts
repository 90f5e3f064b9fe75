import { chatsApi, type ChatMessage, type ChatRoomSummary, type CreateChatBody, type Paged } from '@inkwell/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { call, errorMessage } from '../../api/client';
import { alert } from '../../lib/alerts';
import { CHATS_KEY, chatRoomsQuery } from './queries';

export { CHATS_KEY };
export const UNREAD_CHATS_KEY = [...CHATS_KEY, 'unread'] as const;

export function useChatRooms() {
  return useInfiniteQuery(chatRoomsQuery());
}

/** Unread chat messages over all rooms: the Chats badge. */
export const useUnreadChats = (enabled: boolean) =>
  useQuery({
    queryKey: UNREAD_CHATS_KEY,
    queryFn: () => call(chatsApi.unread),
    enabled,
    staleTime: 60_000,
  });

/** A chat that could not be opened (someone unavailable, or a block between us), said where it was asked for. */
export const sayRefusal = (error: unknown): void => alert('danger', errorMessage(error));

/** Opens (or finds) a chat and goes to it. */
export function useOpenChat() {
  const navigate = useNavigate();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateChatBody) => call(chatsApi.create, { body }),
    onSuccess: ({ roomId }) => {
      void client.invalidateQueries({ queryKey: [...CHATS_KEY, 'rooms'] });
      void navigate(`/chats/${roomId}`);
    },
  });
}

export const roomKey = (roomId: number) => [...CHATS_KEY, 'room', roomId] as const;

/** The room's newest page: its people, account and page count, and the messages it starts with. */
export const useRoomFirstPage = (roomId: number) =>
  useQuery({
    queryKey: roomKey(roomId),
    queryFn: () => call(chatsApi.room, { params: { roomId } }),
    enabled: Number.isInteger(roomId) && roomId > 0,
    retry: false,
    // The room's screen keeps its own list once open; a revisit starts from the newest page again.
    gcTime: 0,
  });

export const fetchOlderPage = (roomId: number, page: number, before: number) =>
  call(chatsApi.room, { params: { roomId }, query: { page, before } });

export const fetchMissed = (roomId: number, after: number) =>
  call(chatsApi.missed, { params: { roomId }, query: { after } });

export function useSendMessage(roomId: number) {
  return useMutation({
    mutationFn: (body: { message: string | null; image: string | null }) =>
      call(chatsApi.send, { params: { roomId }, body }),
  });
}

export function useMarkRead(roomId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(chatsApi.read, { params: { roomId } }),
    onSuccess: ({ unread_count }) => {
      client.setQueryData(UNREAD_CHATS_KEY, { unread_count });
      client.setQueriesData<{ pages: Paged<ChatRoomSummary>[] }>({ queryKey: [...CHATS_KEY, 'rooms'] }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((p) => ({
                ...p,
                data: p.data.map((r) => (r.roomId === roomId ? { ...r, unread: 0 } : r)),
              })),
            }
          : data,
      );
    },
  });
}

/** Messages merged by id, oldest first: live ones, sent ones and fetched pages may overlap. */
export function mergeMessages(...lists: ChatMessage[][]): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const list of lists) for (const m of list) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}
