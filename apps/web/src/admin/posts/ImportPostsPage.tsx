import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_TYPES,
  type ImportPostsResult,
  type ImportType,
  type UserListItem,
} from '@inkwell/contracts';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Code,
  FileInput,
  Group,
  Loader,
  Radio,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCheck, IconFileImport, IconFileUpload, IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fieldErrors } from '../../api/client';
import { UserAvatar } from '../../components/UserAvatar';
import { UploadProgress } from '../../components/media/UploadProgress';
import { currentLocale } from '../../i18n';
import { numberFormat } from '../../lib/numbers';
import { ErrorAlert } from '../components/ErrorAlert';
import { useImportPosts, useUserAccounts, useUserSearch } from './api';

/** Mantine's input descriptions sit at line height 1.2, which clips Burmese stacked glyphs. */
const TALL_DESCRIPTION = { description: { lineHeight: 1.6 } };

const EXAMPLES: Record<ImportType, string> = {
  status: '[{ "content": "…", "created_at": "2024-05-01" }]',
  post: '[{ "title": "…", "content": "<p>…</p>", "created_at": "2024-05-01" }]',
};

/**
 * The spec's import screen: the type (status or post), a person found by name or e-mail (Enter runs the
 * search), one of their accounts, a JSON file, Import. The answer says how many posts came in and lists the
 * rows refused.
 */
export function ImportPostsPage() {
  const { t } = useTranslation();
  const [type, setType] = useState<ImportType>('status');
  const [user, setUser] = useState<UserListItem | null>(null);
  const [accountId, setAccountId] = useState<number | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [result, setResult] = useState<ImportPostsResult | null>(null);
  const accounts = useUserAccounts(user?.id);
  const upload = useImportPosts(setProgress);
  const errors = fieldErrors(upload.error);

  const accountList = accounts.data?.data ?? [];
  const ready = Boolean(user && accountId && file) && !upload.isPending;

  const pickUser = (person: UserListItem) => {
    setUser(person);
    setAccountId(null);
    setResult(null);
    upload.reset();
  };
  // The only account of the chosen person is chosen for them.
  if (accountId === null && accountList.length === 1) setAccountId(accountList[0]!.id);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!user || !accountId || !file) return;
    setResult(null);
    setProgress(0);
    upload.mutate({ type, userId: user.id, accountId, file }, { onSuccess: (answer) => setResult(answer) });
  };

  return (
    <Stack gap="lg" maw={760}>
      <Text c="dimmed">{t('admin.posts.import_intro')}</Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Select
            size="md"
            label={t('admin.posts.import_type')}
            data={IMPORT_TYPES.map((value) => ({ value, label: t(`admin.posts.import_types.${value}`) }))}
            value={type}
            allowDeselect={false}
            onChange={(value) => value && setType(value as ImportType)}
            error={errors.type}
          />

          <UserSearch user={user} onPick={pickUser} error={errors.user_id} />

          {user && (
            <Stack gap="xs">
              <ErrorAlert error={accounts.error} />
              {accounts.isPending ? (
                <Loader size="sm" aria-label={t('admin.common.loading')} />
              ) : accountList.length === 0 ? (
                <Alert color="yellow">{t('admin.posts.account_none', { name: user.name })}</Alert>
              ) : (
                <Select
                  size="md"
                  label={t('admin.posts.account_label')}
                  placeholder={t('admin.posts.account_placeholder')}
                  data={accountList.map((a) => ({
                    value: String(a.id),
                    label:
                      a.approved_status === 'approved' && a.published_status === 'published'
                        ? `${a.name} (@${a.username})`
                        : `${a.name} (@${a.username}) — ${t('admin.posts.account_hidden')}`,
                  }))}
                  value={accountId ? String(accountId) : null}
                  onChange={(value) => setAccountId(value ? Number(value) : null)}
                  error={errors.account_id}
                />
              )}
            </Stack>
          )}

          <ImportFileField
            type={type}
            file={file}
            onFile={(chosen) => {
              setFile(chosen);
              setResult(null);
              upload.reset();
            }}
            error={errors.file}
          />

          {upload.isPending &&
            (progress < 100 ? (
              <UploadProgress progress={progress} />
            ) : (
              <Group gap="sm" role="status">
                <Loader size="sm" />
                <Text size="sm">{t('admin.posts.importing')}</Text>
              </Group>
            ))}
          {Object.keys(errors).length === 0 && <ErrorAlert error={upload.error} />}

          <Group>
            <Button
              type="submit"
              size="md"
              leftSection={<IconFileImport size={18} />}
              disabled={!ready}
              loading={upload.isPending}
            >
              {t('admin.posts.import_submit')}
            </Button>
          </Group>
        </Stack>
      </form>

      {result && <ImportResult result={result} />}
    </Stack>
  );
}

