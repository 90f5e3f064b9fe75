import { Accordion, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BackBar } from '../../components/BackBar';

const TOPICS = ['activation', 'password', 'devices', 'language'] as const;

export function HelpPage() {
  const { t } = useTranslation();
  return (
    <>
      <BackBar title={t('titles.help')} />
      <Text c="dimmed" mb="md">
        {t('help.intro')}
      </Text>
      <Accordion variant="separated" radius="md">
        {TOPICS.map((topic) => (
          <Accordion.Item key={topic} value={topic}>
            <Accordion.Control>{t(`help.${topic}.question`)}</Accordion.Control>
            <Accordion.Panel>{t(`help.${topic}.answer`)}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </>
  );
}
