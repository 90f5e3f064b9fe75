import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { keepRenderedAnswers } from './renderedAnswers';

export const queryClient = new QueryClient({
  // Burmese typed in Zawgyi was stored as Unicode (the answer says `normalized`): every write's writer is told here,
  // once per write, whatever the form.
  mutationCache: new MutationCache({
    onSuccess: (answer) => {
      if ((answer as { normalized?: string[] } | undefined)?.normalized?.includes('zawgyi'))
        void import('../components/text/textDoors').then((doors) => doors.noticeZawgyi());
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Client errors will not fix themselves; network trouble may.
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
  },
});

// Before anything asks: a page the server rendered brought its answers (the router's loaders run on import).
if (typeof document !== 'undefined') keepRenderedAnswers(queryClient);
