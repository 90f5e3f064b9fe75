import {
  ONBOARDING_TAGS_MAX,
  PRODUCT_NAME,
  READ_LANGUAGES,
  type Onboarding,
  type OnboardingBody,
  type ReadLanguage,
} from '@inkwell/contracts';
import { Button, Checkbox, Chip, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/client';
import { PageLoader } from '../../components/PageLoader';
import { alert } from '../../lib/alerts';
import { useSession } from '../../session/session';
import { useTrendingTags } from '../search/api';
import { useFollowEach, useOnboarding, useSaveOnboarding, useSuggestedAccounts } from './queries';
import { usePackMessages } from './messages';
import { KEEP_WORDS, SuggestedAccountCard } from './SuggestedAccountCard';

const STEPS = ['languages', 'topics', 'accounts'] as const;
type Step = 0 | 1 | 2;
/** Where Skip and Done lead: the followed feed, which the new follows fill. */
const FEED = '/home?tab=feed';
/** A handful to choose from without scrolling forever on a phone. */
const SUGGESTED = 10;

/*
 * The server pre-ticks languages from the interface language until they are saved, so its answer cannot say
 * whether the first step was done: the step reached is kept on this device as well. Saved topics say the second
 * step was done, on any device.
 */
const stepKey = (userId: number) => `inkwell.onboarding_step.${userId}`;

function storedStep(userId: number): number {
  try {
    return Number(localStorage.getItem(stepKey(userId))) || 0;
  } catch {
    return 0;
  }
}

function storeStep(userId: number, step: number): void {
  try {
    localStorage.setItem(stepKey(userId), String(step));
  } catch {
    // Storage blocked: saved topics still bring the reader back to the accounts.
  }
}

/** The first step not done yet: where a reopened onboarding resumes. */
export function resumeStep(saved: Onboarding, userId: number): Step {
  if (saved.done) return 0;
  const reached = Math.max(storedStep(userId), saved.tags.length > 0 ? 2 : 0);
  return Math.min(reached, 2) as Step;
}

/** A step's frame: its heading and hint, its content, then Back, Skip and Next (or Done). */
function StepFrame({
  step,
  title,
  hint,
  children,
  next,
  onBack,
  onSkip,
  busy,
}: {
  step: Step;
  title: string;
  hint: string;
  children: ReactNode;
  next: ReactNode;
  onBack?: () => void;
  onSkip: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Stack gap={4}>
        <Text size="sm" c="dimmed" data-testid="onboarding-progress">
          {t('onboarding.progress', { step: step + 1, total: STEPS.length })}
        </Text>
        <Progress
          value={((step + 1) / STEPS.length) * 100}
          aria-label={t('onboarding.progress', { step: step + 1, total: STEPS.length })}
        />
      </Stack>
      <div>
        <Title order={2} fz="h3" id={headingId} style={KEEP_WORDS}>
          {title}
        </Title>
        <Text c="dimmed" style={KEEP_WORDS}>
          {hint}
        </Text>
      </div>
      {children}
      {/* Wraps on a narrow phone rather than clip: Burmese labels are long. */}
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="wrap">
          {onBack && (
            <Button variant="default" mih={44} onClick={onBack} disabled={busy} style={KEEP_WORDS}>
              {t('onboarding.back')}
            </Button>
          )}
          <Button variant="subtle" mih={44} onClick={onSkip} disabled={busy} style={KEEP_WORDS}>
            {t('onboarding.skip')}
          </Button>
        </Group>
        {next}
      </Group>
    </Stack>
  );
}

function LanguagesStep({ value, onChange }: { value: ReadLanguage[]; onChange: (languages: ReadLanguage[]) => void }) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group
      value={value}
      onChange={(v) => onChange(READ_LANGUAGES.filter((l) => v.includes(l)))}
      label={t('onboarding.languages_step')}
      error={value.length === 0 ? t('onboarding.languages_none') : undefined}
    >
      <Stack gap="sm" mt="xs">
        {READ_LANGUAGES.map((l) => (
          <Checkbox
            key={l}
            value={l}
            size="md"
            label={<span style={KEEP_WORDS}>{t(`onboarding.language_names.${l}`)}</span>}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

function TopicsStep({
  value,
  onChange,
  languages,
}: {
  value: string[];
  onChange: (tags: string[]) => void;
  languages: ReadLanguage[];
}) {
  const { t } = useTranslation();
  // One language read: its own trending tags; several: all of them.
  const trending = useTrendingTags(languages.length === 1 ? languages[0] : undefined);
  // Chosen ones stay offered even when they no longer trend, so they can be taken off.
  const offered = [...new Set([...value, ...(trending.data?.data.map((x) => x.tag) ?? [])])];
  const full = value.length >= ONBOARDING_TAGS_MAX;
  if (trending.isPending && value.length === 0) return <PageLoader />;
  if (offered.length === 0) return <Text style={KEEP_WORDS}>{t('onboarding.topics_none')}</Text>;
  return (
    <Stack gap="sm">
      <Chip.Group multiple value={value} onChange={onChange}>
        <Group gap="xs" wrap="wrap" role="group" aria-label={t('onboarding.topics_step')}>
          {offered.map((tag) => (
            <Chip key={tag} value={tag} size="md" disabled={full && !value.includes(tag)} style={KEEP_WORDS}>
              #{tag}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Text size="sm" c="dimmed" aria-live="polite">
        {full
          ? t('onboarding.topics_max', { max: ONBOARDING_TAGS_MAX })
          : t('onboarding.topics_chosen', { count: value.length })}
      </Text>
    </Stack>
  );
}

function AccountsStep() {
  const { t } = useTranslation();
  const suggestions = useSuggestedAccounts({ perPage: SUGGESTED });
  const followEach = useFollowEach();
  const list = suggestions.data?.pages[0]?.data ?? [];
  const unfollowed = list.filter((s) => !s.account.is_followed).map((s) => s.account.id);
  if (suggestions.isPending) return <PageLoader />;
  if (list.length === 0) return <Text style={KEEP_WORDS}>{t('onboarding.accounts_none')}</Text>;
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed" aria-live="polite" style={KEEP_WORDS}>
          {t('onboarding.followed', { count: list.length - unfollowed.length })}
        </Text>
        <Button
          variant="light"
          mih={44}
          loading={followEach.isPending}
          disabled={unfollowed.length === 0}
          style={KEEP_WORDS}
          onClick={() => followEach.mutateAsync(unfollowed).catch((e: unknown) => alert('danger', errorMessage(e)))}
        >
          {t('onboarding.follow_all')}
        </Button>
      </Group>
      {list.map((s) => (
        <SuggestedAccountCard key={s.account.id} account={s.account} reason={s} latestPost={s.latest_post} />
      ))}
    </Stack>
  );
}

/** The three steps, from where the reader left off; every step saves, so closing the tab loses nothing. */
function Wizard({ saved, userId }: { saved: Onboarding; userId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveOnboarding();
  const [step, setStep] = useState<Step>(() => resumeStep(saved, userId));
  const [languages, setLanguages] = useState<ReadLanguage[]>(saved.languages);
  const [tags, setTags] = useState<string[]>(saved.tags);

  const send = async (body: OnboardingBody): Promise<boolean> => {
    try {
      await save.mutateAsync(body);
      return true;
    } catch (error) {
      alert('danger', errorMessage(error));
      return false;
    }
  };
  const advance = async (body: OnboardingBody, to: Step) => {
    if (!(await send(body))) return;
    storeStep(userId, to);
    setStep(to);
  };
  const finish = async () => {
    if (!(await send({ done: true }))) return;
    storeStep(userId, 0);
    void navigate(FEED);
  };
  const busy = save.isPending;
  const skip = () => void finish();

  if (step === 0) {
    return (
      <StepFrame
        step={0}
        title={t('onboarding.languages_title')}
        hint={t('onboarding.languages_hint')}
        onSkip={skip}
        busy={busy}
        next={
          <Button
            mih={44}
            loading={busy}
            disabled={languages.length === 0}
            onClick={() => void advance({ languages }, 1)}
            style={KEEP_WORDS}
          >
            {t('onboarding.next')}
          </Button>
        }
      >
        <LanguagesStep value={languages} onChange={setLanguages} />
      </StepFrame>
    );
  }
  if (step === 1) {
    return (
      <StepFrame
        step={1}
        title={t('onboarding.topics_title')}
        hint={t('onboarding.topics_hint')}
        onBack={() => setStep(0)}
        onSkip={skip}
        busy={busy}
        next={
          <Button mih={44} loading={busy} onClick={() => void advance({ tags }, 2)} style={KEEP_WORDS}>
            {t('onboarding.next')}
          </Button>
        }
      >
        <TopicsStep value={tags} onChange={setTags} languages={languages} />
      </StepFrame>
    );
  }
  return (
    <StepFrame
      step={2}
      title={t('onboarding.accounts_title')}
      hint={t('onboarding.accounts_hint')}
      onBack={() => setStep(1)}
      onSkip={skip}
      busy={busy}
      next={
        <Button mih={44} loading={busy} onClick={() => void finish()} style={KEEP_WORDS}>
          {t('onboarding.done')}
        </Button>
      }
    >
      <AccountsStep />
    </StepFrame>
  );
}

/** Onboarding for a new reader: the languages they read, a few topics, then accounts to follow. */
export function OnboardingPage() {
  const { t } = useTranslation();
  const ready = usePackMessages();
  const session = useSession();
  const onboarding = useOnboarding();
  // Titled from discovery's catalogue: the app's, on every first visit, has no room for it.
  useEffect(() => {
    if (ready) document.title = `${t('onboarding.title')} · ${PRODUCT_NAME}`;
  }, [ready, t]);
  if (!ready || onboarding.isPending) return <PageLoader />;
  if (onboarding.isError) return <Text c="red">{errorMessage(onboarding.error)}</Text>;
  return (
    <Stack gap="lg" maw={640} mx="auto" w="100%">
      <div>
        <Title order={1} fz="h2" style={KEEP_WORDS}>
          {t('onboarding.title')}
        </Title>
        <Text c="dimmed" style={KEEP_WORDS}>
          {t('onboarding.intro')}
        </Text>
      </div>
      <Wizard saved={onboarding.data.data} userId={session?.user.id ?? 0} />
    </Stack>
  );
}
