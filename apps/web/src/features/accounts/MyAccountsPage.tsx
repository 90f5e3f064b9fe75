import type { Account } from '@inkwell/contracts';
import { Button, Card, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconUserStar } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../api/client';
import { BackBar } from '../../components/BackBar';
import { EmptyState } from '../../components/EmptyState';
import { UserAvatar } from '../../components/UserAvatar';
import { useSession } from '../../session/session';
import { PlanCallToAction } from '../../components/PlanCallToAction';
import { AccountActions } from './AccountActions';
import { ApprovalBadge } from '../../components/ApprovalBadge';
import { useMyAccounts } from './api';
import { CreatorNextStep } from './CreatorPath';

export function MyAccountsPage() {
  const { t } = useTranslation();
  const session = useSession()!;
  const accounts = useMyAccounts();
  const [selected, setSelected] = useState<Account | null>(null);
  const canCreate = session.user.create_account;

  return (
    <>
      <BackBar
        title={t('titles.my_accounts')}
        to="/profile"
        right={
          canCreate && (
            <Button component={Link} to="/create" size="sm" variant="light">
              {t('creators.new')}
            </Button>
          )
        }
      />
      {accounts.isPending && <Loader aria-label={t('app.loading')} />}
      {/* An account and no post yet: the last step, writing one, is offered above the list. */}
      {Boolean(accounts.data?.data.length) && <CreatorNextStep mb="md" />}
      {accounts.isError && <Text c="red">{errorMessage(accounts.error)}</Text>}
      {accounts.data?.data.length === 0 &&
        (canCreate ? (
          <EmptyState
            icon={<IconUserStar size={32} />}
            title={t('creators.no_accounts_title')}
            body={t('creators.no_accounts_body')}
            action={
              <Button component={Link} to="/create">
                {t('creators.create_account')}
              </Button>
            }
          />
        ) : (
          <PlanCallToAction />
        ))}
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('titles.my_accounts')}>
        {accounts.data?.data.map((a) => (
          <Card key={a.id} component="li" withBorder radius="md" padding={0}>
            <UnstyledButton onClick={() => setSelected(a)} p="md" w="100%" aria-haspopup="dialog">
              <Group wrap="nowrap" align="start">
                <UserAvatar url={a.profile_url} name={a.name} size={44} />
                <div style={{ flex: 1, minWidth: 0 }}>
                  <Group justify="space-between" gap="xs">
                    <Text fw={700}>{a.name}</Text>
                    {a.approved_status !== 'approved' && <ApprovalBadge status={a.approved_status} />}
                  </Group>
                  <Text size="sm" c="dimmed">
                    /a/{a.username} · {a.organization.name}
                  </Text>
                  <Text size="sm" mt={4} lineClamp={2}>
                    {a.description}
                  </Text>
                </div>
              </Group>
            </UnstyledButton>
          </Card>
        ))}
      </Stack>
      <AccountActions account={selected} onClose={() => setSelected(null)} />
    </>
  );
}
