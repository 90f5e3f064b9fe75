import { Anchor, Button, Card, Loader, Select, Stack } from '@mantine/core';
import { IconBuildingCommunity } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { BackBar } from '../../components/BackBar';
import { EmptyState } from '../../components/EmptyState';
import { SectionHeading } from '../../components/SectionHeading';
import { useSession } from '../../session/session';
import { PlanCallToAction } from '../../components/PlanCallToAction';
import { useMyOrganizations } from '../organizations/api';
import a11y from '../../components/a11y.module.css';
import { CreatorPathSteps } from './CreatorPath';

/** Step one: choose the organization the new creator account belongs to, or create one first. */
export function CreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const session = useSession()!;
  const organizations = useMyOrganizations();
  const [chosen, setChosen] = useState<string | null>(params.get('organization'));

  if (!session.user.create_account) {
    return (
      <>
        <BackBar title={t('titles.create')} />
        <PlanCallToAction />
      </>
    );
  }
  const list = organizations.data?.data ?? [];
  const selected = chosen ?? (list.length === 1 ? String(list[0]!.id) : null);

  return (
    <>
      <BackBar title={t('titles.create')} />
      {organizations.data && <CreatorPathSteps current={list.length === 0 ? 'organization' : 'account'} mb="md" />}
      {organizations.isPending && <Loader aria-label={t('app.loading')} />}
      {organizations.data && list.length === 0 && (
        <EmptyState
          icon={<IconBuildingCommunity size={32} />}
          title={t('creators.org_first_title')}
          body={t('creators.org_first_body')}
          action={
            <Button component={Link} to="/create/organization">
              {t('creators.create_organization')}
            </Button>
          }
        />
      )}
      {list.length > 0 && (
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="md">
            <div>
              <SectionHeading order={2} size="sm" title={t('creators.choose_organization')}>
                {t('creators.choose_organization_body')}
              </SectionHeading>
            </div>
            <Select
              label={t('creators.organization')}
              data={list.map((o) => ({ value: String(o.id), label: `${o.name} · /o/${o.username}` }))}
              value={selected}
              onChange={setChosen}
              allowDeselect={false}
              checkIconPosition="right"
            />
            <Button disabled={!selected} onClick={() => void navigate(`/create/account?organization=${selected}`)}>
              {t('actions.continue')}
            </Button>
            <Anchor component={Link} to="/create/organization" size="sm" className={a11y.link}>
              {t('creators.create_another_organization')}
            </Anchor>
          </Stack>
        </Card>
      )}
    </>
  );
}
