import type { Pack } from '@inkwell/contracts';
import { Anchor, Avatar, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserAvatar } from '../../components/UserAvatar';
import a11y from '../../components/a11y.module.css';
import { currentLocale } from '../../i18n';
import { numberFormat } from '../../lib/numbers';

/** Faces shown on a card: enough to recognise a few accounts, few enough for a phone's half width. */
const FACES = 5;

/**
 * A starter pack as a card: its name (the link, whose ::after covers the card), its first faces, how many accounts,
 * who made it. Its words come with the discovery catalogue: draw it where that is loaded.
 */
export function PackCard({ pack, headingOrder = 3 }: { pack: Pack; headingOrder?: 2 | 3 }) {
  const { t } = useTranslation();
  const Heading = headingOrder === 2 ? 'h2' : 'h3';
  return (
    <Card withBorder radius="lg" padding="md" pos="relative" h="100%">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Anchor
            component={Link}
            to={`/packs/${pack.id}`}
            c="inherit"
            underline="never"
            className={`${a11y.link} ${a11y.cardLink}`}
            style={{ minWidth: 0 }}
          >
            <Text component={Heading} fw={700} fz="md" m={0} lineClamp={2} style={{ wordBreak: 'keep-all' }}>
              {pack.name}
            </Text>
          </Anchor>
          {pack.featured && (
            <Badge variant="light" style={{ flex: 'none' }}>
              {t('packs.featured_badge')}
            </Badge>
          )}
        </Group>
        {pack.description && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {pack.description}
          </Text>
        )}
        <Group gap="sm" wrap="nowrap">
          <Avatar.Group spacing="sm" aria-hidden>
            {pack.accounts.slice(0, FACES).map((account) => (
              <UserAvatar key={account.id} url={account.profile_url} name={account.name} size={32} />
            ))}
          </Avatar.Group>
          <Text size="sm" fw={500}>
            {t('packs.accounts', {
              count: pack.accounts_count,
              n: numberFormat(currentLocale()).format(pack.accounts_count),
            })}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {t('packs.by', { name: pack.creator.name })}
        </Text>
      </Stack>
    </Card>
  );
}
