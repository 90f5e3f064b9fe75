import type { Tier } from '@inkwell/contracts';
import { Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n';
import { formatPrice } from '../../lib/billingFormat';

/** A tier as readers see it: name, price a month (and a year), what it is, its benefits; `footer` acts on it. */
export function TierCard({ tier, footer }: { tier: Tier; footer?: ReactNode }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <Card withBorder radius="lg" padding="lg" component="article" aria-label={tier.name}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="start" wrap="nowrap" gap="xs">
          <Title order={3} fz="h4" style={{ overflowWrap: 'anywhere' }}>
            {tier.name}
          </Title>
          {/* Words, not a badge: a badge's fixed height cuts Burmese letters stacked above and below the line. */}
          {tier.hidden && (
            <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
              {t('memberships.hidden')}
            </Text>
          )}
        </Group>
        <div>
          <Text fz={24} fw={800} lh={1.4}>
            {formatPrice(tier.monthly_price, locale, tier.currency)}
          </Text>
          <Text size="sm" c="dimmed">
            {t('plans.per_month')}
          </Text>
          {tier.yearly_price !== null && (
            <Text size="sm" c="dimmed">
              {t('memberships.or_per_year', { price: formatPrice(tier.yearly_price, locale, tier.currency) })}
            </Text>
          )}
        </div>
        {tier.description && (
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {tier.description}
          </Text>
        )}
        {/* A list of the app's building blocks, not Mantine's List: its own styles would be one more file for
            every account page with tiers. */}
        {tier.benefits.length > 0 && (
          <Stack
            component="ul"
            gap={4}
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={t('memberships.benefits_of', { name: tier.name })}
          >
            {tier.benefits.map((benefit, i) => (
              <Group key={i} component="li" gap="xs" wrap="nowrap" align="start">
                <ThemeIcon size={18} radius="xl" variant="light" mt={3} style={{ flexShrink: 0 }}>
                  <IconCheck size={12} />
                </ThemeIcon>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {benefit}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
        {footer && (
          <Stack gap="xs" mt="auto" pt="sm">
            {footer}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
