import { Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A section's title with the dimmed line under it (`children`) that says what the section is for. */
export function SectionHeading({
  title,
  order,
  size,
  mb,
  children,
}: {
  title: ReactNode;
  order: 2 | 3;
  size?: 'sm';
  mb?: 'sm';
  children: ReactNode;
}) {
  return (
    <>
      <Title order={order} fz={order === 2 ? 'h4' : 'h5'}>
        {title}
      </Title>
      <Text c="dimmed" size={size} mb={mb}>
        {children}
      </Text>
    </>
  );
}
