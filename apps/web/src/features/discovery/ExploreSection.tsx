import { Button, Stack, Text, Title, type StackProps } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * One section of Explore: its heading, a line saying what it holds, its content, and See more while the server has
 * another page (it arrives below the ones shown, in place). See more is described by the heading, so a screen
 * reader hears which section it adds to.
 */
export function ExploreSection({
  title,
  hint,
  controls,
  more,
  mih,
  children,
}: {
  title: string;
  hint?: string;
  /** Beside the heading: the section's own choices (a language). */
  controls?: ReactNode;
  more?: { has: boolean; loading: boolean; load: () => void };
  /** The height kept from the start (a section that comes after the first screen). */
  mih?: StackProps['mih'];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const heading = useId();
  return (
    <Stack gap="sm" component="section" aria-labelledby={heading} mih={mih}>
      <div>
        <Title order={2} fz="h4" id={heading}>
          {title}
        </Title>
        {hint && (
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        )}
      </div>
      {controls}
      {children}
      {more?.has && (
        <Button
          variant="light"
          mih={44}
          onClick={more.load}
          loading={more.loading}
          aria-describedby={heading}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('explore.see_more')}
        </Button>
      )}
    </Stack>
  );
}
