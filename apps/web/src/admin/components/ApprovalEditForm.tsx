import type { ApprovedStatus, Permission, PublishedStatus, UsernameCheck } from '@inkwell/contracts';
import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../api/client';
import { CreatorFields } from '../../components/CreatorFields';
import { FormImageUploader, ImageUploader } from '../../components/media/ImageUploader';
import { NotFound, isNotFound } from '../../components/NotFound';
import { useServerForm } from '../../lib/useServerForm';
import { usePermission } from '../usePermission';
import { ErrorAlert } from './ErrorAlert';
import { BackToList } from './ListControls';
import { ApprovalSelect, PublishedSelect } from './StatusParts';

type Area = 'organizations' | 'accounts';

/** The edit screen's frame: back to the table, then the record's form once loaded, or why there is none. */
export function ApprovalEditScreen<T>({
  area,
  id,
  record,
  children,
}: {
  area: Area;
  id: number;
  record: UseQueryResult<{ data: T }>;
  children: (loaded: T) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <BackToList to={`/admin/${area}`} label={t(`admin.${area}.back`)} />
      {isNotFound(record.error) || !Number.isInteger(id) || id < 1 ? (
        <NotFound body={t(`admin.${area}.not_found`)} home={`/admin/${area}`} headingOrder={2} />
      ) : record.isError ? (
        <ErrorAlert error={record.error} />
      ) : record.data ? (
        children(record.data.data)
      ) : (
        <Group justify="center" py="xl">
          <Loader aria-label={t('admin.common.loading')} />
        </Group>
      )}
    </>
  );
}

/** What an administrator edits of an organization or account; contact and banner are the accounts' own. */
export interface ApprovalRecord {
  id: number;
  name: string;
  username: string;
  description: string;
  url: string | null;
  contact?: string | null;
  approved_status: ApprovedStatus;
  published_status: PublishedStatus;
  profile_url: string | null;
  banner_url?: string | null;
}

interface Update<Body> {
  mutate: (
    body: Body,
    options: { onSuccess: (answer: { message: string }) => void; onError: (error: unknown) => void },
  ) => void;
  isPending: boolean;
  error: unknown;
}

/**
 * The organization and account edit form (spec §2, §4): fields, approval and publication set freely, pictures;
 * read-only without the area's edit permission. Saving says so in place and keeps the form.
 */
export function ApprovalEditForm<Body>({
  area,
  kind,
  check,
  record,
  header,
  useUpdate,
  maw,
}: {
  area: Area;
  kind: 'organization' | 'account';
  check: (username: string) => Promise<UsernameCheck>;
  record: ApprovalRecord;
  /** What the card shows above the fields (the account's name and badges, the organization's creator). */
  header: ReactNode;
  /** The area's save mutation for this record (a fresh one per record, so an old error does not linger). */
  useUpdate: (id: number) => Update<Body>;
  maw?: number;
}) {
  const { t } = useTranslation();
  const mayEdit = usePermission(`${area}.edit` as Permission);
  // The accounts' own fields: a contact and a banner.
  const isAccount = area === 'accounts';
  const update = useUpdate(record.id);
  const [uploading, setUploading] = useState({ profile: false, banner: false });
  const [saved, setSaved] = useState<string | null>(null);
  const form = useApprovalForm(record, isAccount);
  const field = (name: string) => t(`admin.${area}.fields.${name}`);

  const submit = form.onSubmit((values) => {
    setSaved(null);
    const optional = (text: string | undefined) => (text === undefined ? {} : { contact: text.trim() || null });
    update.mutate({ ...values, url: values.url.trim() || null, ...optional(values.contact) } as Body, {
      onSuccess: (answer) => {
        form.resetDirty();
        setSaved(answer.message);
      },
      onError: (error) => form.setErrors(fieldErrors(error)),
    });
  });

  return (
    <Card withBorder radius="md" component="form" onSubmit={submit} noValidate maw={maw}>
      <Stack gap="md">
        {header}
        {!mayEdit ? (
          <Alert color="blue" icon={<IconInfoCircle size={18} />}>
            {t(`admin.${area}.read_only`)}
          </Alert>
        ) : null}
        <fieldset disabled={!mayEdit} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="md">
            <CreatorFields
              form={form}
              kind={kind}
              check={check}
              labels={{ name: field('name'), username: field('username'), description: field('description') }}
              current={record.username}
              size="md"
            />
            <TextInput
              label={field('url')}
              placeholder="https://"
              type="url"
              size="md"
              {...form.getInputProps('url')}
            />
            {isAccount ? <TextInput label={field('contact')} size="md" {...form.getInputProps('contact')} /> : null}
            <StatusFields form={form} mayEdit={mayEdit} isAccount={isAccount} />
            <FormImageUploader
              form={form}
              field="profile_url"
              label={field('profile_image')}
              onBusyChange={(busy) => setUploading((now) => ({ ...now, profile: busy }))}
            />
            {isAccount ? (
              <ImageUploader
                kind="covers"
                label={field('banner_image')}
                value={form.values.banner_url ?? null}
                onChange={(url) => form.setFieldValue('banner_url', url)}
                onBusyChange={(busy) => setUploading((now) => ({ ...now, banner: busy }))}
              />
            ) : null}
          </Stack>
        </fieldset>
        {saved ? (
          <Alert color="green" icon={<IconCircleCheck size={18} />} role="status">
            {saved}
          </Alert>
        ) : null}
        <ErrorAlert error={update.error} />
        {mayEdit ? (
          <Group justify="flex-end">
            <Button
              type="submit"
              size="md"
              h={44}
              loading={update.isPending}
              disabled={uploading.profile || uploading.banner}
            >
              {t(`admin.${area}.update`)}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

function useApprovalForm(record: ApprovalRecord, isAccount: boolean) {
  return useServerForm({
    name: record.name,
    username: record.username,
    description: record.description,
    url: record.url ?? '',
    ...(isAccount ? { contact: record.contact ?? '' } : {}),
    approved_status: record.approved_status,
    published_status: record.published_status,
    profile_url: record.profile_url,
    ...(isAccount ? { banner_url: record.banner_url ?? null } : {}),
  });
}

/** Approval and publication, which an administrator sets freely; for accounts, what each does. */
function StatusFields({
  form,
  mayEdit,
  isAccount,
}: {
  form: ReturnType<typeof useApprovalForm>;
  mayEdit: boolean;
  isAccount: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <ApprovalSelect
          value={form.values.approved_status}
          onChange={(value) => form.setFieldValue('approved_status', value)}
          error={form.errors.approved_status}
          disabled={!mayEdit}
        />
        <PublishedSelect
          value={form.values.published_status}
          onChange={(value) => form.setFieldValue('published_status', value)}
          error={form.errors.published_status}
          disabled={!mayEdit}
        />
      </SimpleGrid>
      {isAccount ? (
        // Own lines, not the inputs' small descriptions: stacked Burmese glyphs need the room.
        <Text size="sm" c="dimmed" lh={1.8}>
          {t('admin.accounts.approval_effect')} {t('admin.accounts.publication_effect')}
        </Text>
      ) : null}
    </>
  );
}
