import type { CreateAccountBody } from '@inkwell/contracts';
import { Alert, Button, Card, List, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../api/client';
import { BackBar } from '../../components/BackBar';
import { alert } from '../../lib/alerts';
import { useMyOrganizations } from '../organizations/api';
import { useCreateAccount } from './api';
import { clearDraft, readDraft } from './draft';
import { CreatorPathSteps } from './CreatorPath';

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} style={{ whiteSpace: 'pre-wrap' }}>
        {value}
      </Text>
    </div>
  );
}

/** Step three: everything read-only, then Create an account. */
export function ReviewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Read once: the draft is cleared on success, before the page moves on.
  const [draft] = useState(readDraft);
  const organizations = useMyOrganizations();
  const create = useCreateAccount();
  if (!draft) return <Navigate to="/create" replace />;
  const organization = organizations.data?.data.find((o) => o.id === draft.organization_id);
  const backToForm = () => void navigate(`/create/account?organization=${draft.organization_id}`);

  const submit = () =>
    // The server checks the terms again; the draft only carries what the form ticked.
    create.mutate(draft as CreateAccountBody, {
      onSuccess: () => {
        clearDraft();
        alert('success', t('creators.account_created'));
        void navigate('/profile/accounts');
      },
      onError: (error) => alert('danger', errorMessage(error)),
    });

  return (
    <>
      <BackBar title={t('titles.create_review')} to={`/create/account?organization=${draft.organization_id}`} />
      <Stack gap="md">
        <CreatorPathSteps current="account" />
        {organizations.isPending ? (
          <Loader aria-label={t('app.loading')} />
        ) : (
          organization && (
            <Card withBorder radius="lg" padding="md">
              <Title order={2} fz="h5" mb="xs">
                {t('creators.organization')}
              </Title>
              <Stack gap="xs">
                <Detail label={t('fields.name')} value={organization.name} />
                <Detail label={t('fields.username')} value={`/o/${organization.username}`} />
                <Detail label={t('creators.description')} value={organization.description} />
              </Stack>
            </Card>
          )
        )}
        <Card withBorder radius="lg" padding="md">
          <Title order={2} fz="h5" mb="xs">
            {t('creators.account')}
          </Title>
          <Stack gap="xs">
            <Detail label={t('fields.name')} value={draft.name} />
            <Detail label={t('fields.username')} value={`/a/${draft.username}`} />
            <Detail label={t('creators.description')} value={draft.description} />
          </Stack>
        </Card>
        {create.error instanceof ApiError && Object.keys(create.error.errors).length > 0 && (
          <Alert color="red" title={create.error.message}>
            <List size="sm">
              {Object.entries(create.error.errors).map(([field, messages]) => (
                <List.Item key={field}>{messages.join(' ')}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Button variant="default" onClick={backToForm}>
            {t('actions.back')}
          </Button>
          <Button onClick={submit} loading={create.isPending}>
            {t('creators.create_account')}
          </Button>
        </SimpleGrid>
      </Stack>
    </>
  );
}
