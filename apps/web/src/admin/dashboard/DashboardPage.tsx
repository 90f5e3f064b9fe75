import type { InsightsTotals } from '@inkwell/contracts';
import { Card, Center, Group, Loader, SimpleGrid, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import {
  IconArticle,
  IconCreditCard,
  IconHeart,
  IconMessageCircle,
  IconPhoto,
  IconUserCircle,
  IconUsers,
} from '@tabler/icons-react';
import { useId, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { LineChart } from '../../components/charts/LazyLineChart';
import { currentLocale } from '../../i18n';
import { countAxis } from '../../lib/chartAxis';
import { shortDay, shortMonth } from '../../lib/dates';
import { numberFormat } from '../../lib/numbers';
import { useSession } from '../../session/session';
import { usePermission } from '../usePermission';
import { useDailyPosts, useInsightsTotals, useMonthlyPosts } from './api';
import { OpenReportsCard } from './OpenReportsCard';

const TILES: { key: keyof InsightsTotals; Icon: ComponentType<{ size?: number }> }[] = [
  { key: 'users', Icon: IconUsers },
  { key: 'accounts', Icon: IconUserCircle },
  { key: 'subscriptions', Icon: IconCreditCard },
  { key: 'posts', Icon: IconArticle },
  { key: 'photos', Icon: IconPhoto },
  { key: 'likes', Icon: IconHeart },
  { key: 'comments', Icon: IconMessageCircle },
];

/** One count tile: its spinner while loading, its number, or a dash when the count could not be read. */
function CountTile({
  name,
  Icon,
  value,
  loading,
}: {
  name: keyof InsightsTotals;
  Icon: ComponentType<{ size?: number }>;
  value: number | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <Card withBorder radius="md" component="section" aria-labelledby={labelId} data-testid={`tile-${name}`}>
      <Group justify="space-between" align="start" wrap="nowrap">
        <div>
          <Text id={labelId} c="dimmed" fw={600} size="sm">
            {t(`admin.dashboard.tiles.${name}`)}
          </Text>
          {loading ? (
            <Loader size="sm" my={12} aria-label={t('admin.common.loading')} />
          ) : value === undefined ? (
            // Spec §8: the dashboard swallows errors; a dash instead of a spinner that never ends.
            <Text fz={32} fw={800} c="dimmed" title={t('admin.dashboard.unavailable')}>
              <span aria-hidden="true">—</span>
              <VisuallyHidden>{t('admin.dashboard.unavailable')}</VisuallyHidden>
            </Text>
          ) : (
            <Text fz={32} fw={800} data-testid={`total-${name}`}>
              {numberFormat(currentLocale()).format(value)}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {t(`admin.dashboard.tiles.${name}_description`)}
          </Text>
        </div>
        <ThemeIcon variant="light" size={44} radius="md" aria-hidden>
          <Icon size={24} />
        </ThemeIcon>
      </Group>
    </Card>
  );
}

/** A line chart of posts over time, with the spec's y-axis (0 to the highest value plus 10). */
function PostsChart({
  title,
  description,
  points,
  loading,
  testId,
}: {
  title: string;
  description: string;
  points: { label: string; posts: number }[] | undefined;
  loading: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const format = numberFormat(currentLocale());
  return (
    <Card withBorder radius="md" component="section" aria-labelledby={headingId} data-testid={testId}>
      <Title order={3} fz="h4" id={headingId}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {description}
      </Text>
      {loading ? (
        <Center h={260}>
          <Loader aria-label={t('admin.common.loading')} />
        </Center>
      ) : !points ? (
        <Center h={260}>
          <Text c="dimmed">{t('admin.dashboard.unavailable')}</Text>
        </Center>
      ) : (
        <LineChart
          h={260}
          data={points}
          dataKey="label"
          series={[{ name: 'posts', label: t('admin.dashboard.posts_series'), color: 'indigo.6' }]}
          curveType="monotone"
          yAxisProps={countAxis(points.map((p) => p.posts))}
          valueFormatter={(value) => format.format(value)}
          gridAxis="y"
        />
      )}
    </Card>
  );
}

export function DashboardPage() {
  const { t } = useTranslation();
  const session = useSession();
  const locale = currentLocale();
  const totals = useInsightsTotals();
  const daily = useDailyPosts();
  const monthly = useMonthlyPosts();
  const mayModerate = usePermission('reports.manage');

  return (
    <>
      <Title order={2} mb="xs">
        {t('admin.dashboard.welcome', { name: session?.name ?? '' })}
      </Title>
      <Text c="dimmed" mb="lg">
        {t('admin.dashboard.intro')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} mb="lg">
        {TILES.map(({ key, Icon }) => (
          <CountTile key={key} name={key} Icon={Icon} value={totals.data?.data[key]} loading={totals.isPending} />
        ))}
        {/* The eighth place of the four-column grid: reports waiting are as much "what matters now" as totals. */}
        {mayModerate && <OpenReportsCard />}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <PostsChart
          testId="chart-daily"
          title={t('admin.dashboard.daily_posts')}
          description={t('admin.dashboard.daily_description')}
          loading={daily.isPending}
          points={daily.data?.data.map((d) => ({ label: shortDay(d.date, locale), posts: d.posts_count }))}
        />
        <PostsChart
          testId="chart-monthly"
          title={t('admin.dashboard.monthly_posts')}
          description={t('admin.dashboard.monthly_description')}
          loading={monthly.isPending}
          points={monthly.data?.data.map((m) => ({ label: shortMonth(m.month, locale), posts: m.posts_count }))}
        />
      </SimpleGrid>
    </>
  );
}
