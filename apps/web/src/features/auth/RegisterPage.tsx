import { Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBack } from '../../components/BackBar';
import { InboxIllustration } from './InboxIllustration';
import { useRegister } from './api';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { showServerErrors, useServerForm } from '../../lib/useServerForm';

export function RegisterPage() {
  const { t } = useTranslation();
  const back = useBack('/');
  const register = useRegister();
  const form = useServerForm({ name: '', username: '', email: '', password: '', password_confirmation: '' });

  if (register.isSuccess) {
    return (
      <Stack align="center" gap="md" ta="center" role="status">
        <InboxIllustration />
        <Title order={1} fz="h2">
          {t('register.success_title')}
        </Title>
        <Text>{register.data.message}</Text>
        <Text size="sm" c="dimmed">
          {t('register.success_hint', { email: form.values.email })}
        </Text>
        <Button component={Link} to="/login" variant="light">
          {t('actions.login')}
        </Button>
      </Stack>
    );
  }

  const submit = form.onSubmit((values) =>
    register.mutate(values, { onError: (error) => showServerErrors(form, error) }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <div>
          <Title order={1} fz="h2">
            {t('register.title')}
          </Title>
          <Text c="dimmed">{t('register.intro')}</Text>
        </div>
        <TextInput label={t('fields.name')} autoComplete="name" {...form.getInputProps('name')} />
        <TextInput
          label={t('fields.username')}
          description={t('register.username_hint')}
          autoComplete="username"
          autoCapitalize="none"
          {...form.getInputProps('username')}
        />
        <TextInput label={t('fields.email')} type="email" autoComplete="email" {...form.getInputProps('email')} />
        <NewPasswordFields form={form} label={t('fields.password')} description={t('register.password_hint')} />
        <Group grow>
          <Button variant="default" onClick={back}>
            {t('actions.back')}
          </Button>
          <Button type="submit" loading={register.isPending}>
            {t('actions.register')}
          </Button>
        </Group>
        <Text size="sm" ta="center">
          {t('register.have_account')}{' '}
          <Anchor component={Link} to="/login">
            {t('actions.login')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
