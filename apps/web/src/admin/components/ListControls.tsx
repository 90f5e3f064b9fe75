import { Anchor, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowLeft, IconSearch } from '@tabler/icons-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

export type StatusFilter = 'pending' | null;

/** What an empty table says, by why it is empty (a search, the pending filter, or nothing yet). */
export function emptyKeys(area: 'organizations' | 'accounts', q: string, pending: boolean) {
  const kind = q ? 'empty_search' : pending ? 'empty_pending' : 'empty';
  return { title: `admin.${area}.${kind}_title`, body: `admin.${area}.${kind}_body` };
}

/**
 * The table's page, approval filter and search words, kept in the address so a reload, the back button or a
 * shared link shows the same rows. A new filter or search starts again at page 1.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const status: StatusFilter = params.get('status') === 'pending' ? 'pending' : null;
  const q = (params.get('q') ?? '').trim();
  const change = (next: { page?: number; status?: StatusFilter; q?: string }) =>
    setParams((previous) => {
      const out = new URLSearchParams(previous);
      const set = (key: string, value: string | null) => (value ? out.set(key, value) : out.delete(key));
      if (next.status !== undefined) set('status', next.status);
      if (next.q !== undefined) set('q', next.q.trim());
      const nextPage = next.page ?? 1;
      set('page', nextPage > 1 ? String(nextPage) : null);
      return out;
    });
  return {
    page,
    status,
    q,
    setPage: (n: number) => change({ page: n }),
    setStatus: (s: StatusFilter) => change({ status: s }),
    setQuery: (words: string) => change({ q: words }),
  };
}

/** A search box (Enter runs it) and the All / Pending filter above an admin table. */
export function ListControls({
  searchLabel,
  status,
  q,
  onStatus,
  onSearch,
}: {
  searchLabel: string;
  status: StatusFilter;
  q: string;
  onStatus: (status: StatusFilter) => void;
  onSearch: (q: string) => void;
}) {
  const { t } = useTranslation();
  const filterId = useId();
  const [draft, setDraft] = useState(q);
  // The words in the address changed (back button, cleared search): the box shows them.
  const [shown, setShown] = useState(q);
  if (shown !== q) {
    setShown(q);
    setDraft(q);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft);
  };

  return (
    <Group align="flex-end" wrap="wrap" gap="md" mb="md">
      <Group
        component="form"
        role="search"
        onSubmit={submit}
        align="flex-end"
        gap="xs"
        wrap="nowrap"
        style={{ flex: '1 1 18rem' }}
      >
        <TextInput
          type="search"
          label={searchLabel}
          placeholder={t('admin.organizations.search_placeholder')}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
          maxLength={100}
          size="md"
          style={{ flex: 1 }}
        />
        <Button type="submit" variant="light" size="md" h={44}>
          {t('admin.common.search')}
        </Button>
      </Group>
      <Stack gap={4}>
        <Text component="span" id={filterId} size="sm" fw={500}>
          {t('admin.organizations.filter_label')}
        </Text>
        <SegmentedControl
          aria-labelledby={filterId}
          value={status ?? 'all'}
          onChange={(value) => onStatus(value === 'pending' ? 'pending' : null)}
          data={[
            { value: 'all', label: t('admin.organizations.filter_all') },
            { value: 'pending', label: t('admin.organizations.filter_pending') },
          ]}
          styles={{ label: { minHeight: 36, display: 'flex', alignItems: 'center', justifyContent: 'center' } }}
        />
      </Stack>
    </Group>
  );
}
/** Back to the table, as a link a keyboard reaches first. */
export function BackToList({ to, label }: { to: string; label: string }) {
  return (
    <Anchor
      component={Link}
      to={to}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4, minHeight: 44 }}
      mb="sm"
    >
      <IconArrowLeft size={16} aria-hidden />
      {label}
    </Anchor>
  );
}
