import { Group, Text, type MantineSize } from '@mantine/core';
import type { ReactNode } from 'react';
import { UserAvatar } from './UserAvatar';

/** Someone in a list: their picture, their name, and a dimmed line under it (their handle, since when). */
export function AvatarName({
  url,
  name,
  size,
  gap,
  detail,
  detailSize,
  truncateDetail,
}: {
  url?: string | null;
  name: string;
  size: number;
  gap?: MantineSize;
  detail: ReactNode;
  detailSize: MantineSize;
  truncateDetail?: boolean;
}) {
  return (
    <Group wrap="nowrap" gap={gap}>
      <UserAvatar url={url} name={name} size={size} />
      <div style={{ minWidth: 0 }}>
        <Text fw={600} truncate>
          {name}
        </Text>
        <Text size={detailSize} c="dimmed" truncate={truncateDetail}>
          {detail}
        </Text>
      </div>
    </Group>
  );
}
