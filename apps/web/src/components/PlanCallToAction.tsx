import { Button, Card, Group, ThemeIcon } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SectionHeading } from './SectionHeading';

/** Shown to people without a plan: creator accounts need one (spec §1). */
export function PlanCallToAction() {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="lg" padding="lg" bg="var(--mantine-color-indigo-light)">
      <Group wrap="nowrap" align="start">
        <ThemeIcon size={44} radius="md" variant="filled">
          <IconSparkles size={24} />
        </ThemeIcon>
        <div style={{ flex: 1 }}>
          <SectionHeading order={2} mb="sm" title={t('plans.cta_title')}>
            {t('plans.cta_body')}
          </SectionHeading>
          <Button component={Link} to="/profile/plan">
            {t('plans.view_plans')}
          </Button>
        </div>
      </Group>
    </Card>
  );
}
