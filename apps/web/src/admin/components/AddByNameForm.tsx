import { Button, Card, Group, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../api/client';
import { alert } from '../../lib/alerts';
import { ErrorAlert } from './ErrorAlert';

interface Create {
  mutate: (name: string, options: { onSuccess: () => void }) => void;
  isPending: boolean;
  error: unknown;
}

/**
 * The roles and permissions screens' add form: a name only (spec §2, §6). `code`: the name is a machine name
 * (`posts.view`), typed without capitals, corrections or spelling marks.
 */
export function AddByNameForm({
  area,
  useCreate,
  maxLength,
  code = false,
}: {
  area: 'roles' | 'permissions';
  useCreate: () => Create;
  maxLength: number;
  code?: boolean;
}) {
  const { t } = useTranslation();
  const create = useCreate();
  const [name, setName] = useState('');
  const nameError = fieldErrors(create.error).name;
  const titleId = `add-${area === 'roles' ? 'role' : 'permission'}-title`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(name, {
      onSuccess: () => {
        setName('');
        // The spec's wording, as it writes it.
        alert('success', t(`admin.${area}.added`));
      },
    });
  };

  return (
    <Card withBorder radius="md" mb="lg" component="form" onSubmit={submit} aria-labelledby={titleId}>
      <Title order={2} fz="h4" mb="sm" id={titleId}>
        {t(`admin.${area}.add_title`)}
      </Title>
      <Group align="flex-start" wrap="wrap" gap="sm">
        <TextInput
          label={t(`admin.${area}.name_label`)}
          description={t(`admin.${area}.name_description`)}
          // Burmese stacked glyphs need the tall line height the small description text lacks.
          styles={{ description: { lineHeight: 1.6 } }}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          maxLength={maxLength}
          {...(code ? { autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false } : {})}
          required
          error={nameError}
          style={{ flex: '1 1 16rem' }}
        />
        <Button type="submit" loading={create.isPending} mt={{ base: 0, sm: 'xl' }} h={44}>
          {t(`admin.${area}.add`)}
        </Button>
      </Group>
      {create.error && !nameError ? <ErrorAlert error={create.error} /> : null}
    </Card>
  );
}
