import { TERMS_RULES } from '@inkwell/contracts';
import { Button, Group, List, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The creator terms: the spec's five rules. */
export function TermsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('creators.terms_title')} centered>
      <Text mb="sm">{t('creators.terms_intro')}</Text>
      <List type="ordered" spacing="sm">
        {TERMS_RULES.map((rule) => (
          <List.Item key={rule}>
            <Text fw={700} span>
              {t(`creators.terms.${rule}.title`)}
            </Text>{' '}
            {t(`creators.terms.${rule}.body`)}
          </List.Item>
        ))}
      </List>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose}>{t('actions.close')}</Button>
      </Group>
    </Modal>
  );
}
