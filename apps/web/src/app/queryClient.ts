import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { keepRenderedAnswers } from './renderedAnswers';

export const queryClient = new QueryClient({
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
