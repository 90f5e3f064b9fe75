import type { Tier } from '@inkwell/contracts';
import { Group, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMembersMessages } from './membersMessages';

export interface AudienceFieldProps {
  tiers: Tier[];
  /** The least tier that reads the post; null: everyone. */
  value: number | null;
  onChange: (tierId: number | null) => void;
  /** The server's word on `min_tier_id` (a tier of another account, one deleted meanwhile). */
  error?: string;
}

const EVERYONE = 'everyone';

/** One choice as a card: the whole card is the target, and a long (Burmese) label wraps inside it. */
function Choice({ value, label, hint }: { value: string; label: string; hint?: string }) {
  return (
    <Radio.Card value={value} radius="md" p="sm">
      <Group wrap="nowrap" align="center">
        <Radio.Indicator />
        <div style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'break-word' }}>
            {label}
          </Text>
          {hint && (
            <Text size="sm" c="dimmed">
              {hint}
            </Text>
          )}
        </div>
      </Group>
    </Radio.Card>
  );
}

/**
 * "Who can read this": everyone, or the members of a tier and of the tiers above it. The tiers readers can join
 * come first, in the account's order; hidden ones (no new members, but members still) after them, marked. The
 * default export, its messages asked for here: the door (Audience.tsx, on compose) takes the fewest bytes.
 */
export default function AudienceField({ tiers, value, onChange, error }: AudienceFieldProps) {
  const { t } = useTranslation();
  if (!useMembersMessages()) return null;
  const byPosition = [...tiers].sort((a, b) => a.position - b.position);
  const ordered = [...byPosition.filter((x) => !x.hidden), ...byPosition.filter((x) => x.hidden)];
  return (
    <Radio.Group
      label={t('posts.members.audience')}
      description={t('posts.members.audience_hint')}
      value={value === null ? EVERYONE : String(value)}
      onChange={(v) => onChange(v === EVERYONE ? null : Number(v))}
      error={error}
    >
      <Stack gap="xs" mt="xs">
        <Choice value={EVERYONE} label={t('posts.members.everyone')} hint={t('posts.members.everyone_hint')} />
        {ordered.map((tier) => (
          <Choice
            key={tier.id}
            value={String(tier.id)}
            label={t('posts.members.tier_and_above', { tier: tier.name })}
            hint={tier.hidden ? t('posts.members.hidden_tier') : undefined}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}
