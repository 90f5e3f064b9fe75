import '@mantine/charts/styles.css';
import { addMonths, type Account } from '@inkwell/contracts';
import { LineChart } from '@mantine/charts';
import {
  Alert,
  Card,
  Center,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconArrowDownRight,
  IconArrowUpRight,
  IconChartLine,
  IconHeart,
  IconMinus,
  IconUsers,
} from '@tabler/icons-react';
import { useId, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { BackBar } from '../../components/BackBar';
import { EmptyState } from '../../components/EmptyState';
import { PageLoader } from '../../components/PageLoader';
import { currentLocale } from '../../i18n';
import { longDate, longMonth, monthName, shortDay } from '../../lib/dates';
import { numberFormat } from '../../lib/numbers';
import { useAccount } from '../accounts/api';
import { countAxis } from '../../lib/chartAxis';
import { monthsOffered, todayOf, useAccountFollowers, useAccountLikes, zoneOf } from './api';
import { NotFound, isNotFound } from '../../components/NotFound';

const BACK = '/profile/accounts';

/** `/profile/accounts/:username/insights`: a month of an account's likes and followers, day by day. */
export function InsightsPage() {
  const { t } = useTranslation();
  const username = useParams().username ?? '';
  const account = useAccount(username);

  if (account.isPending) return <PageLoader />;
  if (account.isError) {
    if (isNotFound(account.error)) return <NotFound />;
    return (
      <>
        <BackBar title={t('titles.insights')} to={BACK} />
        <Alert color="red" title={t('insights.load_failed')}>
          {errorMessage(account.error)}
        </Alert>
      </>
    );
  }
  if (!account.data.data.can_view_insights) {
    return (
      <>
        <BackBar title={t('titles.insights')} to={BACK} />
        <EmptyState
          icon={<IconChartLine size={32} />}
          title={t('insights.owners_only_title')}
          body={t('insights.owners_only_body')}
        />
      </>
    );
  }
  return <AccountInsights account={account.data.data} />;
}

interface Point {
  date: string;
  value: number;
}

/** The last known value of a series: today's in the current month, else the month's last day's. */
const lastKnown = (points: Point[], today: string) => points.filter((p) => p.date <= today).at(-1)?.value ?? 0;
const sum = (points: Point[]) => points.reduce((total, p) => total + p.value, 0);

function AccountInsights({ account }: { account: Account }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const [params, setParams] = useSearchParams();
  const months = useMemo(() => monthsOffered(account), [account]);
  const asked = params.get('month') ?? '';
  const month = months.includes(asked) ? asked : months[0]!;
  const previous = addMonths(month, -1);
  const today = todayOf(account).day;

  const likes = useAccountLikes(account.id, month);
  const likesBefore = useAccountLikes(account.id, previous);
  const followers = useAccountFollowers(account.id, month);
  const followersBefore = useAccountFollowers(account.id, previous);

  const likePoints = likes.data?.data.map((d) => ({ date: d.date, value: d.likes_count }));
  const followerPoints = followers.data?.data.map((d) => ({ date: d.date, value: d.followers }));
  const likesTotal = likePoints && sum(likePoints);
  const followersTotal = followerPoints && lastKnown(followerPoints, today);
  const likesPrevious =
    likesBefore.data && sum(likesBefore.data.data.map((d) => ({ date: d.date, value: d.likes_count })));
  const followersPrevious =
    followersBefore.data &&
    lastKnown(
      followersBefore.data.data.map((d) => ({ date: d.date, value: d.followers })),
      today,
    );
  const monthLabel = longMonth(month, locale);

  return (
    <>
      <BackBar title={t('titles.insights')} to={BACK} />
      <Stack gap="lg">
        <Group justify="space-between" align="end" gap="md">
          <div style={{ minWidth: 0 }}>
            <Title order={3} fz="h4">
              {account.name}
            </Title>
            <Text c="dimmed" size="sm">
              /a/{account.username} · {t('insights.zone_note', { zone: zoneOf(account) })}
            </Text>
          </div>
          <Select
            label={t('insights.month')}
            data={months.map((m) => ({ value: m, label: longMonth(m, locale) }))}
            value={month}
            onChange={(value) => {
              if (value) setParams({ month: value }, { replace: true });
            }}
            allowDeselect={false}
            checkIconPosition="right"
            w={{ base: '100%', xs: 220 }}
            comboboxProps={{ withinPortal: true }}
          />
        </Group>
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          <InsightsChart
            testId="chart-likes"
            icon={<IconHeart size={32} />}
            title={t('insights.daily_likes')}
            totalLabel={t('insights.likes_total', { month: monthLabel })}
            seriesLabel={t('insights.likes_series')}
            color="pink.6"
            points={likePoints}
            today={today}
            loading={likes.isPending}
            error={likes.error}
            total={likesTotal}
            previousTotal={likesPrevious}
            previousMonth={previous}
            emptyTitle={t('insights.no_likes_title', { month: monthLabel })}
            emptyBody={t('insights.no_likes_body')}
          />
          <InsightsChart
            testId="chart-followers"
            icon={<IconUsers size={32} />}
            title={t('insights.daily_followers')}
            totalLabel={t(month === todayOf(account).month ? 'insights.followers_now' : 'insights.followers_total', {
              month: monthLabel,
            })}
            seriesLabel={t('insights.followers_series')}
            color="indigo.6"
            points={followerPoints}
            today={today}
            loading={followers.isPending}
            error={followers.error}
            total={followersTotal}
            previousTotal={followersPrevious}
            previousMonth={previous}
            emptyTitle={t('insights.no_followers_title')}
            emptyBody={t('insights.no_followers_body')}
          />
        </SimpleGrid>
      </Stack>
    </>
  );
}

/** "+12 vs October", "−3 vs October" or "Same as October", coloured by direction. */
function Change({ change, previousMonth }: { change: number; previousMonth: string }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const name = monthName(previousMonth, locale);
  const [Icon, color] =
    change > 0
      ? [IconArrowUpRight, 'light-dark(var(--mantine-color-teal-9), var(--mantine-color-teal-4))']
      : change < 0
        ? [IconArrowDownRight, 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))']
        : [IconMinus, 'var(--mantine-color-dimmed)'];
  const text =
    change === 0
      ? t('insights.same_as', { month: name })
      : t('insights.change_vs', {
          change: numberFormat(locale, { signDisplay: 'always' }).format(change),
          month: name,
        });
  return (
    <Group gap={4} wrap="nowrap" style={{ color }} data-testid="change">
      <Icon size={18} aria-hidden />
      <Text size="sm" fw={600} c="inherit">
        {text}
      </Text>
    </Group>
  );
}

