import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../../components/Logo';
import { SocialButtons } from '../auth';
import a11y from '../../components/a11y.module.css';

export function WelcomePage() {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="lg" ta="center" py="md">
      <Logo size={64} markOnly />
      <div>
        <Title order={1}>{t('welcome.title')}</Title>
        <Text size="lg" c="dimmed" mt="xs">
          {t('welcome.tagline')}
        </Text>
      </div>
      <Text>{t('welcome.body')}</Text>
      <Stack w="100%" gap="sm">
        <Button component={Link} to="/login" size="lg" fullWidth>
          {t('actions.login')}
        </Button>
        <Button component={Link} to="/register" size="lg" variant="light" fullWidth>
          {t('actions.register')}
        </Button>
        <SocialButtons size="lg" />
      </Stack>
      <Anchor component={Link} to="/about" className={a11y.link}>
        {t('welcome.product_site')}
      </Anchor>
    </Stack>
  );
}
