import type { Membership } from '@inkwell/contracts';
import { Anchor, Badge, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client';
import a11y from '../../components/a11y.module.css';
import { BackBar } from '../../components/BackBar';
import { confirmDelete } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { PageLoader } from '../../components/PageLoader';
import { UserAvatar } from '../../components/UserAvatar';
import { currentLocale } from '../../i18n';
import { alert } from '../../lib/alerts';
import { formatDate, formatPrice } from '../../lib/billingFormat';
import { useMyMemberships, useStopReminders } from './api';
import { useMembershipMessages } from './messages';
import { PassDialog } from './PassDialog';
import { STATE_COLORS, passState } from './passes';
import { PaymentOutcome } from './PaymentOutcome';

/**
 * A badge that grows with its words: Mantine's fixed height and single clipped line would cut Burmese letters
 * stacked above and below the line, and a long state in a narrow row.
 */
const BADGE_STYLES = {
  root: { height: 'auto', paddingBlock: 2 },
  label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.6 },
} as const;

/** When a pass ends or ended, as its state says it. */
function endLine(t: TFunction, m: Membership): string | null {
  if (!m.expires_at) return null;
  const date = formatDate(m.expires_at, currentLocale());
  if (m.status === 'grace') return t('memberships.grace_hint', { date });
  if (m.status === 'expired') return t('memberships.ended_on', { date });
  if (m.status === 'stopped') return t('memberships.stopped_hint', { date });
  return t('memberships.ends_on', { date });
}

/** What renewing costs now: a month, and a year when the tier has a yearly price. */
function renewLine(t: TFunction, m: Membership): string {
  const locale = currentLocale();
  const price = (amount: number) => formatPrice(amount, locale, m.tier.currency);
  return m.tier.yearly_price === null
    ? t('memberships.renew_price', { price: price(m.tier.monthly_price) })
    : t('memberships.renew_prices', { monthly: price(m.tier.monthly_price), yearly: price(m.tier.yearly_price) });
}

/**
 * One membership: the account, the tier and cycle, its state and end, what renewing costs, Renew and (while it
 * renews) Stop reminders.
 */
function MembershipRow({ m, onRenew }: { m: Membership; onRenew: () => void }) {
  const { t } = useTranslation();
  const stop = useStopReminders();
  const state = passState(m);
  const end = endLine(t, m);
  const date = m.expires_at ? formatDate(m.expires_at, currentLocale()) : '';

  const askStop = () =>
    confirmDelete({
      title: t('memberships.stop_title', { name: m.account.name }),
      text: t('memberships.stop_text', { date }),
      confirmLabel: t('memberships.stop'),
      confirmColor: 'indigo',
      onConfirm: () =>
        stop.mutate(m.id, {
          onSuccess: () => alert('success', t('memberships.stopped_toast', { name: m.account.name, date })),
          onError: (error) => alert('danger', errorMessage(error)),
        }),
    });

  return (
    <Card withBorder radius="md" component="li" padding="md">
      <Group wrap="nowrap" align="start" gap="sm">
        <UserAvatar url={m.account.profile_url} name={m.account.name} size={44} />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" align="start" gap="xs">
            <Anchor
              component={Link}
              to={`/a/${m.account.username}`}
              fw={700}
              className={a11y.link}
              style={{ overflowWrap: 'anywhere' }}
            >
              {m.account.name}
            </Anchor>
            <Badge color={STATE_COLORS[state]} variant="light" styles={BADGE_STYLES}>
              {t(`memberships.state.${state}`)}
            </Badge>
          </Group>
          <Text size="sm">
            {m.tier.name} · {t(`plans.cycle.${m.billing_cycle}`)}
          </Text>
          {end && (
            <Text size="sm" c="dimmed">
              {end}
            </Text>
          )}
          <Text size="sm">{renewLine(t, m)}</Text>
          <Group gap="xs" mt="xs">
            <Button size="sm" onClick={onRenew} aria-label={t('memberships.renew_name', { name: m.account.name })}>
              {t('memberships.renew')}
            </Button>
            {(m.status === 'active' || m.status === 'grace') && (
              <Button
                size="sm"
                variant="default"
                loading={stop.isPending}
                onClick={askStop}
                aria-label={t('memberships.stop_name', { name: m.account.name })}
              >
                {t('memberships.stop')}
              </Button>
            )}
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}

/** Renew at the tier's prices now, which the membership carries (a tier hidden since as well). */
function RenewDialog({ m, onClose }: { m: Membership; onClose: () => void }) {
  return (
    <PassDialog
      offer={{
        purchase: { kind: 'renew', membershipId: m.id },
        tierName: m.tier.name,
        accountName: m.account.name,
        prices: m.tier,
        cycle: m.billing_cycle,
      }}
      onClose={onClose}
    />
  );
}

function Memberships() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const paymentId = Number(params.get('payment')) || null;
  const list = useMyMemberships();
  const [renewing, setRenewing] = useState<Membership | null>(null);
  const passes = list.data?.data;

  return (
    <Stack gap="md">
      {paymentId && (
        <PaymentOutcome paymentId={paymentId} passes={passes} onDismiss={() => setParams({}, { replace: true })} />
      )}
      <Text c="dimmed">{t('memberships.mine_intro')}</Text>
      {list.isPending && <Loader aria-label={t('app.loading')} />}
      {list.isError && <Text c="red">{errorMessage(list.error)}</Text>}
      {passes?.length === 0 && (
        <EmptyState
          icon={<IconUsersGroup size={32} />}
          title={t('memberships.empty_title')}
          body={t('memberships.empty_body')}
          action={
            <Button component={Link} to="/explore">
              {t('memberships.explore')}
            </Button>
          }
        />
      )}
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('memberships.list_label')}>
        {passes?.map((m) => (
          <MembershipRow key={m.id} m={m} onRenew={() => setRenewing(m)} />
        ))}
      </Stack>
      {renewing && <RenewDialog m={renewing} onClose={() => setRenewing(null)} />}
    </Stack>
  );
}

/** Profile → My memberships: each pass with its state and end, Renew and Stop reminders; a payment's outcome. */
export function MyMembershipsPage() {
  const { t } = useTranslation();
  return (
    <>
      <BackBar title={t('profile.menu.memberships')} to="/profile" />
      {useMembershipMessages() ? <Memberships /> : <PageLoader />}
    </>
  );
}
