import type { AdminReportDetail, ReportSnapshot } from '@inkwell/contracts';
import { Anchor, Badge, Card, Group, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconPaperclip } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RelativeTime } from '../../components/RelativeTime';
import { currentLocale } from '../../i18n';
import { longDate } from '../../lib/dates';
import { usePermission } from '../usePermission';

const IMAGE_FILE = /\.(avif|gif|jpe?g|png|webp)([?#]|$)/i;
/** Only our own paths and web addresses become links: a snapshot is someone else's words. */
const isWebUrl = (url: string) => /^(https?:\/\/|\/(?!\/))/i.test(url);

/**
 * The reported thing as it was when first reported (it may have changed or gone since): its title, its words as
 * plain text (never markup), its media, whose it is and where it was; for a chat message, the room's last
 * messages with the reported one marked.
 */
export function ReportSnapshotCard({ report }: { report: AdminReportDetail }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { target } = report;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <div>
          <Title order={3} fz="h4" id={titleId}>
            {t('admin.reports.snapshot_title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('admin.reports.snapshot_hint')}
          </Text>
        </div>
        {target.title && (
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {target.title}
          </Text>
        )}
        {target.text && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="snapshot-text">
            {target.text}
          </Text>
        )}
        {!target.title && !target.text && (
          <Text size="sm" c="dimmed">
            {t('admin.reports.no_text')}
          </Text>
        )}
        <Media urls={target.media} />
        <Author report={report} />
        {target.url && isWebUrl(target.url) && (
          <Group>
            <Anchor
              component={Link}
              to={target.url}
              style={{ display: 'inline-flex', alignItems: 'center', gap: 4, minHeight: 44 }}
            >
              <IconExternalLink size={16} aria-hidden />
              {t('admin.reports.view_in_app')}
            </Anchor>
          </Group>
        )}
        {target.messages && target.messages.length > 0 && (
          <Transcript
            messages={target.messages}
            reportedId={report.target_type === 'chat_message' ? report.target_id : null}
          />
        )}
      </Stack>
    </Card>
  );
}

function Media({ urls }: { urls: string[] }) {
  const { t } = useTranslation();
  const shown = urls.filter(isWebUrl);
  if (shown.length === 0) return null;
  return (
    <div>
      <Text size="sm" fw={500} mb={4}>
        {t('admin.reports.media')}
      </Text>
      <Group gap="sm" wrap="wrap">
        {shown.map((url, index) => {
          const name = t('admin.reports.media_n', { n: index + 1 });
          return IMAGE_FILE.test(url) ? (
            <Anchor key={url} href={url} target="_blank" rel="noopener noreferrer" aria-label={name}>
              <Image src={url} alt="" w={96} h={96} fit="cover" radius="sm" loading="lazy" />
            </Anchor>
          ) : (
            <Anchor
              key={url}
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              style={{ display: 'inline-flex', alignItems: 'center', gap: 4, minHeight: 44 }}
            >
              <IconPaperclip size={16} aria-hidden />
              {name}
            </Anchor>
          );
        })}
      </Group>
    </div>
  );
}

/** Who answers for it (linked to their admin page for whoever may open it), and whether they are suspended now. */
function Author({ report }: { report: AdminReportDetail }) {
  const { t } = useTranslation();
  const mayOpenUsers = usePermission('users.view');
  const author = report.target.author;
  return (
    <div>
      <Text size="sm" fw={500} mb={4}>
        {t('admin.reports.author')}
      </Text>
      {author ? (
        <Group gap="sm" wrap="wrap">
          {mayOpenUsers ? (
            <Anchor
              component={Link}
              to={`/admin/users/${author.id}/edit`}
              style={{ display: 'inline-flex', alignItems: 'center', minHeight: 44, overflowWrap: 'anywhere' }}
            >
              {author.name} (@{author.username})
            </Anchor>
          ) : (
            <Text size="sm">
              {author.name} (@{author.username})
            </Text>
          )}
          <Badge color={report.author_suspended ? 'red' : 'gray'} variant="light">
            {t(report.author_suspended ? 'admin.reports.suspended_now' : 'admin.reports.not_suspended')}
          </Badge>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {t('admin.reports.no_author_known')}
        </Text>
      )}
    </div>
  );
}

/** The room's last messages as they were, oldest first, the reported one marked in words as well as colour. */
function Transcript({
  messages,
  reportedId,
}: {
  messages: NonNullable<ReportSnapshot['messages']>;
  reportedId: number | null;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const labelId = useId();
  return (
    <div>
      <Text size="sm" fw={500} mb={4} id={labelId}>
        {t('admin.reports.transcript')}
      </Text>
      <SimpleGrid
        cols={1}
        spacing={6}
        component="ol"
        aria-labelledby={labelId}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {messages.map((message) => {
          const reported = message.id === reportedId;
          return (
            <Paper
              key={message.id}
              component="li"
              withBorder
              radius="sm"
              p="xs"
              bg={reported ? 'var(--mantine-color-red-light)' : undefined}
              style={reported ? { borderColor: 'var(--mantine-color-red-filled)', borderWidth: 2 } : undefined}
              data-reported={reported || undefined}
            >
              <Group gap="xs" wrap="wrap">
                <Text size="sm" fw={600}>
                  {message.sender?.name ?? t('admin.reports.unknown_sender')}
                </Text>
                <Text size="xs" c="dimmed" title={longDate(message.created_at, locale)}>
                  <RelativeTime value={message.created_at} />
                </Text>
                {reported && (
                  <Badge color="red.9" variant="filled" size="sm">
                    {t('admin.reports.reported_message')}
                  </Badge>
                )}
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {message.body}
              </Text>
            </Paper>
          );
        })}
      </SimpleGrid>
    </div>
  );
}
