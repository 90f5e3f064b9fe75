import type { Pack } from '@inkwell/contracts';
import { Anchor, Button, Center, Group, Loader, Stack, Switch, Table, Text } from '@mantine/core';
import { IconEdit, IconTrash, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { confirmDelete } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { currentLocale } from '../../i18n';
import { alert } from '../../lib/alerts';
import { numberFormat } from '../../lib/numbers';
import { usePackMessages } from '../../features/discovery/api';
import { AdminTable } from '../components/AdminTable';
import { ErrorAlert } from '../components/ErrorAlert';
import { ServerPagination } from '../components/ServerPagination';
import { useAdminPacks, useAdminRemovePack, useFeaturePack } from './api';

/**
 * Every starter pack, featured ones first: feature a pack (it leads Explore's list of packs) or delete it. Its words
 * come with the packs' own catalogue, not the admin one every admin visit downloads.
 */
export function PacksPage() {
  const { t } = useTranslation();
  const ready = usePackMessages();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const packs = useAdminPacks(page);
  if (!ready) return null;
  const rows = packs.data?.data ?? [];
  return (
    <Stack gap="md">
      <Text c="dimmed" maw={560}>
        {t('packs.admin.intro')}
      </Text>
      <ErrorAlert error={packs.error} />
      {packs.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('admin.common.loading')} />
        </Center>
      ) : packs.data?.meta.total === 0 ? (
        <EmptyState
          icon={<IconUsersGroup size={32} />}
          title={t('packs.admin.empty_title')}
          body={t('packs.admin.empty_body')}
        />
      ) : packs.data ? (
        <AdminTable
          minWidth={720}
          busy={packs.isPlaceholderData}
          label={t('admin.nav.starter_packs')}
          columns={[
            t('packs.fields.name'),
            t('packs.admin.maker'),
            t('packs.admin.accounts'),
            t('packs.admin.featured'),
            null,
          ]}
        >
          {rows.map((pack) => (
            <PackRow key={pack.id} pack={pack} />
          ))}
        </AdminTable>
      ) : null}
      <ServerPagination meta={packs.data?.meta} onPage={(next) => setParams(next > 1 ? { page: String(next) } : {})} />
    </Stack>
  );
}

function PackRow({ pack }: { pack: Pack }) {
  const { t } = useTranslation();
  const feature = useFeaturePack();
  const remove = useAdminRemovePack();
  // Shown as asked while the request runs, so the switch answers the tap at once.
  const featured = feature.isPending ? feature.variables.featured : pack.featured;
  const askDelete = () =>
    confirmDelete({
      title: t('packs.delete_title'),
      text: t('packs.delete_text', { name: pack.name }),
      onConfirm: () =>
        remove.mutate(pack.id, {
          onSuccess: () => alert('success', t('packs.deleted')),
          onError: (error) => alert('danger', errorMessage(error)),
        }),
    });
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={`/packs/${pack.id}`} fw={600} style={{ wordBreak: 'keep-all' }}>
          {pack.name}
        </Anchor>
      </Table.Td>
      <Table.Td>{pack.creator.name}</Table.Td>
      <Table.Td>{numberFormat(currentLocale()).format(pack.accounts_count)}</Table.Td>
      <Table.Td>
        <Switch
          size="md"
          checked={featured}
          disabled={feature.isPending}
          aria-label={t('packs.admin.feature_label', { name: pack.name })}
          onChange={(event) =>
            feature.mutate(
              { id: pack.id, featured: event.currentTarget.checked },
              { onError: (error) => alert('danger', errorMessage(error)) },
            )
          }
        />
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button
            component={Link}
            to={`/packs/${pack.id}/edit`}
            variant="light"
            size="sm"
            mih={44}
            leftSection={<IconEdit size={16} />}
            aria-label={t('packs.admin.edit_label', { name: pack.name })}
          >
            {t('admin.common.edit')}
          </Button>
          <Button
            variant="light"
            color="red"
            size="sm"
            mih={44}
            leftSection={<IconTrash size={16} />}
            loading={remove.isPending}
            aria-label={t('packs.admin.delete_label', { name: pack.name })}
            onClick={askDelete}
          >
            {t('actions.delete')}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
