import { Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A section's title with the dimmed line under it that says what the section is for. */
export function SectionHeading({
  title,
  hint,
  order,
  fz,
  size,
  mb,
}: {
  title: ReactNode;
  hint: ReactNode;
  order: 2 | 3;
  fz: 'h4' | 'h5';
  size?: 'sm';
  mb?: 'sm';
}) {
  return (
    <>
      <Title order={order} fz={fz}>
        {title}
      </Title>
      <Text c="dimmed" size={size} mb={mb}>
        {hint}
      </Text>
    </>
  );
}
