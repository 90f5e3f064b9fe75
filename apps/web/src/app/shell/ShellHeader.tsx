import { Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LogoLink } from '../../components/LogoLink';

/** Logo, name and the keyword search box, which opens the search page. */
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = q.trim();
    if (query) void navigate(`/search?q=${encodeURIComponent(query)}`);
  };

  return (
    <Group h="100%" px="md" gap="md" justify="space-between" wrap="nowrap">
      <LogoLink to="/home" label={t('nav.home')} />
      <form role="search" onSubmit={submit} style={{ flex: 1, maxWidth: 420 }}>
        <TextInput
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          placeholder={t('header.search_placeholder')}
          aria-label={t('header.search_label')}
          leftSection={<IconSearch size={18} />}
          radius="xl"
          size="sm"
          type="search"
        />
      </form>
    </Group>
  );
}
