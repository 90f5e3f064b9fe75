import { PACK_ACCOUNTS_MAX, PRODUCT_NAME, type AccountHit, type PackBody } from '@inkwell/contracts';
import { Button, Group, MultiSelect, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { BackBar } from '../../components/BackBar';
import { confirmDelete } from '../../components/ConfirmDialog';
import { NotFound, isNotFound } from '../../components/NotFound';
import { PageLoader } from '../../components/PageLoader';
import { UserAvatar } from '../../components/UserAvatar';
import { alert } from '../../lib/alerts';
import { showServerErrors, useServerForm } from '../../lib/useServerForm';
import { useSuggestions } from '../search/api';
import { useCreatePackForm, useDeletePack, usePackPage, useUpdatePackForm } from './queries';
import { usePackMessages } from './messages';

type Chosen = Pick<AccountHit, 'id' | 'name' | 'username' | 'profile_url'>;

/** The server names a refused account by its place (`account_ids.3`): the message goes under the one field. */
const fieldOf = (field: string) => [field.startsWith('account_ids') ? 'account_ids' : field];

/** Making a starter pack (`/packs/new`) or changing one I may change (`/packs/:id/edit`). */
export function PackFormPage() {
  const { t } = useTranslation();
  const ready = usePackMessages();
  const id = Number(useParams().id);
  const editing = Number.isInteger(id) && id > 0;
  const pack = usePackPage(editing ? id : 0);

  useEffect(() => {
    if (ready) document.title = `${t(editing ? 'packs.edit_title' : 'packs.new')} · ${PRODUCT_NAME}`;
  }, [ready, editing, t]);

  if (!ready || (editing && pack.isPending)) return <PageLoader />;
  if (editing && (isNotFound(pack.error) || (pack.data && !pack.data.data.can_modify))) return <NotFound />;
  if (editing && pack.isError) return <Text c="red">{errorMessage(pack.error)}</Text>;
  const loaded = editing ? pack.data?.data : undefined;
  return (
    <PackForm
      key={loaded?.id ?? 'new'}
      id={loaded?.id}
      initial={{
        name: loaded?.name ?? '',
        description: loaded?.description ?? '',
        accounts: loaded?.accounts ?? [],
      }}
    />
  );
}

/** Every account chosen or offered, by id: a chip keeps its name after the search that found it moves on. */
type Known = Map<string, Chosen>;

/**
 * The accounts field: a search-as-you-type over accounts only (people and tags are no choice here), the chosen ones
 * as removable chips, at most PACK_ACCOUNTS_MAX.
 */
function AccountsPicker({
  value,
  onChange,
  known,
  error,
}: {
  value: string[];
  onChange: (value: string[], known: Known) => void;
  known: Known;
  error: ReactNode;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const suggestions = useSuggestions(q);
  const found = useMemo(() => suggestions.data?.data.accounts ?? [], [suggestions.data]);
  // The chosen ones stay among the options (a MultiSelect draws only pills it has options for).
  const options = useMemo(() => {
    const byId = new Map(known);
    for (const account of found) byId.set(String(account.id), account);
    const ids = [...new Set([...value, ...found.map((a) => String(a.id))])];
    return ids.flatMap((id) => {
      const account = byId.get(id);
      return account ? [{ value: id, label: account.name, account }] : [];
    });
  }, [value, found, known]);
  const full = value.length >= PACK_ACCOUNTS_MAX;
  return (
    <MultiSelect
      label={t('packs.fields.accounts')}
      description={
        full
          ? t('packs.fields.accounts_full', { max: PACK_ACCOUNTS_MAX })
          : t('packs.fields.accounts_hint', { n: value.length, max: PACK_ACCOUNTS_MAX })
      }
      placeholder={full ? undefined : t('packs.fields.accounts_placeholder')}
      leftSection={<IconSearch size={16} aria-hidden />}
      data={options}
      value={value}
      error={error}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched the words; filtering again here would hide Burmese names typed in Zawgyi.
      filter={({ options: all }) => all}
      maxValues={PACK_ACCOUNTS_MAX}
      hidePickedOptions
      nothingFoundMessage={q && suggestions.isSuccess ? t('packs.fields.accounts_none') : undefined}
      renderOption={({ option }) => {
        const account = options.find((o) => o.value === option.value)?.account;
        return (
          <Group gap="sm" wrap="nowrap">
            <UserAvatar url={account?.profile_url} name={option.label} size={32} />
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} lineClamp={1}>
                {option.label}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={1}>
                /a/{account?.username}
              </Text>
            </div>
          </Group>
        );
      }}
      onChange={(next) => {
        // Remember the names of the ones just picked, while the search that found them is still here.
        const remembered = new Map(known);
        for (const option of options) if (next.includes(option.value)) remembered.set(option.value, option.account);
        onChange(next, remembered);
        setSearch('');
      }}
    />
  );
}

function PackForm({
  id,
  initial,
}: {
  id: number | undefined;
  initial: { name: string; description: string; accounts: Chosen[] };
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreatePackForm();
  const update = useUpdatePackForm(id ?? 0);
  const remove = useDeletePack();
  const save = id ? update : create;
  const form = useServerForm({
    name: initial.name,
    description: initial.description,
    account_ids: initial.accounts.map((a) => String(a.id)),
  });
  const [known, setKnown] = useState<Known>(() => new Map(initial.accounts.map((a) => [String(a.id), a])));

  const submit = form.onSubmit((values) => {
    const body: PackBody = {
      name: values.name,
      description: values.description,
      account_ids: values.account_ids.map(Number),
    };
    save.mutate(body, {
      onSuccess: (answer) => {
        alert('success', t('packs.saved'));
        void navigate(`/packs/${answer.data.id}`);
      },
      onError: (error) => showServerErrors(form, error, fieldOf),
    });
  });

  const askDelete = () =>
    confirmDelete({
      title: t('packs.delete_title'),
      text: t('packs.delete_text', { name: initial.name }),
      onConfirm: () =>
        remove.mutate(id!, {
          onSuccess: () => {
            alert('success', t('packs.deleted'));
            void navigate('/profile/packs');
          },
          onError: (error) => alert('danger', errorMessage(error)),
        }),
    });

  return (
    <form onSubmit={submit} noValidate>
      <BackBar title={t(id ? 'packs.edit_title' : 'packs.new')} to={id ? `/packs/${id}` : '/profile/packs'} />
      <Stack gap="md" maw={640}>
        <TextInput label={t('packs.fields.name')} maxLength={80} required {...form.getInputProps('name')} />
        <Textarea
          label={t('packs.fields.description')}
          description={t('packs.fields.description_hint')}
          maxLength={500}
          autosize
          minRows={3}
          {...form.getInputProps('description')}
        />
        <AccountsPicker
          value={form.values.account_ids}
          known={known}
          error={form.errors.account_ids}
          onChange={(value, remembered) => {
            setKnown(remembered);
            form.setFieldValue('account_ids', value);
          }}
        />
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Button type="submit" loading={save.isPending} mih={44}>
            {t(id ? 'packs.save' : 'packs.create')}
          </Button>
          {id !== undefined && (
            <Button
              variant="light"
              color="red"
              mih={44}
              leftSection={<IconTrash size={18} />}
              loading={remove.isPending}
              onClick={askDelete}
            >
              {t('packs.delete')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