function ImportResult({ result }: { result: ImportPostsResult }) {
  const { t } = useTranslation();
  const n = numberFormat(currentLocale());
  return (
    <Stack gap="md" aria-live="polite">
      <Alert color={result.imported > 0 ? 'green' : 'yellow'} icon={<IconCheck size={18} />} role="status">
        <Stack gap={4}>
          <Text fw={600}>{t('admin.posts.imported', { count: result.imported, n: n.format(result.imported) })}</Text>
          {result.imported > 0 && (
            <Anchor component={Link} to="/admin/posts" size="sm">
              {t('admin.posts.see_posts')}
            </Anchor>
          )}
        </Stack>
      </Alert>
      {result.errors_count > 0 && (
        <Card withBorder radius="md" padding="md">
          <Stack gap="sm">
            <Text fw={600}>
              {t('admin.posts.refused', { count: result.errors_count, n: n.format(result.errors_count) })}
            </Text>
            {result.errors_count > result.errors.length && (
              <Text size="sm" c="dimmed">
                {t('admin.posts.refused_first', { n: n.format(result.errors.length) })}
              </Text>
            )}
            <Table.ScrollContainer minWidth={420}>
              <Table striped verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('admin.posts.row_index')}</Table.Th>
                    <Table.Th>{t('admin.posts.row_field')}</Table.Th>
                    <Table.Th>{t('admin.posts.row_reason')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.errors.map((error, i) => (
                    <Table.Tr key={`${error.index}-${error.field}-${i}`}>
                      <Table.Td>{n.format(error.index)}</Table.Td>
                      <Table.Td>{error.field ? <Code>{error.field}</Code> : '—'}</Table.Td>
                      <Table.Td>{error.message}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Text size="xs" c="dimmed">
              {t('admin.posts.row_index_hint')}
            </Text>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

/** A person found by name or e-mail (Enter runs the search, it does not send the import form), picked from the results. */
function UserSearch({
  user,
  onPick,
  error,
}: {
  user: UserListItem | null;
  onPick: (person: UserListItem) => void;
  error: ReactNode;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const found = useUserSearch(q);
  return (
    <Stack gap="xs">
      <TextInput
        type="search"
        size="md"
        label={t('admin.posts.user_label')}
        description={t('admin.posts.user_hint')}
        styles={TALL_DESCRIPTION}
        placeholder={t('admin.posts.user_placeholder')}
        leftSection={<IconSearch size={18} />}
        value={typed}
        onChange={(e) => setTyped(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            // Enter searches here; it does not send the import form.
            e.preventDefault();
            setQ(typed.trim());
          }
        }}
        error={error}
      />
      <ErrorAlert error={found.error} />
      {found.isFetching && <Loader size="sm" aria-label={t('admin.common.loading')} />}
      {q && found.data && found.data.data.length === 0 && (
        <Text size="sm" c="dimmed" role="status">
          {t('admin.posts.user_none', { q })}
        </Text>
      )}
      {found.data && found.data.data.length > 0 && (
        <Radio.Group
          label={t('admin.posts.user_results')}
          value={user ? String(user.id) : null}
          onChange={(value) => {
            const person = found.data.data.find((p) => String(p.id) === value);
            if (person) onPick(person);
          }}
        >
          <Stack gap="xs" mt="xs">
            {found.data.data.map((person) => (
              <Radio.Card key={person.id} value={String(person.id)} radius="md" p="sm">
                <Group gap="sm" wrap="nowrap">
                  <Radio.Indicator />
                  <UserAvatar url={person.profile_url} name={person.name} size={32} />
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600} truncate="end">
                      {person.name}
                    </Text>
                    <Text size="xs" c="dimmed" truncate="end">
                      @{person.username}
                      {person.email ? ` · ${person.email}` : ''}
                    </Text>
                  </div>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
      )}
    </Stack>
  );
}

/** The JSON file to import, with the limits and an example row of the chosen type. */
function ImportFileField({
  type,
  file,
  onFile,
  error,
}: {
  type: ImportType;
  file: File | null;
  onFile: (file: File | null) => void;
  error: ReactNode;
}) {
  const { t } = useTranslation();
  const n = numberFormat(currentLocale());
  return (
    <Stack gap={4}>
      <FileInput
        size="md"
        label={t('admin.posts.file_label')}
        styles={TALL_DESCRIPTION}
        description={t('admin.posts.file_hint', {
          mb: n.format(IMPORT_MAX_BYTES / 1024 / 1024),
          rows: n.format(IMPORT_MAX_ROWS),
        })}
        placeholder={t('admin.posts.file_placeholder')}
        accept="application/json,.json"
        leftSection={<IconFileUpload size={18} />}
        clearable
        value={file}
        onChange={onFile}
        error={error}
      />
      <Text size="xs" c="dimmed">
        {t('admin.posts.format_label')} <Code>{EXAMPLES[type]}</Code>
      </Text>
    </Stack>
  );
}