/** One chart card: its month's figure and change, the line (y from 0 to highest + 10), or why it is empty. */
function InsightsChart(props: {
  testId: string;
  icon: ReactNode;
  title: string;
  totalLabel: string;
  seriesLabel: string;
  color: string;
  points: Point[] | undefined;
  today: string;
  loading: boolean;
  error: Error | null;
  total: number | undefined;
  previousTotal: number | undefined;
  previousMonth: string;
  emptyTitle: string;
  emptyBody: string;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const headingId = useId();
  const format = numberFormat(locale);
  const { points, today } = props;
  // Days still to come in this month have no value yet: the line stops at today.
  const data = points?.map((p) => ({ label: shortDay(p.date, locale), value: p.date <= today ? p.value : null }));
  const empty = points !== undefined && points.every((p) => p.value === 0);
  const axis = countAxis(points?.map((p) => p.value) ?? []);

  let body: ReactNode;
  if (props.loading) {
    body = (
      <Center h={260}>
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  } else if (props.error || !points || !data) {
    body = (
      <Alert color="red" title={t('insights.load_failed')}>
        {errorMessage(props.error)}
      </Alert>
    );
  } else if (empty) {
    body = <EmptyState icon={props.icon} title={props.emptyTitle} body={props.emptyBody} />;
  } else {
    body = (
      <>
        <LineChart
          h={260}
          data={data}
          dataKey="label"
          series={[{ name: 'value', label: props.seriesLabel, color: props.color }]}
          curveType="monotone"
          connectNulls={false}
          withDots={false}
          yAxisProps={{ ...axis, width: 44 }}
          xAxisProps={{ minTickGap: 16 }}
          valueFormatter={(value) => format.format(value)}
          gridAxis="y"
          // The table below tells assistive technology the figures; the drawing itself is hidden from it and
          // takes no keyboard focus.
          aria-hidden
          // Room above the top tick for Burmese digits, which stand taller than Latin ones.
          lineChartProps={{ accessibilityLayer: false, margin: { top: 20, right: 5, bottom: 5, left: 5 } }}
        />
        <VisuallyHidden>
          <table>
            <caption>{props.title}</caption>
            <thead>
              <tr>
                <th scope="col">{t('insights.day')}</th>
                <th scope="col">{props.seriesLabel}</th>
              </tr>
            </thead>
            <tbody>
              {points
                .filter((p) => p.date <= today)
                .map((p) => (
                  <tr key={p.date}>
                    <th scope="row">{longDate(`${p.date}T12:00:00`, locale)}</th>
                    <td>{format.format(p.value)}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        </VisuallyHidden>
      </>
    );
  }

  return (
    <Card withBorder radius="md" component="section" aria-labelledby={headingId} data-testid={props.testId}>
      <Title order={3} fz="h4" id={headingId}>
        {props.title}
      </Title>
      {props.total !== undefined && (
        <Group justify="space-between" align="end" gap="xs" mt={4} mb="md">
          <div>
            <Text fz={32} fw={800} lh={1.7} mb={6} data-testid="total">
              {format.format(props.total)}
            </Text>
            <Text size="sm" c="dimmed">
              {props.totalLabel}
            </Text>
          </div>
          {props.previousTotal !== undefined && (
            <Change change={props.total - props.previousTotal} previousMonth={props.previousMonth} />
          )}
        </Group>
      )}
      {body}
    </Card>
  );
}
