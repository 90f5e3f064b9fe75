import { Box, VisuallyHidden, type MantineSpacing } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../i18n';
import { CREATOR_STEPS, type CreatorStep, type StepsDone } from '../lib/creatorPath';
import { wholeNumber } from '../lib/numbers';
import classes from './CreatorSteps.module.css';

/**
 * The four steps from reader to creator (plan, organization, account, first post), the ones done ticked and the
 * screen's own marked as current, so the person sees where they are and what is still to come.
 */
export function CreatorSteps({
  done,
  current,
  mb,
}: {
  done: StepsDone;
  current: CreatorStep | null;
  mb?: MantineSpacing;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <Box component="ol" className={classes.list} mb={mb} aria-label={t('creators.path.label')}>
      {CREATOR_STEPS.map((step, i) => {
        const isDone = done[step];
        const isCurrent = step === current;
        return (
          <li
            key={step}
            className={classes.step}
            data-step={step}
            data-done={isDone || undefined}
            aria-current={isCurrent ? 'step' : undefined}
          >
            <span className={classes.dot} aria-hidden>
              {isDone && !isCurrent ? <IconCheck size={16} stroke={3} /> : wholeNumber(locale, i + 1)}
            </span>
            <span className={classes.label}>
              {/* Each word kept whole: Chromium breaks Burmese between dictionary "words" that split a syllable
                  ("ပို့ / စ်") when a column is narrow; between the words, at the spaces, is where a label may wrap. */}
              {t(`creators.path.${step}`)
                .split(' ')
                .map((word, w) => (
                  <Fragment key={w}>
                    {w > 0 && ' '}
                    <span className={classes.word}>{word}</span>
                  </Fragment>
                ))}
            </span>
            <VisuallyHidden>
              {isCurrent ? t('creators.path.state_current') : isDone ? t('creators.path.state_done') : ''}
            </VisuallyHidden>
          </li>
        );
      })}
    </Box>
  );
}
