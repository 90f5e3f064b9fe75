import { insightsApi } from '@inkwell/contracts';
import { Card, Group, Loader, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { currentLocale } from '../../i18n';
import { numberFormat } from '../../lib/numbers';
import { useSession } from '../../session/session';

export function DashboardPage() {
  const { t } = useTranslation();
  const session = useSession();
  const users = useQuery({ queryKey: ['admin', 'users-total'], queryFn: () => call(insightsApi.usersTotal) });
  return (
    <>
      <Title order={2} mb="xs">
        {t('admin.dashboard.welcome', { name: session?.name ?? '' })}
      </Title>
      <Text c="dimmed" mb="lg">
        {t('admin.dashboard.intro')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <Card withBorder radius="md">
          <Group justify="space-between" align="start">
            <div>
              <Text c="dimmed" fw={600} size="sm">
                {t('admin.dashboard.users')}
              </Text>
              {users.isPending ? (
                <Loader size="sm" mt="xs" aria-label={t('app.loading')} />
              ) : (
                <Text fz={32} fw={800} data-testid="users-total">
                  {numberFormat(currentLocale()).format(users.data?.data ?? 0)}
                </Text>
              )}
              <Text size="sm" c="dimmed">
                {t('admin.dashboard.users_description')}
              </Text>
            </div>
            <ThemeIcon variant="light" size={44} radius="md">
              <IconUsers size={24} />
            </ThemeIcon>
          </Group>
        </Card>
      </SimpleGrid>
    </>
  );
}
