import { MUTED_WORD_MAX_LENGTH, MUTED_WORDS_MAX } from '@inkwell/contracts';
import { ActionIcon, Button, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconCircleX } from '@tabler/icons-react';
import { useId, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrors } from '../../api/client';
import { BackBar } from '../../components/BackBar';
import { PageLoader } from '../../components/PageLoader';
import { alert } from '../../lib/alerts';
import { useMutedWords, useSaveMutedWords } from './api';
import { useSafetyMessages } from './messages';

/** As the server keeps a word: trimmed, composed (NFC). Its length is what the 50-character limit counts. */
const asKept = (word: string) => word.trim().normalize('NFC');
const sameWord = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** What the server said about the list (`words`) and about its words (`words.3`), each word named. */
function listErrors(errors: Record<string, string>, words: string[], t: TFunction): string[] {
  return Object.entries(errors).flatMap(([field, message]) => {
    if (field === 'words') return [message];
    const index = /^words\.(\d+)$/.exec(field)?.[1];
    const word = index === undefined ? undefined : words[Number(index)];
    return word === undefined ? [] : [t('safety.word_error', { word, message })];
  });
}

/** The words as chips, each with its own Remove (44 px, named with the word). */
function WordList({
  words,
  labelledBy,
  describedBy,
  wrong,
  onRemove,
}: {
  words: string[];
  labelledBy: string;
  describedBy: string | undefined;
  wrong: (index: number) => boolean;
  onRemove: (word: string) => void;
}) {
  const { t } = useTranslation();
  if (words.length === 0) return <Text c="dimmed">{t('safety.words_empty')}</Text>;
  return (
    <Group
      component="ul"
      gap="xs"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
    >
      {words.map((w, index) => (
        <Paper
          key={w}
          component="li"
          withBorder
          radius="xl"
          pl="md"
          style={wrong(index) ? { borderColor: 'var(--mantine-color-red-text)' } : undefined}
        >
          <Group gap={0} wrap="nowrap">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {w}
            </Text>
            <ActionIcon
              variant="subtle"
              color="gray"
              radius="xl"
              aria-label={t('safety.remove_word', { word: w })}
              onClick={() => onRemove(w)}
            >
              <IconCircleX size={18} />
            </ActionIcon>
          </Group>
        </Paper>
      ))}
    </Group>
  );
}

/** Words are added and removed here, then saved together (the server replaces the whole list). */
function MutedWordsEditor({ saved }: { saved: string[] }) {
  const { t } = useTranslation();
  const save = useSaveMutedWords();
  const [words, setWords] = useState(saved);
  const [draft, setDraft] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ids = { list: useId(), error: useId() };

  const word = asKept(draft);
  const draftError =
    word.length > MUTED_WORD_MAX_LENGTH
      ? t('safety.word_too_long', { max: MUTED_WORD_MAX_LENGTH })
      : word && words.some((w) => sameWord(w, word))
        ? t('safety.word_repeated')
        : word && words.length >= MUTED_WORDS_MAX
          ? t('safety.words_full', { max: MUTED_WORDS_MAX })
          : undefined;
  const change = (next: string[]) => {
    setWords(next);
    setErrors({});
  };
  const add = () => {
    if (!word || draftError) return;
    change([...words, word]);
    setDraft('');
  };
  const submit = () =>
    save.mutate(
      { words },
      {
        onSuccess: () => alert('success', t('safety.words_saved')),
        onError: (error) => {
          setErrors(fieldErrors(error));
          alert('danger', errorMessage(error));
        },
      },
    );
  const problems = listErrors(errors, words, t);
  const dirty = words.join('\n') !== saved.join('\n');

  return (
    <Stack gap="lg">
      <TextInput
        label={t('safety.word_label')}
        description={t('safety.word_length', { count: word.length, max: MUTED_WORD_MAX_LENGTH })}
        value={draft}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onKeyDown={(event) => {
          // Enter while a Burmese or Thai keyboard is still composing picks the letters, it does not add.
          if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
            event.preventDefault();
            add();
          }
        }}
        error={draftError}
        // Add sits level with the box itself, whatever the label's and the counter's heights.
        inputContainer={(box) => (
          <Group gap="xs" wrap="nowrap" align="start">
            <div style={{ flex: 1 }}>{box}</div>
            <Button variant="light" onClick={add} disabled={!word || Boolean(draftError)}>
              {t('safety.add_word')}
            </Button>
          </Group>
        )}
      />
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={600} id={ids.list}>
            {t('safety.list_label')}
          </Text>
          <Text size="sm" c="dimmed">
            {t('safety.words_count', { count: words.length, max: MUTED_WORDS_MAX })}
          </Text>
        </Group>
        <WordList
          words={words}
          labelledBy={ids.list}
          describedBy={problems.length ? ids.error : undefined}
          wrong={(index) => Boolean(errors[`words.${index}`])}
          onRemove={(w) => change(words.filter((x) => x !== w))}
        />
        {problems.length > 0 && (
          <Text c="red" size="sm" id={ids.error} role="alert">
            {problems.join(' ')}
          </Text>
        )}
      </Stack>
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {dirty ? t('safety.words_unsaved') : ''}
        </Text>
        <Button onClick={submit} loading={save.isPending} disabled={!dirty}>
          {t('safety.save_words')}
        </Button>
      </Group>
    </Stack>
  );
}

function MutedWords() {
  const { t } = useTranslation();
  const words = useMutedWords();
  return (
    <Stack gap="md">
      <Text>{t('safety.words_intro')}</Text>
      <Text size="sm" c="dimmed">
        {t('safety.words_matching')}
      </Text>
      {words.isPending && <Loader aria-label={t('app.loading')} />}
      {words.isError && <Text c="red">{errorMessage(words.error)}</Text>}
      {/* The server's answer after a save starts the editor afresh (it drops blanks and repeats). */}
      {words.data && <MutedWordsEditor key={words.data.data.words.join('\n')} saved={words.data.data.words} />}
    </Stack>
  );
}

/** Profile → Muted words: posts holding one leave my feeds and search. */
export function MutedWordsPage() {
  const { t } = useTranslation();
  return (
    <>
      <BackBar title={t('profile.menu.muted_words')} to="/profile" />
      {useSafetyMessages() ? <MutedWords /> : <PageLoader />}
    </>
  );
}
