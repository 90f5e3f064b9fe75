import { friendsApi, type Person } from '@inkwell/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { personKey } from '../users/api';
import { FRIENDS_KEY, friendListQuery } from './queries';

export { FRIENDS_KEY };

/** My friends (`friends`) or the people whose request waits for me (`requests`), page by page. */
export function useFriendList(kind: 'friends' | 'requests') {
  return useInfiniteQuery(friendListQuery(kind));
}

export type FriendAction = 'add' | 'accept' | 'remove';

/** One friend action; the answer carries where the two stand now, which every view of the person takes. */
export function useFriendAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, person }: { action: FriendAction; person: Pick<Person, 'id'> }) =>
      call(friendsApi[action], { body: { friend_id: person.id } }),
    onSuccess: (res) => {
      client.setQueryData(personKey(res.data.id), { data: res.data });
      void client.invalidateQueries({ queryKey: FRIENDS_KEY });
    },
    // Spec §8: friend errors are logged only. A refusal means the state moved elsewhere: show the current one.
    onError: (error, { person }) => {
      console.error('friend action failed', error);
      void client.invalidateQueries({ queryKey: personKey(person.id) });
      void client.invalidateQueries({ queryKey: FRIENDS_KEY });
    },
  });
}
