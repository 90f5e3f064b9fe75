import { Avatar } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';

/** The profile picture, or a person icon when there is none. */
export function UserAvatar({ url, name, size = 32 }: { url?: string | null; name: string; size?: number }) {
  return (
    <Avatar src={url || null} alt={name} size={size} radius="xl" color="indigo">
      <IconUser size={size * 0.6} />
    </Avatar>
  );
}
