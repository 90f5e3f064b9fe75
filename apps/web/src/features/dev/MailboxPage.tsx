import { systemApi } from '@inkwell/contracts';
import { Alert, Anchor, Button, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMailOpened, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call, errorMessage } from '../../api/client';
import { EmptyState } from '../../components/EmptyState';
import { currentLocale } from '../../i18n';
import { relativeTime } from '../../lib/relativeTime';

/** Links in a mail that point back into this app open here, without a page reload. */
function appLinks(text: string): { href: string; internal: string | null }[] {
  return [...text.matchAll(/https?:\/\/\S+/g)].map(([href]) => {
    const url = new URL(href);
    return { href, internal: url.origin === window.location.origin ? url.pathname + url.search : null };
  });
}

/** Development only: the mails the server wrote, so a person trying Inkwell locally can activate. */
export function MailboxPage() {
  const { t } = useTranslation();
  const [to, setTo] = useState('');
  const mails = useQuery({
    queryKey: ['dev-mailbox', to],
    queryFn: () => call(systemApi.devMailbox, { query: { to: to || undefined } }),
    refetchInterval: 3000,
  });

  return (
    <Stack gap="md">
      <Title order={1} fz="h2">
        {t('mailbox.title')}
      </Title>
      <Alert color="yellow">{t('mailbox.intro')}</Alert>
      <Group align="end">
        <TextInput
          label={t('mailbox.filter')}
          value={to}
          onChange={(e) => setTo(e.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button
          variant="light"
          leftSection={<IconRefresh size={18} />}
          onClick={() => void mails.refetch()}
          loading={mails.isFetching}
        >
          {t('actions.refresh')}
        </Button>
      </Group>
      {mails.isPending && <Loader />}
      {mails.isError && <Alert color="red">{errorMessage(mails.error)}</Alert>}
      {mails.data?.data.length === 0 && (
        <EmptyState
          icon={<IconMailOpened size={32} />}
          title={t('mailbox.empty_title')}
          body={t('mailbox.empty_body')}
        />
      )}
      {mails.data?.data.map((mail) => (
        <Card key={mail.id} withBorder radius="md" component="article" aria-label={mail.subject}>
          <Text fw={700}>{mail.subject}</Text>
          <Text size="sm" c="dimmed">
            {t('mailbox.to', { to: mail.to })} · {relativeTime(mail.created_at, currentLocale())}
          </Text>
          <Text mt="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {mail.text
              .replace(/https?:\/\/\S+/g, '')
              .replace(/\n{3,}/g, '\n\n')
              .trim()}
          </Text>
          <Stack gap={4} mt="sm">
            {appLinks(mail.text).map((link) =>
              link.internal ? (
                <Anchor key={link.href} component={Link} to={link.internal} fw={600}>
                  {t('mailbox.open_link')}
                </Anchor>
              ) : (
                <Anchor key={link.href} href={link.href} fw={600}>
                  {link.href}
                </Anchor>
              ),
            )}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
