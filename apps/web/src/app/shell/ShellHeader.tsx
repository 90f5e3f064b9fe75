import { Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LogoLink } from '../../components/LogoLink';

// The suggestions (and their words) load with the first keystroke in the box: a visit that never searches never
// downloads them, and the box itself stays the same element throughout (a phone's keyboard stays up).
const Suggestions = lazy(() => import('./searchDoor').then((door) => door.loadHeaderSuggestions()));

/** Logo, name and the keyword search box, which suggests as one types and opens the search page on Enter. */
export function ShellHeader() {
  const [params] = useSearchParams();
  // A new query in the address (back/forward) starts the box afresh.
  return <HeaderBar key={params.get('q') ?? ''} />;
}

function HeaderBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [q, setQ] = useState(params.get('q') ?? '');
  const input = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = q.trim();
    if (query) void navigate(`/search?q=${encodeURIComponent(query)}`);
  };

  return (
    <Group h="100%" px="md" gap="md" justify="space-between" wrap="nowrap">
      <LogoLink to="/home" label={t('nav.home')} />
      <form role="search" onSubmit={submit} style={{ flex: 1, maxWidth: 420, position: 'relative' }}>
        <TextInput
          ref={input}
          value={q}
          onChange={(e) => {
            setQ(e.currentTarget.value);
            setTyped(true);
          }}
          placeholder={t('header.search_placeholder')}
          aria-label={t('header.search_label')}
          leftSection={<IconSearch size={18} />}
          radius="xl"
          size="sm"
          type="search"
        />
        {typed && (
          <Suspense>
            <Suggestions input={input} q={q} />
          </Suspense>
        )}
      </form>
    </Group>
  );
}
