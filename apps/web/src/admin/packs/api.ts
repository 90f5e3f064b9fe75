import { discoveryApi } from '@inkwell/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';

export const ADMIN_PACKS_KEY = ['admin', 'packs'] as const;

/** Every starter pack, featured first, then newest: a page at a time. */
export const useAdminPacks = (page: number) =>
  useQuery({
    queryKey: [...ADMIN_PACKS_KEY, page],
    queryFn: () => call(discoveryApi.packs, { query: { page } }),
    placeholderData: keepPreviousData,
  });

/** What the readers' lists of packs show changes too: Explore's starter packs and the packs' own pages. */
function useRefreshPacks() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: ADMIN_PACKS_KEY });
    void client.invalidateQueries({ queryKey: ['discovery'] });
  };
}

export function useFeaturePack() {
  const refresh = useRefreshPacks();
  return useMutation({
    mutationFn: ({ id, featured }: { id: number; featured: boolean }) =>
      call(discoveryApi.featurePack, { params: { id }, body: { featured } }),
    onSuccess: refresh,
  });
}

export function useAdminRemovePack() {
  const refresh = useRefreshPacks();
  return useMutation({
    mutationFn: (id: number) => call(discoveryApi.removePack, { params: { id } }),
    onSuccess: refresh,
  });
}
