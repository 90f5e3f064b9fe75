import { Anchor, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { BackBar } from '../../components/BackBar';
import { useServerForm } from '../../lib/useServerForm';
import { TermsDialog } from './TermsDialog';
import { CreatorFields } from '../../components/CreatorFields';
import { checkAccountUsername } from './api';
import { CreatorPathSteps } from './CreatorPath';
import { readDraft, saveDraft } from './draft';
import a11y from '../../components/a11y.module.css';

/** Step two: the creator account's name, username and description, and the terms. */
export function CreateAccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [termsOpen, terms] = useDisclosure(false);
  const draft = readDraft();
  const organizationId = Number(params.get('organization') ?? draft?.organization_id);
  const form = useServerForm({
    name: draft?.name ?? '',
    username: draft?.username ?? '',
    description: draft?.description ?? '',
    terms: draft?.terms ?? false,
  });
  if (!organizationId) return <Navigate to="/create" replace />;
  const v = form.values;
  const ready = Boolean(v.name.trim() && v.username.trim() && v.description.trim() && v.terms && !form.errors.username);

  const next = form.onSubmit((values) => {
    saveDraft({ ...values, organization_id: organizationId });
    void navigate('/create/review');
  });

  return (
    <form onSubmit={next} noValidate>
      <BackBar title={t('titles.create_account')} to={`/create?organization=${organizationId}`} />
      <Stack gap="md">
        <CreatorPathSteps current="account" />
        <Text c="dimmed">{t('creators.account_intro')}</Text>
        <CreatorFields form={form} kind="account" check={checkAccountUsername} />
        <div>
          <Checkbox label={t('creators.accept_terms')} {...form.getInputProps('terms', { type: 'checkbox' })} />
          <Anchor component="button" type="button" size="sm" ml={32} onClick={terms.open} className={a11y.link}>
            {t('creators.read_terms')}
          </Anchor>
        </div>
        <Group grow>
          <Button variant="default" onClick={() => void navigate(`/create?organization=${organizationId}`)}>
            {t('actions.back')}
          </Button>
          <Button type="submit" disabled={!ready}>
            {t('actions.continue')}
          </Button>
        </Group>
      </Stack>
      <TermsDialog opened={termsOpen} onClose={terms.close} />
    </form>
  );
}
