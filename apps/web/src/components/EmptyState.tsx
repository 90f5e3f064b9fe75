import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** An empty list explains what to do next (DECISIONS.md: no bare "No data"). */
export function EmptyState({
  icon,
  title,
  body,
  action,
}: {
  icon: ReactNode;
  title: string;
  body: string;
  action?: ReactNode;
}) {
  return (
    <Stack align="center" gap="sm" py="xl" px="md" ta="center">
      <ThemeIcon size={64} radius="xl" variant="light">
        {icon}
      </ThemeIcon>
      <Title order={3} fz="h4">
        {title}
      </Title>
      <Text c="dimmed" maw={420}>
        {body}
      </Text>
      {action}
    </Stack>
  );
}
