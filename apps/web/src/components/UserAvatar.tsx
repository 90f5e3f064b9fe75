import { Avatar } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import { imageAttributes } from '../lib/images';

/**
 * The profile picture, or a person icon when there is none. Lazy unless `eager` (one near the top of the
 * page); its narrowest fitting copy is picked for the size it is drawn at.
 */
export function UserAvatar({
  url,
  name,
  size = 32,
  eager = false,
}: {
  url?: string | null;
  name: string;
  size?: number;
  eager?: boolean;
}) {
  const { src, ...imageProps } = imageAttributes(url, { sizes: `${size}px` });
  return (
    <Avatar
      src={src || null}
      alt={name}
      size={size}
      radius="xl"
      color="indigo"
      imageProps={eager ? { ...imageProps, loading: 'eager', decoding: undefined } : imageProps}
    >
      <IconUser size={size * 0.6} />
    </Avatar>
  );
}
