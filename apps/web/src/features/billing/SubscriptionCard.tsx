import type { SubscriptionSummary } from '@inkwell/contracts';
import { Badge, Card, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n';
import { formatDate } from '../../lib/billingFormat';

/** The person's live subscription: plan, status and when it ends. */
export function SubscriptionCard({ subscription }: { subscription: SubscriptionSummary }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <Card withBorder radius="lg" padding="md" aria-label={t('plans.active_subscription')}>
      <Group justify="space-between" align="start" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            {t('plans.active_subscription')}
          </Text>
          <Text fw={800} fz="lg">
            {subscription.plan.name}
          </Text>
          <Text size="sm">
            {subscription.status === 'trialing'
              ? t('plans.trial_until', { date: formatDate(subscription.expires_at, locale) })
              : t('plans.active_until', { date: formatDate(subscription.expires_at, locale) })}
          </Text>
        </div>
        <Badge color={subscription.status === 'trialing' ? 'teal' : 'indigo'} variant="light" style={{ flexShrink: 0 }}>
          {t(`plans.status.${subscription.status}`)}
        </Badge>
      </Group>
    </Card>
  );
}
