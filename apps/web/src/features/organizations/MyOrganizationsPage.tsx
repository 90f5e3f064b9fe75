import { Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { IconBuildingCommunity } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../api/client';
import { BackBar } from '../../components/BackBar';
import { EmptyState } from '../../components/EmptyState';
import { UserAvatar } from '../../components/UserAvatar';
import { useSession } from '../../session/session';
import { PlanCallToAction } from '../../components/PlanCallToAction';
import { ApprovalBadge } from '../../components/ApprovalBadge';
import { useMyOrganizations } from './api';

export function MyOrganizationsPage() {
  const { t } = useTranslation();
  const session = useSession()!;
  const organizations = useMyOrganizations();
  const canCreate = session.user.create_account;
  return (
    <>
      <BackBar
        title={t('titles.my_organizations')}
        to="/profile"
        right={
          canCreate && (
            <Button component={Link} to="/create/organization" size="sm" variant="light">
              {t('creators.new')}
            </Button>
          )
        }
      />
      {organizations.isPending && <Loader aria-label={t('app.loading')} />}
      {organizations.isError && <Text c="red">{errorMessage(organizations.error)}</Text>}
      {organizations.data?.data.length === 0 &&
        (canCreate ? (
          <EmptyState
            icon={<IconBuildingCommunity size={32} />}
            title={t('creators.no_organizations_title')}
            body={t('creators.no_organizations_body')}
            action={
              <Button component={Link} to="/create/organization">
                {t('creators.create_organization')}
              </Button>
            }
          />
        ) : (
          <PlanCallToAction />
        ))}
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {organizations.data?.data.map((o) => (
          <Card key={o.id} component="li" withBorder radius="md" padding="md" aria-label={o.name}>
            <Group wrap="nowrap" align="start">
              <UserAvatar url={o.profile_url} name={o.name} size={44} />
              <div style={{ flex: 1, minWidth: 0 }}>
                <Group justify="space-between" gap="xs">
                  <Text fw={700}>{o.name}</Text>
                  <ApprovalBadge status={o.approved_status} />
                </Group>
                <Text size="sm" c="dimmed">
                  /o/{o.username}
                </Text>
                <Text size="sm" mt={4}>
                  {o.description}
                </Text>
              </div>
            </Group>
          </Card>
        ))}
      </Stack>
    </>
  );
}
